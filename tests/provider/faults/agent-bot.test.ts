import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests, type FaultScenario } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/platform/api/v1/agent_bots";
const desired = { name: "Escalation bot", description: "Hands over to humans", outgoingUrl: "https://bots.example.test/escalate" };

const platformBots: FaultScenario = {
  kind: "AgentBot",
  provider: resources.AgentBot,
  desired: () => desired,
  changed: () => ({ ...desired, outgoingUrl: "https://bots.example.test/escalate-v2" }),
  requests: restRequests(collection),
  // Every bot on the server, whichever app made it (the state, not one app's listing).
  list: async (c) => c.sb.control.snapshot().agent_bots as unknown as Record<string, unknown>[],
  matches: (o, inputs) => o.name === inputs.name && o.outgoing_url === inputs.outgoingUrl,
  // The same bot made earlier with the same Platform App's token (another stack sharing it, say).
  twin: async (c) => createdId(await c.platform("POST", collection, toWire({ ...desired, accountId: c.account.id }))),
};

faultMatrix(platformBots, ctx);

// The same bot managed through its account's API (`scope: "account"`), with an administrator's token.
const accountDesired = { ...desired, scope: "account" };

faultMatrix(
  {
    ...platformBots,
    kind: "AgentBot (account scope)",
    desired: () => accountDesired,
    changed: () => ({ ...accountDesired, outgoingUrl: "https://bots.example.test/escalate-v2" }),
    requests: restRequests("/api/v1/accounts/:account/agent_bots"),
    // The same bot made earlier in the dashboard by another administrator.
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/agent_bots`, toWire(desired))),
  },
  ctx,
);

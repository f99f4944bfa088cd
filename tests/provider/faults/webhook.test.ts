import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/api/v1/accounts/:account/webhooks";
const desired = { url: "https://crm.example.test/events", name: "CRM", subscriptions: ["message_created"] };

faultMatrix(
  {
    kind: "Webhook",
    provider: resources.Webhook,
    desired: () => desired,
    changed: () => ({ ...desired, name: "CRM sync" }),
    // No show route upstream: one webhook is read from the list.
    requests: { ...restRequests(collection), read: { method: "GET", path: collection } },
    async list(c) {
      const res = await c.admin("GET", `/api/v1/accounts/${c.account.id}/webhooks`);
      return (res.body as { payload: { webhooks: Record<string, unknown>[] } }).payload.webhooks;
    },
    matches: (o, inputs) => o.url === inputs.url && o.name === inputs.name,
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/webhooks`, toWire(desired))),
  },
  ctx,
);

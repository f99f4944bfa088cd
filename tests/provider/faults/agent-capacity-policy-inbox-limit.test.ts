import { resources } from "../../../provider";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const limits = "/api/v1/accounts/:account/agent_capacity_policies/:policy_id/inbox_limits";
// A policy made before each test (the sandbox is reset before each, so it is always 1, checked
// below); the seed's inbox 1 gets a limit of 5, then of 9.
const desired = { policyId: 1, inboxId: 1, conversationLimit: 5 };
const changed = { ...desired, conversationLimit: 9 };

beforeEach(async () => {
  const res = await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/agent_capacity_policies`, { name: "Capacity" });
  expect((res.body as { id: number }).id).toBe(1);
  ctx.sb.control.clearLog();
});

// No twin case: a limit made before the create is refused by the create's first read (see
// agent-capacity-policy-inbox-limit.test.ts), and the server keeps one limit per policy and inbox.
faultMatrix(
  {
    kind: "AgentCapacityPolicyInboxLimit",
    provider: resources.AgentCapacityPolicyInboxLimit,
    desired: () => desired,
    changed: () => changed,
    requests: {
      create: { method: "POST", path: limits },
      update: { method: "PATCH", path: `${limits}/:id` },
      read: { method: "GET", path: "/api/v1/accounts/:account/agent_capacity_policies/:id" },
      delete: { method: "DELETE", path: `${limits}/:id` },
    },
    async list(c) {
      return c.sb.control
        .snapshot()
        .inbox_capacity_limits.filter((l) => l.account_id === c.account.id)
        .map((l) => ({ policyId: l.agent_capacity_policy_id, inboxId: l.inbox_id, conversationLimit: l.conversation_limit }));
    },
    matches: (o, inputs) => o.policyId === inputs.policyId && o.inboxId === inputs.inboxId && o.conversationLimit === inputs.conversationLimit,
  },
  ctx,
);

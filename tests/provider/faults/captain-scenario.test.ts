import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { assistantId: 1, title: "Refunds", description: "Refund requests", instruction: "Use [Handoff](tool://handoff)" };
const scenarios = (c: typeof ctx) => `/api/v1/accounts/${c.account.id}/captain/assistants/1/scenarios`;

// The scenarios live in assistant 1 of the reset sandbox.
beforeEach(async () => {
  expect(createdId(await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/captain/assistants`, { assistant: { name: "Helpdesk", description: "Answers questions" } }))).toBe(1);
  ctx.sb.control.clearLog();
});

faultMatrix(
  {
    kind: "CaptainScenario",
    provider: resources.CaptainScenario,
    desired: () => desired,
    changed: () => ({ ...desired, description: "Refunds and returns" }),
    requests: restRequests("/api/v1/accounts/:account/captain/assistants/:assistant/scenarios"),
    // The sandbox's own state: no HTTP request, so no injected fault can touch the check itself.
    async list(c) {
      return c.sb.control.snapshot().captain_scenarios.filter((s) => s.account_id === c.account.id);
    },
    matches: (o, inputs) => o.title === inputs.title && o.description === inputs.description,
    // The same title, made earlier by another administrator.
    twin: async (c) => createdId(await c.admin("POST", scenarios(c), { scenario: { title: desired.title, description: desired.description, instruction: desired.instruction } })),
  },
  ctx,
);

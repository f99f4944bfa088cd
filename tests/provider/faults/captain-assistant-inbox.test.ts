import { resources } from "../../../provider";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const links = "/api/v1/accounts/:account/captain/assistants/:assistant/inboxes";
// Two assistants made before each test (the sandbox is reset before each, so they are always 1
// and 2, checked below); the seed's inbox 2 is connected to the first, then to the second.
const desired = { assistantId: 1, inboxId: 2 };
const changed = { assistantId: 2, inboxId: 2 };

beforeEach(async () => {
  for (const [id, name] of [[1, "Helpdesk"], [2, "Sales"]] as const) {
    const res = await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/captain/assistants`, { assistant: { name, description: "d" } });
    expect((res.body as { id: number }).id).toBe(id);
  }
  ctx.sb.control.clearLog();
});

// No twin case: an inbox connected before the create is refused by the create's first read (see
// captain-assistant-inbox.test.ts), and an inbox has one assistant, so no other link is alike.
faultMatrix(
  {
    kind: "CaptainAssistantInbox",
    provider: resources.CaptainAssistantInbox,
    desired: () => desired,
    // A change of assistant replaces the link (disconnect, then connect): no step changes it in place.
    changed: () => changed,
    replaceOnly: true,
    requests: {
      create: { method: "POST", path: links },
      update: { method: "POST", path: links },
      read: { method: "GET", path: links },
      delete: { method: "DELETE", path: `${links}/:inbox` },
    },
    // One object per link of the account.
    async list(c) {
      return c.sb.control
        .snapshot()
        .captain_inboxes.filter((l) => l.account_id === c.account.id)
        .map((l) => ({ assistantId: l.captain_assistant_id, inboxId: l.inbox_id }));
    },
    matches: (o, inputs) => o.assistantId === inputs.assistantId && o.inboxId === inputs.inboxId,
  },
  ctx,
);

import { resources } from "../../../provider";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const link = "/api/v1/accounts/:account/inboxes/:inbox_id/assignment_policy";
// Two policies made before each test (the sandbox is reset before each, so they are always 1 and
// 2, checked below); the seed's inbox 1 is linked to the first, then to the second.
const desired = { inboxId: 1, assignmentPolicyId: 1 };
const changed = { inboxId: 1, assignmentPolicyId: 2 };

beforeEach(async () => {
  for (const [id, name] of [[1, "Round robin"], [2, "Oldest first"]] as const) {
    const res = await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/assignment_policies`, { name });
    expect((res.body as { id: number }).id).toBe(id);
  }
  ctx.sb.control.clearLog();
});

// No twin case: an inbox linked before the create is refused by the create's first read (see
// inbox-assignment-policy.test.ts), and a link is no object of its own another client could make
// twice: every write replaces the inbox's one link.
faultMatrix(
  {
    kind: "InboxAssignmentPolicy",
    provider: resources.InboxAssignmentPolicy,
    desired: () => desired,
    changed: () => changed,
    requests: {
      create: { method: "POST", path: link },
      update: { method: "POST", path: link },
      read: { method: "GET", path: link },
      delete: { method: "DELETE", path: link },
    },
    // One object per linked inbox of the account.
    async list(c) {
      return c.sb.control
        .snapshot()
        .assignment_policies.filter((p) => p.account_id === c.account.id)
        .flatMap((p) => p.inbox_ids.map((inboxId) => ({ inboxId, assignmentPolicyId: p.id })));
    },
    matches: (o, inputs) => o.inboxId === inputs.inboxId && o.assignmentPolicyId === inputs.assignmentPolicyId,
  },
  ctx,
);

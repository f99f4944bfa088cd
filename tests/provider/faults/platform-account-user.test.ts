import { resources } from "../../../provider";
import { faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
// Account 1 is the Platform App's (the seed says so); user 5 belongs to account 2 only.
const collection = "/platform/api/v1/accounts/:account/account_users";
const desired = { accountId: 1, userId: 5, role: "agent" };

faultMatrix(
  {
    kind: "PlatformAccountUser",
    provider: resources.PlatformAccountUser,
    desired: () => desired,
    changed: () => ({ ...desired, role: "administrator" }),
    requests: {
      create: { method: "POST", path: collection },
      update: { method: "POST", path: collection },
      read: { method: "GET", path: collection },
      delete: { method: "DELETE", path: collection },
    },
    // Account 1's memberships, one row per member.
    list: async (c) =>
      c.sb.control
        .snapshot()
        .users.flatMap((u) => u.memberships.filter((m) => m.account_id === 1).map((m) => ({ id: u.id, user_id: u.id, role: m.role }))),
    matches: (o, inputs) => o.user_id === inputs.userId && o.role === inputs.role,
    // Membership of a user is a key: one that existed before is refused before any write (tested in platform.test.ts).
  },
  ctx,
);

import { resources } from "../../../provider";
import { createdId, faultMatrix } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/api/v1/accounts/:account/agents";
// A new person: the invitation makes a user of the installation.
const desired = { email: "frank@acme.test", name: "Frank Example", role: "agent" };

faultMatrix(
  {
    kind: "Agent",
    provider: resources.Agent,
    desired: () => desired,
    changed: () => ({ ...desired, role: "administrator" }),
    requests: {
      create: { method: "POST", path: collection },
      update: { method: "PATCH", path: `${collection}/:id` },
      // There is no show route: an agent is read from the list.
      read: { method: "GET", path: collection },
      delete: { method: "DELETE", path: `${collection}/:id` },
    },
    // The account's agents as the sandbox holds them (users with a row in the account).
    async list(c) {
      return c.sb.control
        .snapshot()
        .users.flatMap((u) => u.memberships.filter((m) => m.account_id === c.account.id).map((m) => ({ id: u.id, email: u.email, role: m.role })));
    },
    matches: (o, inputs) => o.email === inputs.email && o.role === inputs.role,
    // The same person invited earlier by another administrator: theirs, which a create never takes.
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/agents`, desired)),
  },
  ctx,
);

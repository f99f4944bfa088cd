import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/platform/api/v1/users";
const desired = { name: "Olivia Owner", email: "olivia@initech.test", password: "Sup3r-secret!" };

faultMatrix(
  {
    kind: "PlatformUser",
    provider: resources.PlatformUser,
    desired: () => desired,
    changed: () => ({ ...desired, name: "Olivia O. Owner" }),
    requests: restRequests(collection),
    list: async (c) => c.sb.control.snapshot().users as unknown as Record<string, unknown>[],
    matches: (o, inputs) => o.email === inputs.email && o.name === inputs.name,
    // A user with the address who existed before: made by the same Platform App and since given a
    // place in account 1 (Chatwoot answers a create for the address with that user). A user of the
    // same name in no account cannot be told from the create's own (see the README's Limits).
    twin: async (c) => {
      const id = createdId(await c.platform("POST", collection, desired));
      expect((await c.platform("POST", `/platform/api/v1/accounts/${c.account.id}/account_users`, { user_id: id, role: "agent" })).status).toBe(200);
      return id;
    },
  },
  ctx,
);

import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { name: "Round robin", conversationPriority: "longest_waiting", fairDistributionLimit: 20 };

faultMatrix(
  {
    kind: "AssignmentPolicy",
    provider: resources.AssignmentPolicy,
    desired: () => desired,
    changed: () => ({ ...desired, fairDistributionLimit: 40 }),
    requests: restRequests("/api/v1/accounts/:account/assignment_policies"),
    // The sandbox's own state: no HTTP request, so no injected fault can touch the check itself.
    async list(c) {
      return c.sb.control.snapshot().assignment_policies.filter((p) => p.account_id === c.account.id);
    },
    matches: (o, inputs) => o.name === inputs.name && o.fair_distribution_limit === inputs.fairDistributionLimit,
    // The same name, made earlier by another administrator: names are unique in the account.
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/assignment_policies`, toWire(desired))),
  },
  ctx,
);

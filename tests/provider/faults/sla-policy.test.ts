import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { name: "Gold", description: "Gold plan", firstResponseTimeThreshold: 900, resolutionTimeThreshold: 86400 };

faultMatrix(
  {
    kind: "SlaPolicy",
    provider: resources.SlaPolicy,
    desired: () => desired,
    // In place: the thresholds are fixed once a policy exists (a change replaces it).
    changed: () => ({ ...desired, description: "Gold and Platinum plans" }),
    requests: restRequests("/api/v1/accounts/:account/sla_policies"),
    // The sandbox's own state: no HTTP request, so no injected fault can touch the check itself.
    async list(c) {
      return c.sb.control.snapshot().sla_policies.filter((p) => p.account_id === c.account.id);
    },
    matches: (o, inputs) =>
      o.name === inputs.name &&
      o.description === inputs.description &&
      o.first_response_time_threshold === inputs.firstResponseTimeThreshold &&
      o.resolution_time_threshold === inputs.resolutionTimeThreshold,
    // The same policy made earlier by another administrator (names need not be unique).
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/sla_policies`, toWire(desired))),
  },
  ctx,
);

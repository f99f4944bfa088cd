import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { name: "VIP capacity", description: "VIP does not count", exclusionRules: { excludedLabels: ["vip"] } };

faultMatrix(
  {
    kind: "AgentCapacityPolicy",
    provider: resources.AgentCapacityPolicy,
    desired: () => desired,
    changed: () => ({ ...desired, exclusionRules: { excludedLabels: ["vip"], excludeOlderThanHours: 48 } }),
    requests: restRequests("/api/v1/accounts/:account/agent_capacity_policies"),
    // The sandbox's own state: no HTTP request, so no injected fault can touch the check itself.
    async list(c) {
      return c.sb.control.snapshot().agent_capacity_policies.filter((p) => p.account_id === c.account.id);
    },
    matches: (o, inputs) =>
      o.name === inputs.name &&
      (o.exclusion_rules as { exclude_older_than_hours?: number }).exclude_older_than_hours === (inputs.exclusionRules as { excludeOlderThanHours?: number }).excludeOlderThanHours,
    // The same name, made earlier by another administrator (Chatwoot allows it; the provider refuses to take it).
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/agent_capacity_policies`, toWire(desired))),
  },
  ctx,
);

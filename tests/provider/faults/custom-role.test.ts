import { resources } from "../../../provider";
import { normalizeTextSet, sameValue } from "../../../provider/diff/normalize";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { name: "Billing desk", permissions: ["contact_manage", "report_manage"] };

faultMatrix(
  {
    kind: "CustomRole",
    provider: resources.CustomRole,
    desired: () => desired,
    changed: () => ({ ...desired, permissions: ["contact_manage"] }),
    requests: restRequests("/api/v1/accounts/:account/custom_roles"),
    async list(c) {
      return c.sb.control.snapshot().custom_roles.filter((r) => r.account_id === c.account.id);
    },
    matches: (o, inputs) => o.name === inputs.name && sameValue(normalizeTextSet(o.permissions), normalizeTextSet(inputs.permissions)),
    // The same role made earlier by another administrator (names need not be unique).
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/custom_roles`, toWire(desired))),
  },
  ctx,
);

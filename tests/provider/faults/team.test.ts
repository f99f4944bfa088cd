import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { name: "Billing", description: "Invoices and refunds" };

faultMatrix(
  {
    kind: "Team",
    provider: resources.Team,
    desired: () => desired,
    changed: () => ({ ...desired, description: "Invoices, refunds and plan changes" }),
    requests: restRequests("/api/v1/accounts/:account/teams"),
    async list(c) {
      const res = await c.admin("GET", `/api/v1/accounts/${c.account.id}/teams`);
      return res.body as Record<string, unknown>[];
    },
    // Teams are stored with lower-case names.
    matches: (o, inputs) => o.name === String(inputs.name).toLowerCase() && o.description === inputs.description,
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/teams`, toWire(desired))),
  },
  ctx,
);

import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { title: "vip", description: "Enterprise customers" };

faultMatrix(
  {
    kind: "Label",
    provider: resources.Label,
    desired: () => desired,
    changed: () => ({ ...desired, description: "Enterprise plan" }),
    requests: restRequests("/api/v1/accounts/:account/labels"),
    async list(c) {
      const res = await c.admin("GET", `/api/v1/accounts/${c.account.id}/labels`);
      return (res.body as { payload: Record<string, unknown>[] }).payload;
    },
    matches: (o, inputs) => o.title === inputs.title && o.description === inputs.description,
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/labels`, toWire(desired))),
  },
  ctx,
);

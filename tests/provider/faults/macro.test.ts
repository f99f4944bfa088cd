import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { name: "Escalate", visibility: "global", actions: [{ actionName: "add_label", actionParams: ["urgent"] }] };

faultMatrix(
  {
    kind: "Macro",
    provider: resources.Macro,
    desired: () => desired,
    changed: () => ({ ...desired, name: "Escalate to billing" }),
    requests: restRequests("/api/v1/accounts/:account/macros"),
    async list(c) {
      const res = await c.admin("GET", `/api/v1/accounts/${c.account.id}/macros`);
      return (res.body as { payload: Record<string, unknown>[] }).payload;
    },
    // Chatwoot does not keep macro names unique: a duplicate made by a lost answer would show here.
    matches: (o, inputs) => o.name === inputs.name,
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/macros`, toWire(desired))),
  },
  ctx,
);

import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = {
  title: "Order status",
  endpointUrl: "https://api.acme.test/orders/{{ order_id }}",
  paramSchema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
};
const wire = {
  title: desired.title,
  endpoint_url: desired.endpointUrl,
  param_schema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
};

faultMatrix(
  {
    kind: "CaptainCustomTool",
    provider: resources.CaptainCustomTool,
    desired: () => desired,
    changed: () => ({ ...desired, description: "Looks an order up by its number" }),
    requests: restRequests("/api/v1/accounts/:account/captain/custom_tools"),
    // The sandbox's own state: no HTTP request, so no injected fault can touch the check itself.
    async list(c) {
      return c.sb.control.snapshot().captain_custom_tools.filter((t) => t.account_id === c.account.id);
    },
    matches: (o, inputs) => o.title === inputs.title && o.endpoint_url === inputs.endpointUrl && (o.description ?? undefined) === inputs.description,
    // The same tool made earlier by another administrator (titles need not be unique).
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/captain/custom_tools`, { custom_tool: wire })),
  },
  ctx,
);

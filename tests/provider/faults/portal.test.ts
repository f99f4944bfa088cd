import { resources } from "../../../provider";
import { toWire } from "../../../provider/mapping";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = "/api/v1/accounts/:account/portals";
const desired = { name: "Help Center", slug: "help", customDomain: "https://docs.example.com", config: { allowedLocales: ["en", "de"] } };

faultMatrix(
  {
    kind: "Portal",
    provider: resources.Portal,
    desired: () => desired,
    // A rename: a retried PATCH whose first answer was lost meets the old slug gone.
    changed: () => ({ ...desired, name: "Knowledge base", slug: "kb" }),
    requests: restRequests(collection, ":slug"),
    async list(c) {
      const res = await c.admin("GET", `/api/v1/accounts/${c.account.id}/portals`);
      return (res.body as { payload: Record<string, unknown>[] }).payload;
    },
    matches: (o, inputs) => o.slug === inputs.slug && o.name === inputs.name,
    twin: async (c) => createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/portals`, { portal: toWire({ name: desired.name, slug: desired.slug }) })),
  },
  ctx,
);

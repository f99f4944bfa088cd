import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = (c: typeof ctx) => `/api/v1/accounts/${c.account.id}/portals/help/categories`;
const desired = { portalId: 1, name: "Billing", slug: "billing", locale: "en" };

// The categories live in portal 1 of the reset sandbox.
beforeEach(async () => {
  expect(createdId(await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/portals`, { portal: { name: "Help", slug: "help" } }))).toBe(1);
});

faultMatrix(
  {
    kind: "PortalCategory",
    provider: resources.PortalCategory,
    desired: () => desired,
    // A rename: a retried PATCH whose first answer was lost meets a category already renamed.
    changed: () => ({ ...desired, name: "Invoices", slug: "invoices" }),
    requests: restRequests("/api/v1/accounts/:account/portals/:portal/categories"),
    async list(c) {
      const res = await c.admin("GET", collection(c));
      return (res.body as { payload: Record<string, unknown>[] }).payload;
    },
    matches: (o, inputs) => o.slug === inputs.slug && o.name === inputs.name && o.locale === inputs.locale,
    twin: async (c) => createdId(await c.admin("POST", collection(c), { category: { name: desired.name, slug: desired.slug, locale: desired.locale } })),
  },
  ctx,
);

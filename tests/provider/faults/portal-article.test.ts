import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const collection = (c: typeof ctx) => `/api/v1/accounts/${c.account.id}/portals/help/articles`;
const desired = { portalId: 1, title: "Getting started", slug: "getting-started", content: "# Welcome", status: "published", authorId: 1 };

// The articles live in portal 1 of the reset sandbox.
beforeEach(async () => {
  expect(createdId(await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/portals`, { portal: { name: "Help", slug: "help" } }))).toBe(1);
});

faultMatrix(
  {
    kind: "PortalArticle",
    provider: resources.PortalArticle,
    desired: () => desired,
    changed: () => ({ ...desired, title: "Start here", content: "# Start here" }),
    requests: restRequests("/api/v1/accounts/:account/portals/:portal/articles"),
    async list(c) {
      const res = await c.admin("GET", collection(c));
      return (res.body as { payload: Record<string, unknown>[] }).payload;
    },
    matches: (o, inputs) => o.slug === inputs.slug && o.title === inputs.title && o.content === inputs.content && o.status === inputs.status,
    twin: async (c) =>
      createdId(await c.admin("POST", collection(c), { article: { title: desired.title, slug: desired.slug, content: desired.content, status: "published", author_id: 1 } })),
  },
  ctx,
);

import { resources } from "../../../provider";
import { createdId, faultMatrix, restRequests } from "../support/faults";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const desired = { assistantId: 1, externalLink: "https://www.acme.test/guide", name: "Guide" };

// The documents belong to assistant 1 of the reset sandbox.
beforeEach(async () => {
  expect(createdId(await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/captain/assistants`, { assistant: { name: "Helpdesk", description: "d" } }))).toBe(1);
  ctx.sb.control.clearLog();
});

faultMatrix(
  {
    kind: "CaptainDocument",
    provider: resources.CaptainDocument,
    desired: () => desired,
    // No update route: every change replaces the document.
    changed: () => ({ ...desired, name: "Handbook" }),
    replaceOnly: true,
    requests: restRequests("/api/v1/accounts/:account/captain/documents"),
    // The sandbox's own state: no HTTP request, so no injected fault can touch the check itself.
    // The program's columns only: the crawl (the server's own job) changes the others.
    async list(c) {
      return c.sb.control
        .snapshot()
        .captain_documents.filter((d) => d.account_id === c.account.id)
        .map(({ id, account_id, assistant_id, name, external_link }) => ({ id, account_id, assistant_id, name, external_link }));
    },
    matches: (o, inputs) => o.assistant_id === inputs.assistantId && o.external_link === inputs.externalLink && o.name === inputs.name,
    // The same link, added earlier by another administrator: unique per assistant.
    twin: async (c) =>
      createdId(await c.admin("POST", `/api/v1/accounts/${c.account.id}/captain/documents`, { document: { assistant_id: 1, external_link: desired.externalLink, name: desired.name } })),
  },
  ctx,
);

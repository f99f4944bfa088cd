/**
 * CaptainDocument: a crawled page of an assistant, at the flat `/captain/documents` with
 * `document[assistant_id]` (upstream at fd5ac2a8a; request spec
 * spec/enterprise/controllers/api/v1/accounts/captain/documents_controller_spec.rb), which has no
 * update route. Model: enterprise/app/models/captain/document.rb (link unique per assistant, plan
 * limit, crawl after create).
 */
import { resources } from "../../provider";
import { create, destroy, refresh, up } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.CaptainDocument;
const guide = { assistantId: 1, externalLink: "https://www.acme.test/guide", name: "Guide" };

describe.each(SHAPES)("CaptainDocument (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const documents = () => `/api/v1/accounts/${ctx.account.id}/captain/documents`;
  const stored = () => ctx.sb.control.snapshot().captain_documents;
  beforeEach(async () => {
    for (const name of ["Helpdesk", "Sales"]) await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/captain/assistants`, { assistant: { name, description: "d" } });
    ctx.sb.control.clearLog();
  });

  it("creates with one POST after listing the assistant's documents; a second up sends nothing", async () => {
    const state = await create(provider, guide);
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${documents()}`, `POST ${documents()}`]);
    expect(ctx.requests()[0]?.query).toMatchObject({ assistant_id: "1" });
    expect(ctx.writes()[0]?.body).toEqual({ document: { assistant_id: 1, external_link: guide.externalLink, name: "Guide" } });
    expect(state.outs).toMatchObject({ ...guide, accountId: ctx.account.id, status: "in_progress" });
    ctx.sb.control.clearLog();
    expect((await up(provider, state, guide)).op).toBe("same");
    expect(ctx.writes()).toEqual([]);
  });

  it("shows the crawl's end on refresh, and never keeps the crawled content", async () => {
    const state = await create(provider, guide);
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs.status).toBe("available");
    expect(stored()[0]?.content_length).toBeGreaterThan(5000);
    expect(JSON.stringify(refreshed.outs)).not.toContain("Text crawled from");
    expect(Object.keys(refreshed.outs)).not.toContain("content");
  });

  it("replaces on any change (no update route), deleting first: the link is unique per assistant", async () => {
    const state = await create(provider, guide);
    for (const change of [{ name: "Handbook" }, { externalLink: "https://www.acme.test/other" }, { assistantId: 2 }]) {
      const { op, diff } = await up(provider, state, { ...guide, ...change });
      expect([op, diff.deleteBeforeReplace]).toEqual(["replace", true]);
    }
  });

  it("refuses a link the assistant has unless adopted, which sends nothing", async () => {
    await ctx.admin("POST", documents(), { document: { assistant_id: 1, external_link: guide.externalLink, name: "Guide" } });
    ctx.sb.control.clearLog();
    await expect(create(provider, guide)).rejects.toThrow(/^check failed: POST \S+ not sent: Captain document 1 already has link https:\/\/www\.acme\.test\/guide in Captain assistant 1; set adopt: true/);
    const adopted = await create(provider, { ...guide, adopt: true });
    expect([adopted.id, ctx.writes()]).toEqual(["1", []]);
    // The same link in another assistant is another document.
    expect((await create(provider, { ...guide, assistantId: 2 })).id).toBe("2");
  });

  it("takes a link Chatwoot keeps without its trailing slash: no diff after, adopted by the kept link", async () => {
    const slashed = { ...guide, externalLink: `${guide.externalLink}/` };
    const state = await create(provider, slashed);
    expect(state.outs.externalLink).toBe(guide.externalLink);
    ctx.sb.control.clearLog();
    expect((await up(provider, (await refresh(provider, state))!, slashed)).op).toBe("same");
    expect(ctx.writes()).toEqual([]);
    await destroy(provider, state);
    await ctx.admin("POST", documents(), { document: { assistant_id: 1, external_link: guide.externalLink, name: "Guide" } });
    ctx.sb.control.clearLog();
    const adopted = await create(provider, { ...slashed, adopt: true });
    expect(ctx.writes()).toEqual([]);
    expect(adopted.outs.externalLink).toBe(guide.externalLink);
  });

  it("names the missing assistant", async () => {
    await expect(create(provider, { ...guide, assistantId: 99 })).rejects.toThrow(/422 Missing Assistant; account \d+ has no Captain assistant 99/);
  });

  it("explains the plan limit, and creates nothing", async () => {
    await ctx.platform("PATCH", `/platform/api/v1/accounts/${ctx.account.id}`, { limits: { captain_documents: 0 } });
    await expect(create(provider, guide)).rejects.toThrow(/422 Document limit exceeded; the account's plan allows no more Captain documents \(its `captain_documents` limit/);
    expect(stored()).toEqual([]);
  });

  it("reads as gone when deleted by hand or with its assistant; deletes idempotently", async () => {
    const state = await create(provider, guide);
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`DELETE ${documents()}/${state.id}`]);
    const again = await create(provider, guide);
    await ctx.admin("DELETE", `/api/v1/accounts/${ctx.account.id}/captain/assistants/1`);
    expect(await refresh(provider, again)).toBeUndefined();
    await expect(destroy(provider, again)).resolves.toBeUndefined();
  });
});

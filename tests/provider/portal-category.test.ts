/**
 * What is PortalCategory's own: the portal it lives in is named by id and found at its current
 * slug (renamed in the program or by hand, deleted), parent and translation links by reference,
 * and the portal's locales. The lifecycle it shares is in collection-resources.test.ts.
 */
import { resources } from "../../provider";
import { create, destroy, refresh, up, type Props } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.PortalCategory;

describe.each(SHAPES)("PortalCategory (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const portals = () => `/api/v1/accounts/${ctx.account.id}/portals`;
  const categories = (slug: string) => `${portals()}/${slug}/categories`;
  const lines = () => ctx.requests().map((r) => `${r.method} ${r.path} ${r.status}`);
  const base = { portalId: "1", name: "Billing", slug: "billing", locale: "en" };

  beforeEach(async () => {
    const made = await ctx.admin("POST", portals(), { portal: { name: "Help", slug: "help", config: { allowed_locales: ["en", "de", "fr"], default_locale: "en" } } });
    expect(made.status).toBe(200);
    ctx.sb.control.clearLog();
  });

  it("finds the portal's slug by its id, keeps it as an output, and compares the id as a number", async () => {
    const state = await create(provider, base);
    // The check of the new category looks its key up (where the portal is, then its categories), as
    // a preview would; the create finds the portal again and POSTs, with the categories as listed.
    expect(lines()).toEqual([`GET ${portals()} 200`, `GET ${categories("help")} 200`, `GET ${portals()} 200`, `POST ${categories("help")} 200`]);
    expect(ctx.writes()[0]?.body).toEqual({ category: { name: "Billing", slug: "billing", locale: "en" } });
    expect(state.outs).toMatchObject({ portalId: 1, portalSlug: "help", parentCategoryId: null, associatedCategoryId: null, icon: "" });
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { ...base, portalId: 1, icon: "" })).op).toBe("same");
    expect(ctx.writes()).toEqual([]);
  });

  it("refuses a portal the account does not have before any write", async () => {
    await expect(create(provider, { ...base, portalId: 7 })).rejects.toThrow("portalId 7: account 1 has no portal with that id");
    expect(ctx.writes()).toEqual([]);
  });

  it("follows a portal renamed by hand: refresh, update and delete at its new slug", async () => {
    const state = await create(provider, base);
    expect((await ctx.admin("PATCH", `${portals()}/help`, { portal: { slug: "kb" } })).status).toBe(200);
    ctx.sb.control.clearLog();
    const read = (await refresh(provider, state))!;
    // The old slug is unknown now: the server fails on it (500), and the portal is found again by its id.
    expect(lines()).toEqual([`GET ${categories("help")}/${state.id} 500`, `GET ${portals()} 200`, `GET ${categories("kb")}/${state.id} 200`]);
    expect(read.outs).toMatchObject({ portalSlug: "kb", name: "Billing" });
    // Without a refresh too: the update meets the stale slug and goes to the new one.
    ctx.sb.control.clearLog();
    const { state: next } = await up(provider, state, { ...base, name: "Invoices" });
    expect(ctx.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
      `PATCH ${categories("help")}/${state.id} 500`,
      `PATCH ${categories("kb")}/${state.id} 200`,
    ]);
    expect(next.outs).toMatchObject({ portalSlug: "kb", name: "Invoices" });
    await destroy(provider, state);
    expect(ctx.sb.control.snapshot().categories).toEqual([]);
  });

  it("is gone with its portal: refresh says so, delete succeeds, update fails naming the portal", async () => {
    const state = await create(provider, base);
    expect((await ctx.admin("DELETE", `${portals()}/help`)).status).toBe(200);
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(up(provider, state, { ...base, name: "Invoices" })).rejects.toThrow(/the portal 1 is gone/);
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("never takes a category of another portal that took the old slug", async () => {
    const state = await create(provider, base);
    expect((await ctx.admin("PATCH", `${portals()}/help`, { portal: { slug: "kb" } })).status).toBe(200);
    expect((await ctx.admin("POST", portals(), { portal: { name: "Other", slug: "help" } })).status).toBe(200);
    expect((await ctx.admin("POST", categories("help"), { category: { name: "Impostor", slug: "billing", locale: "en" } })).status).toBe(200);
    expect((await refresh(provider, state))?.outs).toMatchObject({ portalSlug: "kb", name: "Billing" });
    await destroy(provider, state);
    // Deleted where it is, not taken as gone because the old slug's portal lacks it.
    expect(ctx.sb.control.snapshot().categories.map((c) => c.name)).toEqual(["Impostor"]);
  });

  it("links a parent and a translation by reference, and unlinks them with null", async () => {
    const billing = await create(provider, base);
    const refunds = await create(provider, { ...base, name: "Refunds", slug: "refunds", parentCategoryId: billing.id });
    const german = await create(provider, { ...base, name: "Abrechnung", slug: "abrechnung", locale: "de", associatedCategoryId: billing.id });
    expect(refunds.outs.parentCategoryId).toBe(Number(billing.id));
    expect(german.outs.associatedCategoryId).toBe(Number(billing.id));
    ctx.sb.control.clearLog();
    const { state: unlinked } = await up(provider, refunds, { ...base, name: "Refunds", slug: "refunds", parentCategoryId: null });
    expect(ctx.writes().map((w) => w.body)).toEqual([{ category: { parent_category_id: null } }]);
    expect(unlinked.outs.parentCategoryId).toBeNull();
  });

  it("fails naming the first category of the family for a translation of a translation, keeping the one made", async () => {
    const billing = await create(provider, base);
    const german = await create(provider, { ...base, name: "Abrechnung", slug: "abrechnung", locale: "de", associatedCategoryId: billing.id });
    const err = (await create(provider, { ...base, name: "Facturation", slug: "facturation", locale: "fr", associatedCategoryId: german.id }).catch((e: unknown) => e)) as Error & {
      id?: string;
    };
    expect(err.message).toContain(`associatedCategoryId ${german.id} is itself a translation of category ${billing.id}`);
    expect(err.id).toBe(String(ctx.sb.control.snapshot().categories.find((c) => c.slug === "facturation")?.id));
  });

  it("passes the server's word on a locale the portal does not offer", async () => {
    await expect(create(provider, { ...base, locale: "es" })).rejects.toThrow(/422 Locale es of category is not part of portal's \["en", "de", "fr"\]/);
    expect(ctx.sb.control.snapshot().categories).toEqual([]);
  });

  it("replaces (deleting first) when the portal changes", async () => {
    const state = await create(provider, base);
    const moved = await up(provider, state, { ...base, portalId: 2 });
    expect([moved.op, moved.diff.replaces, moved.diff.deleteBeforeReplace]).toEqual(["replace", ["portalId"], true]);
  });

  it("adopts by slug and locale, not by slug alone", async () => {
    const german = (await ctx.admin("POST", categories("help"), { category: { name: "Billing", slug: "billing", locale: "de" } })).body as { payload: Props };
    const state = await create(provider, { ...base, adopt: true });
    expect(state.id).not.toBe(String(german.payload.id));
    expect(ctx.sb.control.snapshot().categories.map((c) => c.locale)).toEqual(["de", "en"]);
  });
});

import { resources } from "../../provider";
import { check, create, destroy, refresh, up, type Props, type State } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

const provider = resources.Portal;
const base = {
  name: "Help Center",
  slug: "help",
  color: "#1F93FF",
  customDomain: "https://Docs.Example.com/start",
  config: { allowedLocales: ["es", "en"], defaultLocale: "en" },
};

describe.each(SHAPES)("Portal (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);
  const portals = () => `/api/v1/accounts/${ctx.account.id}/portals`;
  const at = (slug: string) => `${portals()}/${slug}`;
  const serverPortal = async (slug: string) => (await ctx.admin("GET", at(slug))) as { status: number; body: Props };
  const writeLines = () => ctx.writes().map((w) => `${w.method} ${w.path}`);

  it("creates with one POST carrying the portal fields, and returns complete outputs", async () => {
    const state = await create(provider, base);
    expect(writeLines()).toEqual([`POST ${portals()}`]);
    expect(ctx.writes()[0].body).toEqual({
      portal: {
        name: "Help Center",
        slug: "help",
        color: "#1F93FF",
        custom_domain: "docs.example.com",
        config: { allowed_locales: ["en", "es"], default_locale: "en" },
      },
    });
    expect(state.outs).toEqual({
      __inputs: state.inputs,
      accountId: ctx.account.id,
      name: "Help Center",
      slug: "help",
      color: "#1F93FF",
      customDomain: "docs.example.com",
      headerText: null,
      homepageLink: null,
      pageTitle: null,
      archived: false,
      config: { allowedLocales: ["en", "es"], defaultLocale: "en" },
      inbox: null,
      inboxId: null,
      logo: null,
    });
    // Article counters are not configuration (create answers null counts, show counts them).
    expect(state.outs).not.toHaveProperty("meta");
    expect(state.id).toBe(String((await serverPortal("help")).body.id));
  });

  it("sends an empty custom domain when none is given (older servers fail on a missing one)", async () => {
    const state = await create(provider, { name: "Docs", slug: "docs" });
    expect(ctx.writes()[0].body).toEqual({ portal: { name: "Docs", slug: "docs", custom_domain: "" } });
    expect(state.outs.customDomain).toBeNull();
    expect(state.outs.config).toEqual({ allowedLocales: ["en"], defaultLocale: "en" });
  });

  it("sends nothing on a second up with the same inputs", async () => {
    const state = await create(provider, { ...base, headerText: "Welcome", homepageLink: "https://example.com", archived: false });
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { ...base, headerText: "Welcome", homepageLink: "https://example.com", archived: false })).op).toBe("same");
    const refreshed = (await refresh(provider, state))!;
    // A refresh of an unchanged portal reports no change in any output either.
    expect(refreshed.outs).toEqual(state.outs);
    expect((await up(provider, refreshed, { ...base, color: "#1f93ff", customDomain: "docs.example.com" })).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("updates with exactly one PATCH to the slug holding only the changed fields", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(provider, state, { ...base, headerText: "How can we help?", pageTitle: "Acme Help" });
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([
      expect.objectContaining({ method: "PATCH", path: at("help"), body: { portal: { header_text: "How can we help?", page_title: "Acme Help" } } }),
    ]);
    expect(next.outs).toMatchObject({ headerText: "How can we help?", pageTitle: "Acme Help", slug: "help", name: "Help Center" });
  });

  it("renames the slug in place: a PATCH to the old slug, the id kept", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const { op, state: next } = await up(provider, state, { ...base, slug: "support" });
    expect(op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: at("help"), body: { portal: { slug: "support" } } })]);
    expect(next.id).toBe(state.id);
    expect(next.outs.slug).toBe("support");
    expect((await serverPortal("help")).status).toBe(404);
    expect((await refresh(provider, next))?.outs.slug).toBe("support");
  });

  it("sends a changed custom domain as its host, so the stored value never drifts", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const { state: next } = await up(provider, state, { ...base, customDomain: "https://Help.Example.org/x" });
    expect(ctx.writes()).toEqual([expect.objectContaining({ body: { portal: { custom_domain: "help.example.org" } } })]);
    expect((await serverPortal("help")).body.custom_domain).toBe("help.example.org");
    ctx.sb.control.clearLog();
    const refreshed = (await refresh(provider, next))!;
    expect((await up(provider, refreshed, { ...base, customDomain: "https://Help.Example.org/x" })).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("sends the locale config whole and normalized, never server-added keys", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const { state: next } = await up(provider, state, { ...base, config: { allowedLocales: ["fr", "de"] } });
    expect(ctx.writes()).toEqual([
      expect.objectContaining({ body: { portal: { config: { allowed_locales: ["de", "fr"], default_locale: "fr" } } } }),
    ]);
    expect(next.outs.config).toEqual({ allowedLocales: ["de", "fr"], defaultLocale: "fr" });
    ctx.sb.control.clearLog();
    expect((await up(provider, next, { ...base, config: { allowedLocales: ["fr", "de"] } })).op).toBe("same");
  });

  it("archives with archived: true in the PATCH (the /archive route is broken upstream)", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    const { state: next } = await up(provider, state, { ...base, archived: true });
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: at("help"), body: { portal: { archived: true } } })]);
    expect(next.outs.archived).toBe(true);
    expect((await serverPortal("help")).body.archived).toBe(true);
  });

  it("links a web-widget inbox without putting its tokens in the outputs, and unlinks it", async () => {
    const inboxId = ctx.account.inboxIds[0];
    const inbox = (await ctx.admin("GET", `/api/v1/accounts/${ctx.account.id}/inboxes/${inboxId}`)).body as Props;
    const secrets = [inbox.website_token, inbox.hmac_token].filter((v): v is string => typeof v === "string" && v.length > 0);
    expect(secrets.length).toBeGreaterThan(0);

    const state = await create(provider, { ...base, inboxId });
    expect(ctx.writes()[0].body).toMatchObject({ inbox_id: inboxId });
    expect(state.outs.inboxId).toBe(inboxId);
    expect(state.outs.inbox).toMatchObject({ id: inboxId, channelType: "Channel::WebWidget" });
    const read = (await refresh(provider, state))!;
    for (const outs of [state.outs, read.outs]) {
      const text = JSON.stringify(outs);
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(outs.inbox).not.toHaveProperty("websiteToken");
      expect(outs.inbox).not.toHaveProperty("hmacToken");
      expect(outs.inbox).not.toHaveProperty("webWidgetScript");
    }

    ctx.sb.control.clearLog();
    const { state: unlinked } = await up(provider, read, { ...base, inboxId: null });
    // The controller needs portal fields to update anything: the unchanged slug is sent along.
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", body: { portal: { slug: "help" }, inbox_id: null } })]);
    expect(unlinked.outs).toMatchObject({ inboxId: null, inbox: null });
  });

  it("fails clearly when the inbox cannot be linked, keeping the created portal in state", async () => {
    const apiInbox = ctx.account.inboxIds[1];
    const err = (await create(provider, { ...base, inboxId: apiInbox }).catch((e: unknown) => e)) as Error & { id?: string };
    expect(err.message).toMatch(new RegExp(`inbox ${apiInbox} was not linked.*web-widget`));
    expect(err.id).toBe(String((await serverPortal("help")).body.id));
  });

  it("names the inbox when linking one that does not exist", async () => {
    await expect(create(provider, { ...base, inboxId: 999 })).rejects.toThrow(/POST .*portals: 404 .*inbox 999 was not found/);
    expect((await ctx.admin("GET", portals())).body).toMatchObject({ payload: [] });
    const state = await create(provider, base);
    await expect(up(provider, state, { ...base, inboxId: 999 })).rejects.toThrow(/PATCH .*portals\/help: 404 .*inbox 999 was not found/);
  });

  it("sees drift made out of band and repairs it with one PATCH", async () => {
    const state = await create(provider, { ...base, headerText: "Welcome" });
    await ctx.admin("PATCH", at("help"), { portal: { header_text: "Hacked", name: "Other" } });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({ headerText: "Hacked", name: "Other" });
    ctx.sb.control.clearLog();
    expect((await up(provider, refreshed, { ...base, headerText: "Welcome" })).op).toBe("update");
    expect(ctx.writes()).toEqual([
      expect.objectContaining({ method: "PATCH", path: at("help"), body: { portal: { name: "Help Center", header_text: "Welcome" } } }),
    ]);
  });

  it("follows a slug changed out of band: refresh shows it, the next up renames it back", async () => {
    const state = await create(provider, base);
    await ctx.admin("PATCH", at("help"), { portal: { slug: "moved" } });
    ctx.sb.control.clearLog();
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.id).toBe(state.id);
    expect(refreshed.outs.slug).toBe("moved");
    expect(ctx.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${at("help")}`, `GET ${portals()}`, `GET ${at("moved")}`]);
    ctx.sb.control.clearLog();
    expect((await up(provider, refreshed, base)).op).toBe("update");
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: at("moved"), body: { portal: { slug: "help" } } })]);
  });

  it("reads the renamed portal by id even when another portal took its old slug", async () => {
    const state = await create(provider, base);
    await ctx.admin("PATCH", at("help"), { portal: { slug: "moved" } });
    await ctx.admin("POST", portals(), { portal: { name: "Impostor", slug: "help" } });
    const refreshed = (await refresh(provider, state))!;
    expect(refreshed.outs).toMatchObject({ slug: "moved", name: "Help Center" });
  });

  it("deletes the renamed portal, never the one that took its old slug", async () => {
    const state = await create(provider, base);
    await ctx.admin("PATCH", at("help"), { portal: { slug: "moved" } });
    await ctx.admin("POST", portals(), { portal: { name: "Impostor", slug: "help" } });
    await destroy(provider, state);
    const left = (await ctx.admin("GET", portals())).body as { payload: { name: string; slug: string }[] };
    expect(left.payload.map((p) => [p.name, p.slug])).toEqual([["Impostor", "help"]]);
  });

  it("updates and deletes a portal renamed out of band without a refresh", async () => {
    const state = await create(provider, base);
    await ctx.admin("PATCH", at("help"), { portal: { slug: "moved" } });
    ctx.sb.control.clearLog();
    const { state: next } = await up(provider, state, { ...base, headerText: "Hi" });
    expect(ctx.writes().map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([`PATCH ${at("help")} 404`, `PATCH ${at("moved")} 200`]);
    expect(ctx.writes()[1].body).toEqual({ portal: { header_text: "Hi" } });
    expect(next.outs.slug).toBe("moved");
    await destroy(provider, state);
    expect((await ctx.admin("GET", portals())).body).toMatchObject({ payload: [] });
  });

  it("reports a portal deleted out of band as gone, and deletes idempotently", async () => {
    const state = await create(provider, base);
    await ctx.admin("DELETE", at("help"));
    expect(await refresh(provider, state)).toBeUndefined();
    await expect(destroy(provider, state)).resolves.toBeUndefined();
  });

  it("confirms by listing before believing an older server's 500 for an unknown slug", async () => {
    const state = await create(provider, base);
    await ctx.admin("DELETE", at("help"));
    ctx.sb.control.clearLog();
    ctx.sb.control.inject({ method: "GET", path: at("help"), kind: "status", status: 500 });
    expect(await refresh(provider, state)).toBeUndefined();
    expect(ctx.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `GET ${at("help")} 500`,
      `GET ${portals()} 200`,
    ]);
  });

  it("deletes with one DELETE to the slug", async () => {
    const state = await create(provider, base);
    ctx.sb.control.clearLog();
    await destroy(provider, state);
    expect(writeLines()).toEqual([`DELETE ${at("help")}`]);
    expect((await serverPortal("help")).status).toBe(404);
  });

  it("adopts the account's portal with the slug, changing only what differs", async () => {
    const existing = await ctx.admin("POST", portals(), {
      portal: { name: "Old name", slug: "help", color: "#1f93ff", custom_domain: "docs.example.com", config: { allowed_locales: ["en", "es"], default_locale: "en" } },
    });
    ctx.sb.control.clearLog();
    const state = await create(provider, { ...base, adopt: true });
    expect(state.id).toBe(String((await serverPortal("help")).body.id));
    expect(existing.status).toBe(200);
    expect(ctx.writes()).toEqual([expect.objectContaining({ method: "PATCH", path: at("help"), body: { portal: { name: "Help Center" } } })]);
    expect(state.outs.name).toBe("Help Center");
    ctx.sb.control.clearLog();
    expect((await up(provider, state, { ...base, adopt: true })).op).toBe("same");
    expect(ctx.writes()).toHaveLength(0);
  });

  it("adopting a portal already in the desired state sends no write; adopt without one creates", async () => {
    await ctx.admin("POST", portals(), { portal: { name: "Help Center", slug: "help", color: "#1f93ff", custom_domain: "docs.example.com", config: { allowed_locales: ["en", "es"], default_locale: "en" } } });
    ctx.sb.control.clearLog();
    await create(provider, { ...base, adopt: true });
    expect(ctx.writes()).toHaveLength(0);
    await create(provider, { name: "Fresh", slug: "fresh", adopt: true });
    expect(writeLines()).toEqual([`POST ${portals()}`]);
  });

  it("refuses a slug this account already uses, pointing to adopt", async () => {
    await create(provider, base);
    ctx.sb.control.clearLog();
    await expect(create(provider, { ...base, customDomain: undefined })).rejects.toThrow(/POST .*portals not sent: portal \d+ .*slug "help".*adopt: true/i);
    expect(ctx.writes()).toHaveLength(0);
  });

  it("refuses a slug another account uses, even with adopt", async () => {
    const other = ctx.sb.info.accounts[1];
    const res = await fetch(`${ctx.sb.url}/api/v1/accounts/${other.id}/portals`, {
      method: "POST",
      headers: { api_access_token: other.adminToken, "content-type": "application/json" },
      body: JSON.stringify({ portal: { name: "Globex help", slug: "help" } }),
    });
    expect(res.status).toBe(200);
    const err = (await create(provider, { ...base, adopt: true }).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/POST .*portals: 422/);
    expect(err.message).not.toMatch(/adopt/);
  });

  it("recovers a create whose answer was lost by looking the slug up, never posting twice", async () => {
    ctx.sb.control.inject({ method: "POST", path: portals(), kind: "lost-response" });
    const state = await create(provider, base);
    expect(writeLines()).toEqual([`POST ${portals()}`]);
    expect(state.outs.slug).toBe("help");
    expect((await ctx.admin("GET", portals())).body).toMatchObject({ payload: [expect.objectContaining({ id: Number(state.id) })] });
  });

  it("replaces (deleting first) when the account changes, updates in place otherwise", async () => {
    const state: State = await create(provider, base);
    const moved = await up(provider, state, { ...base, accountId: 2 });
    expect(moved.op).toBe("replace");
    expect(moved.diff.replaces).toEqual(["accountId"]);
    expect(moved.diff.deleteBeforeReplace).toBe(true);
    for (const change of [{ slug: "kb" }, { name: "KB" }, { inboxId: 1 }, { archived: true }]) {
      // The engine checks a resource it has in its state with the old inputs.
      const diff = await provider.diff!(state.id, state.outs, await check(provider, { ...base, ...change }, state.inputs));
      expect(diff).toMatchObject({ changes: true, replaces: [] });
    }
  });
});

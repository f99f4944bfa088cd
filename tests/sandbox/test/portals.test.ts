import { MODES, request, seedClients, useSandbox } from "./http";

const PORTALS = "/api/v1/accounts/1/portals";
type Portal = Record<string, unknown> & { id: number; slug: string };

describe.each(MODES)("portals (%s shapes)", (mode) => {
  const sandbox = useSandbox({ shapes: mode });
  const { admin1, agent1, admin2 } = seedClients(sandbox);

  /** The created portal whatever the mode's envelope. */
  const created = (body: unknown): Portal => (mode === "documented" ? ((body as { payload: Portal[] }).payload[0] as Portal) : (body as Portal));
  const createHelp = async (extra: Record<string, unknown> = {}) => created((await admin1.post(PORTALS, { name: "Help", slug: "help", ...extra })).body);

  describe("POST", () => {
    it("creates a portal and answers it bare (chatwoot) or in {payload:[...]} (documented)", async () => {
      const answer = await admin1.post(PORTALS, { name: "Help", slug: "help", config: { allowed_locales: ["en", "es"], default_locale: "en" } });
      expect(answer.status).toBe(200);
      if (mode === "documented") expect(Object.keys(answer.body as object)).toEqual(["payload"]);
      expect(created(answer.body)).toEqual({
        id: 1,
        color: "#1f93ff",
        custom_domain: null,
        header_text: null,
        homepage_link: null,
        name: "Help",
        page_title: null,
        slug: "help",
        archived: false,
        account_id: 1,
        config: {
          allowed_locales: [
            { code: "en", articles_count: 0, categories_count: 0, draft: false },
            { code: "es", articles_count: 0, categories_count: 0, draft: false },
          ],
          default_locale: "en",
        },
        meta: { all_articles_count: 0, archived_articles_count: null, published_count: null, draft_articles_count: null, categories_count: 0, default_locale: "en" },
      });
    });

    it("accepts the attributes flat (wrapped by Rails) or nested under portal", async () => {
      const nested = created((await admin1.post(PORTALS, { portal: { name: "Docs", slug: "docs", color: "#000000" } })).body);
      expect(nested).toMatchObject({ name: "Docs", slug: "docs", color: "#000000" });
    });

    it("reduces an http(s) custom_domain to its host on create", async () => {
      expect(await createHelp({ custom_domain: "https://support.acme.test/some/path" })).toMatchObject({ custom_domain: "support.acme.test" });
    });

    it("normalises config: default_locale falls back to the first allowed locale", async () => {
      const portal = await createHelp({ config: { allowed_locales: ["fr", "de"] } });
      expect(portal.config).toEqual({ allowed_locales: [expect.objectContaining({ code: "fr" }), expect.objectContaining({ code: "de" })], default_locale: "fr" });
    });

    it("marks draft locales and refuses a drafted default locale", async () => {
      const portal = await createHelp({ config: { allowed_locales: ["en", "de"], draft_locales: ["de"], default_locale: "en" } });
      expect((portal.config as { allowed_locales: { draft: boolean }[] }).allowed_locales.map((l) => l.draft)).toEqual([false, true]);
      const refused = await admin1.post(PORTALS, { name: "B", slug: "b", config: { allowed_locales: ["en"], draft_locales: ["en"], default_locale: "en" } });
      expect(refused.status).toBe(422);
    });

    it("requires name and slug (RecordInvalid)", async () => {
      const answer = await admin1.post(PORTALS, { color: "#123456" });
      expect([answer.status, answer.body]).toEqual([422, { message: "Name can't be blank, Slug can't be blank", attributes: ["name", "slug"] }]);
    });

    it("answers ParameterMissing when no portal attribute is sent", async () => {
      for (const body of [{}, { inbox_id: 1 }]) {
        const answer = await admin1.post(PORTALS, body);
        expect([answer.status, answer.body]).toEqual([422, { error: "param is missing or the value is empty: portal" }]);
      }
    });

    it("keeps slugs unique across all accounts", async () => {
      await createHelp();
      const answer = await admin2.post("/api/v1/accounts/2/portals", { name: "Theirs", slug: "help" });
      expect([answer.status, answer.body]).toEqual([422, { message: "Slug has already been taken", attributes: ["slug"] }]);
    });

    it("keeps custom domains unique", async () => {
      await createHelp({ custom_domain: "docs.acme.test" });
      const answer = await admin1.post(PORTALS, { name: "Other", slug: "other", custom_domain: "https://docs.acme.test" });
      expect([answer.status, answer.body]).toEqual([422, { message: "Custom domain has already been taken", attributes: ["custom_domain"] }]);
    });

    // app/controllers/api/v1/accounts/portals_controller.rb `portal_params`: strong parameters drop other config keys.
    it("drops config keys the controller does not permit, without an error", async () => {
      const answer = await admin1.post(PORTALS, { name: "Help", slug: "help", config: { allowed_locales: ["en"], layout: "x", theme: 1 } });
      expect(answer.status).toBe(200);
      expect(sandbox().control.snapshot().portals.find((p) => p.slug === "help")?.config).toEqual({ allowed_locales: ["en"], default_locale: "en", draft_locales: [] });
    });

    // app/models/portal.rb (2026): `validates :color, format: /\A#(?:\h{3}|\h{6})\z/, allow_blank: true`; normalize_config drops blank and repeated locales.
    it("refuses a colour that is not #rgb or #rrggbb, and drops blank and repeated locales", async () => {
      const answer = await admin1.post(PORTALS, { name: "Help", slug: "help", color: "blue" });
      expect([answer.status, answer.body]).toEqual([422, { message: "Color is invalid", attributes: ["color"] }]);
      await createHelp({ color: "#abc", config: { allowed_locales: ["en", "", "de", "en"] } });
      expect(sandbox().control.snapshot().portals.find((p) => p.slug === "help")).toMatchObject({ color: "#abc", config: { allowed_locales: ["en", "de"], default_locale: "en" } });
    });

    it("links a web-widget inbox given as top-level inbox_id and renders it", async () => {
      const portal = await createHelp({ inbox_id: 1 });
      expect(portal.inbox).toMatchObject({ id: 1, channel_type: "Channel::WebWidget", name: "Acme Website" });
    });

    it("ignores inboxes of other channel types and answers 404 for unknown ones", async () => {
      expect(await createHelp({ inbox_id: 2 })).not.toHaveProperty("inbox");
      const answer = await admin1.post(PORTALS, { name: "X", slug: "x", inbox_id: 99 });
      expect([answer.status, answer.body]).toEqual([404, { error: "Resource could not be found" }]);
    });

    it("wraps only JSON: a form post must nest the fields under portal[...]", async () => {
      const form = (raw: string) => request(sandbox().url, "POST", PORTALS, { token: sandbox().info.accounts[0]?.adminToken ?? "", raw, headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect((await form("name=Flat&slug=flat")).status).toBe(422);
      const nested = await form("portal[name]=Nested&portal[slug]=nested&portal[config][allowed_locales][]=en&portal[config][allowed_locales][]=pt");
      expect(nested.status).toBe(200);
      expect(created(nested.body)).toMatchObject({ slug: "nested", config: { allowed_locales: [{ code: "en" }, { code: "pt" }] } });
    });

    it("is administrator-only", async () => {
      const answer = await agent1.post(PORTALS, { name: "Help", slug: "help" });
      expect([answer.status, answer.body]).toEqual([401, { error: "You are not authorized to do this action" }]);
    });
  });

  describe("GET list", () => {
    it("answers {payload, meta} for any member, echoing page without paginating", async () => {
      await createHelp();
      await admin1.post(PORTALS, { name: "Docs", slug: "docs", archived: true });
      await admin2.post("/api/v1/accounts/2/portals", { name: "Globex", slug: "globex" });
      const answer = await agent1.get(`${PORTALS}?page=3`);
      expect(answer.status).toBe(200);
      const body = answer.body as { payload: Portal[]; meta: unknown };
      expect(body.payload.map((p) => [p.slug, p.archived])).toEqual([
        ["help", false],
        ["docs", true],
      ]);
      expect(body.meta).toEqual({ current_page: "3", portals_count: 2 });
      expect(((await admin1.get(PORTALS)).body as { meta: unknown }).meta).toEqual({ current_page: 1, portals_count: 2 });
    });
  });

  describe("GET one", () => {
    it("answers the bare portal with computed counts, for any member", async () => {
      await createHelp();
      const answer = await agent1.get(`${PORTALS}/help`);
      expect(answer.status).toBe(200);
      expect((answer.body as Portal).meta).toEqual({ all_articles_count: 0, archived_articles_count: 0, published_count: 0, draft_articles_count: 0, categories_count: 0, default_locale: "en" });
    });

    it("answers 404 for an unknown slug and for another account's slug, agents included", async () => {
      await admin2.post("/api/v1/accounts/2/portals", { name: "Globex", slug: "globex" });
      for (const [client, slug] of [
        [admin1, "nope"],
        [admin1, "globex"],
        [agent1, "nope"],
      ] as const) {
        const answer = await client.get(`${PORTALS}/${slug}`);
        expect([answer.status, answer.body]).toEqual([404, { error: "Resource could not be found" }]);
      }
    });
  });

  describe("PATCH", () => {
    it("changes only the keys sent and answers the bare portal", async () => {
      await createHelp({ header_text: "Welcome", config: { allowed_locales: ["en"] } });
      const answer = await admin1.patch(`${PORTALS}/help`, { page_title: "Acme Help", archived: true });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ slug: "help", header_text: "Welcome", page_title: "Acme Help", archived: true });
    });

    it("stores custom_domain raw on update", async () => {
      await createHelp();
      expect((await admin1.patch(`${PORTALS}/help`, { custom_domain: "https://kb.acme.test" })).body).toMatchObject({ custom_domain: "https://kb.acme.test" });
    });

    it("can change the slug, after which the portal lives at the new path", async () => {
      await createHelp();
      expect((await admin1.patch(`${PORTALS}/help`, { slug: "support" })).body).toMatchObject({ id: 1, slug: "support" });
      expect((await admin1.get(`${PORTALS}/support`)).status).toBe(200);
      expect((await admin1.get(`${PORTALS}/help`)).status).toBe(404);
    });

    it("refuses a taken slug with RecordInvalid and changes nothing", async () => {
      await createHelp();
      await admin1.post(PORTALS, { name: "Docs", slug: "docs" });
      const answer = await admin1.patch(`${PORTALS}/docs`, { slug: "help", name: "Renamed" });
      expect([answer.status, answer.body]).toEqual([422, { message: "Slug has already been taken", attributes: ["slug"] }]);
      expect((await admin1.get(`${PORTALS}/docs`)).body).toMatchObject({ name: "Docs" });
    });

    it("does nothing (200) when no portal attribute is sent", async () => {
      await createHelp();
      const answer = await admin1.patch(`${PORTALS}/help`, { inbox_id: 1 });
      expect(answer.status).toBe(200);
      expect(answer.body).not.toHaveProperty("inbox");
    });

    it("links and unlinks the widget inbox alongside portal attributes", async () => {
      await createHelp();
      expect((await admin1.patch(`${PORTALS}/help`, { name: "Help", inbox_id: 1 })).body).toHaveProperty("inbox.id", 1);
      expect((await admin1.patch(`${PORTALS}/help`, { name: "Help", inbox_id: "" })).body).not.toHaveProperty("inbox");
    });

    // app/models/portal.rb (2026) `normalize_config`: what is sent is merged into the stored config.
    it("merges config into the stored one: a default locale or drafts left out are kept; unknown keys are dropped", async () => {
      await createHelp({ config: { allowed_locales: ["en", "de"], default_locale: "de" } });
      expect((await admin1.patch(`${PORTALS}/help`, { config: { allowed_locales: ["it"] } })).body).toMatchObject({ config: { default_locale: "de", allowed_locales: [{ code: "it" }] } });
      await admin1.patch(`${PORTALS}/help`, { config: { allowed_locales: ["it", "fr"], draft_locales: ["fr"] } });
      expect((await admin1.patch(`${PORTALS}/help`, { config: { default_locale: "it", social: true } })).status).toBe(200);
      expect(sandbox().control.snapshot().portals.find((p) => p.slug === "help")?.config).toEqual({ allowed_locales: ["it", "fr"], default_locale: "it", draft_locales: ["fr"] });
    });

    it("is also routed for PUT", async () => {
      await createHelp();
      expect((await admin1.put(`${PORTALS}/help`, { name: "Put" })).body).toMatchObject({ name: "Put" });
    });

    it("answers 401 to agents for an existing portal and 404 for an unknown one", async () => {
      await createHelp();
      expect((await agent1.patch(`${PORTALS}/help`, { name: "x" })).status).toBe(401);
      expect((await agent1.patch(`${PORTALS}/nope`, { name: "x" })).status).toBe(404);
      expect((await admin1.patch(`${PORTALS}/nope`, { name: "x" })).status).toBe(404);
    });
  });

  describe("DELETE and member routes", () => {
    it("deletes with an empty 200, administrators only", async () => {
      await createHelp();
      expect((await agent1.delete(`${PORTALS}/help`)).status).toBe(401);
      const answer = await admin1.delete(`${PORTALS}/help`);
      expect([answer.status, answer.text]).toEqual([200, ""]);
      expect((await admin1.get(`${PORTALS}/help`)).status).toBe(404);
      expect((await admin1.delete(`${PORTALS}/help`)).status).toBe(404);
    });

    it("answers 500 for the broken archive route, and an empty 200 for logo removal", async () => {
      await createHelp();
      const archive = await admin1.patch(`${PORTALS}/help/archive`);
      expect([archive.status, archive.body]).toEqual([500, { status: 500, error: "Internal Server Error" }]);
      expect((await admin1.patch(`${PORTALS}/nope/archive`)).status).toBe(404);
      const logo = await admin1.delete(`${PORTALS}/help/logo`);
      expect([logo.status, logo.text]).toEqual([200, ""]);
      expect((await agent1.delete(`${PORTALS}/help/logo`)).status).toBe(401);
    });
  });
});

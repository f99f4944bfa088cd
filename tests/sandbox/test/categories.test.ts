/**
 * Help-center categories, each case written from upstream: spec/controllers/api/v1/accounts/categories_controller_spec.rb,
 * spec/models/category_spec.rb and app/views/api/v1/accounts/categories/_category.json.jbuilder at fd5ac2a8a, with the later
 * build the help center plays for translation families (sdk/sandbox/models/categories.ts says how fd5ac2a8a differs).
 */
import { seedClients, useSandbox } from "./http";

const PORTALS = "/api/v1/accounts/1/portals";
const CATEGORIES = `${PORTALS}/help/categories`;
type Category = Record<string, unknown> & { id: number };

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const NOT_FOUND = { error: "Resource could not be found" };
const SERVER_ERROR = { status: 500, error: "Internal Server Error" };

describe("help-center categories", () => {
  const sandbox = useSandbox();
  const { admin1, agent1, admin2 } = seedClients(sandbox);
  const create = async (category: Record<string, unknown>) => {
    const answer = await admin1.post(CATEGORIES, { category });
    expect(answer.status).toBe(200);
    return (answer.body as { payload: Category }).payload;
  };
  const listed = async (query = "") => ((await agent1.get(`${CATEGORIES}${query}`)).body as { payload: Category[] }).payload;

  beforeEach(async () => {
    expect((await admin1.post(PORTALS, { name: "Help", slug: "help", config: { allowed_locales: ["en", "de", "fr"], default_locale: "en" } })).status).toBe(200);
  });

  describe("POST", () => {
    it("creates with the column defaults and answers {payload}", async () => {
      const answer = await admin1.post(CATEGORIES, { category: { name: "Billing", slug: "billing" } });
      expect([answer.status, answer.body]).toEqual([
        200,
        {
          payload: {
            id: 1,
            name: "Billing",
            slug: "billing",
            locale: "en",
            description: null,
            position: null,
            account_id: 1,
            icon: "",
            related_categories: {},
            meta: { articles_count: 0 },
          },
        },
      ]);
    });

    it("links a parent, the first category of a translation family and related categories", async () => {
      const billing = await create({ name: "Billing", slug: "billing", position: 1 });
      const refunds = await create({ name: "Refunds", slug: "refunds", parent_category_id: billing.id });
      const german = await create({ name: "Abrechnung", slug: "billing", locale: "de", associated_category_id: billing.id, related_category_ids: [refunds.id] });
      expect(german).toMatchObject({
        locale: "de",
        root_category: { id: billing.id, slug: "billing", locale: "en" },
        related_categories: [{ id: refunds.id, name: "Refunds" }],
      });
      expect(refunds.parent_category).toMatchObject({ id: billing.id, name: "Billing" });
      // A translation of a translation is linked to the first category of the family.
      expect((await admin1.patch(`${CATEGORIES}/${refunds.id}`, { category: { associated_category_id: german.id, locale: "fr", slug: "remboursements" } })).body).toMatchObject({
        payload: { root_category: { id: billing.id } },
      });
    });

    it("refuses a locale the portal does not allow, and a slug taken in the same locale", async () => {
      const foreign = await admin1.post(CATEGORIES, { category: { name: "Fakturering", slug: "billing", locale: "sv" } });
      expect([foreign.status, foreign.body]).toEqual([422, { message: 'Locale sv of category is not part of portal\'s ["en", "de", "fr"].', attributes: ["locale"] }]);
      await create({ name: "Billing", slug: "billing" });
      const taken = await admin1.post(CATEGORIES, { category: { name: "Billing 2", slug: "billing" } });
      expect([taken.status, taken.body]).toEqual([422, { message: "Locale should be unique in the category and portal", attributes: ["locale"] }]);
      expect((await admin1.post(CATEGORIES, { category: { name: "Abrechnung", slug: "billing", locale: "de" } })).status).toBe(200);
    });

    it("requires a slug and a name", async () => {
      const answer = await admin1.post(CATEGORIES, { category: { description: "x" } });
      expect([answer.status, answer.body]).toEqual([422, { message: "Slug can't be blank, Name can't be blank", attributes: ["slug", "name"] }]);
      const missing = await admin1.post(CATEGORIES, { other: 1 });
      expect([missing.status, missing.body]).toEqual([422, { error: "param is missing or the value is empty: category" }]);
    });

    it("keeps one category per locale in a translation family", async () => {
      const billing = await create({ name: "Billing", slug: "billing" });
      await create({ name: "Abrechnung", slug: "abrechnung", locale: "de", associated_category_id: billing.id });
      const second = await admin1.post(CATEGORIES, { category: { name: "Rechnungen", slug: "rechnungen", locale: "de", associated_category_id: billing.id } });
      expect([second.status, second.body]).toEqual([422, { message: "Locale has already been taken", attributes: ["locale"] }]);
    });

    it("answers 404 for a translation of no category of the portal, 500 for an unknown parent", async () => {
      expect((await admin1.post(CATEGORIES, { category: { name: "A", slug: "a", associated_category_id: 99 } })).status).toBe(404);
      const parent = await admin1.post(CATEGORIES, { category: { name: "A", slug: "a", parent_category_id: 99 } });
      expect([parent.status, parent.body]).toEqual([500, SERVER_ERROR]);
      expect(sandbox().control.snapshot().categories).toEqual([]);
    });

    it("is administrator-only", async () => {
      const answer = await agent1.post(CATEGORIES, { category: { name: "Billing", slug: "billing" } });
      expect([answer.status, answer.body]).toEqual([401, NOT_AUTHORIZED]);
    });
  });

  describe("GET", () => {
    it("lists the portal's categories by position for every member, filtered by locale", async () => {
      await create({ name: "Second", slug: "second", position: 2 });
      await create({ name: "Unplaced", slug: "unplaced" });
      await create({ name: "First", slug: "first", position: 1, locale: "de" });
      const answer = await agent1.get(CATEGORIES);
      expect(answer.status).toBe(200);
      expect((answer.body as { meta: unknown }).meta).toEqual({ current_page: 1, categories_count: 3 });
      expect((await listed()).map((c) => c.slug)).toEqual(["first", "second", "unplaced"]);
      expect((await listed("?locale=de")).map((c) => c.slug)).toEqual(["first"]);
      expect(await listed("?page=2")).toEqual([]);
    });

    it("shows one category to administrators only, 404 for another portal's", async () => {
      const billing = await create({ name: "Billing", slug: "billing" });
      expect((await admin1.get(`${CATEGORIES}/${billing.id}`)).body).toEqual({ payload: billing });
      expect((await agent1.get(`${CATEGORIES}/${billing.id}`)).body).toEqual(NOT_AUTHORIZED);
      expect((await admin1.post(PORTALS, { name: "Docs", slug: "docs" })).status).toBe(200);
      const other = await admin1.get(`${PORTALS}/docs/categories/${billing.id}`);
      expect([other.status, other.body]).toEqual([404, NOT_FOUND]);
    });

    it("fails with a 500 for a portal slug the account does not have (the portal is found without a bang)", async () => {
      expect((await admin1.get(`${PORTALS}/nowhere/categories`)).status).toBe(500);
      expect((await admin2.get("/api/v1/accounts/2/portals/help/categories")).status).toBe(500);
      // The role check comes first.
      expect((await agent1.patch(`${PORTALS}/nowhere/categories/1`, { category: { name: "x" } })).status).toBe(401);
    });
  });

  describe("PATCH and DELETE", () => {
    it("updates the permitted fields, and replaces related categories only when some are named", async () => {
      const a = await create({ name: "A", slug: "a" });
      const b = await create({ name: "B", slug: "b", related_category_ids: [a.id] });
      const updated = await admin1.patch(`${CATEGORIES}/${b.id}`, { category: { name: "Bee", icon: "🐝", position: 3, related_category_ids: [] } });
      expect((updated.body as { payload: Category }).payload).toMatchObject({ name: "Bee", icon: "🐝", position: 3, related_categories: [{ id: a.id }] });
      const cleared = await admin1.patch(`${CATEGORIES}/${b.id}`, { category: { parent_category_id: null, description: null } });
      expect(cleared.status).toBe(200);
    });

    it("refuses making a category with translations a translation", async () => {
      const a = await create({ name: "A", slug: "a" });
      const b = await create({ name: "B", slug: "b", locale: "de" });
      await create({ name: "A de", slug: "a", locale: "de", associated_category_id: a.id });
      const answer = await admin1.patch(`${CATEGORIES}/${a.id}`, { category: { associated_category_id: b.id } });
      expect([answer.status, answer.body]).toEqual([422, { message: "Associated category is invalid", attributes: ["associated_category_id"] }]);
    });

    it("deletes, emptying the links of other categories and its articles' category", async () => {
      const parent = await create({ name: "Parent", slug: "parent" });
      const child = await create({ name: "Child", slug: "child", parent_category_id: parent.id });
      const article = await admin1.post(`${PORTALS}/help/articles`, { article: { title: "T", slug: "t", content: "c", author_id: 1, category_id: parent.id } });
      expect(article.status).toBe(200);
      expect((await admin1.delete(`${CATEGORIES}/${parent.id}`)).status).toBe(200);
      expect((await admin1.get(`${CATEGORIES}/${child.id}`)).body).not.toHaveProperty("payload.parent_category");
      expect(sandbox().control.snapshot().articles[0]?.category_id).toBeNull();
      expect((await admin1.delete(`${CATEGORIES}/${parent.id}`)).status).toBe(404);
    });

    it("goes with its portal", async () => {
      await create({ name: "A", slug: "a" });
      expect((await admin1.delete(`${PORTALS}/help`)).status).toBe(200);
      expect(sandbox().control.snapshot().categories).toEqual([]);
    });
  });
});

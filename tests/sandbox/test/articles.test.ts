/**
 * Help-center articles, each case written from upstream: spec/controllers/api/v1/accounts/articles_controller_spec.rb and
 * app/views/api/v1/accounts/articles/_article.json.jbuilder at fd5ac2a8a, with the later build the help center plays
 * (drafts without content, reserved slugs, translation families, the view's locale and links; sdk/sandbox/models/articles.ts
 * says how fd5ac2a8a differs).
 */
import { seedClients, useSandbox } from "./http";

const PORTALS = "/api/v1/accounts/1/portals";
const ARTICLES = `${PORTALS}/help/articles`;
type Article = Record<string, unknown> & { id: number; slug: string };

const NOT_AUTHORIZED = { error: "You are not authorized to do this action" };
const NOT_FOUND = { error: "Resource could not be found" };

/** Seed users: 1 administrator of account 1, 3 an agent of account 1, 5 only in account 2. */
const article = (extra: Record<string, unknown> = {}) => ({ title: "Getting started", slug: "getting-started", content: "# Hello", author_id: 1, ...extra });

describe("help-center articles", () => {
  const sandbox = useSandbox();
  const { admin1, agent1 } = seedClients(sandbox);
  const create = async (extra: Record<string, unknown> = {}) => {
    const answer = await admin1.post(ARTICLES, { article: article(extra) });
    expect(answer.status).toBe(200);
    return (answer.body as { payload: Article }).payload;
  };
  const category = async (body: Record<string, unknown>) =>
    ((await admin1.post(`${PORTALS}/help/categories`, { category: body })).body as { payload: { id: number } }).payload;
  const snapshotArticles = () => sandbox().control.snapshot().articles;

  beforeEach(async () => {
    expect((await admin1.post(PORTALS, { name: "Help", slug: "help", config: { allowed_locales: ["en", "de"], default_locale: "en" } })).status).toBe(200);
  });

  describe("POST", () => {
    it("creates a draft by default and answers {payload} with the author and an empty category", async () => {
      const created = await create({ meta: { title: "Start", tags: ["setup"], other: "dropped" } });
      expect(created).toMatchObject({
        id: 1,
        slug: "getting-started",
        title: "Getting started",
        content: "# Hello",
        description: null,
        status: "draft",
        position: 10,
        account_id: 1,
        meta: { title: "Start", tags: ["setup"] },
        locale: "en",
        associated_article_id: null,
        category: { id: null, name: null, slug: null, locale: null },
        views: null,
        author: { id: 1, email: "alice@acme.test" },
        associated_articles: {},
      });
      expect(typeof created.updated_at).toBe("number");
    });

    it("takes the status sent, and refuses an unknown one with a 500", async () => {
      expect((await create({ status: "published" })).status).toBe("published");
      expect((await admin1.post(ARTICLES, { article: article({ slug: "x", status: "live" }) })).status).toBe(500);
    });

    it("refuses an author who is no user of the account", async () => {
      const answer = await admin1.post(ARTICLES, { article: article({ author_id: 5 }) });
      expect([answer.status, answer.body]).toEqual([422, { error: "Invalid author ID" }]);
      const missing = await admin1.post(ARTICLES, { article: article({ author_id: null }) });
      expect([missing.status, missing.body]).toEqual([422, { message: "Author must exist, Author can't be blank", attributes: ["author", "author_id"] }]);
    });

    it("requires a title, content to publish, and a slug that is not reserved", async () => {
      const answer = await admin1.post(ARTICLES, { article: article({ title: "", content: "", status: "published", slug: "search" }) });
      expect([answer.status, answer.body]).toEqual([
        422,
        { message: "Title can't be blank, Content can't be blank, Slug is reserved", attributes: ["title", "content", "slug"] },
      ]);
      expect((await admin1.post(ARTICLES, { article: article({ content: "" }) })).status).toBe(200);
    });

    it("makes a slug from the title when none is given", async () => {
      const { slug } = await create({ slug: undefined, title: "Resetting Your Password" });
      expect(slug).toMatch(/^\d+-resetting-your-password$/);
    });

    it("keeps slugs unique across the installation with a database index: a 500", async () => {
      await create();
      expect((await admin1.post(PORTALS, { name: "Docs", slug: "docs" })).status).toBe(200);
      expect((await admin1.post(`${PORTALS}/docs/articles`, { article: article() })).status).toBe(500);
      expect(snapshotArticles()).toHaveLength(1);
    });

    it("takes the category's locale, and places the article last in its category", async () => {
      const de = await category({ name: "Start", slug: "start", locale: "de" });
      const first = await create({ category_id: de.id, locale: "en" });
      const second = await create({ slug: "second", category_id: de.id });
      expect([first.locale, first.position, second.position]).toEqual(["de", 10, 20]);
      expect(first.category).toEqual({ id: de.id, name: "Start", slug: "start", locale: "de" });
      expect((await create({ slug: "placed", position: 5 })).position).toBe(5);
    });

    it("links a translation to the first article of its family, and allows one published article per locale there", async () => {
      const en = await create({ status: "published" });
      const de = await create({ slug: "erste-schritte", locale: "de", associated_article_id: en.id, status: "published" });
      expect(de).toMatchObject({ associated_article_id: en.id, root_article: { id: en.id, title: "Getting started" } });
      const again = await create({ slug: "los-gehts", locale: "de", associated_article_id: de.id });
      expect(again.associated_article_id).toBe(en.id);
      const clash = await admin1.patch(`${ARTICLES}/${again.id}`, { article: { status: "published" } });
      expect([clash.status, clash.body]).toEqual([422, { message: "Locale has already been taken", attributes: ["locale"] }]);
      expect(((await admin1.get(`${ARTICLES}/${en.id}`)).body as { payload: Article }).payload.associated_articles).toHaveLength(2);
    });

    it("answers 404 for a translation of no article of the portal, with the article already made", async () => {
      const answer = await admin1.post(ARTICLES, { article: article({ associated_article_id: 99 }) });
      expect([answer.status, answer.body]).toEqual([404, NOT_FOUND]);
      expect(snapshotArticles().map((a) => a.slug)).toEqual(["getting-started"]);
    });

    it("is administrator-only, and 404 for a portal the account does not have", async () => {
      expect((await agent1.post(ARTICLES, { article: article() })).body).toEqual(NOT_AUTHORIZED);
      const unknown = await admin1.post(`${PORTALS}/nowhere/articles`, { article: article() });
      expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
    });
  });

  describe("GET", () => {
    it("lists 25 a page, the last changed first, with counts, for every member", async () => {
      for (let i = 1; i <= 27; i++) await create({ slug: `a-${i}`, status: i % 2 === 0 ? "published" : "draft" });
      const first = await agent1.get(ARTICLES);
      expect(first.status).toBe(200);
      const body = first.body as { payload: Article[]; meta: Record<string, unknown> };
      expect(body.payload).toHaveLength(25);
      expect(body.payload[0]?.slug).toBe("a-27");
      expect(body.meta).toEqual({
        all_articles_count: 27,
        archived_articles_count: 0,
        articles_count: 27,
        current_page: 1,
        draft_articles_count: 14,
        mine_articles_count: 0,
        published_count: 13,
      });
      const second = (await agent1.get(`${ARTICLES}?page=2`)).body as { payload: Article[] };
      expect(second.payload.map((a) => a.slug)).toEqual(["a-2", "a-1"]);
      const published = (await agent1.get(`${ARTICLES}?status=published&page=1`)).body as { payload: Article[] };
      expect(published.payload).toHaveLength(13);
    });

    it("counts the portal's articles and categories per locale in the portal's views", async () => {
      await category({ name: "Start", slug: "start", locale: "de" });
      await create({ status: "published" });
      await create({ slug: "b", locale: "de" });
      const shown = (await admin1.get(`${PORTALS}/help`)).body as { config: unknown; meta: unknown };
      expect(shown.config).toEqual({
        allowed_locales: [
          { code: "en", articles_count: 1, categories_count: 0, draft: false },
          { code: "de", articles_count: 1, categories_count: 1, draft: false },
        ],
        default_locale: "en",
      });
      expect(shown.meta).toEqual({
        all_articles_count: 2,
        archived_articles_count: 0,
        published_count: 1,
        draft_articles_count: 1,
        categories_count: 1,
        default_locale: "en",
      });
    });

    it("shows one article to administrators only", async () => {
      const { id } = await create();
      expect((await admin1.get(`${ARTICLES}/${id}`)).status).toBe(200);
      expect((await agent1.get(`${ARTICLES}/${id}`)).body).toEqual(NOT_AUTHORIZED);
      expect((await admin1.get(`${ARTICLES}/999`)).body).toEqual(NOT_FOUND);
    });
  });

  describe("PATCH and DELETE", () => {
    it("updates the permitted fields, replacing meta whole", async () => {
      const { id } = await create({ meta: { title: "Old", tags: ["a"] } });
      const answer = await admin1.patch(`${ARTICLES}/${id}`, { article: { title: "New", description: "D", meta: { description: "Only this" } } });
      expect((answer.body as { payload: Article }).payload).toMatchObject({ title: "New", description: "D", meta: { description: "Only this" } });
    });

    it("drops an author who is no user of the account without a word", async () => {
      const { id } = await create();
      const answer = await admin1.patch(`${ARTICLES}/${id}`, { article: { author_id: 5, title: "Renamed" } });
      expect(answer.status).toBe(200);
      expect((answer.body as { payload: Article }).payload).toMatchObject({ title: "Renamed", author: { id: 1 } });
      expect((await admin1.patch(`${ARTICLES}/${id}`, { article: { author_id: 3 } })).body).toMatchObject({ payload: { author: { id: 3 } } });
    });

    it("puts an article moved to another category last there, whatever position came with it", async () => {
      const a = await category({ name: "A", slug: "a" });
      const b = await category({ name: "B", slug: "b" });
      await create({ slug: "in-b", category_id: b.id, position: 40 });
      const { id } = await create({ category_id: a.id });
      const moved = await admin1.patch(`${ARTICLES}/${id}`, { article: { category_id: b.id, position: 5 } });
      expect((moved.body as { payload: Article }).payload.position).toBe(50);
      const placed = await admin1.patch(`${ARTICLES}/${id}`, { article: { position: 5 } });
      expect((placed.body as { payload: Article }).payload.position).toBe(5);
    });

    it("deletes, emptying its translations' link; it goes with its portal", async () => {
      const en = await create();
      const de = await create({ slug: "de", locale: "de", associated_article_id: en.id });
      expect((await admin1.delete(`${ARTICLES}/${en.id}`)).status).toBe(200);
      expect(snapshotArticles()).toEqual([expect.objectContaining({ id: de.id, associated_article_id: null })]);
      expect((await admin1.delete(`${ARTICLES}/${en.id}`)).status).toBe(404);
      expect((await admin1.delete(`${PORTALS}/help`)).status).toBe(200);
      expect(snapshotArticles()).toEqual([]);
    });
  });
});

/**
 * Exporting and comparing a help center: categories and articles refer to their portal, parent,
 * category and translation by reference and to their author as the exported agent (or, without
 * agents in the export, a look-up by e-mail address); they are declared
 * after what they refer to; article slugs take the copy's suffix as portal slugs do.
 */
import { compareModels } from "../../../sdk/clone/compare";
import { buildModel } from "../../../sdk/clone/model";
import { programText } from "../../../sdk/clone/program";
import { snapshotOf, type RawAccount } from "./support/snapshot";

/** A portal in two locales: `zz-setup` sorts after its sub-category and its translation, which must still follow it. */
function helpCenter(offset = 0, portalSlug = "help", suffix = ""): RawAccount {
  const id = (n: number) => n + offset;
  return {
    portals: [{ id: id(1), slug: portalSlug, name: "Help", config: { allowed_locales: ["en", "de"] } }],
    categories: [
      { id: id(2), portal_id: id(1), name: "Setup", slug: "zz-setup", locale: "en", position: 1, icon: "" },
      { id: id(3), portal_id: id(1), name: "Accounts", slug: "accounts", locale: "en", parent_category: { id: id(2) }, icon: "👤" },
      { id: id(4), portal_id: id(1), name: "Einrichtung", slug: "einrichtung", locale: "de", root_category: { id: id(2) } },
    ],
    articles: [
      {
        id: id(5),
        portal_id: id(1),
        slug: `welcome${suffix}`,
        title: "Welcome",
        content: "# Welcome",
        status: "published",
        locale: "en",
        position: 10,
        category: { id: id(2) },
        author: { id: 12 },
        meta: { title: "Welcome", tags: ["start"] },
      },
      {
        id: id(6),
        portal_id: id(1),
        slug: `a-willkommen${suffix}`,
        title: "Willkommen",
        content: "# Willkommen",
        status: "draft",
        locale: "de",
        position: 10,
        category: { id: null },
        associated_article_id: id(5),
        author: { id: 11 },
        meta: {},
      },
    ],
  };
}

const program = (raw: RawAccount) => programText(buildModel(snapshotOf(raw)));

test("categories and articles are declared after what they refer to, with references and the author as the exported agent", () => {
  const text = program(helpCenter());
  const position = (name: string) => text.indexOf(`const ${name} =`);
  expect(position("categoryEnZzSetup")).toBeGreaterThan(position("portalHelp"));
  expect(position("categoryEnAccounts")).toBeGreaterThan(position("categoryEnZzSetup"));
  expect(position("categoryDeEinrichtung")).toBeGreaterThan(position("categoryEnZzSetup"));
  expect(position("articleAWillkommen")).toBeGreaterThan(position("articleWelcome"));
  expect(text).toContain("portalId: idOf(portalHelp)");
  expect(text).toContain("parentCategoryId: idOf(categoryEnZzSetup)");
  expect(text).toContain("associatedCategoryId: idOf(categoryEnZzSetup)");
  expect(text).toContain("categoryId: idOf(categoryEnZzSetup)");
  expect(text).toContain("associatedArticleId: idOf(articleWelcome)");
  expect(text).toContain('const agentCarol = new chatwoot.Agent("agent-carol", {');
  expect(text).toContain("authorId: idOf(agentCarol)");
  expect(text.indexOf("const agentCarol =")).toBeLessThan(text.indexOf("const articleWelcome ="));
  expect(text).toContain('meta: { title: "Welcome", tags: ["start"] }');
  // The category gives an article its locale; only one without a category declares its own. An empty icon is none.
  expect(text).toMatch(/new chatwoot\.PortalArticle\("article-welcome", \{(?![^}]*locale)/);
  expect(text).toMatch(/slug: articleSlug\("a-willkommen"\),[^}]*locale: "de"/);
  expect(text).not.toContain('icon: ""');
  expect(text).toContain("const articleSlug = portalSlug;");
});

test("a copy under other ids is equal, also with suffixed portal and article slugs", () => {
  expect(compareModels(buildModel(snapshotOf(helpCenter())), buildModel(snapshotOf(helpCenter(100))))).toEqual([]);
  const copy = buildModel(snapshotOf(helpCenter(100, "help-staging", "-staging")));
  expect(compareModels(buildModel(snapshotOf(helpCenter())), copy, { portalSuffix: "staging" })).toEqual([]);
  // Without the suffix the copy is another help center.
  expect(compareModels(buildModel(snapshotOf(helpCenter())), copy).map((d) => `${d.kind} ${d.type} ${d.key}`)).toContain("missing PortalArticle help/welcome");
});

test("a changed article, parent or author is a difference named by what it refers to", () => {
  const other = helpCenter(100);
  other.articles![0]!.content = "# Hello";
  other.articles![0]!.author = { id: 11 };
  other.categories![1]!.parent_category = null;
  const changes = compareModels(buildModel(snapshotOf(helpCenter())), buildModel(snapshotOf(other))).map((d) => [d.key, d.changes.map((c) => [c.property, c.source, c.target])]);
  expect(changes).toEqual([
    ["help/en/accounts", [["parentCategoryId", 'portal category "help/en/zz-setup"', null]]],
    ["help/welcome", [["authorId", 'agent "carol@acme.test"', 'agent "bob@acme.test"'], ["content", "# Welcome", "# Hello"]]],
  ]);
});

// app/views/api/v1/accounts/articles/_article.json.jbuilder at fd5ac2a8a renders no locale: an article in no category
// is exported without one, and the program says so.
test.each([
  ["a view without locale", { category: { id: null, locale: null } }, true],
  ["a view with the locale", { locale: "de", category: { id: null, locale: null } }, false],
])("an article in no category read from %s carries a note on its locale: %s", (_what, view, noted) => {
  const raw = helpCenter();
  const [welcome] = raw.articles ?? [];
  const { locale: _locale, category: _category, ...rest } = welcome as Record<string, unknown>;
  const text = program({ ...raw, articles: [{ ...rest, ...view }] });
  const declaration = text.slice(text.indexOf("const articleWelcome"), text.indexOf("});", text.indexOf("const articleWelcome")));
  expect(text.includes("the server does not show this article's locale")).toBe(noted);
  expect(declaration.includes('locale: "de"')).toBe(!noted);
});

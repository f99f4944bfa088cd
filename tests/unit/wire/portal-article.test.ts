// An article as upstream's `_article` partial renders it at fd5ac2a8a (app/views/api/v1/accounts/articles/_article.json.jbuilder:
// no locale, associated_article_id or root_article; the category with its locale; the translations in associated_articles),
// and as later builds do (locale and associated_article_id rendered, root_article for a translation).
import { PortalArticleWire } from "../../../provider/wire/portal-article";

const base = { id: 9, slug: "refunds", title: "Refunds", content: "Text", description: null, status: "published", position: 10, account_id: 1, meta: {}, views: null };
const category = (id: number | null, locale: string | null) => ({ category: { id, name: id === null ? null : "Billing", slug: id === null ? null : "billing", locale } });

describe("PortalArticleWire", () => {
  it.each([
    ["fd5ac2a8a's view, in a category: the category's locale, the link unknown", { ...base, ...category(4, "de"), associated_articles: {} }, { locale: "de", associated_article_id: undefined, category_id: 4 }],
    ["fd5ac2a8a's view, in no category: locale and link unknown", { ...base, ...category(null, null), associated_articles: [{ id: 12 }] }, { locale: undefined, associated_article_id: undefined, translation_ids: [12] }],
    ["a later view of a translation", { ...base, locale: "fr", associated_article_id: 3, root_article: { id: 3 }, ...category(null, null) }, { locale: "fr", associated_article_id: 3, translation_ids: [] }],
    ["a later view of no translation", { ...base, locale: "en", associated_article_id: null, ...category(null, null) }, { locale: "en", associated_article_id: null }],
    ["a view with only root_article", { ...base, root_article: { id: 5 }, ...category(null, null) }, { associated_article_id: 5 }],
  ])("reads %s", (_case, body, expected) => {
    expect(PortalArticleWire.parse(body)).toMatchObject(expected);
  });
});

import { requireKnowledgeBaseManager } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { ARTICLES_PER_PAGE, articlesOf, createArticle, destroyArticle, findArticle, updateArticle, type ArticleFilters } from "../models/articles";
import { findPortal } from "../models/portals";
import { castInteger } from "../params";
import type { ArticleRecord, PortalRecord } from "../state";
import { agentView } from "./agent-view";
import { portalView } from "./portals";

/** The `_associated_article` partial (a translation, or the first article of the family), with its portal as index renders it. */
function associatedView(call: AccountCall, article: ArticleRecord) {
  const portal = call.state.portals.get(article.portal_id);
  const author = call.state.users.get(article.author_id);
  const { id, category_id, title, content, description, status, account_id, views } = article;
  return {
    id,
    category_id,
    title,
    content,
    description,
    status,
    account_id,
    ...(portal ? { portal: portalView(call, portal, false) } : {}),
    views,
    ...(author ? { author: agentView(call, author) } : {}),
  };
}

/**
 * The `_article` partial. `category` is always there (its fields null without one); `root_article`
 * only for a translation; `associated_articles` is `{}` when there are none (Jbuilder's rendering of
 * a block that adds nothing); `updated_at` in epoch seconds.
 */
function articleView(call: AccountCall, article: ArticleRecord) {
  const { state } = call;
  const category = article.category_id === null ? undefined : state.categories.get(article.category_id);
  const root = article.associated_article_id === null ? undefined : state.articles.get(article.associated_article_id);
  const author = state.users.get(article.author_id);
  const translations = [...state.articles.values()].filter((a) => a.associated_article_id === article.id).sort((a, b) => a.id - b.id);
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    content: article.content,
    description: article.description,
    status: article.status,
    position: article.position,
    account_id: article.account_id,
    updated_at: Math.floor(article.updated_at / 1000),
    meta: article.meta,
    locale: article.locale,
    associated_article_id: article.associated_article_id,
    ...(root ? { root_article: associatedView(call, root) } : {}),
    category: { id: article.category_id, name: category?.name ?? null, slug: category?.slug ?? null, locale: category?.locale ?? null },
    views: article.views,
    ...(author ? { author: agentView(call, author) } : {}),
    associated_articles: translations.length > 0 ? translations.map((a) => associatedView(call, a)) : {},
  };
}

const portalOf = (call: AccountCall) => findPortal(call.state, call.account, call.path.portal_slug ?? "");

/** The portal (404 first) and the article of the path, after the role check. */
function adminArticle(call: AccountCall): [PortalRecord, ArticleRecord] {
  const portal = portalOf(call);
  requireKnowledgeBaseManager(call);
  return [portal, findArticle(call.state, portal, call.path.id ?? "")];
}

/** Every member; `{payload, meta}`, one page of the portal's articles, the last changed first. */
export function index(call: AccountCall): ApiResult {
  const portal = portalOf(call);
  const { locale, category_slug, status, author_id, query } = call.query;
  const base = articlesOf(call.state, portal, { locale, category_slug, query });
  const filtered = articlesOf(call.state, portal, { locale, category_slug, query, status, author_id } satisfies ArticleFilters);
  const page = Math.max((castInteger(call.query.page) ?? 1) - 1, 0);
  const count = (keep: (a: ArticleRecord) => boolean) => base.filter(keep).length;
  return ok({
    payload: filtered.slice(page * ARTICLES_PER_PAGE, (page + 1) * ARTICLES_PER_PAGE).map((a) => articleView(call, a)),
    meta: {
      all_articles_count: articlesOf(call.state, portal).length,
      archived_articles_count: count((a) => a.status === "archived"),
      articles_count: base.length,
      current_page: call.query.page ?? 1,
      draft_articles_count: count((a) => a.status === "draft"),
      mine_articles_count: count((a) => a.author_id === call.user.id),
      published_count: count((a) => a.status === "published"),
    },
  });
}

export function show(call: AccountCall): ApiResult {
  const [, article] = adminArticle(call);
  return ok({ payload: articleView(call, article) });
}

export function create(call: AccountCall): ApiResult {
  const portal = portalOf(call);
  requireKnowledgeBaseManager(call);
  return ok({ payload: articleView(call, createArticle(call.state, portal, call.account, call)) });
}

export function update(call: AccountCall): ApiResult {
  const [portal, article] = adminArticle(call);
  return ok({ payload: articleView(call, updateArticle(call.state, portal, call.account, article, call)) });
}

export function destroy(call: AccountCall): ApiResult {
  const [, article] = adminArticle(call);
  destroyArticle(call.state, article);
  return EMPTY_OK;
}

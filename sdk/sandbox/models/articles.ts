/**
 * Help-center articles (ArticlesController, Article, ArticlePolicy), as a build later than
 * upstream's commit fd5ac2a8a has them (the help center plays that build throughout: see portals.ts):
 * - nested under a portal found by slug with `find_by!` (an unknown slug is 404, before the role check);
 * - the list is open to every member: the last changed first, 25 a page (Kaminari's default),
 *   filtered by `?locale=`, `?category_slug=`, `?status=` and `?author_id=`; show, create, update
 *   and destroy are administrator-only and look the article up in the portal after the role check;
 * - `params.require(:article)` after JSON wrapping; permitted: title, slug, position, content,
 *   description, category_id, author_id, associated_article_id, status, locale and
 *   `meta: {title, description, tags: []}` (a write replaces the whole `meta`);
 * - create refuses an `author_id` that is no user of the account (422 `{"error":"Invalid author ID"}`),
 *   update drops such an `author_id` without a word; a create without `status` makes a draft; an
 *   unknown status is an enum ArgumentError (500);
 * - before validation: a missing slug becomes `<epoch seconds>-<title parameterized>`; the locale is
 *   the category's when there is one (whatever was sent), else the one sent or the portal's default;
 *   `associated_article_id` is stored as the first article of the family it names;
 * - validations, in order: ApplicationRecord's length limits (column-lengths.ts: the content and the
 *   description 20,000 characters, the title and the slug 255), the author exists and is present, a title, content when published, a slug
 *   that is not `search`, `articles` or `categories` ("Slug is reserved"), an article with
 *   translations cannot become one, one published article per locale in a translation family;
 * - slugs are unique across the installation by a database index, which no handler rescues (500);
 * - a create without a position gets the category's highest plus 10; moving an article to another
 *   category puts it last there, whatever position the same request sent;
 * - after a create, `associated_article_id` is looked up with `find` in the portal: one that is not
 *   there answers 404, with the article already made;
 * - destroying an article empties its translations' link.
 * At fd5ac2a8a (app/controllers/api/v1/accounts/articles_controller.rb, app/models/article.rb,
 * app/views/api/v1/accounts/articles/_article.json.jbuilder) every article needs content, drafts
 * too ("Content can't be blank"); no slug is reserved; an author of another account is taken;
 * nothing is checked of translation families, and a translation is linked to its target's own
 * link or the target itself (one level, not the first of the family); the view renders no
 * `locale`, `associated_article_id` or `root_article` (a translation shows only in its target's
 * `associated_articles`).
 */
import { ApiError, internalError, recordNotFound } from "../errors";
import { ARTICLE_STATUSES } from "../fixture";
import { castEnum, castInteger, castString, isHash, isPresent, permit, requireParam, wrapParameters, type Params, type ParamsRequest, type PermitFilter } from "../params";
import { CANT_BE_BLANK, TAKEN } from "../record-errors";
import type { AccountRecord, ArticleRecord, PortalRecord, SandboxState, UserRecord } from "../state";
import { columnLengthErrors, type TextColumn } from "./column-lengths";
import { familyIds as family, rootOf as familyRoot } from "./translation-family";

/** A translation links to the first article of its family. */
const link = (row: ArticleRecord) => row.associated_article_id;
const rootOf = (state: SandboxState, row: ArticleRecord) => familyRoot(state.articles, row, link);
const familyIds = (state: SandboxState, portal: PortalRecord, rootId: number) => family(state.articles, portal.id, rootId, link);

/** Article columns: what JSON parameter wrapping copies under `article`. */
const COLUMNS = [
  "id", "content", "description", "draft_content", "draft_title", "locale", "meta", "position", "slug", "status", "title", "views",
  "created_at", "updated_at", "account_id", "associated_article_id", "author_id", "category_id", "folder_id", "portal_id",
];

const PERMIT: PermitFilter = {
  title: "scalar",
  slug: "scalar",
  position: "scalar",
  content: "scalar",
  description: "scalar",
  category_id: "scalar",
  author_id: "scalar",
  associated_article_id: "scalar",
  status: "scalar",
  locale: "scalar",
  meta: { title: "scalar", description: "scalar", tags: "scalars" },
};

/** The string and text columns a request sets (db/schema.rb), for ApplicationRecord's length limits. */
const TEXT_COLUMNS: Record<string, TextColumn> = { title: "string", slug: "string", locale: "string", content: "text", description: "text" };

/** Kaminari's default page size (Article declares none). */
export const ARTICLES_PER_PAGE = 25;

/** Slugs that would shadow help-center routes (`Article::RESERVED_SLUGS`). */
const RESERVED_SLUGS = ["search", "articles", "categories"];

/** The list filters of `list_params`. */
export interface ArticleFilters {
  locale?: string;
  category_slug?: string;
  status?: string;
  author_id?: string;
  query?: string;
}

/** The portal's articles that pass `filters`, the last changed first. */
export function articlesOf(state: SandboxState, portal: PortalRecord, filters: ArticleFilters = {}): ArticleRecord[] {
  const category = (a: ArticleRecord) => (a.category_id === null ? undefined : state.categories.get(a.category_id));
  const query = filters.query?.toLowerCase();
  return [...state.articles.values()]
    .filter((a) => a.portal_id === portal.id)
    .filter((a) => !isPresent(filters.locale) || a.locale === filters.locale)
    .filter((a) => !isPresent(filters.category_slug) || category(a)?.slug === filters.category_slug)
    .filter((a) => !isPresent(filters.status) || a.status === filters.status)
    .filter((a) => !isPresent(filters.author_id) || a.author_id === castInteger(filters.author_id))
    .filter((a) => !isPresent(query) || [a.title, a.description, a.content].some((t) => t?.toLowerCase().includes(query ?? "")))
    .sort((a, b) => b.updated_at - a.updated_at || b.id - a.id);
}

/** `@portal.articles.find(id)`. */
export function findArticle(state: SandboxState, portal: PortalRecord, idParam: string): ArticleRecord {
  const id = castInteger(idParam);
  const article = id === null ? undefined : state.articles.get(id);
  if (!article || article.portal_id !== portal.id) throw recordNotFound();
  return article;
}

/** `author_belongs_to_account?`: digits naming a user of the account. */
function isAccountUser(state: SandboxState, account: AccountRecord, value: unknown): boolean {
  const id = /^\d+$/.test(String(value)) ? Number(value) : undefined;
  const user: UserRecord | undefined = id === undefined ? undefined : state.users.get(id);
  return user !== undefined && state.roleOf(user, account.id) !== undefined;
}

export function createArticle(state: SandboxState, portal: PortalRecord, account: AccountRecord, request: ParamsRequest): ArticleRecord {
  const params = wrapParameters(request.params, request.json, "article", COLUMNS);
  // validate_author (before_action): only a blank author passes without being a user of the account.
  const author = isHash(params.article) ? params.article.author_id : undefined;
  if (isPresent(author) && !isAccountUser(state, account, author)) throw new ApiError(422, { error: "Invalid author ID" });
  const attributes = permit(requireParam(params, "article"), PERMIT);
  if (attributes.status === undefined || attributes.status === null || attributes.status === false) attributes.status = "draft";
  const draft: ArticleRecord = {
    id: 0,
    account_id: portal.account_id,
    portal_id: portal.id,
    title: "",
    slug: "",
    content: null,
    description: null,
    status: "draft",
    locale: "en",
    position: null,
    category_id: null,
    associated_article_id: null,
    author_id: 0,
    meta: null,
    views: null,
    updated_at: Date.now(),
  };
  const assigned = assign(draft, attributes);
  if (!Object.hasOwn(attributes, "slug")) assigned.slug = generatedSlug(assigned.title);
  const article = save(state, portal, assigned, undefined, slugMade(attributes, true));
  // before_create: add_position_to_article
  article.position ??= nextPosition(state, article);
  if ([...state.articles.values()].some((a) => a.slug === article.slug)) throw internalError(); // the unique index
  article.id = state.nextId("articles");
  state.articles.set(article.id, article);
  // associate_root_article, after the article exists: `portal.articles.find` of the id sent.
  const sent = castInteger(attributes.associated_article_id);
  if (isPresent(attributes.associated_article_id) && sent !== null) {
    const target = state.articles.get(sent);
    if (!target || target.portal_id !== portal.id) throw recordNotFound();
    article.associated_article_id = rootOf(state, target).id;
  }
  return article;
}

export function updateArticle(state: SandboxState, portal: PortalRecord, account: AccountRecord, article: ArticleRecord, request: ParamsRequest): ArticleRecord {
  const params = wrapParameters(request.params, request.json, "article", COLUMNS);
  if (!isPresent(params.article)) return article;
  const submitted = requireParam(params, "article");
  // discard_invalid_author
  const { author_id: author, ...rest } = submitted;
  const kept = Object.hasOwn(submitted, "author_id") && !isAccountUser(state, account, author) ? rest : submitted;
  const permitted = permit(kept, PERMIT);
  const updated = save(state, portal, assign({ ...article, meta: structuredClone(article.meta) }, permitted), article, slugMade(permitted, false));
  if (updated.category_id !== article.category_id) updated.position = nextPosition(state, updated);
  if (updated.slug !== article.slug && [...state.articles.values()].some((a) => a.id !== article.id && a.slug === updated.slug)) throw internalError();
  if (JSON.stringify(updated) !== JSON.stringify(article)) updated.updated_at = Math.max(Date.now(), article.updated_at + 1);
  state.articles.set(updated.id, updated);
  return updated;
}

export function destroyArticle(state: SandboxState, article: ArticleRecord): void {
  state.articles.delete(article.id);
  for (const other of state.articles.values()) if (other.associated_article_id === article.id) other.associated_article_id = null;
}

function assign(article: ArticleRecord, attributes: Params): ArticleRecord {
  const has = (key: string) => Object.hasOwn(attributes, key);
  for (const key of ["title", "locale"] as const) if (has(key)) article[key] = castString(attributes[key]) ?? "";
  // ensure_article_slug: `slug ||= ...`, so only a nil slug is made from the title ("" stays).
  if (has("slug")) article.slug = castString(attributes.slug) ?? generatedSlug(article.title);
  for (const key of ["content", "description"] as const) if (has(key)) article[key] = castString(attributes[key]);
  if (has("status")) article.status = castEnum(ARTICLE_STATUSES, attributes.status) ?? "draft";
  for (const key of ["position", "category_id", "associated_article_id"] as const) if (has(key)) article[key] = castInteger(attributes[key]);
  if (has("author_id")) article.author_id = castInteger(attributes.author_id) ?? 0;
  if (has("meta")) article.meta = isHash(attributes.meta) ? attributes.meta : null;
  return article;
}

/** `update_article_position_in_category`: the highest position of the category's articles in the account, plus 10. */
function nextPosition(state: SandboxState, article: ArticleRecord): number {
  const positions = [...state.articles.values()]
    .filter((a) => a.id !== article.id && a.category_id === article.category_id && a.account_id === article.account_id)
    .map((a) => a.position)
    .filter((p): p is number => p !== null);
  return positions.length === 0 ? 10 : Math.max(...positions) + 10;
}

/** The slug of an article created without one: `<epoch seconds>-<title parameterized>` ("" without a title, which fails anyway). */
function generatedSlug(title: string): string {
  return isPresent(title) ? `${Math.floor(Date.now() / 1000)}-${parameterize(title)}` : "";
}

/** ActiveSupport's `underscore.parameterize(separator: '-')` for ASCII titles. */
function parameterize(title: string): string {
  return title
    .replace(/([A-Z\d]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .replace(/-/g, "_")
    .toLowerCase()
    .replace(/[^a-z0-9\-_]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
}

/** Whether `ensure_article_slug` makes the slug: none sent on create, or nil sent. */
function slugMade(attributes: Params, creating: boolean): boolean {
  return Object.hasOwn(attributes, "slug") ? castString(attributes.slug) === null : creating;
}

/**
 * ApplicationRecord's length limits (which run before `ensure_article_slug`, so a slug made from
 * the title is not measured), the model's before_validation callbacks, then its validations (422).
 * `stored`: the row before an update.
 */
function save(state: SandboxState, portal: PortalRecord, article: ArticleRecord, stored: ArticleRecord | undefined, slugGenerated: boolean): ArticleRecord {
  const errors = columnLengthErrors({ ...article, slug: slugGenerated ? null : article.slug }, TEXT_COLUMNS);
  const category = article.category_id === null ? undefined : state.categories.get(article.category_id);
  // ensure_locale_in_article: the category's locale wins.
  article.locale = category ? category.locale : isPresent(article.locale) ? article.locale : portal.config.default_locale;
  const linkChanged = article.associated_article_id !== (stored?.associated_article_id ?? null);
  const linked = article.associated_article_id === null ? undefined : state.articles.get(article.associated_article_id);
  if (linkChanged && linked?.portal_id === portal.id) article.associated_article_id = rootOf(state, linked).id;

  if (!state.users.has(article.author_id)) errors.add("author", "must exist");
  if (article.author_id === 0) errors.add("author_id", CANT_BE_BLANK);
  if (!isPresent(article.title)) errors.add("title", CANT_BE_BLANK);
  if (article.status === "published" && !isPresent(article.content)) errors.add("content", CANT_BE_BLANK);
  if (RESERVED_SLUGS.includes(article.slug)) errors.add("slug", "is reserved");
  const others = [...state.articles.values()].filter((a) => a.portal_id === portal.id && a.id !== article.id);
  if (stored && linkChanged && others.some((a) => a.associated_article_id === article.id)) errors.add("associated_article_id", "is invalid");
  if (article.status === "published") {
    const family = familyIds(state, portal, rootOf(state, article).id);
    if (others.some((a) => family.has(a.id) && a.status === "published" && a.locale === article.locale)) errors.add("locale", TAKEN);
  }
  errors.raiseIfAny();
  return article;
}

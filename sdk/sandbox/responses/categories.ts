import { requireKnowledgeBaseManager } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { internalError } from "../errors";
import { articlesOf } from "../models/articles";
import { CATEGORIES_PER_PAGE, categoriesOf, createCategory, destroyCategory, findCategory, portalBySlug, updateCategory } from "../models/categories";
import { castInteger } from "../params";
import type { CategoryRecord, PortalRecord, SandboxState } from "../state";

/** The `_associated_category` partial (a parent, a translation's first category, a related one). */
function associatedView(category: CategoryRecord) {
  const { id, name, slug, locale, description, position, account_id } = category;
  return { id, name, slug, locale, description, position, account_id };
}

/**
 * The `_category` partial. Jbuilder renders a block that adds nothing as `{}`, so a category
 * without related categories has `related_categories: {}`; `parent_category` and `root_category`
 * (the first category of its translation family) are left out when there is none. `meta` counts the
 * category's articles (of the listed locale, in a filtered list).
 */
function categoryView(state: SandboxState, portal: PortalRecord, category: CategoryRecord, locale?: string) {
  const related = category.related_category_ids.map((id) => state.categories.get(id)).filter((c): c is CategoryRecord => c !== undefined);
  const parent = category.parent_category_id === null ? undefined : state.categories.get(category.parent_category_id);
  const root = category.associated_category_id === null ? undefined : state.categories.get(category.associated_category_id);
  return {
    ...associatedView(category),
    icon: category.icon,
    related_categories: related.length > 0 ? related.map(associatedView) : {},
    ...(parent ? { parent_category: associatedView(parent) } : {}),
    ...(root ? { root_category: associatedView(root) } : {}),
    meta: { articles_count: articlesOf(state, portal, { locale }).filter((a) => a.category_id === category.id).length },
  };
}

/** The portal of the path; a slug the account does not have leaves it nil, and the action then fails on it (500). */
function portalOf(call: AccountCall): PortalRecord {
  const portal = portalBySlug(call.state, call.account, call.path.portal_slug ?? "");
  if (!portal) throw internalError();
  return portal;
}

/** The portal and the category of the path, after the role check (`check_authorization` runs first; Enterprise lets a custom role with `knowledge_base_manage` in). */
function adminCategory(call: AccountCall): [PortalRecord, CategoryRecord] {
  requireKnowledgeBaseManager(call);
  const portal = portalOf(call);
  return [portal, findCategory(call.state, portal, call.path.id ?? "")];
}

/** Every member; `{payload, meta}`, one page of the portal's categories (`?page=`, `?locale=`). */
export function index(call: AccountCall): ApiResult {
  const portal = portalOf(call);
  const locale = call.query.locale;
  const page = Math.max((castInteger(call.query.page) ?? 1) - 1, 0);
  const categories = categoriesOf(call.state, portal, locale).slice(page * CATEGORIES_PER_PAGE, (page + 1) * CATEGORIES_PER_PAGE);
  return ok({
    payload: categories.map((c) => categoryView(call.state, portal, c, locale)),
    meta: { current_page: call.query.page ?? 1, categories_count: categories.length },
  });
}

export function show(call: AccountCall): ApiResult {
  const [portal, category] = adminCategory(call);
  return ok({ payload: categoryView(call.state, portal, category) });
}

export function create(call: AccountCall): ApiResult {
  requireKnowledgeBaseManager(call);
  const portal = portalOf(call);
  return ok({ payload: categoryView(call.state, portal, createCategory(call.state, portal, call)) });
}

export function update(call: AccountCall): ApiResult {
  const [portal, category] = adminCategory(call);
  return ok({ payload: categoryView(call.state, portal, updateCategory(call.state, portal, category, call)) });
}

export function destroy(call: AccountCall): ApiResult {
  const [, category] = adminCategory(call);
  destroyCategory(call.state, category);
  return EMPTY_OK;
}

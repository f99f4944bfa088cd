/**
 * Help-center categories (CategoriesController, Category, CategoryPolicy), as a build later than
 * upstream's commit fd5ac2a8a has them (the help center plays that build throughout: see portals.ts):
 * - nested under a portal that `Current.account.portals.find_by(slug:)` looks up without a bang: an
 *   unknown slug leaves the portal nil and the action fails on it (500), after the role check;
 * - the list is open to every member, ordered by position (nulls last), 1000 a page
 *   (`Limits::CATEGORIES_PER_PAGE`; Kaminari's default of 25 on servers before it), `?locale=`
 *   filters; show, create, update and destroy are administrator-only and look the category up in
 *   the portal after the role check (404);
 * - `params.require(:category)` after JSON wrapping; permitted: name, description, position, slug,
 *   locale, icon, parent_category_id, associated_category_id; `category.related_category_ids` sets
 *   the related categories (an update only when it names any, so they cannot be emptied);
 * - validations, in order: ApplicationRecord's length limits (column-lengths.ts), slug and name present, the locale one of the portal's allowed locales,
 *   the locale unique per slug and portal, a category with translations cannot become a
 *   translation, one category per locale in a translation family; 422 RecordInvalid;
 * - `associated_category_id` is stored as the first category of the family it names; one that is
 *   not a category of the portal is looked up with `find` (404); a `parent_category_id` that names no
 *   category breaks a foreign key (500), one of another portal is taken;
 * - destroying a category empties its articles' category, its sub categories' parent and its
 *   translations' link.
 * At fd5ac2a8a (app/controllers/api/v1/accounts/categories_controller.rb, app/models/category.rb,
 * app/views/api/v1/accounts/categories/_category.json.jbuilder) the model has no translation
 * families: `associated_category_id` is stored as sent (a translation of a translation stays one,
 * another portal's category is taken), and neither the reassociation nor the family's locale is
 * checked; db/schema.rb there has no foreign key on categories, so a `parent_category_id` naming
 * no category is stored (and no parent rendered); the rest is the same.
 */
import { internalError, recordNotFound } from "../errors";
import { castInteger, castString, isHash, isPresent, permit, requireParam, wrapParameters, type ParamsRequest, type PermitFilter } from "../params";
import { CANT_BE_BLANK, TAKEN } from "../record-errors";
import type { AccountRecord, CategoryRecord, PortalRecord, SandboxState } from "../state";
import { columnLengthErrors, type TextColumn } from "./column-lengths";
import { familyIds as family, rootOf as familyRoot } from "./translation-family";

/** A translation links to the first category of its family. */
const link = (row: CategoryRecord) => row.associated_category_id;
const rootOf = (state: SandboxState, row: CategoryRecord) => familyRoot(state.categories, row, link);
const familyIds = (state: SandboxState, portal: PortalRecord, rootId: number) => family(state.categories, portal.id, rootId, link);

/** Category columns: what JSON parameter wrapping copies under `category`. */
const COLUMNS = [
  "id", "description", "icon", "locale", "name", "position", "slug", "created_at", "updated_at", "account_id", "associated_category_id",
  "parent_category_id", "portal_id",
];

const PERMIT: PermitFilter = {
  name: "scalar",
  description: "scalar",
  position: "scalar",
  slug: "scalar",
  locale: "scalar",
  icon: "scalar",
  parent_category_id: "scalar",
  associated_category_id: "scalar",
};

/** The string and text columns a request sets (db/schema.rb), for ApplicationRecord's length limits. */
const TEXT_COLUMNS: Record<string, TextColumn> = { name: "string", slug: "string", locale: "string", icon: "string", description: "text" };

/** `Limits::CATEGORIES_PER_PAGE`. */
export const CATEGORIES_PER_PAGE = 1000;

/** `Current.account.portals.find_by(slug:)`: undefined for an unknown slug (the caller fails on it later). */
export function portalBySlug(state: SandboxState, account: AccountRecord, slug: string): PortalRecord | undefined {
  for (const portal of state.portals.values()) if (portal.account_id === account.id && portal.slug === slug) return portal;
  return undefined;
}

/** The portal's categories with `locale` (all when blank), by position (nulls last), then id. */
export function categoriesOf(state: SandboxState, portal: PortalRecord, locale?: string): CategoryRecord[] {
  const position = (c: CategoryRecord) => c.position ?? Number.POSITIVE_INFINITY;
  return [...state.categories.values()]
    .filter((c) => c.portal_id === portal.id && (!isPresent(locale) || c.locale === locale))
    .sort((a, b) => position(a) - position(b) || a.id - b.id);
}

/** `@portal.categories.find(id)`. */
export function findCategory(state: SandboxState, portal: PortalRecord, idParam: string): CategoryRecord {
  const id = castInteger(idParam);
  const category = id === null ? undefined : state.categories.get(id);
  if (!category || category.portal_id !== portal.id) throw recordNotFound();
  return category;
}

export function createCategory(state: SandboxState, portal: PortalRecord, request: ParamsRequest): CategoryRecord {
  const params = wrapParameters(request.params, request.json, "category", COLUMNS);
  const draft: CategoryRecord = {
    id: 0,
    account_id: portal.account_id,
    portal_id: portal.id,
    name: "",
    slug: "",
    locale: "en",
    description: null,
    position: null,
    icon: "",
    parent_category_id: null,
    associated_category_id: null,
    related_category_ids: [],
  };
  const category = save(state, portal, assign(draft, requireParam(params, "category")), undefined);
  category.id = state.nextId("categories");
  category.related_category_ids = relatedIds(state, portal, params.category);
  state.categories.set(category.id, category);
  return category;
}

export function updateCategory(state: SandboxState, portal: PortalRecord, category: CategoryRecord, request: ParamsRequest): CategoryRecord {
  const params = wrapParameters(request.params, request.json, "category", COLUMNS);
  const updated = save(state, portal, assign({ ...category }, requireParam(params, "category")), category);
  const related = relatedIds(state, portal, params.category);
  if (related.length > 0) updated.related_category_ids = related;
  state.categories.set(updated.id, updated);
  return updated;
}

export function destroyCategory(state: SandboxState, category: CategoryRecord): void {
  state.categories.delete(category.id);
  // `dependent: :nullify` (update_all: no timestamps change).
  for (const article of state.articles.values()) if (article.category_id === category.id) article.category_id = null;
  for (const other of state.categories.values()) {
    if (other.parent_category_id === category.id) other.parent_category_id = null;
    if (other.associated_category_id === category.id) other.associated_category_id = null;
    other.related_category_ids = other.related_category_ids.filter((id) => id !== category.id);
  }
}

/** `@portal.categories.where(id: params[:category][:related_category_ids])`, in id order. */
function relatedIds(state: SandboxState, portal: PortalRecord, categoryParams: unknown): number[] {
  const raw = isHash(categoryParams) ? categoryParams.related_category_ids : undefined;
  const wanted = new Set((Array.isArray(raw) ? raw : [raw]).map(castInteger));
  return [...state.categories.values()].filter((c) => c.portal_id === portal.id && wanted.has(c.id)).map((c) => c.id).sort((a, b) => a - b);
}

function assign(category: CategoryRecord, categoryParams: Record<string, unknown>): CategoryRecord {
  const attributes = permit(categoryParams, PERMIT);
  const has = (key: string) => Object.hasOwn(attributes, key);
  // A nil name, slug or locale fails its validation like a blank one.
  for (const key of ["name", "slug", "locale", "icon"] as const) if (has(key)) category[key] = castString(attributes[key]) ?? "";
  if (has("description")) category.description = castString(attributes.description);
  if (has("position")) category.position = castInteger(attributes.position);
  if (has("parent_category_id")) category.parent_category_id = castInteger(attributes.parent_category_id);
  if (has("associated_category_id")) category.associated_category_id = castInteger(attributes.associated_category_id);
  return category;
}

/** Ruby's `Array#inspect` of strings, as the locale message interpolates the allowed locales. */
const rubyArray = (items: readonly string[]) => `[${items.map((i) => JSON.stringify(i)).join(", ")}]`;

/** before_validation, validations (422), then the foreign keys (500). `stored`: the row before an update. */
function save(state: SandboxState, portal: PortalRecord, category: CategoryRecord, stored: CategoryRecord | undefined): CategoryRecord {
  const errors = columnLengthErrors(category, TEXT_COLUMNS);
  const linkChanged = category.associated_category_id !== (stored?.associated_category_id ?? null);
  const inPortal = (id: number | null) => {
    const found = id === null ? undefined : state.categories.get(id);
    return found?.portal_id === portal.id ? found : undefined;
  };
  // associate_with_root_category
  const linked = inPortal(category.associated_category_id);
  if (linkChanged && linked) category.associated_category_id = rootOf(state, linked).id;

  if (!isPresent(category.slug)) errors.add("slug", CANT_BE_BLANK);
  if (!isPresent(category.name)) errors.add("name", CANT_BE_BLANK);
  const allowed = portal.config.allowed_locales;
  if (!allowed.includes(category.locale)) errors.add("locale", `${category.locale} of category is not part of portal's ${rubyArray(allowed)}.`);
  const others = [...state.categories.values()].filter((c) => c.portal_id === portal.id && c.id !== category.id);
  if (others.some((c) => c.slug === category.slug && c.locale === category.locale)) errors.add("locale", "should be unique in the category and portal");
  if (stored && linkChanged && others.some((c) => c.associated_category_id === category.id)) errors.add("associated_category_id", "is invalid");
  if (!errors.messages().locale) {
    // unique_locale_in_translation_family: `portal.categories.find` of the link, so one outside the portal is a 404.
    let rootId: number | undefined = stored ? category.id : undefined;
    if (category.associated_category_id !== null) {
      const target = inPortal(category.associated_category_id);
      if (!target) throw recordNotFound();
      rootId = rootOf(state, target).id;
      category.associated_category_id = rootId;
    }
    if (rootId !== undefined) {
      const family = familyIds(state, portal, rootId);
      if (others.some((c) => family.has(c.id) && c.locale === category.locale)) errors.add("locale", TAKEN);
    }
  }
  errors.raiseIfAny();
  for (const id of [category.parent_category_id, category.associated_category_id]) if (id !== null && !state.categories.has(id)) throw internalError();
  return category;
}

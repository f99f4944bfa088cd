/**
 * Help Center portals (research section 3), behaving like current upstream:
 * - addressed by slug within the account; an unknown or foreign slug is 404 (after PR #15798),
 *   found before the role check runs, so agents get 404 for it too;
 * - `name` and `slug` required, slug unique across ALL accounts, custom_domain unique when set;
 * - `config`: strong parameters keep `default_locale`, `allowed_locales` and `draft_locales` and
 *   drop every other key silently (so the model's "Config ... is not supported" error cannot be
 *   reached through the API); the newest model (2026) merges what is sent into the stored config
 *   (an update without `draft_locales` keeps them), drops blank and repeated locales, keeps only
 *   drafts among the allowed locales, and refuses a drafted default locale; locale codes are not checked;
 * - `color`, when not blank, must be `#rgb` or `#rrggbb` ("Color is invalid", newest model);
 * - create reduces an http(s) custom_domain to its host, update stores it raw; creating without a
 *   custom_domain works (fixed upstream in May 2026);
 * - update only happens when the `portal` parameter is present, and fails with RecordInvalid's
 *   `{message, attributes}` (newer builds);
 * - top-level `inbox_id` links a web-widget inbox, looked up without an account scope (unknown →
 *   404, other channel types ignored, blank clears the link);
 * - deleting a portal deletes its categories and articles.
 * Which upstream: builds later than upstream's commit fd5ac2a8a (2026-02-13), as the research notes
 * and the PRs named above describe them. At fd5ac2a8a (app/models/portal.rb,
 * app/views/api/v1/accounts/portals/_portal.json.jbuilder) there are no draft locales and no color
 * format check, `config` takes `allowed_locales`, `default_locale` and `website_token` (another key
 * is 422 "Cofig in portal on <keys> is not supported."), the view's `config` holds the allowed
 * locales alone and its `meta` adds `mine_articles_count`.
 */
import { internalError, recordNotFound } from "../errors";
import { castBoolean, castString, isHash, isPresent, permit, requireParam, wrapParameters, type Params, type PermitFilter } from "../params";
import { RecordErrors } from "../record-errors";
import { rowById, type AccountRecord, type PortalRecord, type SandboxState } from "../state";

/** Portal columns: what JSON parameter wrapping copies under `portal`. */
const PORTAL_COLUMNS = ["id", "account_id", "name", "slug", "custom_domain", "color", "homepage_link", "page_title", "header_text", "config", "archived", "created_at", "updated_at", "channel_web_widget_id", "ssl_settings"];

/** `portal_params`, except `config` (see {@link permittedConfig}). */
const PORTAL_PERMIT: PermitFilter = {
  color: "scalar",
  custom_domain: "scalar",
  header_text: "scalar",
  homepage_link: "scalar",
  name: "scalar",
  page_title: "scalar",
  slug: "scalar",
  archived: "scalar",
};

/** `config: [:default_locale, { allowed_locales: [] }, { draft_locales: [] }]`: scalars and lists of scalars. */
const CONFIG_PERMIT: PermitFilter = { default_locale: "scalar", allowed_locales: "scalars", draft_locales: "scalars" };

/** `Current.account.portals.find_by!(slug:)`. */
export function findPortal(state: SandboxState, account: AccountRecord, slug: string): PortalRecord {
  for (const portal of state.portals.values()) if (portal.account_id === account.id && portal.slug === slug) return portal;
  throw recordNotFound();
}

export function portalsOf(state: SandboxState, account: AccountRecord): PortalRecord[] {
  return [...state.portals.values()].filter((p) => p.account_id === account.id);
}

/** The portal attributes a request carries: wrapped JSON keys or an explicit `portal` hash, plus `inbox_id`. */
interface PortalRequest {
  params: Params;
  json: boolean;
}

export function createPortal(state: SandboxState, account: AccountRecord, request: PortalRequest): PortalRecord {
  const params = wrapParameters(request.params, request.json, "portal", PORTAL_COLUMNS);
  const attributes = portalAttributes(requireParam(params, "portal"));
  const link = widgetLink(state, params);
  const draft: PortalRecord = {
    id: 0,
    account_id: account.id,
    name: "",
    slug: "",
    color: null,
    custom_domain: null,
    header_text: null,
    homepage_link: null,
    page_title: null,
    archived: false,
    config: { allowed_locales: ["en"], default_locale: "en", draft_locales: [] },
    inbox_id: null,
  };
  const portal = assign(draft, attributes, link);
  portal.custom_domain = hostOfUrl(portal.custom_domain);
  validate(state, portal);
  portal.id = state.nextId("portals");
  state.portals.set(portal.id, portal);
  return portal;
}

export function updatePortal(state: SandboxState, portal: PortalRecord, request: PortalRequest): PortalRecord {
  const params = wrapParameters(request.params, request.json, "portal", PORTAL_COLUMNS);
  if (!isPresent(params.portal)) return portal;
  const attributes = portalAttributes(requireParam(params, "portal"));
  const updated = assign({ ...portal }, attributes, widgetLink(state, params));
  // normalize_config: what is sent is merged into what is stored.
  if (Object.hasOwn(attributes, "config")) updated.config = { ...portal.config, ...(attributes.config as object) } as PortalRecord["config"];
  validate(state, updated);
  state.portals.set(updated.id, updated);
  return updated;
}

/** Its categories and articles go with it (`dependent: :destroy_async`, here at once). */
export function destroyPortal(state: SandboxState, portal: PortalRecord): void {
  state.portals.delete(portal.id);
  for (const category of state.categories.values()) if (category.portal_id === portal.id) state.categories.delete(category.id);
  for (const article of state.articles.values()) if (article.portal_id === portal.id) state.articles.delete(article.id);
}

/** Permitted attributes, `config` with only its permitted keys. */
function portalAttributes(portalParams: Params): Params {
  const attributes = permit(portalParams, PORTAL_PERMIT);
  if (isHash(portalParams.config)) attributes.config = permit(portalParams.config, CONFIG_PERMIT);
  return attributes;
}

/** `live_chat_widget_params`: undefined = leave the link alone, null = clear it, a number = link that inbox. */
function widgetLink(state: SandboxState, params: Params): number | null | undefined {
  if (!Object.hasOwn(params, "inbox_id")) return undefined;
  if (!isPresent(params.inbox_id)) return null;
  const inbox = rowById(state.inboxes, params.inbox_id); // unscoped upstream: any account's inbox
  if (!inbox) throw recordNotFound();
  return inbox.channel_type === "Channel::WebWidget" ? inbox.id : undefined;
}

function assign(portal: PortalRecord, attributes: Params, link: number | null | undefined): PortalRecord {
  const has = (key: string) => Object.hasOwn(attributes, key);
  // A nil name or slug fails presence like a blank one.
  if (has("name")) portal.name = castString(attributes.name) ?? "";
  if (has("slug")) portal.slug = castString(attributes.slug) ?? "";
  for (const key of ["color", "header_text", "page_title"] as const) if (has(key)) portal[key] = castString(attributes[key]);
  // before_validation: blank custom_domain / homepage_link become nil.
  if (has("custom_domain")) portal.custom_domain = nilIfBlank(castString(attributes.custom_domain));
  if (has("homepage_link")) portal.homepage_link = nilIfBlank(castString(attributes.homepage_link));
  if (has("archived")) portal.archived = castBoolean(attributes.archived);
  if (has("config")) portal.config = attributes.config as PortalRecord["config"];
  if (link !== undefined) portal.inbox_id = link;
  return portal;
}

function nilIfBlank(value: string | null): string | null {
  return value === null || value.trim() === "" ? null : value;
}

/** `parsed_custom_domain` (create only): an http(s) URL becomes its host; an unparsable one raises. */
function hostOfUrl(domain: string | null): string | null {
  if (domain === null) return null;
  if (/\s/.test(domain)) throw internalError(); // URI::InvalidURIError
  if (!/^https?:\/\//i.test(domain)) return domain;
  try {
    return new URL(domain).hostname;
  } catch {
    throw internalError();
  }
}

/** Model validations, then `config` normalised the way the model saves it. */
function validate(state: SandboxState, portal: PortalRecord): void {
  const errors = new RecordErrors();
  if (!isPresent(portal.name)) errors.add("name", "can't be blank");
  if (!isPresent(portal.slug)) errors.add("slug", "can't be blank");
  const others = [...state.portals.values()].filter((p) => p.id !== portal.id);
  if (others.some((p) => p.slug === portal.slug)) errors.add("slug", "has already been taken");
  if (portal.custom_domain !== null && others.some((p) => p.custom_domain === portal.custom_domain)) errors.add("custom_domain", "has already been taken");
  if (isPresent(portal.color) && !/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(portal.color ?? "")) errors.add("color", "is invalid");
  const normalized = normalizeConfig(portal.config);
  if (normalized.draft_locales.includes(normalized.default_locale)) errors.add("config", "default locale cannot be drafted.");
  errors.raiseIfAny();
  portal.config = normalized;
}

/**
 * `normalize_config`: allowed locales without blanks or repeats, else `[default_locale]`; the
 * default locale, else the first allowed one, else "en"; drafts only among the allowed locales.
 */
function normalizeConfig(config: unknown): PortalRecord["config"] {
  const source = isHash(config) ? config : {};
  const codes = (value: unknown): string[] => [...new Set((Array.isArray(value) ? value : []).map((v) => castString(v) ?? "").filter((v) => v.trim() !== ""))];
  const listed = codes(source.allowed_locales);
  const defaultLocale = castString(source.default_locale) || listed[0] || "en";
  const allowed = listed.length > 0 ? listed : [castString(source.default_locale) || "en"];
  const drafted = codes(source.draft_locales);
  return { allowed_locales: allowed, default_locale: defaultLocale, draft_locales: allowed.filter((l) => drafted.includes(l)) };
}

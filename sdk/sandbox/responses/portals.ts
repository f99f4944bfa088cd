import { requireAdministrator, requireKnowledgeBaseManager } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { internalError } from "../errors";
import { articlesOf } from "../models/articles";
import { categoriesOf } from "../models/categories";
import { createPortal, destroyPortal, findPortal, portalsOf, updatePortal } from "../models/portals";
import type { PortalRecord } from "../state";
import { inboxView } from "./inboxes";

/** Newer builds render a blank color as the default brand color. */
const DEFAULT_COLOR = "#1f93ff";

/**
 * The `_portal` partial. Each allowed locale counts its articles and categories; index, create and
 * update pass an empty article list, so their `meta` counts no articles (archived, published and
 * draft counts are null), while show counts them. `logo` and `ssl_settings` are omitted (never
 * set here); `inbox` only when linked.
 */
export function portalView(call: AccountCall, portal: PortalRecord, counted: boolean) {
  const { config } = portal;
  const linked = portal.inbox_id === null ? undefined : call.state.inboxes.get(portal.inbox_id);
  const articles = counted ? articlesOf(call.state, portal) : [];
  const count = (status: string) => (counted ? articles.filter((a) => a.status === status).length : null);
  return {
    id: portal.id,
    color: portal.color || DEFAULT_COLOR,
    custom_domain: portal.custom_domain,
    header_text: portal.header_text,
    homepage_link: portal.homepage_link,
    name: portal.name,
    page_title: portal.page_title,
    slug: portal.slug,
    archived: portal.archived,
    account_id: portal.account_id,
    config: {
      allowed_locales: config.allowed_locales.map((code) => ({
        code,
        articles_count: articlesOf(call.state, portal, { locale: code }).length,
        categories_count: categoriesOf(call.state, portal, code).length,
        draft: config.draft_locales.includes(code),
      })),
      default_locale: config.default_locale,
    },
    ...(linked ? { inbox: inboxView(linked, { administrator: call.role === "administrator", origin: call.origin }) } : {}),
    meta: {
      all_articles_count: articles.length,
      archived_articles_count: count("archived"),
      published_count: count("published"),
      draft_articles_count: count("draft"),
      categories_count: categoriesOf(call.state, portal).length,
      default_locale: config.default_locale,
    },
  };
}

/** Any member; `{payload, meta}`; `page` is echoed but nothing paginates. */
export function index(call: AccountCall): ApiResult {
  const portals = portalsOf(call.state, call.account);
  return ok({ payload: portals.map((p) => portalView(call, p, false)), meta: { current_page: call.query.page ?? 1, portals_count: portals.length } });
}

/** Administrators; a bare portal (the spec documents `{payload:[portal]}`, which the documented mode sends). */
export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  const view = portalView(call, createPortal(call.state, call.account, call), false);
  return ok(call.shapes === "documented" ? { payload: [view] } : view);
}

export function show(call: AccountCall): ApiResult {
  return ok(portalView(call, findPortal(call.state, call.account, call.path.slug ?? ""), true));
}

/** Administrators, or on Enterprise a custom role with `knowledge_base_manage` (Enterprise::PortalPolicy#update?). */
export function update(call: AccountCall): ApiResult {
  const portal = findPortal(call.state, call.account, call.path.slug ?? "");
  requireKnowledgeBaseManager(call);
  return ok(portalView(call, updatePortal(call.state, portal, call), false));
}

export function destroy(call: AccountCall): ApiResult {
  const portal = findPortal(call.state, call.account, call.path.slug ?? "");
  requireAdministrator(call);
  destroyPortal(call.state, portal);
  return EMPTY_OK;
}

/** `DELETE .../logo`: as update (Enterprise::PortalPolicy#logo?); nothing is ever attached here, so only the answer is modelled. */
export function destroyLogo(call: AccountCall): ApiResult {
  findPortal(call.state, call.account, call.path.slug ?? "");
  requireKnowledgeBaseManager(call);
  return EMPTY_OK;
}

/** `PATCH .../archive` is broken upstream (PortalPolicy has no `archive?`): a 500 for any role once the portal is found. */
export function archive(call: AccountCall): ApiResult {
  findPortal(call.state, call.account, call.path.slug ?? "");
  throw internalError();
}

import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { recordNotFound } from "../errors";
import { INTEGRATION_APPS, integrationApp, type IntegrationApp } from "../models/integration-apps";
import { integrationHooks, UPDATABLE } from "../models/integration-hooks";
import type { IntegrationHookRecord } from "../state";

/**
 * The `_hook` partial (app/views/api/v1/models/_hook.json.jbuilder at fd5ac2a8a): `status` as
 * `enabled?`, the inbox as `{id, name}`; the settings whole (credentials included) and
 * `reference_id` for administrators only.
 */
function hookView(call: AccountCall, hook: IntegrationHookRecord) {
  const inbox = hook.inbox_id === null ? undefined : call.state.inboxes.get(hook.inbox_id);
  return {
    id: hook.id,
    app_id: hook.app_id,
    status: hook.status === "enabled",
    inbox: inbox ? { id: inbox.id, name: inbox.name } : null,
    account_id: hook.account_id,
    hook_type: hook.hook_type,
    ...(call.role === "administrator" ? { settings: structuredClone(hook.settings), reference_id: null } : {}),
  };
}

/** `enabled?`: webhooks and dashboard apps are enabled by rows of their own tables, other apps by a hook. */
function enabled(call: AccountCall, found: IntegrationApp): boolean {
  const own = (rows: Map<number, { account_id: number }>) => [...rows.values()].some((row) => row.account_id === call.account.id);
  if (found.params.id === "webhook") return own(call.state.webhooks);
  if (found.params.id === "dashboard_apps") return own(call.state.dashboardApps);
  return integrationHooks.of(call.state, call.account).some((hook) => hook.app_id === found.params.id);
}

/**
 * `action`: Slack's and Linear's OAuth addresses carry the installation's client id (none
 * configured here) and redirect URL (`FRONTEND_URL`, unset); Linear's `state` is a signed token
 * of the account, which the sandbox stands in for with an opaque one.
 */
function action(call: AccountCall, found: IntegrationApp): string | null {
  const base = found.params.action ?? null;
  if (found.params.id === "slack") return `${base}&client_id=&redirect_uri=/app/accounts/${call.account.id}/settings/integrations/slack`;
  if (found.params.id === "linear") {
    const state = Buffer.from(`linear:${call.account.id}`).toString("base64url");
    return [`${base}?response_type=code`, "client_id=", "redirect_uri=/linear/callback", `state=${state}`, "scope=read,write", "prompt=consent", "actor=app"].join("&");
  }
  return base;
}

/**
 * The `_app` partial (app/views/api/v1/models/_app.json.jbuilder at fd5ac2a8a): the app's texts and
 * `enabled`; for administrators its whole apps.yml entry, `action` and `button`; the account's
 * hooks of it, for every member.
 */
function appView(call: AccountCall, found: IntegrationApp) {
  const hooks = integrationHooks.of(call.state, call.account).filter((hook) => hook.app_id === found.params.id);
  const admin = call.role === "administrator";
  return {
    id: found.params.id,
    name: found.name,
    description: found.description,
    short_description: found.short_description,
    enabled: enabled(call, found),
    ...(admin ? { ...structuredClone(found.params), action: action(call, found), button: action(call, found) } : {}),
    hooks: hooks.map((hook) => hookView(call, hook)),
  };
}

/** `{payload: [app]}`: the apps active for the account (`active?`), in apps.yml's order, each as the show renders it. */
export function apps(call: AccountCall): ApiResult {
  return ok({ payload: INTEGRATION_APPS.filter((found) => found.active(call.account.features)).map((found) => appView(call, found)) });
}

/** One app with the account's hooks of it; any member may read it. */
export function app(call: AccountCall): ApiResult {
  const found = integrationApp(call.path.id);
  if (!found) throw recordNotFound();
  return ok(appView(call, found));
}

export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  return ok(hookView(call, integrationHooks.create(call.state, call.account, call)));
}

/** fetch_hook, then the role check; only status and settings are applied. */
export function update(call: AccountCall): ApiResult {
  const hook = integrationHooks.find(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  const nested = call.params.hook;
  const params = typeof nested === "object" && nested !== null && !Array.isArray(nested) ? (nested as Record<string, unknown>) : call.params;
  const sliced = Object.fromEntries(UPDATABLE.filter((key) => Object.hasOwn(params, key)).map((key) => [key, params[key]]));
  return ok(hookView(call, integrationHooks.update(call.state, hook, { params: { hook: sliced }, json: call.json })));
}

/** `head :ok`. */
export function destroy(call: AccountCall): ApiResult {
  const hook = integrationHooks.find(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  integrationHooks.destroy(call.state, hook);
  return EMPTY_OK;
}

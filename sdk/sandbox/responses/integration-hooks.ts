import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { recordNotFound } from "../errors";
import { integrationApp, integrationHooks, INTEGRATION_APPS, UPDATABLE, type IntegrationApp } from "../models/integration-hooks";
import type { IntegrationHookRecord } from "../state";

/** The `_hook` partial: `status` as `enabled?`, the inbox as `{id, name}`; settings (the app's visible ones) and reference_id for administrators. */
function hookView(call: AccountCall, hook: IntegrationHookRecord) {
  const inbox = hook.inbox_id === null ? undefined : call.state.inboxes.get(hook.inbox_id);
  const visible = integrationApp(hook.app_id)?.visible_properties ?? [];
  return {
    id: hook.id,
    app_id: hook.app_id,
    status: hook.status === "enabled",
    inbox: inbox ? { id: inbox.id, name: inbox.name } : null,
    account_id: hook.account_id,
    hook_type: hook.hook_type,
    ...(call.role === "administrator"
      ? { settings: Object.fromEntries(Object.entries(hook.settings).filter(([key]) => visible.includes(key))), reference_id: null }
      : {}),
  };
}

/** The `_app` partial: the app and the account's hooks of it. */
function appView(call: AccountCall, found: IntegrationApp) {
  const hooks = integrationHooks.of(call.state, call.account).filter((hook) => hook.app_id === found.id);
  return { id: found.id, name: found.name, enabled: hooks.length > 0, hooks: hooks.map((hook) => hookView(call, hook)) };
}

/** `{payload: [app]}`: every app, without hooks (the index view lists none). */
export function apps(call: AccountCall): ApiResult {
  return ok({ payload: INTEGRATION_APPS.map((found) => ({ id: found.id, name: found.name, enabled: integrationHooks.of(call.state, call.account).some((h) => h.app_id === found.id) })) });
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

/**
 * Integration hooks (app/controllers/api/v1/accounts/integrations/hooks_controller.rb,
 * app/models/integrations/hook.rb, app/policies/hook_policy.rb at fd5ac2a8a) of the apps of
 * integration-apps.ts:
 * - create, update and destroy are administrator-only (HookPolicy); the hook is found among the
 *   account's (`Current.account.hooks.find`, 404) before the role check; there is no show action
 *   and no index: hooks are listed by their app (`GET /integrations/apps/:id`);
 * - `params.require(:hook).permit(:app_id, :inbox_id, :status, settings: {})`; update applies only
 *   `status` and `settings` (`attr_readonly :app_id, :inbox_id, :hook_type`), and replaces the
 *   settings whole;
 * - validations (422 RecordInvalid): app_id present and, unless the app allows several hooks,
 *   unique in the account ("has already been taken"); inbox_id present for an inbox app; the
 *   settings valid against the app's `settings_json_schema` ("Settings : Invalid settings data");
 *   the app's `feature_flag` enabled for the account ("Feature flag Feature not enabled"); no
 *   check with the vendor (an OpenAI key is taken as it is);
 * - `settings: {}` permits any hash, nested objects included, kept as sent;
 * - `hook_type` comes from the app; `status` defaults to enabled; destroy answers 200.
 */
import { internalError } from "../errors";
import { castInteger, castString, isHash, type Params, type PermitFilter } from "../params";
import { RecordErrors, TAKEN, CANT_BE_BLANK } from "../record-errors";
import type { IntegrationHookRecord, SandboxState } from "../state";
import { accountTable } from "./account-table";
import { integrationApp, type IntegrationApp } from "./integration-apps";

const COLUMNS = ["id", "access_token", "hook_type", "settings", "status", "created_at", "updated_at", "account_id", "app_id", "inbox_id", "reference_id"];
const PERMIT: PermitFilter = { app_id: "scalar", inbox_id: "scalar", status: "scalar", settings: "hash" };

type Draft = Omit<IntegrationHookRecord, "app_id"> & { app_id: string | null; status_param?: unknown };

/** The account's hooks, in id order. */
export const integrationHooks = accountTable<IntegrationHookRecord, Draft>({
  rows: (state) => state.integrationHooks,
  sequence: "integration_hooks",
  param: "hook",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => ({ id: 0, account_id: account.id, app_id: null, inbox_id: null, status: "enabled", hook_type: "account", settings: {} }),
  assign,
  save: validated,
});

/** Update may change only these (`permitted_params.slice(:status, :settings)`). */
export const UPDATABLE = ["status", "settings"] as const;

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  // attr_readonly: an update's app and inbox are dropped by the controller before they get here.
  if (has("app_id") && draft.id === 0) draft.app_id = castString(attributes.app_id);
  if (has("inbox_id") && draft.id === 0) draft.inbox_id = castInteger(attributes.inbox_id);
  if (has("status")) draft.status_param = attributes.status;
  if (has("settings")) draft.settings = isHash(attributes.settings) ? structuredClone(attributes.settings) : {};
  return draft;
}

/** The enum's cast: a name or its integer; anything else is an ArgumentError, a 500 upstream. */
function status(value: unknown, previous: "enabled" | "disabled"): "enabled" | "disabled" {
  if (value === undefined) return previous;
  if (value === "enabled" || value === 1 || value === "1") return "enabled";
  if (value === "disabled" || value === 0 || value === "0") return "disabled";
  throw internalError();
}

/** JSONSchemer's verdict on the settings, for the app's schema (none: anything goes). */
function validSettings(found: IntegrationApp, settings: Params): boolean {
  const schema = found.params.settings_json_schema;
  if (!schema) return true;
  for (const key of schema.required) if (!Object.hasOwn(settings, key)) return false;
  for (const [key, value] of Object.entries(settings)) {
    const type = schema.properties[key]?.type;
    if (type === undefined) return false; // additionalProperties: false
    const ok = type === "object" ? isHash(value) : type === "integer" ? Number.isInteger(value) : typeof value === type;
    if (!ok) return false;
  }
  return true;
}

function validated(draft: Draft, state: SandboxState): IntegrationHookRecord {
  const { status_param, ...row } = draft;
  row.status = status(status_param, draft.status);
  const errors = new RecordErrors();
  const found = integrationApp(row.app_id);
  if (found) row.hook_type = found.params.hook_type; // ensure_hook_type
  if (row.app_id === null || row.app_id === "") errors.add("app_id", CANT_BE_BLANK);
  if (row.hook_type === "inbox" && row.inbox_id === null) errors.add("inbox_id", CANT_BE_BLANK);
  if (found && !validSettings(found, row.settings)) errors.add("settings", ": Invalid settings data");
  const account = state.accounts.get(row.account_id);
  const flag = found?.params.feature_flag;
  if (flag && !account?.features.includes(flag)) errors.add("feature_flag", "Feature not enabled");
  const single = !found?.params.allow_multiple_hooks;
  if (single && [...state.integrationHooks.values()].some((h) => h.id !== row.id && h.account_id === row.account_id && h.app_id === row.app_id)) {
    errors.add("app_id", TAKEN);
  }
  errors.raiseIfAny();
  return row as IntegrationHookRecord;
}

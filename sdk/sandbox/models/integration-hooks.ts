/**
 * Integration hooks (Integrations::HooksController, Integrations::Hook, HookPolicy) and the apps
 * of `config/integration/apps.yml` they belong to, behaving like current upstream:
 * - create, update and destroy are administrator-only (HookPolicy); the hook is found among the
 *   account's (`Current.account.hooks.find`, 404) before the role check; there is no show action
 *   and no index: hooks are listed by their app (`GET /integrations/apps/:id`);
 * - `params.require(:hook).permit(:app_id, :inbox_id, :status, settings: {})`; update applies only
 *   `status` and `settings` (`attr_readonly :app_id, :inbox_id, :hook_type`), and replaces the
 *   settings whole;
 * - validations (422 RecordInvalid): app_id present and, unless the app allows several hooks,
 *   unique in the account ("has already been taken"); inbox_id present for an inbox app; the
 *   settings valid against the app's `settings_json_schema` ("Settings : Invalid settings data");
 *   the app's `feature_flag` enabled for the account ("Feature flag Feature not enabled");
 * - upstream checks an OpenAI key and Cloudflare credentials with the vendor, which the sandbox
 *   cannot reach: it takes any key, and refuses the one `sk-rejected` as upstream refuses a key
 *   OpenAI rejects, so a client's handling of that answer can be tested;
 * - `hook_type` comes from the app; `status` defaults to enabled; destroy answers 200.
 */
import { internalError } from "../errors";
import { castInteger, castString, isHash, type Params, type PermitFilter } from "../params";
import { RecordErrors, TAKEN, CANT_BE_BLANK } from "../record-errors";
import type { IntegrationHookRecord, SandboxState } from "../state";
import { accountTable } from "./account-table";

/** One property of an app's settings schema: its JSON type. */
type SchemaType = "string" | "object" | "boolean" | "integer";

/** An app of apps.yml, as much of it as hooks use. */
export interface IntegrationApp {
  id: string;
  name: string;
  hook_type: "account" | "inbox";
  allow_multiple_hooks: boolean;
  feature_flag?: string;
  /** `settings_json_schema`: the properties, the required ones; additional properties are refused. Absent: anything goes. */
  schema?: { properties: Record<string, SchemaType>; required: string[]; open?: boolean };
  /** `visible_properties`: the settings keys the views show. */
  visible_properties: string[];
}

const app = (id: string, name: string, rest: Partial<IntegrationApp> = {}): IntegrationApp => ({
  id, name, hook_type: "account", allow_multiple_hooks: false, visible_properties: [], ...rest,
});

/** The apps of current upstream's apps.yml (webhooks and dashboard apps are tables of their own). */
export const INTEGRATION_APPS: readonly IntegrationApp[] = [
  app("openai", "OpenAI", { schema: { properties: { api_key: "string" }, required: ["api_key"] } }),
  app("linear", "Linear"),
  app("notion", "Notion"),
  app("slack", "Slack", { schema: { properties: { channel_name: "string", message_mode: "string" }, required: [], open: true }, visible_properties: ["channel_name", "message_mode"] }),
  app("dialogflow", "Dialogflow", {
    hook_type: "inbox",
    allow_multiple_hooks: true,
    schema: { properties: { project_id: "string", credentials: "object", region: "string", language_code: "string" }, required: ["project_id", "credentials"] },
    visible_properties: ["project_id", "region", "language_code"],
  }),
  app("google_translate", "Google Translate", {
    schema: { properties: { project_id: "string", credentials: "object" }, required: ["project_id", "credentials"] },
    visible_properties: ["project_id"],
  }),
  app("dyte", "Cloudflare RealtimeKit", {
    schema: { properties: { account_id: "string", app_id: "string", api_token: "string" }, required: ["account_id", "app_id", "api_token"] },
    visible_properties: ["account_id", "app_id"],
  }),
  app("shopify", "Shopify"),
  app("leadsquared", "LeadSquared", {
    feature_flag: "crm_integration",
    schema: {
      properties: {
        access_key: "string", secret_key: "string", endpoint_url: "string", app_url: "string", timezone: "string",
        enable_conversation_activity: "boolean", enable_transcript_activity: "boolean", conversation_activity_score: "string",
        transcript_activity_score: "string", conversation_activity_code: "integer", transcript_activity_code: "integer",
      },
      required: ["access_key", "secret_key"],
    },
    visible_properties: ["endpoint_url", "enable_conversation_activity", "enable_transcript_activity", "conversation_activity_score", "transcript_activity_score"],
  }),
];

/** `Integrations::App.find(id:)`. */
export const integrationApp = (id: unknown): IntegrationApp | undefined => INTEGRATION_APPS.find((a) => a.id === id);

/** The settings keys of an app that the views never show: its credentials (a hook's snapshot leaves them out too). */
export function hiddenSettings(appId: string): string[] {
  const found = integrationApp(appId);
  return Object.keys(found?.schema?.properties ?? {}).filter((key) => !found?.visible_properties.includes(key));
}

/** The key the sandbox refuses as OpenAI would refuse an invalid one. */
export const INVALID_OPENAI_KEY = "sk-rejected";

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

/** JSONSchemer's verdict on the settings, for the app's schema. */
function validSettings(found: IntegrationApp, settings: Params): boolean {
  const schema = found.schema;
  if (!schema) return true;
  for (const key of schema.required) if (!Object.hasOwn(settings, key)) return false;
  for (const [key, value] of Object.entries(settings)) {
    const type = schema.properties[key];
    if (type === undefined) {
      if (!schema.open) return false;
      continue;
    }
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
  if (found) row.hook_type = found.hook_type; // ensure_hook_type
  if (row.app_id === null || row.app_id === "") errors.add("app_id", CANT_BE_BLANK);
  if (row.hook_type === "inbox" && row.inbox_id === null) errors.add("inbox_id", CANT_BE_BLANK);
  if (found && !validSettings(found, row.settings)) errors.add("settings", ": Invalid settings data");
  const account = state.accounts.get(row.account_id);
  if (found?.feature_flag && !account?.features.includes(found.feature_flag)) errors.add("feature_flag", "Feature not enabled");
  if (row.app_id === "openai" && row.status === "enabled" && row.settings.api_key === INVALID_OPENAI_KEY) errors.add("base", "Invalid API key");
  const single = !found?.allow_multiple_hooks;
  if (single && [...state.integrationHooks.values()].some((h) => h.id !== row.id && h.account_id === row.account_id && h.app_id === row.app_id)) {
    errors.add("app_id", TAKEN);
  }
  errors.raiseIfAny();
  return row as IntegrationHookRecord;
}

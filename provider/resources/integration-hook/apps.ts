/**
 * The integration apps of Chatwoot's `config/integration/apps.yml` that an account's hooks belong
 * to: how each is installed, what its settings hold and which of them are secrets. Settings-based
 * apps are configured with an API key or a key file; OAuth apps are installed through a vendor's
 * consent page in a browser, so a program can only take over a hook that exists.
 */

/** The type of one setting, as the app's `settings_json_schema` gives it; `json` is a secret key file (an object, given as JSON text). */
export type SettingType = "string" | "boolean" | "integer" | "json";

/** One app, in camelCase (the settings' wire keys are their snake_case). */
export interface HookApp {
  /** `account` hooks belong to the account; `inbox` hooks to one inbox (`inboxId`). */
  hookType: "account" | "inbox";
  /** Whether an account may have several hooks of the app (`allow_multiple_hooks`). */
  multiple: boolean;
  /** Installed through OAuth in a browser: only an existing hook can be adopted. */
  oauth: boolean;
  /** Settings the server may show (`visible_properties`), by type. */
  settings: Readonly<Record<string, SettingType>>;
  /** Settings that are credentials: never in outputs (Chatwoot shows them to administrators; the provider drops them). */
  secrets: Readonly<Record<string, SettingType>>;
  /** Settings the app's schema requires. */
  required: readonly string[];
  /** Settings shown by the server (`visible_properties`); the others are kept as last sent. */
  visible: readonly string[];
  /** The account feature the app needs (`feature_flag`). */
  feature?: string;
}

const oauthApp = (settings: Record<string, SettingType> = {}, visible: readonly string[] = []): HookApp => ({
  hookType: "account", multiple: false, oauth: true, settings, secrets: {}, required: [], visible,
});

/**
 * Every app an `IntegrationHook` may name, by app id, as Chatwoot's apps.yml declares them (upstream
 * at 2026-02-13: Dyte takes `api_key` and `organization_id`, Dialogflow no `language_code`). `visible`
 * is the app's `visible_properties` less its credentials. Webhooks and dashboard apps are their own
 * types (Webhook, DashboardApp).
 */
export const HOOK_APPS = {
  openai: {
    hookType: "account", multiple: false, oauth: false, settings: { labelSuggestion: "boolean" }, secrets: { apiKey: "string" },
    required: ["apiKey"], visible: ["labelSuggestion"],
  },
  dialogflow: {
    hookType: "inbox",
    multiple: true,
    oauth: false,
    settings: { projectId: "string", region: "string" },
    secrets: { credentials: "json" },
    required: ["projectId", "credentials"],
    visible: ["projectId", "region"],
  },
  google_translate: {
    hookType: "account", multiple: false, oauth: false, settings: { projectId: "string" }, secrets: { credentials: "json" },
    required: ["projectId", "credentials"], visible: ["projectId"],
  },
  dyte: {
    hookType: "account", multiple: false, oauth: false, settings: { organizationId: "string" }, secrets: { apiKey: "string" },
    required: ["apiKey", "organizationId"], visible: ["organizationId"],
  },
  leadsquared: {
    hookType: "account",
    multiple: false,
    oauth: false,
    feature: "crm_integration",
    settings: {
      endpointUrl: "string", appUrl: "string", timezone: "string", enableConversationActivity: "boolean", enableTranscriptActivity: "boolean",
      conversationActivityScore: "string", transcriptActivityScore: "string", conversationActivityCode: "integer", transcriptActivityCode: "integer",
    },
    secrets: { accessKey: "string", secretKey: "string" },
    required: ["accessKey", "secretKey"],
    visible: ["endpointUrl", "enableConversationActivity", "enableTranscriptActivity", "conversationActivityScore", "transcriptActivityScore"],
  },
  slack: oauthApp({ channelName: "string", messageMode: "string" }, ["channelName", "messageMode"]),
  linear: oauthApp(),
  notion: oauthApp(),
  shopify: oauthApp(),
} as const satisfies Record<string, HookApp>;

/** An app id. */
export type HookAppId = keyof typeof HOOK_APPS;

/** The app ids, in catalogue order. */
export const HOOK_APP_IDS = Object.keys(HOOK_APPS) as [HookAppId, ...HookAppId[]];

/** The apps a program can create hooks of (not OAuth), which an export copies. */
export const SETTINGS_APP_IDS = HOOK_APP_IDS.filter((id) => !HOOK_APPS[id].oauth);

/** The app of an id, or `undefined` for an app this provider does not know (a newer server's). */
export function hookApp(id: string): HookApp | undefined {
  return Object.hasOwn(HOOK_APPS, id) ? (HOOK_APPS as Record<string, HookApp>)[id] : undefined;
}

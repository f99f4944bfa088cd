/**
 * The integration apps (Integrations::App, `config/integration/apps.yml` and the
 * `integration_apps` texts of config/locales/en.yml, upstream at fd5ac2a8a), as the apps and hooks
 * controllers and the `_app` partial use them:
 * - an app's entry of apps.yml is its `params`, which the partial renders whole to administrators
 *   (`json.call(resource.params, *resource.params.keys)`), in the file's key order;
 * - `name`, `description` and `short_description` come from the locale file (webhooks and
 *   dashboard apps have no short description: `.presence` renders null);
 * - `active?` decides what the index lists: Slack needs `SLACK_CLIENT_SECRET`, Linear the
 *   `linear_integration` feature and `LINEAR_CLIENT_ID`, Shopify and Notion their feature and client
 *   id, LeadSquared the `crm_integration` feature. The sandbox's installation configures no OAuth
 *   client, so Slack, Linear, Shopify and Notion are never listed (their show still answers).
 * Dyte is Dyte here (`api_key`, `organization_id`), Dialogflow has no `language_code` and OpenAI
 * takes `label_suggestion`, as in apps.yml at fd5ac2a8a (copies of a later layout, with
 * Cloudflare RealtimeKit's `account_id`/`app_id`/`api_token`, come from forks).
 * This file imports nothing of the state, so the state's snapshot may read it.
 */

/** A property of a `settings_json_schema`: its JSON type. */
type SchemaType = "string" | "object" | "boolean" | "integer";

/** A `settings_json_schema` as apps.yml writes it: an object of typed properties, no others. */
export interface SettingsSchema {
  type: "object";
  properties: Record<string, { type: SchemaType }>;
  required: string[];
  additionalProperties: false;
}

/** One field of a `settings_form_schema` (the dashboard's form). */
type FormField = Record<string, unknown>;

/** An app's entry of apps.yml. */
export interface AppParams {
  id: string;
  feature_flag?: string;
  logo: string;
  i18n_key: string;
  action?: string;
  hook_type: "account" | "inbox";
  allow_multiple_hooks: boolean;
  settings_json_schema?: SettingsSchema;
  settings_form_schema?: FormField[];
  visible_properties?: string[];
}

export interface IntegrationApp {
  params: AppParams;
  name: string;
  description: string;
  short_description: string | null;
  /** `active?` for an account with these features, on the sandbox's installation (no OAuth client configured). */
  active(features: readonly string[]): boolean;
}

const always = () => true;
const never = () => false;

const schema = (properties: Record<string, SchemaType>, required: string[]): SettingsSchema => ({
  type: "object",
  properties: Object.fromEntries(Object.entries(properties).map(([key, type]) => [key, { type }])),
  required,
  additionalProperties: false,
});

const text = (label: string, name: string, validation = "required", rest: FormField = {}): FormField => ({ label, type: "text", name, validation, ...rest });
const keyFile = (label: string): FormField => ({
  label, type: "textarea", name: "credentials", validation: "required|JSON", validationName: "Credentials",
  "validation-messages": { JSON: "Invalid JSON", required: "Credentials is required" },
});

/** Every app of apps.yml, in the file's order (the index's order). */
export const INTEGRATION_APPS: readonly IntegrationApp[] = [
  {
    params: { id: "webhook", logo: "webhooks.png", i18n_key: "webhooks", action: "/webhook", hook_type: "account", allow_multiple_hooks: true },
    name: "Webhooks",
    description: "Webhook events provide real-time updates about activities in your Chatwoot account. You can subscribe to your preferred events, and Chatwoot will send you HTTP callbacks with the updates.",
    short_description: null,
    active: always,
  },
  {
    params: { id: "dashboard_apps", logo: "dashboard_apps.png", i18n_key: "dashboard_apps", hook_type: "account", allow_multiple_hooks: true },
    name: "Dashboard Apps",
    description: "Dashboard Apps allow you to create and embed applications that display user information, orders, or payment history, providing more context to your customer support agents.",
    short_description: null,
    active: always,
  },
  {
    params: {
      id: "openai", logo: "openai.png", i18n_key: "openai", action: "/openai", hook_type: "account", allow_multiple_hooks: false,
      settings_json_schema: schema({ api_key: "string", label_suggestion: "boolean" }, ["api_key"]),
      settings_form_schema: [text("API Key", "api_key"), { label: "Show label suggestions", type: "checkbox", name: "label_suggestion", validation: "" }],
      visible_properties: ["api_key", "label_suggestion"],
    },
    name: "OpenAI",
    description: "Leverage the power of large language models from OpenAI with the features such as reply suggestions, summarization, message rephrasing, spell-checking, and label classification.",
    short_description: "AI-powered reply suggestions, summarization, and message enhancement.",
    active: always,
  },
  {
    params: { id: "linear", logo: "linear.png", i18n_key: "linear", action: "https://linear.app/oauth/authorize", hook_type: "account", allow_multiple_hooks: false },
    name: "Linear",
    description: "Create issues in Linear directly from your conversation window. Alternatively, link existing Linear issues for a more streamlined and efficient issue tracking process.",
    short_description: "Create and link Linear issues directly from conversations.",
    active: never,
  },
  {
    params: { id: "notion", logo: "notion.png", i18n_key: "notion", hook_type: "account", allow_multiple_hooks: false },
    name: "Notion",
    description: "Connect your Notion workspace to enable Captain to access and generate intelligent responses using content from your databases, documents, and pages to provide more contextual customer support.",
    short_description: "Integrate databases, documents and pages directly with Captain.",
    active: never,
  },
  {
    params: {
      id: "slack", logo: "slack.png", i18n_key: "slack",
      action:
        "https://slack.com/oauth/v2/authorize?scope=commands,chat:write,channels:read,channels:manage,channels:join,groups:read,groups:write,im:write,mpim:write," +
        "users:read,users:read.email,chat:write.customize,channels:history,groups:history,mpim:history,im:history,files:read,files:write",
      hook_type: "account", allow_multiple_hooks: false,
    },
    name: "Slack",
    description: "Integrate Chatwoot with Slack to keep your team in sync. This integration allows you to receive notifications for new conversations and respond to them directly within Slack's interface.",
    short_description: "Receive notifications and respond to conversations directly in Slack.",
    active: never,
  },
  {
    params: {
      id: "dialogflow", logo: "dialogflow.png", i18n_key: "dialogflow", action: "/dialogflow", hook_type: "inbox", allow_multiple_hooks: true,
      settings_json_schema: schema({ project_id: "string", credentials: "object", region: "string" }, ["project_id", "credentials"]),
      settings_form_schema: [
        text("Dialogflow Project ID", "project_id", "required", { validationName: "Project Id" }),
        keyFile("Dialogflow Project Key File"),
        {
          label: "Dialogflow Region", type: "select", name: "region", default: "global",
          options: [
            { label: "Global - Default", value: "global" },
            { label: "AS-NE1 - Tokyo, Japan", value: "asia-northeast1" },
            { label: "AU-SE1 - Sydney, Australia", value: "australia-southeast1" },
            { label: "EU-W1 - St. Ghislain, Belgium", value: "europe-west1" },
            { label: "EU-W2 - London, England", value: "europe-west2" },
          ],
        },
      ],
      visible_properties: ["project_id", "region"],
    },
    name: "Dialogflow",
    description: "Build chatbots with Dialogflow and easily integrate them into your inbox. These bots can handle initial queries before transferring them to a customer service agent.",
    short_description: "Build chatbots to handle initial queries before transferring to agents.",
    active: always,
  },
  {
    params: {
      id: "google_translate", logo: "google-translate.png", i18n_key: "google_translate", action: "/google_translate", hook_type: "account", allow_multiple_hooks: false,
      settings_json_schema: schema({ project_id: "string", credentials: "object" }, ["project_id", "credentials"]),
      settings_form_schema: [text("Google Cloud Project ID", "project_id", "required", { validationName: "Project Id" }), keyFile("Google Cloud Project Key File")],
      visible_properties: ["project_id"],
    },
    name: "Google Translate",
    description: "Integrate Google Translate to help agents easily translate customer messages. This integration automatically detects the language and converts it to the agent's or admin's preferred language.",
    short_description: "Automatically translate customer messages for agents.",
    active: always,
  },
  {
    params: {
      id: "dyte", logo: "dyte.png", i18n_key: "dyte", action: "/dyte", hook_type: "account", allow_multiple_hooks: false,
      settings_json_schema: schema({ api_key: "string", organization_id: "string" }, ["api_key", "organization_id"]),
      settings_form_schema: [text("Organization ID", "organization_id"), text("API Key", "api_key")],
      visible_properties: ["organization_id"],
    },
    name: "Dyte",
    description: "Dyte is a product that integrates audio and video functionalities into your application. With this integration, your agents can start video/voice calls with your customers directly from Chatwoot.",
    short_description: "Start video/voice calls with customers directly from Chatwoot.",
    active: always,
  },
  {
    params: { id: "shopify", logo: "shopify.png", i18n_key: "shopify", hook_type: "account", allow_multiple_hooks: false },
    name: "Shopify",
    description: "Connect your Shopify store to access order details, customer information, and product data directly within your conversations and helps your support team provide faster, more contextual assistance to your customers.",
    short_description: "Access order details and customer data from your Shopify store.",
    active: never,
  },
  {
    params: {
      id: "leadsquared", feature_flag: "crm_integration", logo: "leadsquared.png", i18n_key: "leadsquared", action: "/leadsquared", hook_type: "account", allow_multiple_hooks: false,
      settings_json_schema: schema(
        {
          access_key: "string", secret_key: "string", endpoint_url: "string", app_url: "string", timezone: "string",
          enable_conversation_activity: "boolean", enable_transcript_activity: "boolean", conversation_activity_score: "string",
          transcript_activity_score: "string", conversation_activity_code: "integer", transcript_activity_code: "integer",
        },
        ["access_key", "secret_key"],
      ),
      settings_form_schema: [
        text("Access Key", "access_key"),
        text("Secret Key", "secret_key"),
        { label: "Push Conversation Activity", type: "checkbox", name: "enable_conversation_activity", help: "Enable this option to push an activity when a conversation is created" },
        { label: "Conversation Activity Score", type: "number", name: "conversation_activity_score", help: "Score to assign to the conversation created activity, default is 0" },
        { label: "Push Transcript Activity", type: "checkbox", name: "enable_transcript_activity", help: "Enable this option to push an activity when a transcript is created" },
        { label: "Transcript Activity Score", type: "number", name: "transcript_activity_score", help: "Score to assign to the conversation transcript activity, default is 0" },
      ],
      visible_properties: ["access_key", "endpoint_url", "enable_conversation_activity", "enable_transcript_activity", "conversation_activity_score", "transcript_activity_score"],
    },
    name: "LeadSquared",
    description: "Sync your contacts and conversations with LeadSquared CRM. This integration automatically creates leads in LeadSquared when new contacts are added, and logs conversation activity to provide your sales team with complete context.",
    short_description: "Sync your contacts and conversations with LeadSquared CRM.",
    active: (features) => features.includes("crm_integration"),
  },
];

/** `Integrations::App.find(id:)`. */
export const integrationApp = (id: unknown): IntegrationApp | undefined => INTEGRATION_APPS.find((a) => a.params.id === id);

/**
 * The settings keys of an app that are credentials: its schema's properties that the dashboard
 * never shows (`visible_properties`) or that name a key or secret. Upstream renders a hook's
 * settings whole to administrators; the sandbox's snapshot leaves these out.
 */
export function secretSettings(appId: string): string[] {
  const found = integrationApp(appId)?.params;
  const keys = Object.keys(found?.settings_json_schema?.properties ?? {});
  return keys.filter((key) => !found?.visible_properties?.includes(key) || /key|secret|token|credentials/.test(key));
}

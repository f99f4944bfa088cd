import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * The sandbox's seed data. Field names follow the API's snake_case so a fixture reads like the
 * objects the server returns. Secrets (user, platform-app and bot tokens, website and HMAC tokens,
 * webhook secrets) are never part of a fixture: the sandbox generates them per process.
 */

const Id = z.number().int().positive();
const nullableString = z.string().nullable().default(null);

export const Role = z.enum(["administrator", "agent"]);
export type Role = z.infer<typeof Role>;

/** Custom attribute enums, in their integer order (index = stored integer). */
export const ATTRIBUTE_DISPLAY_TYPES = ["text", "number", "currency", "percent", "link", "date", "list", "checkbox"] as const;
export const ATTRIBUTE_MODELS = ["conversation_attribute", "contact_attribute", "company_attribute"] as const;

export const CHANNEL_TYPES = ["Channel::WebWidget", "Channel::Api", "Channel::Email", "Channel::Telegram", "Channel::Line", "Channel::Sms", "Channel::Whatsapp"] as const;

export const AccountFixture = z.object({
  id: Id,
  name: z.string(),
  locale: z.string().nullable().default("en"),
  /**
   * The account's enabled feature flags that change API behaviour here: `delayed_automations`, and
   * the Enterprise `sla` (SLA policies) and `custom_roles` (custom roles).
   */
  features: z.array(z.string()).default([]),
  /** The account's e-mail domain (inbound mail), at most 100 characters. */
  domain: nullableString,
  /** The account's own support address; null shows the installation's sender address. */
  support_email: nullableString,
  /** The `settings` store (auto-resolve, audio transcriptions, ...), as the API renders it. */
  settings: z.record(z.string(), z.unknown()).default({}),
  /** The `custom_attributes` store (industry, company size, time zone, ...). */
  custom_attributes: z.record(z.string(), z.unknown()).default({}),
  /** The `limits` hash a Platform App or super administrator sets (`agents`, `inboxes`, ...). */
  limits: z.record(z.string(), z.unknown()).default({}),
  /** The account's status enum (`active`, `suspended`). */
  status: z.enum(["active", "suspended"]).default("active"),
  /** Platform apps holding a PlatformAppPermissible row for the account (the apps that made it, or were granted it). */
  platform_app_ids: z.array(Id).default([]),
});

/** An agent's presence as the agent views report it (`availability_status`). */
export const AVAILABILITY_STATUSES = ["online", "busy", "offline"] as const;

export const UserFixture = z.object({
  id: Id,
  name: z.string(),
  display_name: nullableString,
  email: z.string(),
  /** Whether the user confirmed their e-mail address (`confirmed` in agent views). */
  confirmed: z.boolean().default(true),
  memberships: z
    .array(
      z.object({
        /** The AccountUser row's id (assigned by the sandbox when left out). */
        id: Id.optional(),
        account_id: Id,
        role: Role,
        /** The availability the agent set in the account. */
        availability: z.enum(AVAILABILITY_STATUSES).default("online"),
        auto_offline: z.boolean().default(true),
        /**
         * Whether the user is signed in to the dashboard (Chatwoot's online presence): with
         * `auto_offline`, one who is not is reported offline whatever the availability.
         */
        signed_in: z.boolean().default(true),
        /** The account's custom role the user has (Enterprise), if any. */
        custom_role_id: Id.nullable().default(null),
        /** The account's agent capacity policy that applies to the user (Enterprise), if any. */
        agent_capacity_policy_id: Id.nullable().default(null),
      }),
    )
    .min(1),
});

export const PlatformAppFixture = z.object({ id: Id, name: z.string() });

export const AgentBotFixture = z.object({
  id: Id,
  name: nullableString,
  description: nullableString,
  outgoing_url: nullableString,
  account_id: Id.nullable().default(null),
  /** Platform apps holding a PlatformAppPermissible row for the bot (the apps that see it). */
  platform_app_ids: z.array(Id).default([]),
});

const Hour = z.number().int().min(0).max(23).nullable().default(null);
const Minute = z.number().int().min(0).max(59).nullable().default(null);

export const WorkingHour = z
  .object({
    day_of_week: z.number().int().min(0).max(6),
    closed_all_day: z.boolean().default(false),
    open_hour: Hour,
    open_minutes: Minute,
    close_hour: Hour,
    close_minutes: Minute,
    open_all_day: z.boolean().default(false),
  })
  .refine((h) => !(h.open_all_day && h.closed_all_day), "open_all_day and closed_all_day cannot both be true");
export type WorkingHour = z.output<typeof WorkingHour>;

const JsonObjectOrNull = z.record(z.string(), z.unknown()).nullable().default(null);

export const InboxFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  channel_type: z.enum(CHANNEL_TYPES),
  /** Id in the channel's own table; defaults to the inbox id. */
  channel_id: Id.optional(),
  greeting_enabled: z.boolean().default(false),
  greeting_message: nullableString,
  working_hours_enabled: z.boolean().default(false),
  enable_email_collect: z.boolean().default(true),
  csat_survey_enabled: z.boolean().default(false),
  enable_auto_assignment: z.boolean().default(true),
  auto_assignment_config: z.record(z.string(), z.unknown()).default({}),
  out_of_office_message: nullableString,
  /** Entries for the days that differ from the defaults (Mon–Fri 09:00–17:00, weekend closed). */
  working_hours: z.array(WorkingHour).default([]),
  timezone: z.string().default("UTC"),
  allow_messages_after_resolved: z.boolean().default(true),
  lock_to_single_conversation: z.boolean().default(false),
  sender_name_type: z.enum(["friendly", "professional"]).default("friendly"),
  business_name: nullableString,
  // Web widget channel
  website_url: nullableString,
  widget_color: z.string().default("#1f93ff"),
  welcome_title: nullableString,
  welcome_tagline: nullableString,
  reply_time: z.enum(["in_a_few_minutes", "in_a_few_hours", "in_a_day"]).default("in_a_few_minutes"),
  selected_feature_flags: z.array(z.string()).default(["attachments", "emoji_picker", "end_conversation"]),
  hmac_mandatory: z.boolean().default(false),
  pre_chat_form_enabled: z.boolean().default(false),
  continuity_via_email: z.boolean().default(true),
  allowed_domains: z.string().default(""),
  /** Null: the default form, which Chatwoot puts in place of a form without fields. */
  pre_chat_form_options: JsonObjectOrNull,
  /** Satisfaction survey settings as stored (`{}` until configured). */
  csat_config: z.record(z.string(), z.unknown()).default({}),
  /** The help-center portal linked to the inbox, if any. */
  portal_id: Id.nullable().default(null),
  // API channel
  webhook_url: nullableString,
  additional_attributes: z.record(z.string(), z.unknown()).default({}),
  // Email channel (no passwords: a fixture holds no credentials)
  email: nullableString,
  imap_enabled: z.boolean().default(false),
  imap_address: z.string().default(""),
  imap_port: z.number().int().default(0),
  imap_login: z.string().default(""),
  imap_enable_ssl: z.boolean().default(true),
  smtp_enabled: z.boolean().default(false),
  smtp_address: z.string().default(""),
  smtp_port: z.number().int().default(0),
  smtp_login: z.string().default(""),
  smtp_domain: z.string().default(""),
  smtp_enable_starttls_auto: z.boolean().default(true),
  smtp_enable_ssl_tls: z.boolean().default(false),
  smtp_openssl_verify_mode: z.string().default("none"),
  smtp_authentication: z.string().default("login"),
  // Telegram, LINE, SMS and WhatsApp channels (their credentials are never part of a fixture)
  bot_name: nullableString,
  line_channel_id: nullableString,
  phone_number: nullableString,
  provider: nullableString,
  /** The provider config's keys that are no credentials (an account or phone-number id). */
  provider_config: z.record(z.string(), z.unknown()).default({}),
  /** Users who are members of the inbox (InboxMember rows), in insertion order. */
  member_ids: z.array(Id).default([]),
  /** The agent bot that answers the inbox (its AgentBotInbox row), if any. */
  agent_bot_id: Id.nullable().default(null),
});

export const PortalFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  slug: z.string(),
  color: nullableString,
  custom_domain: nullableString,
  header_text: nullableString,
  homepage_link: nullableString,
  page_title: nullableString,
  archived: z.boolean().nullable().default(false),
  config: z
    .object({
      allowed_locales: z.array(z.string()).default(["en"]),
      default_locale: z.string().default("en"),
      draft_locales: z.array(z.string()).default([]),
    })
    .prefault({}),
  /** The web-widget inbox linked to the portal (live chat widget), if any. */
  inbox_id: Id.nullable().default(null),
});

const JsonObject = z.record(z.string(), z.unknown());

/** A help-center category; its account is its portal's. `related_category_ids`: its RelatedCategory rows. */
export const CategoryFixture = z.object({
  id: Id,
  portal_id: Id,
  name: z.string(),
  slug: z.string(),
  locale: z.string().default("en"),
  description: nullableString,
  position: z.number().int().nullable().default(null),
  icon: z.string().default(""),
  parent_category_id: Id.nullable().default(null),
  associated_category_id: Id.nullable().default(null),
  related_category_ids: z.array(Id).default([]),
});

/** Article statuses, in their integer order (`enum status: { draft: 0, published: 1, archived: 2 }`). */
export const ARTICLE_STATUSES = ["draft", "published", "archived"] as const;

/** A help-center article; its account is its portal's. Slugs are unique across the installation. */
export const ArticleFixture = z.object({
  id: Id,
  portal_id: Id,
  title: z.string(),
  slug: z.string(),
  content: nullableString,
  description: nullableString,
  status: z.enum(ARTICLE_STATUSES).default("draft"),
  locale: z.string().default("en"),
  position: z.number().int().nullable().default(null),
  category_id: Id.nullable().default(null),
  associated_article_id: Id.nullable().default(null),
  author_id: Id,
  meta: JsonObject.nullable().default(null),
});

export const AutomationRuleFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  description: nullableString,
  event_name: z.string(),
  conditions: z.array(JsonObject),
  actions: z.array(JsonObject),
  active: z.boolean().default(true),
  execution_delay: z.number().int().nullable().default(null),
});

export const CustomAttributeDefinitionFixture = z.object({
  id: Id,
  account_id: Id,
  attribute_display_name: z.string(),
  attribute_display_type: z.enum(ATTRIBUTE_DISPLAY_TYPES).default("text"),
  attribute_description: nullableString,
  attribute_key: z.string(),
  attribute_model: z.enum(ATTRIBUTE_MODELS).default("conversation_attribute"),
  regex_pattern: nullableString,
  regex_cue: nullableString,
  attribute_values: z.array(z.unknown()).default([]),
});

/** Labels are stored as the server stores them: write titles in lower case. */
export const LabelFixture = z.object({
  id: Id,
  account_id: Id,
  title: z.string(),
  description: nullableString,
  color: z.string().default("#1f93ff"),
  show_on_sidebar: z.boolean().nullable().default(null),
});

export const CannedResponseFixture = z.object({
  id: Id,
  account_id: Id,
  short_code: z.string(),
  content: z.string(),
});

/** Teams are stored as the server stores them: write names in lower case. */
export const TeamFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  description: nullableString,
  allow_auto_assign: z.boolean().nullable().default(true),
  /** Users who are members of the team (TeamMember rows), in insertion order. */
  member_ids: z.array(Id).default([]),
});

export const WebhookFixture = z.object({
  id: Id,
  account_id: Id,
  url: z.string(),
  name: nullableString,
  subscriptions: z.array(z.string()).min(1),
  inbox_id: Id.nullable().default(null),
});

export const MacroFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  visibility: z.enum(["personal", "global"]).nullable().default("personal"),
  actions: z.array(JsonObject).default([]),
  created_by_id: Id.nullable().default(null),
  updated_by_id: Id.nullable().default(null),
});

/** An SLA policy (Enterprise); thresholds in seconds, as the float columns hold them. */
export const SlaPolicyFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  description: nullableString,
  first_response_time_threshold: z.number().nullable().default(null),
  next_response_time_threshold: z.number().nullable().default(null),
  resolution_time_threshold: z.number().nullable().default(null),
  only_during_business_hours: z.boolean().nullable().default(false),
});

/** An agent capacity policy (Enterprise), with its inbox limits (numbered after the fixture's policies); agents join it through the API. */
export const AgentCapacityPolicyFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  description: nullableString,
  exclusion_rules: z.record(z.string(), z.unknown()).default({}),
  inbox_capacity_limits: z.array(z.object({ inbox_id: Id, conversation_limit: z.number().int().positive() })).default([]),
});

/** An assignment policy (Assignment V2), with the inboxes linked to it (InboxAssignmentPolicy rows, one per inbox). */
export const AssignmentPolicyFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  description: nullableString,
  assignment_order: z.enum(["round_robin", "balanced"]).default("round_robin"),
  conversation_priority: z.enum(["earliest_created", "longest_waiting"]).default("earliest_created"),
  fair_distribution_limit: z.number().int().positive().default(100),
  fair_distribution_window: z.number().int().positive().default(3600),
  enabled: z.boolean().default(true),
  /** The linked inboxes, in the order they were linked. */
  inbox_ids: z.array(Id).default([]),
});

/** A custom role (Enterprise): permissions as stored, in order. */
export const CustomRoleFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  description: nullableString,
  permissions: z.array(z.string()).default([]),
});

/** A dashboard app: `content` as stored, frames of `{type: "frame", url}`. */
export const DashboardAppFixture = z.object({
  id: Id,
  account_id: Id,
  title: z.string(),
  content: z.array(JsonObject).min(1),
  /** The user who made it. */
  user_id: Id.nullable().default(null),
});

/** An integration hook (Integrations::Hook): `settings` as stored, credentials included. */
export const IntegrationHookFixture = z.object({
  id: Id,
  account_id: Id,
  app_id: z.string(),
  inbox_id: Id.nullable().default(null),
  status: z.enum(["enabled", "disabled"]).default("enabled"),
  hook_type: z.enum(["account", "inbox"]).default("account"),
  settings: JsonObject.default({}),
});

/**
 * A campaign: `id` the row, `display_id` the number of its own in the account that paths use.
 * `campaign_type` follows the inbox; a one-off campaign marked `completed` has run (the sandbox
 * sends nothing itself).
 */
export const CampaignFixture = z.object({
  id: Id,
  account_id: Id,
  display_id: Id,
  inbox_id: Id,
  title: z.string(),
  message: z.string(),
  description: nullableString,
  enabled: z.boolean().default(true),
  sender_id: Id.nullable().default(null),
  trigger_rules: JsonObject.default({}),
  trigger_only_during_business_hours: z.boolean().default(false),
  /** jsonb, default `[]` (db/schema.rb). */
  audience: z.array(JsonObject).nullable().default([]),
  /** jsonb without a default: a WhatsApp template's parameters, as sent. */
  template_params: JsonObject.nullable().default(null),
  campaign_type: z.enum(["ongoing", "one_off"]).default("ongoing"),
  campaign_status: z.enum(["active", "completed"]).default("active"),
  /** ISO 8601; one-off campaigns only. */
  scheduled_at: z.string().nullable().default(null),
});

/** A Captain assistant (Enterprise): `config` as the last write stored it. */
export const CaptainAssistantFixture = z.object({
  id: Id,
  account_id: Id,
  name: z.string(),
  description: z.string(),
  config: JsonObject.default({}),
  /** jsonb, default `[]` (db/schema.rb). */
  guardrails: z.array(z.string()).nullable().default([]),
  response_guidelines: z.array(z.string()).nullable().default([]),
});

/** A Captain document: its crawl runs before the sandbox's first request (the content is the server's). */
export const CaptainDocumentFixture = z.object({
  id: Id,
  account_id: Id,
  assistant_id: Id,
  name: nullableString,
  external_link: z.string(),
});

/** A Captain scenario; its `tools` are derived from the instruction, as upstream's save does. */
export const CaptainScenarioFixture = z.object({
  id: Id,
  account_id: Id,
  assistant_id: Id,
  title: z.string(),
  description: z.string(),
  instruction: z.string(),
  enabled: z.boolean().default(true),
});

/** A CaptainInbox row: the assistant that answers in an inbox. */
export const CaptainInboxFixture = z.object({ id: Id, account_id: Id, captain_assistant_id: Id, inbox_id: Id });

/**
 * A Captain custom tool (Enterprise): `slug` as the server made it, `auth_config` and `headers` as
 * stored (credentials: views show them to administrators only, snapshots never).
 */
export const CaptainCustomToolFixture = z.object({
  id: Id,
  account_id: Id,
  title: z.string(),
  slug: z.string(),
  description: nullableString,
  endpoint_url: z.string(),
  http_method: z.enum(["GET", "POST"]).default("GET"),
  request_template: nullableString,
  response_template: nullableString,
  auth_type: z.enum(["none", "bearer", "basic", "api_key"]).default("none"),
  auth_config: JsonObject.default({}),
  headers: JsonObject.default({}),
  param_schema: z.array(JsonObject).default([]),
  enabled: z.boolean().default(true),
});

/**
 * An account's SAML settings (Enterprise, one per account): the identity provider's sign-in URL,
 * entity id and certificate (PEM), the service provider's entity id (generated when left out) and
 * the group-to-role mappings. The account's users then sign in with SAML (`provider: saml`).
 */
export const SamlSettingsFixture = z.object({
  id: Id,
  account_id: Id,
  sso_url: z.string(),
  certificate: z.string(),
  idp_entity_id: z.string(),
  sp_entity_id: nullableString,
  role_mappings: JsonObject.default({}),
});

/**
 * A whole fixture. Besides referential integrity it requires what the sandbox reports in its
 * start-up line: an administrator in every account and a user who belongs to two accounts.
 */
export const Fixture = z
  .object({
    accounts: z.array(AccountFixture).min(1),
    users: z.array(UserFixture),
    platform_apps: z.array(PlatformAppFixture),
    agent_bots: z.array(AgentBotFixture).default([]),
    inboxes: z.array(InboxFixture).default([]),
    portals: z.array(PortalFixture).default([]),
    automation_rules: z.array(AutomationRuleFixture).default([]),
    custom_attribute_definitions: z.array(CustomAttributeDefinitionFixture).default([]),
    labels: z.array(LabelFixture).default([]),
    canned_responses: z.array(CannedResponseFixture).default([]),
    teams: z.array(TeamFixture).default([]),
    webhooks: z.array(WebhookFixture).default([]),
    macros: z.array(MacroFixture).default([]),
    sla_policies: z.array(SlaPolicyFixture).default([]),
    assignment_policies: z.array(AssignmentPolicyFixture).default([]),
    custom_roles: z.array(CustomRoleFixture).default([]),
    agent_capacity_policies: z.array(AgentCapacityPolicyFixture).default([]),
    dashboard_apps: z.array(DashboardAppFixture).default([]),
    campaigns: z.array(CampaignFixture).default([]),
    integration_hooks: z.array(IntegrationHookFixture).default([]),
    captain_custom_tools: z.array(CaptainCustomToolFixture).default([]),
    saml_settings: z.array(SamlSettingsFixture).default([]),
    categories: z.array(CategoryFixture).default([]),
    articles: z.array(ArticleFixture).default([]),
    captain_assistants: z.array(CaptainAssistantFixture).default([]),
    captain_documents: z.array(CaptainDocumentFixture).default([]),
    captain_scenarios: z.array(CaptainScenarioFixture).default([]),
    captain_inboxes: z.array(CaptainInboxFixture).default([]),
  })
  .superRefine((f, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: "custom", message });
    const tables = [
      "accounts", "users", "platform_apps", "agent_bots", "inboxes", "portals", "automation_rules", "custom_attribute_definitions",
      "labels", "canned_responses", "teams", "webhooks", "macros", "sla_policies", "custom_roles", "dashboard_apps", "integration_hooks", "categories", "articles",
      "assignment_policies",
      "campaigns",
      "captain_custom_tools",
      "captain_assistants", "captain_documents", "captain_scenarios", "captain_inboxes",
      "saml_settings",
      "agent_capacity_policies",
    ] as const;
    for (const table of tables) {
      const ids = f[table].map((row) => row.id);
      if (new Set(ids).size !== ids.length) problem(`${table}: ids must be unique`);
    }
    const accountIds = new Set(f.accounts.map((a) => a.id));
    const userIds = new Set(f.users.map((u) => u.id));
    const appIds = new Set(f.platform_apps.map((a) => a.id));
    const inboxIds = new Set(f.inboxes.map((i) => i.id));
    const scoped = [
      ...f.inboxes, ...f.portals, ...f.automation_rules, ...f.custom_attribute_definitions,
      ...f.labels, ...f.canned_responses, ...f.teams, ...f.webhooks, ...f.macros, ...f.sla_policies, ...f.custom_roles, ...f.dashboard_apps,
      ...f.assignment_policies,
      ...f.campaigns,
      ...f.integration_hooks,
      ...f.captain_custom_tools,
      ...f.captain_assistants,
      ...f.saml_settings,
      ...f.agent_capacity_policies,
    ];
    for (const row of scoped) if (!accountIds.has(row.account_id)) problem(`account ${row.account_id} does not exist`);
    const samlAccounts = f.saml_settings.map((s) => s.account_id);
    if (new Set(samlAccounts).size !== samlAccounts.length) problem("saml settings: an account has at most one");
    for (const user of f.users) for (const m of user.memberships) if (!accountIds.has(m.account_id)) problem(`user ${user.id}: account ${m.account_id} does not exist`);
    const roleIds = new Set(f.custom_roles.map((r) => r.id));
    for (const role of f.custom_roles) if (!accountIds.has(role.account_id)) problem(`custom role ${role.id}: account ${role.account_id} does not exist`);
    const capacityIds = new Set(f.agent_capacity_policies.map((p) => p.id));
    for (const user of f.users) {
      for (const m of user.memberships) if (m.custom_role_id !== null && !roleIds.has(m.custom_role_id)) problem(`user ${user.id}: custom role ${m.custom_role_id} does not exist`);
      for (const m of user.memberships) {
        if (m.agent_capacity_policy_id !== null && !capacityIds.has(m.agent_capacity_policy_id)) problem(`user ${user.id}: agent capacity policy ${m.agent_capacity_policy_id} does not exist`);
      }
    }
    const emails = f.users.map((u) => u.email.toLowerCase());
    if (new Set(emails).size !== emails.length) problem("users: e-mail addresses must be unique across the installation (compared in lower case)");
    for (const account of f.accounts) for (const app of account.platform_app_ids) if (!appIds.has(app)) problem(`account ${account.id}: platform app ${app} does not exist`);
    for (const bot of f.agent_bots) {
      if (bot.account_id !== null && !accountIds.has(bot.account_id)) problem(`agent bot ${bot.id}: account ${bot.account_id} does not exist`);
      for (const app of bot.platform_app_ids) if (!appIds.has(app)) problem(`agent bot ${bot.id}: platform app ${app} does not exist`);
    }
    for (const inbox of f.inboxes) for (const member of inbox.member_ids) if (!userIds.has(member)) problem(`inbox ${inbox.id}: user ${member} does not exist`);
    const linked = f.assignment_policies.flatMap((p) => p.inbox_ids);
    for (const inbox of linked) if (!inboxIds.has(inbox)) problem(`assignment policies: inbox ${inbox} does not exist`);
    if (new Set(linked).size !== linked.length) problem("assignment policies: an inbox has at most one assignment policy");
    const botAccounts = new Map(f.agent_bots.map((b) => [b.id, b.account_id]));
    for (const inbox of f.inboxes) {
      if (inbox.agent_bot_id === null) continue;
      const owner = botAccounts.get(inbox.agent_bot_id);
      if (owner === undefined) problem(`inbox ${inbox.id}: agent bot ${inbox.agent_bot_id} does not exist`);
      else if (owner !== null && owner !== inbox.account_id) problem(`inbox ${inbox.id}: agent bot ${inbox.agent_bot_id} belongs to another account`);
    }
    for (const portal of f.portals) if (portal.inbox_id !== null && !inboxIds.has(portal.inbox_id)) problem(`portal ${portal.id}: inbox ${portal.inbox_id} does not exist`);
    const portalIds = new Set(f.portals.map((p) => p.id));
    for (const inbox of f.inboxes) if (inbox.portal_id !== null && !portalIds.has(inbox.portal_id)) problem(`inbox ${inbox.id}: portal ${inbox.portal_id} does not exist`);
    for (const team of f.teams) for (const member of team.member_ids) if (!userIds.has(member)) problem(`team ${team.id}: user ${member} does not exist`);
    for (const macro of f.macros) {
      for (const user of [macro.created_by_id, macro.updated_by_id]) if (user !== null && !userIds.has(user)) problem(`macro ${macro.id}: user ${user} does not exist`);
    }
    for (const hook of f.integration_hooks) if (hook.inbox_id !== null && !inboxIds.has(hook.inbox_id)) problem(`integration hook ${hook.id}: inbox ${hook.inbox_id} does not exist`);
    const assistantIds = new Set(f.captain_assistants.map((a) => a.id));
    for (const row of [...f.captain_documents, ...f.captain_scenarios]) if (!assistantIds.has(row.assistant_id)) problem(`Captain: assistant ${row.assistant_id} does not exist`);
    for (const link of f.captain_inboxes) {
      if (!assistantIds.has(link.captain_assistant_id)) problem(`Captain inbox ${link.id}: assistant ${link.captain_assistant_id} does not exist`);
      if (!inboxIds.has(link.inbox_id)) problem(`Captain inbox ${link.id}: inbox ${link.inbox_id} does not exist`);
    }
    for (const app of f.dashboard_apps) if (app.user_id !== null && !userIds.has(app.user_id)) problem(`dashboard app ${app.id}: user ${app.user_id} does not exist`);
    const slugs = f.portals.map((p) => p.slug);
    if (new Set(slugs).size !== slugs.length) problem("portal slugs must be unique across accounts");
    helpCenterProblems(f, problem);
    for (const account of f.accounts) {
      const admin = f.users.some((u) => u.memberships.some((m) => m.account_id === account.id && m.role === "administrator"));
      if (!admin) problem(`account ${account.id} needs an administrator`);
    }
    if (!f.users.some((u) => u.memberships.length >= 2)) problem("one user must belong to two accounts (the shared user)");
  });

/** What the help center's checks read of a fixture. */
interface HelpCenterTables {
  users: readonly { id: number }[];
  portals: readonly { id: number }[];
  categories: readonly z.output<typeof CategoryFixture>[];
  articles: readonly z.output<typeof ArticleFixture>[];
}

/** The help center's references (categories and articles of one portal, authors who are users) and its unique keys. */
function helpCenterProblems(f: HelpCenterTables, problem: (message: string) => void): void {
  const portals = new Set(f.portals.map((p) => p.id));
  const categoryPortal = new Map(f.categories.map((c) => [c.id, c.portal_id]));
  const articlePortal = new Map(f.articles.map((a) => [a.id, a.portal_id]));
  const userIds = new Set(f.users.map((u) => u.id));
  const samePortal = (what: string, portal: number, table: Map<number, number>, id: number | null) => {
    if (id !== null && table.get(id) !== portal) problem(`${what} ${id} is not in portal ${portal}`);
  };
  for (const c of f.categories) {
    if (!portals.has(c.portal_id)) problem(`category ${c.id}: portal ${c.portal_id} does not exist`);
    for (const id of [c.parent_category_id, c.associated_category_id, ...c.related_category_ids]) samePortal(`category ${c.id}: category`, c.portal_id, categoryPortal, id);
  }
  for (const a of f.articles) {
    if (!portals.has(a.portal_id)) problem(`article ${a.id}: portal ${a.portal_id} does not exist`);
    samePortal(`article ${a.id}: category`, a.portal_id, categoryPortal, a.category_id);
    samePortal(`article ${a.id}: article`, a.portal_id, articlePortal, a.associated_article_id);
    if (!userIds.has(a.author_id)) problem(`article ${a.id}: user ${a.author_id} does not exist`);
  }
  const categoryKeys = f.categories.map((c) => `${c.portal_id} ${c.locale} ${c.slug}`);
  if (new Set(categoryKeys).size !== categoryKeys.length) problem("categories: slug and locale must be unique per portal");
  const articleSlugs = f.articles.map((a) => a.slug);
  if (new Set(articleSlugs).size !== articleSlugs.length) problem("article slugs must be unique across accounts");
}

/** A fixture as written (defaults optional). */
export type FixtureInput = z.input<typeof Fixture>;
/** A validated fixture, defaults applied. */
export type Fixture = z.output<typeof Fixture>;

/** Validates a fixture object, or reads and validates a JSON file; errors name the failing paths. */
export function loadFixture(source: FixtureInput | string): Fixture {
  const data: unknown = typeof source === "string" ? JSON.parse(readFileSync(source, "utf8")) : source;
  const parsed = Fixture.safeParse(data);
  if (!parsed.success) throw new Error(`invalid sandbox fixture: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

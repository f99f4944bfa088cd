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

export const CHANNEL_TYPES = ["Channel::WebWidget", "Channel::Api", "Channel::Email"] as const;

export const AccountFixture = z.object({
  id: Id,
  name: z.string(),
  locale: z.string().nullable().default("en"),
  /** Account feature flags that change API behaviour (only `delayed_automations` does, here). */
  features: z.array(z.string()).default([]),
  /** The account's e-mail domain (inbound mail), at most 100 characters. */
  domain: nullableString,
  /** The account's own support address; null shows the installation's sender address. */
  support_email: nullableString,
  /** The `settings` store (auto-resolve, audio transcriptions, ...), as the API renders it. */
  settings: z.record(z.string(), z.unknown()).default({}),
  /** The `custom_attributes` store (industry, company size, time zone, ...). */
  custom_attributes: z.record(z.string(), z.unknown()).default({}),
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
      }),
    )
    .min(1),
});

export const PlatformAppFixture = z.object({ id: Id, name: z.string() });

/** A custom role of an account (Enterprise): what `custom_role_id` of a membership names. */
export const CustomRoleFixture = z.object({ id: Id, account_id: Id, name: z.string() });

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
  // API channel
  webhook_url: nullableString,
  // Email channel
  email: nullableString,
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

/**
 * A whole fixture. Besides referential integrity it requires what the sandbox reports in its
 * start-up line: an administrator in every account and a user who belongs to two accounts.
 */
export const Fixture = z
  .object({
    accounts: z.array(AccountFixture).min(1),
    users: z.array(UserFixture),
    platform_apps: z.array(PlatformAppFixture),
    custom_roles: z.array(CustomRoleFixture).default([]),
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
  })
  .superRefine((f, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: "custom", message });
    const tables = [
      "accounts", "users", "platform_apps", "custom_roles", "agent_bots", "inboxes", "portals", "automation_rules", "custom_attribute_definitions",
      "labels", "canned_responses", "teams", "webhooks", "macros",
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
      ...f.labels, ...f.canned_responses, ...f.teams, ...f.webhooks, ...f.macros,
    ];
    for (const row of scoped) if (!accountIds.has(row.account_id)) problem(`account ${row.account_id} does not exist`);
    for (const user of f.users) for (const m of user.memberships) if (!accountIds.has(m.account_id)) problem(`user ${user.id}: account ${m.account_id} does not exist`);
    const roleIds = new Set(f.custom_roles.map((r) => r.id));
    for (const role of f.custom_roles) if (!accountIds.has(role.account_id)) problem(`custom role ${role.id}: account ${role.account_id} does not exist`);
    for (const user of f.users) {
      for (const m of user.memberships) if (m.custom_role_id !== null && !roleIds.has(m.custom_role_id)) problem(`user ${user.id}: custom role ${m.custom_role_id} does not exist`);
    }
    const emails = f.users.map((u) => u.email.toLowerCase());
    if (new Set(emails).size !== emails.length) problem("users: e-mail addresses must be unique across the installation (compared in lower case)");
    for (const bot of f.agent_bots) {
      if (bot.account_id !== null && !accountIds.has(bot.account_id)) problem(`agent bot ${bot.id}: account ${bot.account_id} does not exist`);
      for (const app of bot.platform_app_ids) if (!appIds.has(app)) problem(`agent bot ${bot.id}: platform app ${app} does not exist`);
    }
    for (const inbox of f.inboxes) for (const member of inbox.member_ids) if (!userIds.has(member)) problem(`inbox ${inbox.id}: user ${member} does not exist`);
    const botAccounts = new Map(f.agent_bots.map((b) => [b.id, b.account_id]));
    for (const inbox of f.inboxes) {
      if (inbox.agent_bot_id === null) continue;
      const owner = botAccounts.get(inbox.agent_bot_id);
      if (owner === undefined) problem(`inbox ${inbox.id}: agent bot ${inbox.agent_bot_id} does not exist`);
      else if (owner !== null && owner !== inbox.account_id) problem(`inbox ${inbox.id}: agent bot ${inbox.agent_bot_id} belongs to another account`);
    }
    for (const portal of f.portals) if (portal.inbox_id !== null && !inboxIds.has(portal.inbox_id)) problem(`portal ${portal.id}: inbox ${portal.inbox_id} does not exist`);
    for (const team of f.teams) for (const member of team.member_ids) if (!userIds.has(member)) problem(`team ${team.id}: user ${member} does not exist`);
    for (const macro of f.macros) {
      for (const user of [macro.created_by_id, macro.updated_by_id]) if (user !== null && !userIds.has(user)) problem(`macro ${macro.id}: user ${user} does not exist`);
    }
    const slugs = f.portals.map((p) => p.slug);
    if (new Set(slugs).size !== slugs.length) problem("portal slugs must be unique across accounts");
    for (const account of f.accounts) {
      const admin = f.users.some((u) => u.memberships.some((m) => m.account_id === account.id && m.role === "administrator"));
      if (!admin) problem(`account ${account.id} needs an administrator`);
    }
    if (!f.users.some((u) => u.memberships.length >= 2)) problem("one user must belong to two accounts (the shared user)");
  });

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

import type { z } from "zod";
import type {
  AccountFixture,
  AgentBotFixture,
  ArticleFixture,
  AutomationRuleFixture,
  CannedResponseFixture,
  CategoryFixture,
  CustomAttributeDefinitionFixture,
  CustomRoleFixture,
  DashboardAppFixture,
  CampaignFixture,
  CaptainCustomToolFixture,
  CaptainAssistantFixture,
  CaptainDocumentFixture,
  CaptainInboxFixture,
  CaptainScenarioFixture,
  Fixture,
  IntegrationHookFixture,
  SamlSettingsFixture,
  InboxFixture,
  LabelFixture,
  MacroFixture,
  PlatformAppFixture,
  PortalFixture,
  SlaPolicyFixture,
  AssignmentPolicyFixture,
  AgentCapacityPolicyFixture,
  TeamFixture,
  UserFixture,
  WebhookFixture,
  WorkingHour,
} from "./fixture";
import { secretSettings } from "./models/integration-apps";
import { toolReferences } from "./models/tool-references";
import { castInteger } from "./params";
import type { SecretBook } from "./secret-book";

/** What an uploaded avatar leaves in state (the API never echoes it). */
export interface AvatarDigest {
  sha256: string;
  size: number;
  /** The content type as detected from the bytes (falls back to the declared one). */
  type: string;
  filename: string;
}

export type AccountRecord = z.output<typeof AccountFixture>;
export type UserRecord = z.output<typeof UserFixture> & {
  access_token: string;
  /** The user's own custom attributes (the Platform API sets them); absent for the fixture's users. */
  custom_attributes?: Record<string, unknown>;
  /** A SHA-256 digest of the password a Platform App set (never the password), kept out of snapshots. */
  password_digest?: string;
  /** How the user signs in (`users.provider`): `email`, or `saml` while an account of theirs has SAML settings. */
  provider: "email" | "saml";
};
export type PlatformAppRecord = z.output<typeof PlatformAppFixture> & {
  token: string;
  /** Bot ids with a PlatformAppPermissible row for this app, in creation order. */
  permissible_bot_ids: number[];
  /** Account ids with a PlatformAppPermissible row for this app, in creation order. */
  permissible_account_ids: number[];
  /** User ids with a PlatformAppPermissible row for this app, in creation order. */
  permissible_user_ids: number[];
};
export type AgentBotRecord = Omit<z.output<typeof AgentBotFixture>, "platform_app_ids"> & {
  access_token: string;
  avatar: AvatarDigest | null;
  /** The last `avatar_url` sent: upstream only queues a download job for it. */
  avatar_url: string | null;
  /** The account API's `bot_config` hash (the Platform API does not take it). */
  bot_config: Record<string, unknown>;
};
export type InboxRecord = Omit<z.output<typeof InboxFixture>, "channel_id"> & {
  channel_id: number;
  website_token: string | null;
  hmac_token: string | null;
  inbox_identifier: string | null;
  forward_to_email: string | null;
  /**
   * The channel's credentials as received (`imap_password`, `bot_token`, `line_channel_secret`, the
   * provider config's `api_key`, ...), kept out of snapshots.
   */
  channel_credentials: Record<string, string>;
};
export type PortalRecord = z.output<typeof PortalFixture>;
export type AutomationRuleRecord = z.output<typeof AutomationRuleFixture> & { created_on: number };
export type CustomAttributeDefinitionRecord = z.output<typeof CustomAttributeDefinitionFixture> & {
  created_at: string;
  updated_at: string;
};
export type LabelRecord = z.output<typeof LabelFixture>;
export type CannedResponseRecord = z.output<typeof CannedResponseFixture> & { created_at: string; updated_at: string };
export type TeamRecord = z.output<typeof TeamFixture>;
/** `secret` is the signing token (`has_secure_token :secret`), kept out of snapshots. */
export type WebhookRecord = z.output<typeof WebhookFixture> & { secret: string };
/** `actions` holds whatever JSON the create sent (the update stores its permitted form). */
export type MacroRecord = Omit<z.output<typeof MacroFixture>, "actions"> & { actions: unknown };
export type SlaPolicyRecord = z.output<typeof SlaPolicyFixture>;
export type AssignmentPolicyRecord = z.output<typeof AssignmentPolicyFixture> & { created_at: string; updated_at: string };
export type CustomRoleRecord = z.output<typeof CustomRoleFixture> & { created_at: string; updated_at: string };
export type DashboardAppRecord = z.output<typeof DashboardAppFixture> & { created_at: string };
export type CampaignRecord = z.output<typeof CampaignFixture> & { created_at: string; updated_at: string };
/** An `InboxCapacityLimit` row of a capacity policy, with the policy's account (for the account's destroy). */
export type InboxCapacityLimitRecord = {
  id: number;
  account_id: number;
  agent_capacity_policy_id: number;
  inbox_id: number;
  conversation_limit: number;
  created_at: string;
  updated_at: string;
};
/** An agent capacity policy (Enterprise); the agents it applies to are the account users whose `agent_capacity_policy_id` it is. */
export type AgentCapacityPolicyRecord = Omit<z.output<typeof AgentCapacityPolicyFixture>, "inbox_capacity_limits"> & { created_at: string; updated_at: string };
/** `settings` holds the app's credentials as sent: the views and snapshots show only what the app makes visible. */
export type IntegrationHookRecord = z.output<typeof IntegrationHookFixture>;
/** A custom tool: `auth_config` and `headers` hold its credentials as sent, kept out of snapshots. */
export type CaptainCustomToolRecord = z.output<typeof CaptainCustomToolFixture> & { created_at: string; updated_at: string };
export type SamlSettingsRecord = z.output<typeof SamlSettingsFixture> & { created_at: string; updated_at: string };
/** A category, with its portal's account (`ensure_account_id`). */
export type CategoryRecord = z.output<typeof CategoryFixture> & { account_id: number };
/** An article, with its portal's account, its view counter and when it last changed (epoch milliseconds). */
export type ArticleRecord = z.output<typeof ArticleFixture> & { account_id: number; views: number | null; updated_at: number };
/** A Captain assistant; `config` is the jsonb the last write sent, the lists as sent. */
export type CaptainAssistantRecord = Omit<z.output<typeof CaptainAssistantFixture>, "guardrails" | "response_guidelines"> & { guardrails: unknown; response_guidelines: unknown; created_at: string; updated_at: string };
/** A Captain document; `crawl_pending` until the crawl job has run (see models/captain.ts). */
export type CaptainDocumentRecord = z.output<typeof CaptainDocumentFixture> & {
  content: string | null;
  status: "in_progress" | "available";
  crawl_pending: boolean;
  created_at: string;
  updated_at: string;
};
/** A Captain scenario; `tools` is derived from the instruction. */
export type CaptainScenarioRecord = z.output<typeof CaptainScenarioFixture> & { tools: string[] | null; created_at: string; updated_at: string };
/** A CaptainInbox row (`account_id` is the sandbox's, for scoping). */
export type CaptainInboxRecord = z.output<typeof CaptainInboxFixture>;

/**
 * `Model.find_by(id: param)`: the row whose id the parameter casts to (Rails' integer cast, so
 * "12abc" is 12), restricted to one account when given; undefined otherwise.
 */
export function rowById<T extends { account_id?: number | null }>(table: ReadonlyMap<number, T>, idParam: unknown, account?: { id: number }): T | undefined {
  const id = castInteger(idParam);
  const row = id === null ? undefined : table.get(id);
  return row && (account === undefined || row.account_id === account.id) ? row : undefined;
}

/** What a WhatsApp message template is at Meta (the survey templates of models/csat-templates.ts): its id and review status. */
export interface MetaTemplate {
  id: string;
  name: string;
  inbox_id: number;
  status: "PENDING" | "APPROVED" | "REJECTED";
  language: string;
  body: string;
  button_text: string;
}

/** Who holds a token: the owner kinds `AccessToken` knows. */
export type TokenOwner = { kind: "user" | "platform_app" | "agent_bot"; id: number };

const DEFAULT_HOURS = { open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0 };

/** Seven entries, Sunday = 0; days not given get the defaults new inboxes get (weekend closed, 09:00–17:00). */
export function completeWorkingHours(given: readonly WorkingHour[]): WorkingHour[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const entry = given.find((h) => h.day_of_week === day);
    if (entry?.open_all_day) return { ...entry, closed_all_day: false, open_hour: 0, open_minutes: 0, close_hour: 23, close_minutes: 59 };
    if (entry?.closed_all_day) return { ...entry, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null };
    if (entry) return entry;
    const weekend = day === 0 || day === 6;
    return weekend
      ? { day_of_week: day, closed_all_day: true, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null, open_all_day: false }
      : { day_of_week: day, closed_all_day: false, ...DEFAULT_HOURS, open_all_day: false };
  });
}

/** Tables of an account's configuration around its inboxes. */
type ConfigurationTable =
  | "labels" | "canned_responses" | "teams" | "webhooks" | "macros" | "sla_policies" | "custom_roles" | "dashboard_apps" | "integration_hooks" | "categories" | "articles"
  | "assignment_policies" | "campaigns" | "account_saml_settings" | "meta_templates" | "agent_capacity_policies" | "inbox_capacity_limits" | CaptainTable;

/** The Captain tables (Enterprise). */
export type CaptainTable = "captain_assistants" | "captain_documents" | "captain_scenarios" | "captain_inboxes" | "captain_custom_tools";

/** Channel tables: each channel type numbers its own rows. */
export type ChannelTable = "channel_web_widgets" | "channel_api" | "channel_email" | "channel_telegram" | "channel_line" | "channel_sms" | "channel_whatsapp";

export type Table = "account_users" | "accounts" | "agent_bots" | "portals" | "automation_rules" | "custom_attribute_definitions" | "inboxes" | "users" | ChannelTable | ConfigurationTable;

/**
 * The sandbox's in-memory database, one table per model, built from a fixture. Ids of new rows
 * continue after the fixture's highest id, so they are deterministic after every reset.
 */
export class SandboxState {
  readonly accounts = new Map<number, AccountRecord>();
  readonly users = new Map<number, UserRecord>();
  readonly platformApps = new Map<number, PlatformAppRecord>();
  readonly agentBots = new Map<number, AgentBotRecord>();
  readonly inboxes = new Map<number, InboxRecord>();
  readonly portals = new Map<number, PortalRecord>();
  readonly automationRules = new Map<number, AutomationRuleRecord>();
  readonly customAttributeDefinitions = new Map<number, CustomAttributeDefinitionRecord>();
  readonly labels = new Map<number, LabelRecord>();
  readonly cannedResponses = new Map<number, CannedResponseRecord>();
  /** Teams, each holding its TeamMember rows as `member_ids`, so deleting a team removes its memberships. */
  readonly teams = new Map<number, TeamRecord>();
  readonly webhooks = new Map<number, WebhookRecord>();
  readonly macros = new Map<number, MacroRecord>();
  readonly slaPolicies = new Map<number, SlaPolicyRecord>();
  /** Assignment policies, each holding its InboxAssignmentPolicy rows as `inbox_ids`, so deleting a policy removes its links. */
  readonly assignmentPolicies = new Map<number, AssignmentPolicyRecord>();
  readonly customRoles = new Map<number, CustomRoleRecord>();
  /** Agent capacity policies (Enterprise). */
  readonly agentCapacityPolicies = new Map<number, AgentCapacityPolicyRecord>();
  readonly inboxCapacityLimits = new Map<number, InboxCapacityLimitRecord>();
  readonly dashboardApps = new Map<number, DashboardAppRecord>();
  /** Campaigns by row id; each has its account's `display_id` too (see `nextCampaignDisplayId`). */
  readonly campaigns = new Map<number, CampaignRecord>();
  readonly integrationHooks = new Map<number, IntegrationHookRecord>();
  readonly captainCustomTools = new Map<number, CaptainCustomToolRecord>();
  /**
   * Meta's side of WhatsApp message templates (the survey templates inboxes submit), by name: the
   * sandbox plays the Graph API. A fixture inbox whose `csat_config` names a template has it, approved.
   */
  readonly metaTemplates = new Map<string, MetaTemplate>();
  /** SAML settings (Enterprise), at most one per account. */
  readonly samlSettings = new Map<number, SamlSettingsRecord>();
  /** Help-center categories and articles, of every portal. */
  readonly categories = new Map<number, CategoryRecord>();
  readonly articles = new Map<number, ArticleRecord>();
  /** Captain's assistants, their documents and scenarios, and the inboxes they answer in (the seed has none). */
  readonly captainAssistants = new Map<number, CaptainAssistantRecord>();
  readonly captainDocuments = new Map<number, CaptainDocumentRecord>();
  readonly captainScenarios = new Map<number, CaptainScenarioRecord>();
  readonly captainInboxes = new Map<number, CaptainInboxRecord>();
  /**
   * The tables whose rows belong to one account (`account_id`), which its destroy takes with it.
   * Agent bots are not here: a bot with no account is the installation's (see destroyPlatformAccount).
   */
  accountScoped(): Map<number, { account_id: number }>[] {
    return [
      this.inboxes, this.portals, this.automationRules, this.customAttributeDefinitions, this.labels, this.cannedResponses, this.teams,
      this.webhooks, this.macros, this.slaPolicies, this.customRoles, this.dashboardApps, this.integrationHooks, this.categories,
      this.articles, this.assignmentPolicies, this.campaigns, this.samlSettings, this.agentCapacityPolicies, this.inboxCapacityLimits,
      this.captainAssistants, this.captainCustomTools, this.captainDocuments, this.captainScenarios, this.captainInboxes,
    ];
  }
  /** AccessToken rows: token → owner. */
  readonly tokens = new Map<string, TokenOwner>();
  /** Inboxes whose DELETE was answered but whose deletion job has not run: id → lookups that still find it. */
  readonly pendingInboxDeletions = new Map<number, number>();
  /** A test control: how many later lookups still find an inbox after its DELETE was answered (0: gone at once). */
  inboxDeletionLag = 0;
  private readonly lastIds = new Map<Table, number>();
  /** Each account's campaign display-id sequence (`camp_dpid_seq_<account>`): numbers are never reused. */
  private readonly campaignDisplayIds = new Map<number, number>();

  /** `nextval('camp_dpid_seq_' || account_id)`. */
  nextCampaignDisplayId(accountId: number): number {
    const next = (this.campaignDisplayIds.get(accountId) ?? 0) + 1;
    this.campaignDisplayIds.set(accountId, next);
    return next;
  }

  constructor(
    fixture: Fixture,
    readonly secrets: SecretBook,
  ) {
    const now = new Date();
    for (const account of fixture.accounts) this.accounts.set(account.id, structuredClone(account));
    let accountUserId = 0;
    for (const user of fixture.users) {
      const access_token = secrets.stable(`user:${user.id}`);
      const memberships = user.memberships.map((m) => ({ ...structuredClone(m), id: m.id ?? ++accountUserId }));
      const saml = fixture.saml_settings.some((s) => memberships.some((m) => m.account_id === s.account_id));
      this.users.set(user.id, { ...structuredClone(user), memberships, access_token, provider: saml ? "saml" : "email" });
      this.tokens.set(access_token, { kind: "user", id: user.id });
    }
    for (const app of fixture.platform_apps) {
      const token = secrets.stable(`platform-app:${app.id}`);
      const permissible_bot_ids = fixture.agent_bots.filter((b) => b.platform_app_ids.includes(app.id)).map((b) => b.id);
      const permissible_account_ids = fixture.accounts.filter((a) => a.platform_app_ids.includes(app.id)).map((a) => a.id);
      this.platformApps.set(app.id, { ...app, token, permissible_bot_ids, permissible_account_ids, permissible_user_ids: [] });
      this.tokens.set(token, { kind: "platform_app", id: app.id });
    }
    for (const { platform_app_ids: _apps, ...bot } of fixture.agent_bots) {
      const access_token = secrets.stable(`agent-bot:${bot.id}`);
      this.agentBots.set(bot.id, { ...bot, access_token, avatar: null, avatar_url: null, bot_config: {} });
      this.tokens.set(access_token, { kind: "agent_bot", id: bot.id });
    }
    for (const inbox of fixture.inboxes) {
      const widget = inbox.channel_type === "Channel::WebWidget";
      const api = inbox.channel_type === "Channel::Api";
      const channel_id = inbox.channel_id ?? inbox.id;
      this.inboxes.set(inbox.id, {
        ...structuredClone(inbox),
        channel_id,
        working_hours: completeWorkingHours(inbox.working_hours),
        website_token: widget ? secrets.stable(`inbox-website:${inbox.id}`) : null,
        hmac_token: widget || api ? secrets.stable(`inbox-hmac:${inbox.id}`) : null,
        inbox_identifier: api ? secrets.stable(`inbox-identifier:${inbox.id}`, false) : null,
        forward_to_email: inbox.channel_type === "Channel::Email" ? `forward-${channel_id}@inbound.sandbox.test` : null,
        channel_credentials: {},
      });
    }
    for (const portal of fixture.portals) this.portals.set(portal.id, structuredClone(portal));
    const createdOn = Math.floor(now.getTime() / 1000);
    for (const rule of fixture.automation_rules) this.automationRules.set(rule.id, { ...structuredClone(rule), created_on: createdOn });
    const stamp = now.toISOString();
    for (const definition of fixture.custom_attribute_definitions) {
      this.customAttributeDefinitions.set(definition.id, { ...structuredClone(definition), created_at: stamp, updated_at: stamp });
    }
    for (const label of fixture.labels) this.labels.set(label.id, structuredClone(label));
    for (const canned of fixture.canned_responses) this.cannedResponses.set(canned.id, { ...structuredClone(canned), created_at: stamp, updated_at: stamp });
    for (const team of fixture.teams) this.teams.set(team.id, structuredClone(team));
    for (const webhook of fixture.webhooks) this.webhooks.set(webhook.id, { ...structuredClone(webhook), secret: secrets.stable(`webhook:${webhook.id}`) });
    for (const macro of fixture.macros) this.macros.set(macro.id, structuredClone(macro));
    for (const policy of fixture.sla_policies) this.slaPolicies.set(policy.id, structuredClone(policy));
    for (const policy of fixture.assignment_policies) this.assignmentPolicies.set(policy.id, { ...structuredClone(policy), created_at: stamp, updated_at: stamp });
    let limitId = 0;
    for (const { inbox_capacity_limits: limits, ...policy } of fixture.agent_capacity_policies) {
      this.agentCapacityPolicies.set(policy.id, { ...structuredClone(policy), created_at: stamp, updated_at: stamp });
      for (const l of limits) {
        const row = { id: ++limitId, account_id: policy.account_id, agent_capacity_policy_id: policy.id, ...l, created_at: stamp, updated_at: stamp };
        this.inboxCapacityLimits.set(row.id, row);
      }
    }
    for (const role of fixture.custom_roles) this.customRoles.set(role.id, { ...structuredClone(role), created_at: stamp, updated_at: stamp });
    for (const app of fixture.dashboard_apps) this.dashboardApps.set(app.id, { ...structuredClone(app), created_at: stamp });
    for (const campaign of fixture.campaigns) this.campaigns.set(campaign.id, { ...structuredClone(campaign), created_at: stamp, updated_at: stamp });
    for (const hook of fixture.integration_hooks) this.integrationHooks.set(hook.id, structuredClone(hook));
    for (const tool of fixture.captain_custom_tools) this.captainCustomTools.set(tool.id, { ...structuredClone(tool), created_at: stamp, updated_at: stamp });
    for (const inbox of this.inboxes.values()) {
      const template = inbox.csat_config.template as Record<string, unknown> | undefined;
      if (typeof template?.name !== "string") continue;
      const config = inbox.csat_config;
      this.metaTemplates.set(template.name, {
        id: String(template.template_id ?? template.name),
        name: template.name,
        inbox_id: inbox.id,
        status: "APPROVED",
        language: String(template.language ?? config.language ?? "en"),
        body: String(config.message ?? ""),
        button_text: String(config.button_text ?? "Please rate us"),
      });
    }
    for (const saml of fixture.saml_settings) this.samlSettings.set(saml.id, { ...structuredClone(saml), created_at: stamp, updated_at: stamp });
    const portalAccount = (portalId: number) => this.portals.get(portalId)?.account_id ?? 0;
    for (const category of fixture.categories) this.categories.set(category.id, { ...structuredClone(category), account_id: portalAccount(category.portal_id) });
    for (const article of fixture.articles) {
      this.articles.set(article.id, { ...structuredClone(article), account_id: portalAccount(article.portal_id), views: null, updated_at: now.getTime() });
    }
    for (const a of fixture.captain_assistants) this.captainAssistants.set(a.id, { ...structuredClone(a), created_at: stamp, updated_at: stamp });
    for (const d of fixture.captain_documents) {
      this.captainDocuments.set(d.id, { ...structuredClone(d), content: null, status: "in_progress", crawl_pending: true, created_at: stamp, updated_at: stamp });
    }
    for (const sc of fixture.captain_scenarios) {
      const tools = toolReferences(sc.instruction);
      this.captainScenarios.set(sc.id, { ...structuredClone(sc), tools: tools.length > 0 ? tools : null, created_at: stamp, updated_at: stamp });
    }
    for (const link of fixture.captain_inboxes) this.captainInboxes.set(link.id, structuredClone(link));
    const maxId = (ids: Iterable<number>) => Math.max(0, ...ids);
    this.lastIds.set("accounts", maxId(this.accounts.keys()));
    this.lastIds.set("account_users", maxId([...this.users.values()].flatMap((u) => u.memberships.map((m) => m.id ?? 0))));
    this.lastIds.set("agent_bots", maxId(this.agentBots.keys()));
    this.lastIds.set("portals", maxId(this.portals.keys()));
    this.lastIds.set("automation_rules", maxId(this.automationRules.keys()));
    this.lastIds.set("custom_attribute_definitions", maxId(this.customAttributeDefinitions.keys()));
    this.lastIds.set("inboxes", maxId(this.inboxes.keys()));
    this.lastIds.set("users", maxId(this.users.keys()));
    this.lastIds.set("labels", maxId(this.labels.keys()));
    this.lastIds.set("canned_responses", maxId(this.cannedResponses.keys()));
    this.lastIds.set("teams", maxId(this.teams.keys()));
    this.lastIds.set("webhooks", maxId(this.webhooks.keys()));
    this.lastIds.set("macros", maxId(this.macros.keys()));
    this.lastIds.set("sla_policies", maxId(this.slaPolicies.keys()));
    this.lastIds.set("assignment_policies", maxId(this.assignmentPolicies.keys()));
    this.lastIds.set("custom_roles", maxId(this.customRoles.keys()));
    this.lastIds.set("agent_capacity_policies", maxId(this.agentCapacityPolicies.keys()));
    this.lastIds.set("inbox_capacity_limits", maxId(this.inboxCapacityLimits.keys()));
    this.lastIds.set("dashboard_apps", maxId(this.dashboardApps.keys()));
    this.lastIds.set("campaigns", maxId(this.campaigns.keys()));
    for (const c of this.campaigns.values()) this.campaignDisplayIds.set(c.account_id, Math.max(c.display_id, this.campaignDisplayIds.get(c.account_id) ?? 0));
    this.lastIds.set("integration_hooks", maxId(this.integrationHooks.keys()));
    this.lastIds.set("captain_custom_tools", maxId(this.captainCustomTools.keys()));
    this.lastIds.set("account_saml_settings", maxId(this.samlSettings.keys()));
    this.lastIds.set("categories", maxId(this.categories.keys()));
    this.lastIds.set("articles", maxId(this.articles.keys()));
    this.lastIds.set("captain_assistants", maxId(this.captainAssistants.keys()));
    this.lastIds.set("captain_documents", maxId(this.captainDocuments.keys()));
    this.lastIds.set("captain_scenarios", maxId(this.captainScenarios.keys()));
    this.lastIds.set("captain_inboxes", maxId(this.captainInboxes.keys()));
    const channelIds = (type: string) => [...this.inboxes.values()].filter((i) => i.channel_type === type).map((i) => i.channel_id);
    const tables: [ChannelTable, string][] = [
      ["channel_web_widgets", "Channel::WebWidget"], ["channel_api", "Channel::Api"], ["channel_email", "Channel::Email"],
      ["channel_telegram", "Channel::Telegram"], ["channel_line", "Channel::Line"], ["channel_sms", "Channel::Sms"], ["channel_whatsapp", "Channel::Whatsapp"],
    ];
    for (const [table, type] of tables) this.lastIds.set(table, maxId(channelIds(type)));
  }

  /** The next primary key of a table (a sequence: ids of deleted rows are not reused). */
  nextId(table: Table): number {
    const id = (this.lastIds.get(table) ?? 0) + 1;
    this.lastIds.set(table, id);
    return id;
  }

  /**
   * A deep copy of every table for assertions, rows ordered by id. Credentials are left out
   * (user, platform-app and bot tokens, website and HMAC tokens, webhook secrets, the settings
   * an integration hook's app never shows (its keys), the channel credentials an inbox received, which its provider config keeps apart, a custom tool's auth config and headers): they are in
   * the sandbox's info and `secrets()`, and a snapshot printed by a failing assertion must not
   * carry them.
   */
  snapshot() {
    const rows = <T extends { id: number }>(table: Map<number, T>): T[] => [...table.values()].sort((a, b) => a.id - b.id);
    return structuredClone({
      accounts: rows(this.accounts),
      users: rows(this.users).map(({ access_token: _token, password_digest: _password, ...user }) => user),
      platform_apps: rows(this.platformApps).map(({ token: _token, ...app }) => app),
      agent_bots: rows(this.agentBots).map(({ access_token: _token, ...bot }) => bot),
      inboxes: rows(this.inboxes).map(({ website_token: _website, hmac_token: _hmac, channel_credentials: _credentials, ...inbox }) => inbox),
      portals: rows(this.portals),
      automation_rules: rows(this.automationRules),
      custom_attribute_definitions: rows(this.customAttributeDefinitions),
      labels: rows(this.labels),
      canned_responses: rows(this.cannedResponses),
      teams: rows(this.teams),
      webhooks: rows(this.webhooks).map(({ secret: _secret, ...webhook }) => webhook),
      macros: rows(this.macros),
      sla_policies: rows(this.slaPolicies),
      assignment_policies: rows(this.assignmentPolicies),
      custom_roles: rows(this.customRoles),
      dashboard_apps: rows(this.dashboardApps),
      campaigns: rows(this.campaigns),
      agent_capacity_policies: rows(this.agentCapacityPolicies),
      inbox_capacity_limits: rows(this.inboxCapacityLimits),
      integration_hooks: rows(this.integrationHooks).map((hook) => ({ ...hook, settings: withoutKeys(hook.settings, secretSettings(hook.app_id)) })),
      categories: rows(this.categories),
      articles: rows(this.articles),
      captain_custom_tools: rows(this.captainCustomTools).map(({ auth_config: _auth, headers: _headers, ...tool }) => tool),
      captain_assistants: rows(this.captainAssistants),
      // A document's crawled content is large and says nothing a test asserts: its length stands in.
      captain_documents: rows(this.captainDocuments).map(({ content, ...document }) => ({ ...document, content_length: content?.length ?? null })),
      captain_scenarios: rows(this.captainScenarios),
      captain_inboxes: rows(this.captainInboxes),
      saml_settings: rows(this.samlSettings),
      meta_templates: [...this.metaTemplates.values()].sort((a, b) => a.name.localeCompare(b.name)),
    });
  }

  /** The user's role in an account, or undefined when there is no account_users row. */
  roleOf(user: UserRecord, accountId: number): "administrator" | "agent" | undefined {
    return user.memberships.find((m) => m.account_id === accountId)?.role;
  }
}

/** `object` without the given keys. */
function withoutKeys(object: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}

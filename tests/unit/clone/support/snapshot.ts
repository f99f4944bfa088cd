/**
 * Account snapshots for the cloning engine's unit tests, made from server objects as the API sends
 * them (snake_case) and read through the same wire schemas `readAccount` uses.
 */
import { AgentBotWire } from "../../../../provider/wire/agent-bot";
import { RuleWire } from "../../../../provider/wire/automation-rule";
import { CannedResponseWire } from "../../../../provider/wire/canned-response";
import { CustomRoleWire } from "../../../../provider/wire/custom-role";
import { DashboardAppWire } from "../../../../provider/wire/dashboard-app";
import { CampaignWire } from "../../../../provider/wire/campaign";
import { IntegrationHookWire } from "../../../../provider/wire/integration-hook";
import { CaptainCustomToolWire } from "../../../../provider/wire/captain-custom-tool";
import { DefinitionWire } from "../../../../provider/wire/custom-attribute-definition";
import { InboxServerWire } from "../../../../provider/wire/inbox";
import { LabelWire } from "../../../../provider/wire/label";
import { MacroWire } from "../../../../provider/wire/macro";
import { PortalWire } from "../../../../provider/wire/portal";
import { AgentCapacityPolicyWire } from "../../../../provider/wire/agent-capacity-policy";
import { AssignmentPolicyWire } from "../../../../provider/wire/assignment-policy";
import { CaptainAssistantWire } from "../../../../provider/wire/captain-assistant";
import { CaptainDocumentWire } from "../../../../provider/wire/captain-document";
import { CaptainScenarioWire } from "../../../../provider/wire/captain-scenario";
import { SlaPolicyWire } from "../../../../provider/wire/sla-policy";
import { SamlSettingsWire } from "../../../../provider/wire/saml-settings";
import { PortalArticleWire } from "../../../../provider/wire/portal-article";
import { PortalCategoryWire } from "../../../../provider/wire/portal-category";
import { TeamWire } from "../../../../provider/wire/team";
import { WebhookWire } from "../../../../provider/wire/webhook";
import { AccountWire } from "../../../../provider/wire/account";
import { AgentWire } from "../../../../provider/wire/agent";
import type { AccountSnapshot } from "../../../../sdk/clone/account";
import { RESOURCE_TYPES, type TypeName } from "../../../../sdk/clone/resource-types";

type Raw = Record<string, unknown>;

/** What a test gives: server objects per kind; teams and inboxes with their members (and an inbox's bot). */
export interface RawAccount {
  accountId?: number;
  types?: TypeName[];
  agents?: Raw[];
  attributes?: Raw[];
  labels?: Raw[];
  teams?: (Raw & { members?: number[] })[];
  agentBots?: Raw[];
  inboxes?: (Raw & { bot?: number | null; members?: number[] })[];
  portals?: Raw[];
  /** A portal's categories and articles, with the `portal_id` they are in (the portal's slug comes from `portals`). */
  categories?: Raw[];
  articles?: Raw[];
  rules?: Raw[];
  webhooks?: Raw[];
  cannedResponses?: Raw[];
  macros?: Raw[];
  slaPolicies?: Raw[];
  /** Assignment policies, each with the inboxes linked to it (`inboxes: [{id, name}]`). */
  assignmentPolicies?: Raw[];
  customRoles?: Raw[];
  capacityPolicies?: Raw[];
  dashboardApps?: Raw[];
  campaigns?: Raw[];
  integrationHooks?: Raw[];
  captainCustomTools?: Raw[];
  captainAssistants?: Raw[];
  captainDocuments?: Raw[];
  /** Each assistant's inboxes. */
  captainInboxes?: { assistantId: number; inboxId: number }[];
  /** Scenarios, with the `assistant_id` they are in. */
  captainScenarios?: Raw[];
  samlSettings?: Raw[];
  /** The account itself (its settings); none by default. */
  account?: Raw;
  /** Bots the Platform App sees (exported as Platform bots). */
  platformBots?: number[];
}

/** The account's users of most tests: two agents with e-mail addresses, one without. */
export const AGENTS: Raw[] = [
  { id: 11, name: "Bob", email: "bob@acme.test", role: "agent" },
  { id: 12, name: "Carol", email: "carol@acme.test", role: "agent" },
  { id: 13, name: "Nobody", email: null, role: "agent" },
];

const without = (raw: Raw, ...keys: string[]) => Object.fromEntries(Object.entries(raw).filter(([k]) => !keys.includes(k)));

/** The portal a category or article names by `portal_id`, as the reader records it. */
function inPortal(raw: RawAccount, row: Raw): { portal_id: number; portal_slug: string } {
  const portal = (raw.portals ?? []).find((p) => p.id === row.portal_id);
  if (!portal) throw new Error(`no portal ${String(row.portal_id)} in the test's account`);
  return { portal_id: portal.id as number, portal_slug: portal.slug as string };
}

/** A snapshot of `raw` (every kind read unless `types` says otherwise). */
export function snapshotOf(raw: RawAccount): AccountSnapshot {
  return {
    accountId: raw.accountId ?? 1,
    types: new Set(raw.types ?? RESOURCE_TYPES.map((t) => t.sdkClass)),
    agents: (raw.agents ?? AGENTS).map((a) => AgentWire.parse(a)),
    account: raw.account ? AccountWire.parse(raw.account) : null,
    platformBotIds: new Set(raw.platformBots ?? []),
    attributes: (raw.attributes ?? []).map((a) => DefinitionWire.parse({ default_value: null, ...a })),
    labels: (raw.labels ?? []).map((l) => LabelWire.parse(l)),
    teams: (raw.teams ?? []).map((t) => ({ team: TeamWire.parse(without(t, "members")), memberIds: t.members ?? [] })),
    agentBots: (raw.agentBots ?? []).map((b) => AgentBotWire.parse(b)),
    inboxes: (raw.inboxes ?? []).map((i) => ({
      inbox: InboxServerWire.parse(without(i, "bot", "members")),
      botId: i.bot ?? null,
      memberIds: i.members ?? [],
    })),
    portals: (raw.portals ?? []).map((p) => PortalWire.parse({ config: null, ...p })),
    categories: (raw.categories ?? []).map((c) => ({ ...PortalCategoryWire.parse(c), ...inPortal(raw, c) })),
    articles: (raw.articles ?? []).map((a) => ({ ...PortalArticleWire.parse(a), ...inPortal(raw, a) })),
    rules: (raw.rules ?? []).map((r) => RuleWire.parse(r)),
    webhooks: (raw.webhooks ?? []).map((w) => WebhookWire.parse(w)),
    cannedResponses: (raw.cannedResponses ?? []).map((c) => CannedResponseWire.parse(c)),
    macros: (raw.macros ?? []).map((m) => MacroWire.parse(m)),
    slaPolicies: (raw.slaPolicies ?? []).map((p) => SlaPolicyWire.parse(p)),
    assignmentPolicies: (raw.assignmentPolicies ?? []).map((p) => AssignmentPolicyWire.parse(p)),
    inboxPolicies: (raw.assignmentPolicies ?? []).flatMap((p) => (AssignmentPolicyWire.parse(p).inboxes ?? []).map((inboxId) => ({ inboxId, policyId: p.id as number }))),
    customRoles: (raw.customRoles ?? []).map((r) => CustomRoleWire.parse(r)),
    capacityPolicies: (raw.capacityPolicies ?? []).map((p) => AgentCapacityPolicyWire.parse(p)),
    capacityUsers: (raw.capacityPolicies ?? []).flatMap((p) => (p.users as number[] | undefined)?.length ? [{ policyId: p.id as number, userIds: p.users as number[] }] : []),
    capacityLimits: (raw.capacityPolicies ?? []).flatMap((p) => AgentCapacityPolicyWire.parse(p).inbox_capacity_limits.map((l) => ({ ...l, policyId: p.id as number }))),
    dashboardApps: (raw.dashboardApps ?? []).map((a) => DashboardAppWire.parse(a)),
    campaigns: (raw.campaigns ?? []).map((c) => CampaignWire.parse(c)),
    integrationHooks: (raw.integrationHooks ?? []).map((h) => IntegrationHookWire.parse(h)),
    captainCustomTools: (raw.captainCustomTools ?? []).map((t) => CaptainCustomToolWire.parse(t)),
    captainAssistants: (raw.captainAssistants ?? []).map((a) => CaptainAssistantWire.parse(a)),
    captainInboxes: raw.captainInboxes ?? [],
    captainDocuments: (raw.captainDocuments ?? []).map((d) => CaptainDocumentWire.parse(d)),
    captainScenarios: (raw.captainScenarios ?? []).map((sc) => ({ ...CaptainScenarioWire.parse(sc), assistant_id: sc.assistant_id as number })),
    samlSettings: (raw.samlSettings ?? []).map((s) => SamlSettingsWire.parse(s)),
    csatTemplates: (raw.inboxes ?? [])
      .filter((i) => i.channel_type === "Channel::Whatsapp" && typeof (i.csat_config as { template?: { name?: unknown } } | undefined)?.template?.name === "string")
      .map((i) => ({ inboxId: i.id as number, csatConfig: i.csat_config })),
    unavailable: [],
  };
}

/** A web-widget inbox as the server sends it, with its credentials (which an export must never show). */
export function widgetInbox(id: number, name: string, extra: Raw = {}): Raw {
  return {
    id,
    name,
    channel_type: "Channel::WebWidget",
    website_url: "https://www.acme.test",
    widget_color: "#1F93FF",
    website_token: `website-token-${id}`,
    hmac_token: `hmac-token-${id}`,
    web_widget_script: `<script>window.chatwootSettings = { websiteToken: "website-token-${id}" }</script>`,
    timezone: "Europe/Berlin",
    working_hours: [
      { day_of_week: 0, closed_all_day: true },
      { day_of_week: 1, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 30 },
      { day_of_week: 2, open_all_day: true },
    ],
    ...extra,
  };
}

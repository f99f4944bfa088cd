/**
 * The one registry of the package's types. Every list of them derives from here: the provider's
 * index (what the dynamic shims load), the native plugin's type tokens and its schema, the SDK's
 * index and shims (generated from it), the clone's kinds, and the test tables that must cover each
 * type. Adding a type adds one entry here (and its files), not a line in each of those lists.
 *
 * The order is the order an exported program declares the kinds in: each kind after every kind it
 * can refer to (a rule refers to agents, teams, labels, attributes, inboxes and SLA policies; an
 * inbox to its bot; an agent to a custom role; the account's settings to a label and attributes;
 * an article to its portal, category and translation; an inbox's assignment policy link to both).
 */
import type { z } from "zod";
import type { Feature } from "./lifecycle/feature-gate";
import type { ResourceLifecycle } from "./lifecycle/resource";
import { AGENT_BOT_SECRET_KEYS, getAgentBots, GetAgentBotsArgs } from "./readers/agent-bots";
import { getAgents, GetAgentsArgs } from "./readers/agents";
import { getInbox, GetInboxArgs, INBOX_SECRET_KEYS } from "./readers/inbox";
import { getLabels, GetLabelsArgs } from "./readers/labels";
import { getTeams, GetTeamsArgs } from "./readers/teams";
import { accountSettings } from "./resources/account-settings";
import { agent } from "./resources/agent";
import { agentCapacityPolicy, capacityFeature } from "./resources/agent-capacity-policy";
import { agentCapacityPolicyInboxLimit } from "./resources/agent-capacity-policy-inbox-limit";
import { agentCapacityPolicyUser } from "./resources/agent-capacity-policy-user";
import { agentBot } from "./resources/agent-bot";
import { assignmentPolicy } from "./resources/assignment-policy";
import { automationRule } from "./resources/automation-rule";
import { campaign } from "./resources/campaign";
import { captainCustomTool, customToolsFeature } from "./resources/captain-custom-tool";
import { captainAssistant, captainFeature } from "./resources/captain-assistant";
import { captainAssistantInbox } from "./resources/captain-assistant-inbox";
import { captainDocument } from "./resources/captain-document";
import { captainScenario } from "./resources/captain-scenario";
import { cannedResponse } from "./resources/canned-response";
import { customAttributeDefinition } from "./resources/custom-attribute-definition";
import { customRole, customRolesFeature } from "./resources/custom-role";
import { dashboardApp } from "./resources/dashboard-app";
import { inbox } from "./resources/inbox";
import { inboxAssignmentPolicy } from "./resources/inbox-assignment-policy";
import { inboxCsatTemplate } from "./resources/inbox-csat-template";
import { inboxMembership } from "./resources/inbox-membership";
import { integrationHook } from "./resources/integration-hook";
import { label } from "./resources/label";
import { macro } from "./resources/macro";
import { platformAccount } from "./resources/platform-account";
import { platformAccountUser } from "./resources/platform-account-user";
import { platformUser } from "./resources/platform-user";
import { portal } from "./resources/portal";
import { portalArticle } from "./resources/portal-article";
import { portalCategory } from "./resources/portal-category";
import { samlFeature, samlSettings } from "./resources/saml-settings";
import { slaFeature, slaPolicy } from "./resources/sla-policy";
import { team } from "./resources/team";
import { teamMembership } from "./resources/team-membership";
import { webhook } from "./resources/webhook";

/** How `pulumi-chatwoot export` and `diff` treat a kind of object of an account. */
export interface CloneKind {
  /** The name `--include`/`--exclude` take. */
  option: string;
  /** The object in words, for messages (`canned response`). */
  noun: string;
  /** The kind in the plural, for progress and summaries (`canned responses`). */
  plural: string;
  /** Prefix of the generated constants' names (`label` → `labelVip`). */
  prefix: string;
  /** The Enterprise feature it needs: a server or account without it has none to read (an export warns, and leaves the kind out). */
  feature?: Feature;
}

/** One resource type. */
export interface ResourceType {
  /** The type's name: the SDK class, `chatwoot:index:<name>` in the plugin, `pulumi-nodejs:dynamic/chatwoot:<name>` dynamically. */
  readonly name: string;
  /** The provider methods, which both front doors call. */
  readonly lifecycle: ResourceLifecycle;
  /**
   * Outputs that are secrets whatever the program does: credentials the server hands out, and the
   * digests of the program's (the SDK passes them as `additionalSecretOutputs`, the plugin marks them).
   */
  readonly secretOutputs?: readonly string[];
  /** Inputs that are secret whatever the program passes (credentials): stored encrypted. */
  readonly secretInputs?: readonly string[];
  /** An object of an account that export reads and diff compares; absent for the Platform API's objects. */
  readonly clone?: CloneKind;
}

/** One data source. */
export interface DataSourceType {
  /** The function's name: `getInbox` (and `getInboxOutput`), `chatwoot:index:getInbox` in the plugin. */
  readonly name: string;
  /** The checks of its arguments. */
  readonly args: z.ZodType;
  /** Reads the result in the process that calls it (the program for the SDK, the plugin for an invoke). */
  readonly read: (args: never) => Promise<unknown>;
  /** Fields of the result, at any depth, that are credentials: secret in the plugin's answer. */
  readonly secretKeys?: readonly string[];
}


export const RESOURCE_TYPES = [
  { name: "PlatformAccount", lifecycle: platformAccount },
  { name: "PlatformUser", lifecycle: platformUser, secretInputs: ["password"], secretOutputs: ["password", "accessToken"] },
  { name: "PlatformAccountUser", lifecycle: platformAccountUser },
  {
    name: "CustomRole",
    lifecycle: customRole,
    clone: { option: "custom-roles", noun: "custom role", plural: "custom roles", prefix: "role", feature: customRolesFeature },
  },
  { name: "Agent", lifecycle: agent, clone: { option: "agents", noun: "agent", plural: "agents", prefix: "agent" } },
  {
    name: "CustomAttributeDefinition",
    lifecycle: customAttributeDefinition,
    clone: { option: "custom-attributes", noun: "custom attribute", plural: "custom attributes", prefix: "attribute" },
  },
  { name: "Label", lifecycle: label, clone: { option: "labels", noun: "label", plural: "labels", prefix: "label" } },
  {
    name: "AccountSettings",
    lifecycle: accountSettings,
    clone: { option: "account-settings", noun: "account settings", plural: "account settings", prefix: "account" },
  },
  {
    name: "SamlSettings",
    lifecycle: samlSettings,
    clone: { option: "saml-settings", noun: "SAML settings", plural: "SAML settings", prefix: "saml", feature: samlFeature },
  },
  { name: "Team", lifecycle: team, clone: { option: "teams", noun: "team", plural: "teams", prefix: "team" } },
  {
    name: "SlaPolicy",
    lifecycle: slaPolicy,
    clone: { option: "sla-policies", noun: "SLA policy", plural: "SLA policies", prefix: "sla policy", feature: slaFeature },
  },
  {
    name: "AssignmentPolicy",
    lifecycle: assignmentPolicy,
    clone: { option: "assignment-policies", noun: "assignment policy", plural: "assignment policies", prefix: "assignment policy" },
  },
  {
    name: "AgentCapacityPolicy",
    lifecycle: agentCapacityPolicy,
    clone: { option: "capacity-policies", noun: "agent capacity policy", plural: "agent capacity policies", prefix: "capacity policy", feature: capacityFeature },
  },
  {
    name: "AgentBot",
    lifecycle: agentBot,
    secretOutputs: ["accessToken"],
    clone: { option: "agent-bots", noun: "agent bot", plural: "agent bots", prefix: "bot" },
  },
  {
    name: "Inbox",
    lifecycle: inbox,
    secretInputs: ["credentials"],
    secretOutputs: ["websiteToken", "hmacToken", "webWidgetScript", "credentials"],
    clone: { option: "inboxes", noun: "inbox", plural: "inboxes", prefix: "inbox" },
  },
  {
    name: "InboxMembership",
    lifecycle: inboxMembership,
    clone: { option: "inbox-members", noun: "inbox membership", plural: "inbox memberships", prefix: "inbox members" },
  },
  {
    name: "InboxAssignmentPolicy",
    lifecycle: inboxAssignmentPolicy,
    clone: { option: "inbox-assignment-policies", noun: "inbox assignment policy", plural: "inbox assignment policies", prefix: "inbox policy" },
  },
  {
    name: "InboxCsatTemplate",
    lifecycle: inboxCsatTemplate,
    clone: { option: "inbox-csat-templates", noun: "inbox CSAT template", plural: "inbox CSAT templates", prefix: "csat template" },
  },
  {
    name: "AgentCapacityPolicyInboxLimit",
    lifecycle: agentCapacityPolicyInboxLimit,
    clone: { option: "capacity-inbox-limits", noun: "capacity inbox limit", plural: "capacity inbox limits", prefix: "capacity limit", feature: capacityFeature },
  },
  {
    name: "AgentCapacityPolicyUser",
    lifecycle: agentCapacityPolicyUser,
    clone: { option: "capacity-policy-users", noun: "capacity policy membership", plural: "capacity policy memberships", prefix: "capacity members", feature: capacityFeature },
  },
  {
    name: "TeamMembership",
    lifecycle: teamMembership,
    clone: { option: "team-members", noun: "team membership", plural: "team memberships", prefix: "team members" },
  },
  { name: "Portal", lifecycle: portal, clone: { option: "portals", noun: "portal", plural: "portals", prefix: "portal" } },
  {
    name: "PortalCategory",
    lifecycle: portalCategory,
    clone: { option: "portal-categories", noun: "portal category", plural: "portal categories", prefix: "category" },
  },
  {
    name: "PortalArticle",
    lifecycle: portalArticle,
    clone: { option: "portal-articles", noun: "portal article", plural: "portal articles", prefix: "article" },
  },
  {
    name: "AutomationRule",
    lifecycle: automationRule,
    clone: { option: "automation-rules", noun: "automation rule", plural: "automation rules", prefix: "rule" },
  },
  {
    name: "Webhook",
    lifecycle: webhook,
    secretOutputs: ["secret"],
    clone: { option: "webhooks", noun: "webhook", plural: "webhooks", prefix: "webhook" },
  },
  {
    name: "IntegrationHook",
    lifecycle: integrationHook,
    secretInputs: ["secretSettings"],
    secretOutputs: ["secretSettings"],
    clone: { option: "integration-hooks", noun: "integration hook", plural: "integration hooks", prefix: "hook" },
  },
  {
    name: "CannedResponse",
    lifecycle: cannedResponse,
    clone: { option: "canned-responses", noun: "canned response", plural: "canned responses", prefix: "canned response" },
  },
  { name: "Macro", lifecycle: macro, clone: { option: "macros", noun: "macro", plural: "macros", prefix: "macro" } },
  {
    name: "DashboardApp",
    lifecycle: dashboardApp,
    clone: { option: "dashboard-apps", noun: "dashboard app", plural: "dashboard apps", prefix: "dashboard app" },
  },
  { name: "Campaign", lifecycle: campaign, clone: { option: "campaigns", noun: "campaign", plural: "campaigns", prefix: "campaign" } },
  {
    name: "CaptainCustomTool",
    lifecycle: captainCustomTool,
    secretInputs: ["authConfig", "headers"],
    secretOutputs: ["authConfig", "headers"],
    clone: { option: "captain-custom-tools", noun: "custom tool", plural: "custom tools", prefix: "tool", feature: customToolsFeature },
  },
  {
    name: "CaptainAssistant",
    lifecycle: captainAssistant,
    clone: { option: "captain-assistants", noun: "Captain assistant", plural: "Captain assistants", prefix: "assistant", feature: captainFeature },
  },
  {
    name: "CaptainScenario",
    lifecycle: captainScenario,
    clone: { option: "captain-scenarios", noun: "Captain scenario", plural: "Captain scenarios", prefix: "scenario", feature: captainFeature },
  },
  {
    name: "CaptainAssistantInbox",
    lifecycle: captainAssistantInbox,
    clone: { option: "captain-inboxes", noun: "Captain inbox", plural: "Captain inboxes", prefix: "captain inbox", feature: captainFeature },
  },
  {
    name: "CaptainDocument",
    lifecycle: captainDocument,
    clone: { option: "captain-documents", noun: "Captain document", plural: "Captain documents", prefix: "document", feature: captainFeature },
  },
] as const satisfies readonly ResourceType[];

export const DATA_SOURCE_TYPES = [
  { name: "getInbox", args: GetInboxArgs, read: getInbox, secretKeys: INBOX_SECRET_KEYS },
  { name: "getAgentBots", args: GetAgentBotsArgs, read: getAgentBots, secretKeys: AGENT_BOT_SECRET_KEYS },
  { name: "getAgents", args: GetAgentsArgs, read: getAgents },
  { name: "getTeams", args: GetTeamsArgs, read: getTeams },
  { name: "getLabels", args: GetLabelsArgs, read: getLabels },
] as const satisfies readonly DataSourceType[];

/** The name of a resource type. */
export type ResourceKind = (typeof RESOURCE_TYPES)[number]["name"];

/** The name of a data source. */
export type DataSourceName = (typeof DATA_SOURCE_TYPES)[number]["name"];

/** A type's entry by name. */
export function resourceType(name: string): ResourceType | undefined {
  return (RESOURCE_TYPES as readonly ResourceType[]).find((t) => t.name === name);
}

/** A data source's entry by name. */
export function dataSourceType(name: string): DataSourceType | undefined {
  return (DATA_SOURCE_TYPES as readonly DataSourceType[]).find((t) => t.name === name);
}

/** `InboxMembership` → `inbox-membership`: the file that holds a type in provider/resources and sdk/ (and `getInbox` → `get-inbox`). */
export function moduleName(name: string): string {
  return name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, "-").toLowerCase();
}

/** The outputs of a type that are secret whatever the program does (see {@link ResourceType.secretOutputs}). */
export function secretOutputsOf(name: ResourceKind): string[] {
  return [...(resourceType(name)?.secretOutputs ?? [])];
}

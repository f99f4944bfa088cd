/**
 * The kinds of object an export covers, in the order the generated program declares them: each
 * kind after every kind it can refer to (a rule refers to agents, teams, labels, attributes,
 * inboxes and SLA policies; an inbox to its bot; an agent to a custom role; the account's settings
 * to a label and attributes; an article to its portal, category and translation), so every
 * constant is declared before it is used.
 */

import type { Feature } from "../../provider/lifecycle/feature-gate";

/** One kind of exported object. */
export interface ResourceType {
  /** The SDK class that declares it (`chatwoot.<sdkClass>`). */
  sdkClass: string;
  /** The name `--include`/`--exclude` take. */
  option: string;
  /** The object in words, for messages (`canned response`). */
  noun: string;
  /** The kind in the plural, for progress and summaries (`canned responses`). */
  plural: string;
  /** Prefix of the generated constants' names (`label` → `labelVip`). */
  prefix: string;
  /**
   * The Enterprise feature it needs: a server or account without it has none to read (an export
   * warns, and leaves the kind out).
   */
  feature?: Feature;
}

export const RESOURCE_TYPES = [
  { sdkClass: "CustomRole", option: "custom-roles", noun: "custom role", plural: "custom roles", prefix: "role", feature: { flag: "custom_roles", what: "custom roles" } },
  { sdkClass: "Agent", option: "agents", noun: "agent", plural: "agents", prefix: "agent" },
  { sdkClass: "CustomAttributeDefinition", option: "custom-attributes", noun: "custom attribute", plural: "custom attributes", prefix: "attribute" },
  { sdkClass: "Label", option: "labels", noun: "label", plural: "labels", prefix: "label" },
  { sdkClass: "AccountSettings", option: "account-settings", noun: "account settings", plural: "account settings", prefix: "account" },
  { sdkClass: "Team", option: "teams", noun: "team", plural: "teams", prefix: "team" },
  { sdkClass: "SlaPolicy", option: "sla-policies", noun: "SLA policy", plural: "SLA policies", prefix: "sla policy", feature: { flag: "sla", what: "SLA policies" } },
  { sdkClass: "AgentBot", option: "agent-bots", noun: "agent bot", plural: "agent bots", prefix: "bot" },
  { sdkClass: "Inbox", option: "inboxes", noun: "inbox", plural: "inboxes", prefix: "inbox" },
  { sdkClass: "InboxMembership", option: "inbox-members", noun: "inbox membership", plural: "inbox memberships", prefix: "inbox members" },
  { sdkClass: "TeamMembership", option: "team-members", noun: "team membership", plural: "team memberships", prefix: "team members" },
  { sdkClass: "Portal", option: "portals", noun: "portal", plural: "portals", prefix: "portal" },
  { sdkClass: "PortalCategory", option: "portal-categories", noun: "portal category", plural: "portal categories", prefix: "category" },
  { sdkClass: "PortalArticle", option: "portal-articles", noun: "portal article", plural: "portal articles", prefix: "article" },
  { sdkClass: "AutomationRule", option: "automation-rules", noun: "automation rule", plural: "automation rules", prefix: "rule" },
  { sdkClass: "Webhook", option: "webhooks", noun: "webhook", plural: "webhooks", prefix: "webhook" },
  { sdkClass: "CannedResponse", option: "canned-responses", noun: "canned response", plural: "canned responses", prefix: "canned response" },
  { sdkClass: "Macro", option: "macros", noun: "macro", plural: "macros", prefix: "macro" },
  { sdkClass: "DashboardApp", option: "dashboard-apps", noun: "dashboard app", plural: "dashboard apps", prefix: "dashboard app" },
] as const satisfies readonly ResourceType[];

/** The SDK class name of an exported kind, which also names the kind in the model. */
export type TypeName = (typeof RESOURCE_TYPES)[number]["sdkClass"];

const BY_NAME = new Map<string, ResourceType>(RESOURCE_TYPES.map((t) => [t.sdkClass, t]));

/** The description of a kind. */
export function resourceType(name: TypeName): ResourceType {
  return BY_NAME.get(name) as ResourceType;
}

/** Declaration order of a kind (see the file's comment). */
export function typeOrder(name: TypeName): number {
  return RESOURCE_TYPES.findIndex((t) => t.sdkClass === name);
}

/** Every `--include`/`--exclude` name, for messages. */
export const TYPE_OPTIONS: readonly string[] = RESOURCE_TYPES.map((t) => t.option);

/**
 * The kinds named by a comma-separated `--include`/`--exclude` value (`labels,teams`).
 * @throws Error naming an unknown name and listing the known ones.
 */
export function parseTypeList(text: string): TypeName[] {
  const names = text.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) throw new Error(`expected a comma-separated list of ${TYPE_OPTIONS.join(", ")}`);
  return names.map((name) => {
    const found = RESOURCE_TYPES.find((t) => t.option === name);
    if (!found) throw new Error(`unknown resource type "${name}"; one of ${TYPE_OPTIONS.join(", ")}`);
    return found.sdkClass;
  });
}

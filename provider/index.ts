/**
 * What the serialized shims load (by package name, `pulumi-chatwoot/provider`) inside Pulumi's
 * dynamic-provider host. This surface is a contract with every provider text already stored in
 * users' state: names here may be added, never renamed or removed.
 */
import { configureConnection, SETTING_SOURCES } from "./config";
import { getAgentBots } from "./readers/agent-bots";
import { getAgents } from "./readers/agents";
import { getInbox } from "./readers/inbox";
import { getLabels } from "./readers/labels";
import { getTeams } from "./readers/teams";
import { accountSettings } from "./resources/account-settings";
import { agent } from "./resources/agent";
import { agentBot } from "./resources/agent-bot";
import { automationRule } from "./resources/automation-rule";
import { cannedResponse } from "./resources/canned-response";
import { customAttributeDefinition } from "./resources/custom-attribute-definition";
import { customRole } from "./resources/custom-role";
import { dashboardApp } from "./resources/dashboard-app";
import { inbox } from "./resources/inbox";
import { inboxMembership } from "./resources/inbox-membership";
import { label } from "./resources/label";
import { macro } from "./resources/macro";
import { platformAccount } from "./resources/platform-account";
import { platformAccountUser } from "./resources/platform-account-user";
import { platformUser } from "./resources/platform-user";
import { portal } from "./resources/portal";
import { slaPolicy } from "./resources/sla-policy";
import { portalArticle } from "./resources/portal-article";
import { portalCategory } from "./resources/portal-category";
import { team } from "./resources/team";
import { teamMembership } from "./resources/team-membership";
import { webhook } from "./resources/webhook";

/** Receives the stack's `chatwoot:*` configuration (keys without the namespace) from the shims. */
export function configure(values: Record<string, string | undefined>): void {
  configureConnection(values);
}

/**
 * Receives the dynamic-provider host's config (every stack key, namespaced) from the shims'
 * `configure()` and keeps the `chatwoot:*` settings.
 */
export function configureFromHost(config: { get(key: string): string | undefined }): void {
  const values: Record<string, string | undefined> = {};
  for (const { key } of Object.values(SETTING_SOURCES)) values[key] = hostSetting(config, `chatwoot:${key}`);
  configureConnection(values);
}

/**
 * A host that never received the Configure RPC (an engine that does not send one) has no config to
 * read from, and its `get` fails with a TypeError: nothing is set, so the environment applies.
 */
function hostSetting(config: { get(key: string): string | undefined }, key: string): string | undefined {
  try {
    return config.get(key);
  } catch (err) {
    if (err instanceof TypeError) return undefined;
    throw err;
  }
}

/** The lifecycle methods of each resource, by Pulumi type name. */
export const resources = {
  AccountSettings: accountSettings,
  Agent: agent,
  AgentBot: agentBot,
  AutomationRule: automationRule,
  CannedResponse: cannedResponse,
  CustomAttributeDefinition: customAttributeDefinition,
  CustomRole: customRole,
  DashboardApp: dashboardApp,
  Inbox: inbox,
  InboxMembership: inboxMembership,
  Label: label,
  Macro: macro,
  PlatformAccount: platformAccount,
  PlatformAccountUser: platformAccountUser,
  PlatformUser: platformUser,
  Portal: portal,
  SlaPolicy: slaPolicy,
  PortalArticle: portalArticle,
  PortalCategory: portalCategory,
  Team: team,
  TeamMembership: teamMembership,
  Webhook: webhook,
};

export type ResourceKind = keyof typeof resources;

/** The data sources, called in the program process by the SDK's `getX` functions. */
export const readers = {
  getAgentBots,
  getAgents,
  getInbox,
  getLabels,
  getTeams,
};

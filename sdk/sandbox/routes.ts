import type { AccountCall, ApiResult, PlatformCall, UserCall } from "./call";
import type { Edition } from "./options";
import { compareSpecificity, compilePattern, matchPattern, type PathPattern } from "./path-pattern";
import * as accountAgentBots from "./responses/account-agent-bots";
import * as agentBots from "./responses/agent-bots";
import * as agentCapacityPolicies from "./responses/agent-capacity-policies";
import * as assignmentPolicies from "./responses/assignment-policies";
import * as accounts from "./responses/accounts";
import * as agents from "./responses/agents";
import * as articles from "./responses/articles";
import * as automationRules from "./responses/automation-rules";
import * as cannedResponses from "./responses/canned-responses";
import * as categories from "./responses/categories";
import * as customAttributes from "./responses/custom-attribute-definitions";
import * as customRoles from "./responses/custom-roles";
import * as dashboardApps from "./responses/dashboard-apps";
import * as inboxMembers from "./responses/inbox-members";
import * as inboxes from "./responses/inboxes";
import * as labels from "./responses/labels";
import * as macros from "./responses/macros";
import * as platform_ from "./responses/platform";
import * as portals from "./responses/portals";
import * as slaPolicies from "./responses/sla-policies";
import * as teamMembers from "./responses/team-members";
import * as teams from "./responses/teams";
import * as webhooks from "./responses/webhooks";
import * as campaigns from "./responses/campaigns";
import * as integrationHooks from "./responses/integration-hooks";
import * as captainCustomTools from "./responses/captain-custom-tools";
import * as captain from "./responses/captain";
import * as samlSettings from "./responses/saml-settings";
import * as csatTemplates from "./responses/csat-templates";

/**
 * The route table (moto's urls): which handler answers which method and path, and which API
 * area's authentication runs first. Anything not listed is Rails' routing 404.
 */

export type Route = (
  | { method: string; pattern: PathPattern; area: "platform"; handle: (call: PlatformCall) => ApiResult }
  | { method: string; pattern: PathPattern; area: "account"; handle: (call: AccountCall) => ApiResult }
  | { method: string; pattern: PathPattern; area: "account"; handle: (call: AccountCall) => ApiResult }
  | { method: string; pattern: PathPattern; area: "user"; handle: (call: UserCall) => ApiResult }
) & {
  /**
   * The controller lives in `enterprise/`: config/routes.rb draws the route in every edition, but a
   * community server has no controller for it, which Rails answers as a routing 404.
   */
  enterprise?: true;
};

const PLATFORM = "/platform/api/v1";
/** Every application-API path starts here; `account_id` is resolved by authentication. */
const ACCOUNT = "/api/v1/accounts/:account_id";

const platform = (methods: string[], path: string, handle: (call: PlatformCall) => ApiResult): Route[] =>
  methods.map((method) => ({ method, pattern: compilePattern(PLATFORM + path), area: "platform", handle }));

const account = (methods: string[], path: string, handle: (call: AccountCall) => ApiResult): Route[] =>
  methods.map((method) => ({ method, pattern: compilePattern(ACCOUNT + path), area: "account", handle }));

/** The accounts controller: a user's token, the account resolved by the handler (`current_user.accounts.find`). */
const user = (methods: string[], path: string, handle: (call: UserCall) => ApiResult): Route[] =>
  methods.map((method) => ({ method, pattern: compilePattern(path), area: "user", handle }));

/** Account routes whose controller only an Enterprise server has. */
const enterprise = (methods: string[], path: string, handle: (call: AccountCall) => ApiResult): Route[] =>
  account(methods, path, handle).map((route) => ({ ...route, enterprise: true }));

/** `resources` routes both PATCH and PUT to update. */
const UPDATE = ["PATCH", "PUT"];

const ROUTES: Route[] = [
  ...user(["GET"], "/api/v1/accounts/:id", accounts.show),
  ...user(UPDATE, "/api/v1/accounts/:id", accounts.update),

  ...platform(["GET"], "/agent_bots", agentBots.index),
  ...platform(["POST"], "/agent_bots", agentBots.create),
  ...platform(["GET"], "/agent_bots/:id", agentBots.show),
  ...platform(UPDATE, "/agent_bots/:id", agentBots.update),
  ...platform(["DELETE"], "/agent_bots/:id", agentBots.destroy),
  ...platform(["DELETE"], "/agent_bots/:id/avatar", agentBots.destroyAvatar),

  ...platform(["GET"], "/accounts", platform_.accounts.index),
  ...platform(["POST"], "/accounts", platform_.accounts.create),
  ...platform(["GET"], "/accounts/:id", platform_.accounts.show),
  ...platform(UPDATE, "/accounts/:id", platform_.accounts.update),
  ...platform(["DELETE"], "/accounts/:id", platform_.accounts.destroy),
  ...platform(["GET"], "/accounts/:account_id/account_users", platform_.accountUsersRoutes.index),
  ...platform(["POST"], "/accounts/:account_id/account_users", platform_.accountUsersRoutes.create),
  ...platform(["DELETE"], "/accounts/:account_id/account_users", platform_.accountUsersRoutes.destroy),
  ...platform(["POST"], "/users", platform_.users.create),
  ...platform(["GET"], "/users/:id", platform_.users.show),
  ...platform(UPDATE, "/users/:id", platform_.users.update),
  ...platform(["DELETE"], "/users/:id", platform_.users.destroy),

  ...account(["GET"], "/inboxes", inboxes.index),
  ...account(["GET"], "/inboxes/:id", inboxes.show),
  ...account(["POST"], "/inboxes", inboxes.create),
  ...account(UPDATE, "/inboxes/:id", inboxes.update),
  ...account(["DELETE"], "/inboxes/:id", inboxes.destroy),
  ...account(["GET"], "/inboxes/:id/agent_bot", inboxes.agentBot),
  ...account(["GET"], "/inboxes/:id/campaigns", campaigns.ofInbox),
  ...account(["POST"], "/inboxes/:id/set_agent_bot", inboxes.setAgentBot),

  ...account(["GET"], "/inbox_members/:inbox_id", inboxMembers.show),
  ...account(["POST"], "/inbox_members", inboxMembers.create),
  ...account(["PATCH"], "/inbox_members", inboxMembers.update),
  ...account(["DELETE"], "/inbox_members", inboxMembers.destroy),

  ...account(["GET"], "/portals", portals.index),
  ...account(["POST"], "/portals", portals.create),
  ...account(["GET"], "/portals/:slug", portals.show),
  ...account(UPDATE, "/portals/:slug", portals.update),
  ...account(["DELETE"], "/portals/:slug", portals.destroy),
  ...account(["PATCH"], "/portals/:slug/archive", portals.archive),
  ...account(["DELETE"], "/portals/:slug/logo", portals.destroyLogo),
  ...account(["GET"], "/portals/:portal_slug/categories", categories.index),
  ...account(["POST"], "/portals/:portal_slug/categories", categories.create),
  ...account(["GET"], "/portals/:portal_slug/categories/:id", categories.show),
  ...account(UPDATE, "/portals/:portal_slug/categories/:id", categories.update),
  ...account(["DELETE"], "/portals/:portal_slug/categories/:id", categories.destroy),
  ...account(["GET"], "/portals/:portal_slug/articles", articles.index),
  ...account(["POST"], "/portals/:portal_slug/articles", articles.create),
  ...account(["GET"], "/portals/:portal_slug/articles/:id", articles.show),
  ...account(UPDATE, "/portals/:portal_slug/articles/:id", articles.update),
  ...account(["DELETE"], "/portals/:portal_slug/articles/:id", articles.destroy),

  ...account(["GET"], "/automation_rules", automationRules.index),
  ...account(["POST"], "/automation_rules", automationRules.create),
  ...account(["GET"], "/automation_rules/:id", automationRules.show),
  ...account(UPDATE, "/automation_rules/:id", automationRules.update),
  ...account(["DELETE"], "/automation_rules/:id", automationRules.destroy),
  ...account(["POST"], "/automation_rules/:id/clone", automationRules.clone),

  ...account(["GET"], "/custom_attribute_definitions", customAttributes.index),
  ...account(["POST"], "/custom_attribute_definitions", customAttributes.create),
  ...account(["GET"], "/custom_attribute_definitions/:id", customAttributes.show),
  ...account(UPDATE, "/custom_attribute_definitions/:id", customAttributes.update),
  ...account(["DELETE"], "/custom_attribute_definitions/:id", customAttributes.destroy),

  ...account(["GET"], "/labels", labels.index),
  ...account(["POST"], "/labels", labels.create),
  ...account(["GET"], "/labels/:id", labels.show),
  ...account(UPDATE, "/labels/:id", labels.update),
  ...account(["DELETE"], "/labels/:id", labels.destroy),

  ...account(["GET"], "/canned_responses", cannedResponses.index),
  ...account(["POST"], "/canned_responses", cannedResponses.create),
  ...account(UPDATE, "/canned_responses/:id", cannedResponses.update),
  ...account(["DELETE"], "/canned_responses/:id", cannedResponses.destroy),

  ...account(["GET"], "/teams", teams.index),
  ...account(["POST"], "/teams", teams.create),
  ...account(["GET"], "/teams/:id", teams.show),
  ...account(UPDATE, "/teams/:id", teams.update),
  ...account(["DELETE"], "/teams/:id", teams.destroy),
  ...account(["GET"], "/teams/:team_id/team_members", teamMembers.index),
  ...account(["POST"], "/teams/:team_id/team_members", teamMembers.create),
  ...account(["PATCH"], "/teams/:team_id/team_members", teamMembers.update),
  ...account(["DELETE"], "/teams/:team_id/team_members", teamMembers.destroy),

  ...account(["GET"], "/agents", agents.index),
  ...account(["POST"], "/agents", agents.create),
  ...account(UPDATE, "/agents/:id", agents.update),
  ...account(["DELETE"], "/agents/:id", agents.destroy),

  ...account(["GET"], "/agent_bots", accountAgentBots.index),
  ...account(["POST"], "/agent_bots", accountAgentBots.create),
  ...account(["GET"], "/agent_bots/:id", accountAgentBots.show),
  ...account(UPDATE, "/agent_bots/:id", accountAgentBots.update),
  ...account(["DELETE"], "/agent_bots/:id", accountAgentBots.destroy),
  ...account(["DELETE"], "/agent_bots/:id/avatar", accountAgentBots.destroyAvatar),

  ...account(["GET"], "/webhooks", webhooks.index),
  ...account(["POST"], "/webhooks", webhooks.create),
  ...account(UPDATE, "/webhooks/:id", webhooks.update),
  ...account(["DELETE"], "/webhooks/:id", webhooks.destroy),

  ...account(["GET"], "/campaigns", campaigns.index),
  ...account(["POST"], "/campaigns", campaigns.create),
  ...account(["GET"], "/campaigns/:id", campaigns.show),
  ...account(UPDATE, "/campaigns/:id", campaigns.update),
  ...account(["DELETE"], "/campaigns/:id", campaigns.destroy),

  ...account(["GET"], "/macros", macros.index),
  ...account(["POST"], "/macros", macros.create),
  ...account(["GET"], "/macros/:id", macros.show),
  ...account(UPDATE, "/macros/:id", macros.update),
  ...account(["DELETE"], "/macros/:id", macros.destroy),

  ...enterprise(["GET"], "/sla_policies", slaPolicies.index),
  ...enterprise(["POST"], "/sla_policies", slaPolicies.create),
  ...enterprise(["GET"], "/sla_policies/:id", slaPolicies.show),
  ...enterprise(UPDATE, "/sla_policies/:id", slaPolicies.update),
  ...enterprise(["DELETE"], "/sla_policies/:id", slaPolicies.destroy),

  ...enterprise(["GET"], "/agent_capacity_policies", agentCapacityPolicies.index),
  ...enterprise(["POST"], "/agent_capacity_policies", agentCapacityPolicies.create),
  ...enterprise(["GET"], "/agent_capacity_policies/:id", agentCapacityPolicies.show),
  ...enterprise(UPDATE, "/agent_capacity_policies/:id", agentCapacityPolicies.update),
  ...enterprise(["DELETE"], "/agent_capacity_policies/:id", agentCapacityPolicies.destroy),
  ...enterprise(["GET"], "/agent_capacity_policies/:agent_capacity_policy_id/users", agentCapacityPolicies.users),
  ...enterprise(["POST"], "/agent_capacity_policies/:agent_capacity_policy_id/users", agentCapacityPolicies.addUser),
  ...enterprise(["DELETE"], "/agent_capacity_policies/:agent_capacity_policy_id/users/:id", agentCapacityPolicies.removeUser),
  ...enterprise(["POST"], "/agent_capacity_policies/:agent_capacity_policy_id/inbox_limits", agentCapacityPolicies.addInboxLimitRoute),
  ...enterprise(UPDATE, "/agent_capacity_policies/:agent_capacity_policy_id/inbox_limits/:id", agentCapacityPolicies.updateInboxLimitRoute),
  ...enterprise(["DELETE"], "/agent_capacity_policies/:agent_capacity_policy_id/inbox_limits/:id", agentCapacityPolicies.removeInboxLimitRoute),

  ...account(["GET"], "/assignment_policies", assignmentPolicies.index),
  ...account(["POST"], "/assignment_policies", assignmentPolicies.create),
  ...account(["GET"], "/assignment_policies/:id", assignmentPolicies.show),
  ...account(UPDATE, "/assignment_policies/:id", assignmentPolicies.update),
  ...account(["DELETE"], "/assignment_policies/:id", assignmentPolicies.destroy),
  ...account(["GET"], "/assignment_policies/:assignment_policy_id/inboxes", assignmentPolicies.inboxes),
  ...account(["GET"], "/inboxes/:inbox_id/assignment_policy", assignmentPolicies.showOfInbox),
  ...account(["POST"], "/inboxes/:inbox_id/assignment_policy", assignmentPolicies.linkOfInbox),
  ...account(["DELETE"], "/inboxes/:inbox_id/assignment_policy", assignmentPolicies.unlinkOfInbox),
  ...account(["GET"], "/inboxes/:inbox_id/csat_template", csatTemplates.show),
  ...account(["POST"], "/inboxes/:inbox_id/csat_template", csatTemplates.create),

  ...enterprise(["GET"], "/custom_roles", customRoles.index),
  ...enterprise(["POST"], "/custom_roles", customRoles.create),
  ...enterprise(["GET"], "/custom_roles/:id", customRoles.show),
  ...enterprise(UPDATE, "/custom_roles/:id", customRoles.update),
  ...enterprise(["DELETE"], "/custom_roles/:id", customRoles.destroy),

  ...account(["GET"], "/dashboard_apps", dashboardApps.index),
  ...account(["POST"], "/dashboard_apps", dashboardApps.create),
  ...account(["GET"], "/dashboard_apps/:id", dashboardApps.show),
  ...account(UPDATE, "/dashboard_apps/:id", dashboardApps.update),
  ...account(["DELETE"], "/dashboard_apps/:id", dashboardApps.destroy),

  ...account(["GET"], "/integrations/apps", integrationHooks.apps),
  ...account(["GET"], "/integrations/apps/:id", integrationHooks.app),
  ...account(["POST"], "/integrations/hooks", integrationHooks.create),
  ...account(UPDATE, "/integrations/hooks/:id", integrationHooks.update),
  ...account(["DELETE"], "/integrations/hooks/:id", integrationHooks.destroy),

  ...enterprise(["GET"], "/captain/custom_tools", captainCustomTools.index),
  ...enterprise(["POST"], "/captain/custom_tools", captainCustomTools.create),
  ...enterprise(["GET"], "/captain/custom_tools/:id", captainCustomTools.show),
  ...enterprise(UPDATE, "/captain/custom_tools/:id", captainCustomTools.update),
  ...enterprise(["DELETE"], "/captain/custom_tools/:id", captainCustomTools.destroy),
  ...enterprise(["GET"], "/captain/assistants", captain.assistants.index),
  ...enterprise(["POST"], "/captain/assistants", captain.assistants.create),
  ...enterprise(["GET"], "/captain/assistants/:id", captain.assistants.show),
  ...enterprise(UPDATE, "/captain/assistants/:id", captain.assistants.update),
  ...enterprise(["DELETE"], "/captain/assistants/:id", captain.assistants.destroy),
  ...enterprise(["GET"], "/captain/assistants/:assistant_id/inboxes", captain.assistantInboxes.index),
  ...enterprise(["POST"], "/captain/assistants/:assistant_id/inboxes", captain.assistantInboxes.create),
  ...enterprise(["DELETE"], "/captain/assistants/:assistant_id/inboxes/:inbox_id", captain.assistantInboxes.destroy),
  ...enterprise(["GET"], "/captain/assistants/:assistant_id/scenarios", captain.scenarios.index),
  ...enterprise(["POST"], "/captain/assistants/:assistant_id/scenarios", captain.scenarios.create),
  ...enterprise(["GET"], "/captain/assistants/:assistant_id/scenarios/:id", captain.scenarios.show),
  ...enterprise(UPDATE, "/captain/assistants/:assistant_id/scenarios/:id", captain.scenarios.update),
  ...enterprise(["DELETE"], "/captain/assistants/:assistant_id/scenarios/:id", captain.scenarios.destroy),
  ...enterprise(["GET"], "/captain/documents", captain.documents.index),
  ...enterprise(["POST"], "/captain/documents", captain.documents.create),
  ...enterprise(["GET"], "/captain/documents/:id", captain.documents.show),
  ...enterprise(["DELETE"], "/captain/documents/:id", captain.documents.destroy),
  ...enterprise(["GET"], "/saml_settings", samlSettings.show),
  ...enterprise(["POST"], "/saml_settings", samlSettings.create),
  ...enterprise(UPDATE, "/saml_settings", samlSettings.update),
  ...enterprise(["DELETE"], "/saml_settings", samlSettings.destroy),
];

const byMethod = new Map<string, Route[]>();
for (const route of ROUTES) {
  const list = byMethod.get(route.method) ?? [];
  list.push(route);
  byMethod.set(route.method, list);
}
for (const list of byMethod.values()) list.sort((a, b) => compareSpecificity(a.pattern, b.pattern));

/** The route for a request and its path parameters, or undefined (a routing 404). */
export function findRoute(method: string, segments: readonly string[], edition: Edition): { route: Route; path: Record<string, string> } | undefined {
  for (const route of byMethod.get(method) ?? []) {
    if (route.enterprise && edition === "community") continue;
    const path = matchPattern(route.pattern, segments);
    if (path) return { route, path };
  }
  return undefined;
}

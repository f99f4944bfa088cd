/**
 * pulumi-chatwoot: manage the configuration of a Chatwoot (or API-compatible) installation with
 * Pulumi. Connection settings come from the stack config (`chatwoot:url`, `chatwoot:apiAccessToken`,
 * `chatwoot:platformAccessToken`, `chatwoot:accountId`) or the `CHATWOOT_*` environment variables.
 */
export { AccountSettings, type AccountSettingsArgs } from "./account-settings";
export { Agent, type AgentArgs } from "./agent";
export { AgentBot, type AgentBotArgs } from "./agent-bot";
export { PlatformAccount, type PlatformAccountArgs } from "./platform-account";
export { PlatformAccountUser, type PlatformAccountUserArgs } from "./platform-account-user";
export { PlatformUser, type PlatformUserArgs } from "./platform-user";
export { AutomationRule, type AutomationActionArgs, type AutomationConditionArgs, type AutomationRuleArgs } from "./automation-rule";
export { CannedResponse, type CannedResponseArgs } from "./canned-response";
export { CustomAttributeDefinition, type CustomAttributeDefinitionArgs } from "./custom-attribute-definition";
export { CustomRole, type CustomRoleArgs, type CustomRolePermission } from "./custom-role";
export { DashboardApp, type DashboardAppArgs } from "./dashboard-app";
export { Inbox, type InboxArgs, type InboxChannelState } from "./inbox";
export type { InboxCsatConfig, InboxCsatConfigArgs, InboxCsatSurveyRulesArgs, InboxWorkingHoursDay, InboxWorkingHoursDayArgs } from "./inbox-settings";
export type {
  InboxApiChannelArgs,
  InboxChannelArgs,
  InboxCredentialsArgs,
  InboxEmailChannelArgs,
  InboxLineChannelArgs,
  InboxPreChatFieldArgs,
  InboxPreChatFormOptionsArgs,
  InboxSmsChannelArgs,
  InboxSmsProviderConfigArgs,
  InboxTelegramChannelArgs,
  InboxWebWidgetChannelArgs,
  InboxWhatsappChannelArgs,
  InboxWhatsappProviderConfigArgs,
} from "./inbox-channels";
export { InboxMembership, type InboxMembershipArgs } from "./inbox-membership";
export { Label, type LabelArgs } from "./label";
export { Macro, type MacroArgs } from "./macro";
export { Portal, type PortalArgs, type PortalConfigArgs } from "./portal";
export { SlaPolicy, type SlaPolicyArgs } from "./sla-policy";
export { PortalArticle, type PortalArticleArgs, type PortalArticleMetaArgs, type PortalArticleStatus } from "./portal-article";
export { PortalCategory, type PortalCategoryArgs } from "./portal-category";
export { Team, type TeamArgs } from "./team";
export { TeamMembership, type TeamMembershipArgs } from "./team-membership";
export { Webhook, type WebhookArgs, type WebhookEvent } from "./webhook";
export {
  getAgentBots,
  getAgentBotsOutput,
  type GetAgentBotsArgs,
  type GetAgentBotsBot,
  type GetAgentBotsOutputArgs,
  type GetAgentBotsResult,
} from "./get-agent-bots";
export { getAgents, getAgentsOutput, type GetAgentsAgent, type GetAgentsArgs, type GetAgentsOutputArgs, type GetAgentsResult } from "./get-agents";
export { getInbox, getInboxOutput, type GetInboxArgs, type GetInboxOutputArgs, type GetInboxResult } from "./get-inbox";
export { getLabels, getLabelsOutput, type GetLabelsArgs, type GetLabelsLabel, type GetLabelsOutputArgs, type GetLabelsResult } from "./get-labels";
export { getTeams, getTeamsOutput, type GetTeamsArgs, type GetTeamsOutputArgs, type GetTeamsResult, type GetTeamsTeam } from "./get-teams";

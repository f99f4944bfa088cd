/**
 * pulumi-chatwoot: manage the configuration of a Chatwoot (or API-compatible) installation with
 * Pulumi. Connection settings come from the stack config (`chatwoot:url`, `chatwoot:apiAccessToken`,
 * `chatwoot:platformAccessToken`, `chatwoot:accountId`) or the `CHATWOOT_*` environment variables.
 */
export { AgentBot, type AgentBotArgs } from "./agent-bot";
export { AutomationRule, type AutomationRuleArgs } from "./automation-rule";
export { CustomAttributeDefinition, type CustomAttributeDefinitionArgs } from "./custom-attribute-definition";
export { InboxMembership, type InboxMembershipArgs } from "./inbox-membership";
export { Portal, type PortalArgs } from "./portal";
export {
  getAgentBots,
  getAgentBotsOutput,
  type GetAgentBotsArgs,
  type GetAgentBotsOutputArgs,
  type GetAgentBotsResult,
} from "./get-agent-bots";
export { getInbox, getInboxOutput, type GetInboxArgs, type GetInboxOutputArgs, type GetInboxResult } from "./get-inbox";

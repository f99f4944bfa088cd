import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { readers, resources, type ResourceKind } from "../../../provider";
import type { WorkingHoursEntry } from "../../../provider/resources/inbox/working-hours";
import type { AgentBots, GetAgentBotsArgs } from "../../../provider/readers/agent-bots";
import type { Agents, GetAgentsArgs } from "../../../provider/readers/agents";
import type { GetInboxArgs, Inbox } from "../../../provider/readers/inbox";
import type { GetLabelsArgs, Labels } from "../../../provider/readers/labels";
import type { GetTeamsArgs, Teams } from "../../../provider/readers/teams";
import type { AccountSettingsInputs } from "../../../provider/resources/account-settings";
import type { AgentInputs } from "../../../provider/resources/agent";
import type { AgentBotInputs } from "../../../provider/resources/agent-bot";
import type { AutomationRuleInputs } from "../../../provider/resources/automation-rule";
import type { CannedResponseInputs } from "../../../provider/resources/canned-response";
import type { CustomAttributeDefinitionInputs } from "../../../provider/resources/custom-attribute-definition";
import type { CustomRoleInputs } from "../../../provider/resources/custom-role";
import type { DashboardAppInputs } from "../../../provider/resources/dashboard-app";
import type { CampaignInputs } from "../../../provider/resources/campaign";
import type { CaptainAssistantInputs } from "../../../provider/resources/captain-assistant";
import type { CaptainScenarioInputs } from "../../../provider/resources/captain-scenario";
import type { CaptainAssistantInboxInputs } from "../../../provider/resources/captain-assistant-inbox";
import type { CaptainDocumentInputs } from "../../../provider/resources/captain-document";
import type { InboxInputs } from "../../../provider/resources/inbox";
import type { InboxMembershipInputs } from "../../../provider/resources/inbox-membership";
import type { LabelInputs } from "../../../provider/resources/label";
import type { MacroInputs } from "../../../provider/resources/macro";
import type { PlatformAccountInputs } from "../../../provider/resources/platform-account";
import type { PlatformAccountUserInputs } from "../../../provider/resources/platform-account-user";
import type { PlatformUserInputs } from "../../../provider/resources/platform-user";
import type { PortalInputs } from "../../../provider/resources/portal";
import type { SlaPolicyInputs } from "../../../provider/resources/sla-policy";
import type { AgentCapacityPolicyInputs } from "../../../provider/resources/agent-capacity-policy";
import type { AgentCapacityPolicyInboxLimitInputs } from "../../../provider/resources/agent-capacity-policy-inbox-limit";
import type { AgentCapacityPolicyUserInputs } from "../../../provider/resources/agent-capacity-policy-user";
import type { AssignmentPolicyInputs } from "../../../provider/resources/assignment-policy";
import type { InboxAssignmentPolicyInputs } from "../../../provider/resources/inbox-assignment-policy";
import type { SamlSettingsInputs } from "../../../provider/resources/saml-settings";
import type { InboxCsatTemplateInputs } from "../../../provider/resources/inbox-csat-template";
import type { PortalArticleInputs } from "../../../provider/resources/portal-article";
import type { PortalCategoryInputs } from "../../../provider/resources/portal-category";
import type { TeamInputs } from "../../../provider/resources/team";
import type { TeamMembershipInputs } from "../../../provider/resources/team-membership";
import type { IntegrationHookInputs } from "../../../provider/resources/integration-hook";
import type { WebhookInputs } from "../../../provider/resources/webhook";
import type { CaptainCustomToolInputs } from "../../../provider/resources/captain-custom-tool";
import type * as sdk from "../../../sdk";
import type { JsonInput } from "../../../sdk/inputs";

/**
 * The SDK's argument and result types are written out (so that their documentation reaches the
 * shipped declarations) while the provider's zod schemas validate the values. This file, compiled
 * by `npm run typecheck`, holds the two equal: a schema changed without its `XArgs` (or the
 * reverse) fails to compile, on the line of that resource or data source; so does a resource class
 * whose outputs fall out of step with its arguments and schema. The runtime assertions only check
 * that the tables cover every resource and data source the provider serves.
 */

/** Whether A and B are one type (not only assignable both ways: optionality, readonly and `any` count). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** `true`, accepted by the compiler only when A and B are one type. */
const same = <A, B>(verdict: Equal<A, B>) => verdict;

type Primitive = string | number | boolean | null | undefined;
type JsonValue = z.core.util.JSONType;
/** An intersection as one object type, which is how the written interfaces declare it. */
type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * A schema value as a Pulumi input whose nested values are inputs too. Unions stay whole (an
 * optional number takes an `Output<number | undefined>`); a JSON value is a {@link JsonInput};
 * free-form values (the extra keys of conditions and actions) take anything.
 */
type DeepInput<T> = unknown extends T
  ? unknown
  : [T, JsonValue] extends [JsonValue, T]
    ? JsonInput
    : [T] extends [Primitive]
      ? pulumi.Input<T>
      : pulumi.Input<DeepValue<T>>;
type DeepValue<T> = T extends Primitive ? T : T extends readonly (infer E)[] ? DeepInput<E>[] : { [K in keyof T]: DeepInput<T[K]> };

/** The arguments an input schema derives: each key a deep input, `accountId` optional (config supplies it). */
type SchemaArgs<T> = Flatten<
  { [K in keyof Omit<T, "accountId">]: DeepInput<T[K]> } & { [K in Extract<keyof T, "accountId">]?: DeepInput<T[K] | undefined> }
>;

/** A data source's Output-form arguments: each argument a deep input. */
type SchemaOutputArgs<T> = { [K in keyof T]: DeepInput<T[K]> };

const resourceArgs = {
  AccountSettings: same<sdk.AccountSettingsArgs, SchemaArgs<AccountSettingsInputs>>(true),
  Agent: same<sdk.AgentArgs, SchemaArgs<AgentInputs>>(true),
  AgentBot: same<sdk.AgentBotArgs, SchemaArgs<AgentBotInputs>>(true),
  AutomationRule: same<sdk.AutomationRuleArgs, SchemaArgs<AutomationRuleInputs>>(true),
  CannedResponse: same<sdk.CannedResponseArgs, SchemaArgs<CannedResponseInputs>>(true),
  CustomAttributeDefinition: same<sdk.CustomAttributeDefinitionArgs, SchemaArgs<CustomAttributeDefinitionInputs>>(true),
  CustomRole: same<sdk.CustomRoleArgs, SchemaArgs<CustomRoleInputs>>(true),
  DashboardApp: same<sdk.DashboardAppArgs, SchemaArgs<DashboardAppInputs>>(true),
  Campaign: same<sdk.CampaignArgs, SchemaArgs<CampaignInputs>>(true),
  Inbox: same<sdk.InboxArgs, SchemaArgs<InboxInputs>>(true),
  InboxMembership: same<sdk.InboxMembershipArgs, SchemaArgs<InboxMembershipInputs>>(true),
  Label: same<sdk.LabelArgs, SchemaArgs<LabelInputs>>(true),
  Macro: same<sdk.MacroArgs, SchemaArgs<MacroInputs>>(true),
  PlatformAccount: same<sdk.PlatformAccountArgs, SchemaArgs<PlatformAccountInputs>>(true),
  PlatformAccountUser: same<sdk.PlatformAccountUserArgs, SchemaArgs<PlatformAccountUserInputs>>(true),
  PlatformUser: same<sdk.PlatformUserArgs, SchemaArgs<PlatformUserInputs>>(true),
  Portal: same<sdk.PortalArgs, SchemaArgs<PortalInputs>>(true),
  SlaPolicy: same<sdk.SlaPolicyArgs, SchemaArgs<SlaPolicyInputs>>(true),
  AssignmentPolicy: same<sdk.AssignmentPolicyArgs, SchemaArgs<AssignmentPolicyInputs>>(true),
  AgentCapacityPolicy: same<sdk.AgentCapacityPolicyArgs, SchemaArgs<AgentCapacityPolicyInputs>>(true),
  AgentCapacityPolicyInboxLimit: same<sdk.AgentCapacityPolicyInboxLimitArgs, SchemaArgs<AgentCapacityPolicyInboxLimitInputs>>(true),
  AgentCapacityPolicyUser: same<sdk.AgentCapacityPolicyUserArgs, SchemaArgs<AgentCapacityPolicyUserInputs>>(true),
  InboxAssignmentPolicy: same<sdk.InboxAssignmentPolicyArgs, SchemaArgs<InboxAssignmentPolicyInputs>>(true),
  SamlSettings: same<sdk.SamlSettingsArgs, SchemaArgs<SamlSettingsInputs>>(true),
  InboxCsatTemplate: same<sdk.InboxCsatTemplateArgs, SchemaArgs<InboxCsatTemplateInputs>>(true),
  PortalArticle: same<sdk.PortalArticleArgs, SchemaArgs<PortalArticleInputs>>(true),
  PortalCategory: same<sdk.PortalCategoryArgs, SchemaArgs<PortalCategoryInputs>>(true),
  Team: same<sdk.TeamArgs, SchemaArgs<TeamInputs>>(true),
  TeamMembership: same<sdk.TeamMembershipArgs, SchemaArgs<TeamMembershipInputs>>(true),
  Webhook: same<sdk.WebhookArgs, SchemaArgs<WebhookInputs>>(true),
  IntegrationHook: same<sdk.IntegrationHookArgs, SchemaArgs<IntegrationHookInputs>>(true),
  CaptainCustomTool: same<sdk.CaptainCustomToolArgs, SchemaArgs<CaptainCustomToolInputs>>(true),
  CaptainAssistant: same<sdk.CaptainAssistantArgs, SchemaArgs<CaptainAssistantInputs>>(true),
  CaptainScenario: same<sdk.CaptainScenarioArgs, SchemaArgs<CaptainScenarioInputs>>(true),
  CaptainAssistantInbox: same<sdk.CaptainAssistantInboxArgs, SchemaArgs<CaptainAssistantInboxInputs>>(true),
  CaptainDocument: same<sdk.CaptainDocumentArgs, SchemaArgs<CaptainDocumentInputs>>(true),
} satisfies Record<ResourceKind, true>;

/** What a data source's written plain arguments, Output-form arguments and result are, from its schema and its reader's result. */
type DataSource<Args, Result> = [Args, SchemaOutputArgs<Args>, Readonly<Result>];

const dataSources = {
  getAgentBots: same<[sdk.GetAgentBotsArgs, sdk.GetAgentBotsOutputArgs, sdk.GetAgentBotsResult], DataSource<GetAgentBotsArgs, AgentBots>>(true),
  getAgents: same<[sdk.GetAgentsArgs, sdk.GetAgentsOutputArgs, sdk.GetAgentsResult], DataSource<GetAgentsArgs, Agents>>(true),
  getInbox: same<[sdk.GetInboxArgs, sdk.GetInboxOutputArgs, sdk.GetInboxResult], DataSource<GetInboxArgs, Inbox>>(true),
  getLabels: same<[sdk.GetLabelsArgs, sdk.GetLabelsOutputArgs, sdk.GetLabelsResult], DataSource<GetLabelsArgs, Labels>>(true),
  getTeams: same<[sdk.GetTeamsArgs, sdk.GetTeamsOutputArgs, sdk.GetTeamsResult], DataSource<GetTeamsArgs, Teams>>(true),
} satisfies Record<keyof typeof readers, true>;

/** The properties of a resource class that are Outputs, besides the `id` and `urn` every resource has. */
type OutputKeys<C> = Exclude<{ [K in keyof C]-?: C[K] extends pulumi.Output<unknown> ? K : never }[keyof C], "id" | "urn">;

/** The value an Output property holds. */
type ValueOf<O> = O extends pulumi.OutputInstance<infer T> ? T : never;

/** Text literals widened to `string`: an output holds what the server holds, which may be a value added after this release. */
type Widen<T> = T extends string ? string : T extends readonly (infer E)[] ? Widen<E>[] : T extends object ? { [K in keyof T]: Widen<T[K]> } : T;

/** The outputs of `C` whose value its schema's parsed value `S` could not be (or null), but the `Except` ones. */
type OutOfSchema<C, S, Except, Keys extends keyof C & keyof S = Exclude<OutputKeys<C> & keyof S, Except>> = {
  [K in Keys]-?: [ValueOf<C[K]>] extends [Widen<S[K]> | null] ? never : K;
}[Keys];

/**
 * What keeps a resource class's outputs from standing to its arguments and schema: each argument
 * that is no output, and each output whose value the schema could not give it (or null), but the
 * `ServerForm` ones, which hold the server's form of the value.
 */
type OutputIssues<C, A, S extends z.ZodType, ServerForm = never> =
  | Exclude<keyof A, OutputKeys<C>>
  | `${OutOfSchema<C, z.output<S>, ServerForm> & string} holds what its schema cannot give`;

/** The arguments that are no output are switches the constructors do not seed: outputs only when a program gives them. */
const resourceOutputs = {
  AccountSettings: same<OutputIssues<sdk.AccountSettings, sdk.AccountSettingsArgs, typeof AccountSettingsInputs>, never>(true),
  Agent: same<OutputIssues<sdk.Agent, sdk.AgentArgs, typeof AgentInputs>, "adopt">(true),
  AgentBot: same<OutputIssues<sdk.AgentBot, sdk.AgentBotArgs, typeof AgentBotInputs>, never>(true),
  AutomationRule: same<OutputIssues<sdk.AutomationRule, sdk.AutomationRuleArgs, typeof AutomationRuleInputs>, "adoptId">(true),
  CannedResponse: same<OutputIssues<sdk.CannedResponse, sdk.CannedResponseArgs, typeof CannedResponseInputs>, "adopt">(true),
  CustomAttributeDefinition: same<
    OutputIssues<sdk.CustomAttributeDefinition, sdk.CustomAttributeDefinitionArgs, typeof CustomAttributeDefinitionInputs>,
    "adopt"
  >(true),
  CustomRole: same<OutputIssues<sdk.CustomRole, sdk.CustomRoleArgs, typeof CustomRoleInputs>, "adoptId">(true),
  DashboardApp: same<OutputIssues<sdk.DashboardApp, sdk.DashboardAppArgs, typeof DashboardAppInputs>, "adoptId">(true),
  // The trigger rules and audience are outputs in the server's form (rules `{}` and audience null when none).
  Campaign: same<OutputIssues<sdk.Campaign, sdk.CampaignArgs, typeof CampaignInputs, "triggerRules" | "audience">, "adoptId">(true),
  // The channel, the week's hours and the auto-assignment settings are outputs in the server's form.
  Inbox: same<OutputIssues<sdk.Inbox, sdk.InboxArgs, typeof InboxInputs, "channel" | "workingHours" | "autoAssignmentConfig">, never>(true),
  InboxMembership: same<OutputIssues<sdk.InboxMembership, sdk.InboxMembershipArgs, typeof InboxMembershipInputs>, "allowEmpty" | "adopt">(true),
  Label: same<OutputIssues<sdk.Label, sdk.LabelArgs, typeof LabelInputs>, "adopt">(true),
  Macro: same<OutputIssues<sdk.Macro, sdk.MacroArgs, typeof MacroInputs>, "adopt">(true),
  PlatformAccount: same<OutputIssues<sdk.PlatformAccount, sdk.PlatformAccountArgs, typeof PlatformAccountInputs>, never>(true),
  PlatformAccountUser: same<OutputIssues<sdk.PlatformAccountUser, sdk.PlatformAccountUserArgs, typeof PlatformAccountUserInputs>, "adopt">(true),
  // The password's output is its digest (text, as the input).
  PlatformUser: same<OutputIssues<sdk.PlatformUser, sdk.PlatformUserArgs, typeof PlatformUserInputs>, "adoptId">(true),
  Portal: same<OutputIssues<sdk.Portal, sdk.PortalArgs, typeof PortalInputs>, never>(true),
  SlaPolicy: same<OutputIssues<sdk.SlaPolicy, sdk.SlaPolicyArgs, typeof SlaPolicyInputs>, "adoptId">(true),
  AssignmentPolicy: same<OutputIssues<sdk.AssignmentPolicy, sdk.AssignmentPolicyArgs, typeof AssignmentPolicyInputs>, "adopt">(true),
  AgentCapacityPolicy: same<OutputIssues<sdk.AgentCapacityPolicy, sdk.AgentCapacityPolicyArgs, typeof AgentCapacityPolicyInputs>, "adopt">(true),
  AgentCapacityPolicyInboxLimit: same<OutputIssues<sdk.AgentCapacityPolicyInboxLimit, sdk.AgentCapacityPolicyInboxLimitArgs, typeof AgentCapacityPolicyInboxLimitInputs>, "adopt">(true),
  AgentCapacityPolicyUser: same<OutputIssues<sdk.AgentCapacityPolicyUser, sdk.AgentCapacityPolicyUserArgs, typeof AgentCapacityPolicyUserInputs>, "allowEmpty">(true),
  InboxAssignmentPolicy: same<OutputIssues<sdk.InboxAssignmentPolicy, sdk.InboxAssignmentPolicyArgs, typeof InboxAssignmentPolicyInputs>, "adopt">(true),
  SamlSettings: same<OutputIssues<sdk.SamlSettings, sdk.SamlSettingsArgs, typeof SamlSettingsInputs>, "adopt">(true),
  InboxCsatTemplate: same<OutputIssues<sdk.InboxCsatTemplate, sdk.InboxCsatTemplateArgs, typeof InboxCsatTemplateInputs>, "adopt">(true),
  PortalArticle: same<OutputIssues<sdk.PortalArticle, sdk.PortalArticleArgs, typeof PortalArticleInputs>, "adopt">(true),
  PortalCategory: same<OutputIssues<sdk.PortalCategory, sdk.PortalCategoryArgs, typeof PortalCategoryInputs>, "adopt">(true),
  Team: same<OutputIssues<sdk.Team, sdk.TeamArgs, typeof TeamInputs>, "adopt">(true),
  TeamMembership: same<OutputIssues<sdk.TeamMembership, sdk.TeamMembershipArgs, typeof TeamMembershipInputs>, "allowEmpty">(true),
  Webhook: same<OutputIssues<sdk.Webhook, sdk.WebhookArgs, typeof WebhookInputs>, "adopt">(true),
  IntegrationHook: same<OutputIssues<sdk.IntegrationHook, sdk.IntegrationHookArgs, typeof IntegrationHookInputs>, "adoptId">(true),
  CaptainCustomTool: same<OutputIssues<sdk.CaptainCustomTool, sdk.CaptainCustomToolArgs, typeof CaptainCustomToolInputs>, "adoptId">(true),
  CaptainAssistant: same<OutputIssues<sdk.CaptainAssistant, sdk.CaptainAssistantArgs, typeof CaptainAssistantInputs>, "adopt">(true),
  CaptainScenario: same<OutputIssues<sdk.CaptainScenario, sdk.CaptainScenarioArgs, typeof CaptainScenarioInputs>, "adopt">(true),
  CaptainAssistantInbox: same<OutputIssues<sdk.CaptainAssistantInbox, sdk.CaptainAssistantInboxArgs, typeof CaptainAssistantInboxInputs>, "adopt">(true),
  CaptainDocument: same<OutputIssues<sdk.CaptainDocument, sdk.CaptainDocumentArgs, typeof CaptainDocumentInputs>, "adopt">(true),
} satisfies Record<ResourceKind, true>;

/**
 * What `X.get` takes as `state` (Pulumi's generated `XState`): each output of the class (which the
 * table above holds to the schema), optional, as a Pulumi input.
 */
type StateOf<C> = { [K in OutputKeys<C>]?: pulumi.Input<ValueOf<C[K]>> };

const resourceStates = {
  AccountSettings: same<sdk.AccountSettingsState, StateOf<sdk.AccountSettings>>(true),
  Agent: same<sdk.AgentState, StateOf<sdk.Agent>>(true),
  AgentBot: same<sdk.AgentBotState, StateOf<sdk.AgentBot>>(true),
  AutomationRule: same<sdk.AutomationRuleState, StateOf<sdk.AutomationRule>>(true),
  CannedResponse: same<sdk.CannedResponseState, StateOf<sdk.CannedResponse>>(true),
  CustomAttributeDefinition: same<sdk.CustomAttributeDefinitionState, StateOf<sdk.CustomAttributeDefinition>>(true),
  CustomRole: same<sdk.CustomRoleState, StateOf<sdk.CustomRole>>(true),
  DashboardApp: same<sdk.DashboardAppState, StateOf<sdk.DashboardApp>>(true),
  Campaign: same<sdk.CampaignState, StateOf<sdk.Campaign>>(true),
  Inbox: same<sdk.InboxState, StateOf<sdk.Inbox>>(true),
  InboxMembership: same<sdk.InboxMembershipState, StateOf<sdk.InboxMembership>>(true),
  Label: same<sdk.LabelState, StateOf<sdk.Label>>(true),
  Macro: same<sdk.MacroState, StateOf<sdk.Macro>>(true),
  PlatformAccount: same<sdk.PlatformAccountState, StateOf<sdk.PlatformAccount>>(true),
  PlatformAccountUser: same<sdk.PlatformAccountUserState, StateOf<sdk.PlatformAccountUser>>(true),
  PlatformUser: same<sdk.PlatformUserState, StateOf<sdk.PlatformUser>>(true),
  Portal: same<sdk.PortalState, StateOf<sdk.Portal>>(true),
  SlaPolicy: same<sdk.SlaPolicyState, StateOf<sdk.SlaPolicy>>(true),
  AssignmentPolicy: same<sdk.AssignmentPolicyState, StateOf<sdk.AssignmentPolicy>>(true),
  AgentCapacityPolicy: same<sdk.AgentCapacityPolicyState, StateOf<sdk.AgentCapacityPolicy>>(true),
  AgentCapacityPolicyInboxLimit: same<sdk.AgentCapacityPolicyInboxLimitState, StateOf<sdk.AgentCapacityPolicyInboxLimit>>(true),
  AgentCapacityPolicyUser: same<sdk.AgentCapacityPolicyUserState, StateOf<sdk.AgentCapacityPolicyUser>>(true),
  InboxAssignmentPolicy: same<sdk.InboxAssignmentPolicyState, StateOf<sdk.InboxAssignmentPolicy>>(true),
  SamlSettings: same<sdk.SamlSettingsState, StateOf<sdk.SamlSettings>>(true),
  InboxCsatTemplate: same<sdk.InboxCsatTemplateState, StateOf<sdk.InboxCsatTemplate>>(true),
  PortalArticle: same<sdk.PortalArticleState, StateOf<sdk.PortalArticle>>(true),
  PortalCategory: same<sdk.PortalCategoryState, StateOf<sdk.PortalCategory>>(true),
  Team: same<sdk.TeamState, StateOf<sdk.Team>>(true),
  TeamMembership: same<sdk.TeamMembershipState, StateOf<sdk.TeamMembership>>(true),
  Webhook: same<sdk.WebhookState, StateOf<sdk.Webhook>>(true),
  IntegrationHook: same<sdk.IntegrationHookState, StateOf<sdk.IntegrationHook>>(true),
  CaptainCustomTool: same<sdk.CaptainCustomToolState, StateOf<sdk.CaptainCustomTool>>(true),
  CaptainAssistant: same<sdk.CaptainAssistantState, StateOf<sdk.CaptainAssistant>>(true),
  CaptainScenario: same<sdk.CaptainScenarioState, StateOf<sdk.CaptainScenario>>(true),
  CaptainAssistantInbox: same<sdk.CaptainAssistantInboxState, StateOf<sdk.CaptainAssistantInbox>>(true),
  CaptainDocument: same<sdk.CaptainDocumentState, StateOf<sdk.CaptainDocument>>(true),
} satisfies Record<ResourceKind, true>;

// The days of an inbox's working hours: the form the resource's output and getInbox share.
const workingHoursDay = same<sdk.InboxWorkingHoursDay, WorkingHoursEntry>(true);

it("checks every resource and data source the provider serves", () => {
  expect(Object.keys(resourceArgs).sort()).toEqual(Object.keys(resources).sort());
  expect(Object.keys(resourceOutputs).sort()).toEqual(Object.keys(resources).sort());
  expect(Object.keys(resourceStates).sort()).toEqual(Object.keys(resources).sort());
  expect(Object.keys(dataSources).sort()).toEqual(Object.keys(readers).sort());
  expect(workingHoursDay).toBe(true);
});

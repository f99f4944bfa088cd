import * as pulumi from "@pulumi/pulumi";
import type { AutomationRuleArgs, GetInboxOutputArgs, InboxArgs, InboxMembershipArgs, MacroArgs, PortalArgs, WebhookArgs } from "../../../sdk";

/**
 * The SDK's argument types, checked by the compiler (`npm run typecheck`, part of `npm test`):
 * every value may be a plain value or an Output, nested ones included, and wrong types are refused.
 * The runtime assertions only keep jest from reporting an empty file.
 */
const maybeNumber = pulumi.output<number | undefined>(1);
const maybeId = pulumi.output<number | null>(1);

const portal: PortalArgs = {
  name: pulumi.output("Help"),
  slug: "help",
  accountId: maybeNumber,
  inboxId: maybeId,
  config: pulumi.output({ allowedLocales: ["en"], defaultLocale: "en" }),
};
const rule: AutomationRuleArgs = {
  name: "r",
  eventName: "conversation_created",
  conditions: [{ attributeKey: pulumi.output("plan"), filterOperator: "equal_to", values: [maybeId.apply((v) => v ?? 0)], queryOperator: null }],
  actions: pulumi.output([{ actionName: "add_label", actionParams: ["vip"] }]),
};
const members: InboxMembershipArgs = { inboxId: maybeNumber.apply((v) => v ?? 1), userIds: [pulumi.output(2), 3] };
const inbox: GetInboxOutputArgs = { inboxId: 1, accountId: maybeNumber };
const webhook: WebhookArgs = { url: pulumi.output("https://h.example.test"), subscriptions: [pulumi.output("message_created"), "contact_updated"], inboxId: maybeId };
const macro: MacroArgs = { name: "Escalate", actions: [{ actionName: "assign_team", actionParams: [maybeNumber.apply((v) => v ?? 1)] }] };
const widgetInbox: InboxArgs = {
  name: "Website",
  channel: { type: "web_widget", websiteUrl: pulumi.output("https://www.acme.test"), selectedFeatureFlags: ["attachments"] },
  workingHours: [{ dayOfWeek: 1, openHour: pulumi.output(9), closeHour: 17 }, pulumi.output({ dayOfWeek: 6, closedAllDay: true })],
  agentBotId: pulumi.output("7").apply(Number),
};
const adoptedInbox: InboxArgs = { adoptId: maybeNumber.apply((v) => v ?? 3), deleteOnDestroy: true, timezone: "Europe/Berlin" };

// @ts-expect-error a slug is text
const badSlug: PortalArgs = { name: "Help", slug: 42 };
// @ts-expect-error only the events rules run on
const badEvent: AutomationRuleArgs = { name: "r", eventName: "conversation_deleted" };
// Ids as resources' id outputs (text) or as numbers.
const idOutputs: InboxMembershipArgs = { inboxId: pulumi.output("4"), userIds: ["2", 3, pulumi.output("5")] };
// @ts-expect-error user ids are numbers or text, not booleans
const badUsers: InboxMembershipArgs = { inboxId: 1, userIds: [true] };
// @ts-expect-error only the events webhooks can subscribe to
const badSubscription: WebhookArgs = { url: "https://h.example.test", subscriptions: ["message_deleted"] };
// @ts-expect-error a macro is global or personal
const badVisibility: MacroArgs = { name: "m", visibility: "team", actions: [] };
// @ts-expect-error inboxes of OAuth channels are adopted, not created
const badChannel: InboxArgs = { name: "Page", channel: { type: "facebook" } };
// The keys of a condition and an action are checked: Chatwoot would store a misspelt one and ignore it.
const ruleKeys: AutomationRuleArgs = {
  name: "r",
  eventName: "conversation_created",
  conditions: [{ attributeKey: "plan", filterOperator: "equal_to", values: ["gold"], customAttributeType: "contact_attribute" }],
  actions: [{ actionName: "add_label", actionParams: ["vip"] }],
};
// @ts-expect-error actionParam is not actionParams
const badActionKey: AutomationRuleArgs = { name: "r", eventName: "conversation_created", actions: [{ actionName: "add_label", actionParam: ["vip"] }] };
// @ts-expect-error value is not values
const badConditionKey: AutomationRuleArgs = { name: "r", eventName: "conversation_created", conditions: [{ attributeKey: "status", filterOperator: "equal_to", value: ["open"] }] };
// @ts-expect-error a macro's actions are checked the same way
const badMacroAction: MacroArgs = { name: "m", actions: [{ actionName: "add_label", actionParam: ["vip"] }] };
const assignment: InboxArgs = { adoptId: 3, autoAssignmentConfig: { max_assignment_limit: pulumi.output(5) } };
// @ts-expect-error Chatwoot takes only max_assignment_limit, spelt as it spells it
const badAssignment: InboxArgs = { adoptId: 3, autoAssignmentConfig: { maxAssignmentLimit: 5 } };
// A credentialed channel, its credentials as secrets or plain text (the class makes them secret).
const mailInbox: InboxArgs = {
  name: "Support",
  channel: { type: "email", email: "support@acme.test", imapEnabled: true, imapAddress: "imap.acme.test", imapPort: 993, imapLogin: "support" },
  credentials: { imapPassword: pulumi.secret("example") },
  csatConfig: { displayType: "star", surveyRules: { operator: "contains", values: [pulumi.output("vip")] } },
  portalId: pulumi.output("3"),
};

it("compiles the argument shapes above", () => {
  const shapes = [portal, rule, members, idOutputs, inbox, webhook, macro, widgetInbox, adoptedInbox, mailInbox, ruleKeys, assignment];
  const refused = [badSlug, badEvent, badUsers, badSubscription, badVisibility, badChannel, badActionKey, badConditionKey, badMacroAction, badAssignment];
  expect([...shapes, ...refused]).toHaveLength(22);
});

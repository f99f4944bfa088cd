import * as pulumi from "@pulumi/pulumi";
import type { AutomationRuleArgs, GetInboxOutputArgs, InboxMembershipArgs, PortalArgs } from "../../../sdk";

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

// @ts-expect-error a slug is text
const badSlug: PortalArgs = { name: "Help", slug: 42 };
// @ts-expect-error only the events rules run on
const badEvent: AutomationRuleArgs = { name: "r", eventName: "conversation_deleted" };
// @ts-expect-error user ids are numbers
const badUsers: InboxMembershipArgs = { inboxId: 1, userIds: ["2"] };

it("compiles the argument shapes above", () => {
  expect([portal, rule, members, inbox, badSlug, badEvent, badUsers]).toHaveLength(7);
});

/**
 * A customer's account, the template of a fleet: every member of ../fleet.yaml is a stack of this
 * project, with its own config. The starting configuration of a new customer (as
 * examples/new-customer makes it): the account (Platform API), its administrator, two agents, a
 * support inbox they answer, a support team and a billing team, labels, two canned responses, a
 * contact attribute and an automation rule that routes billing questions to the billing team.
 *
 * `pulumi-chatwoot fleet` sets the connection (`chatwoot:url`, and `chatwoot:accountId` for a member
 * whose account exists already) and passes the installation's tokens in the environment. Without
 * an account id the program makes the account through the Platform API, and makes the user of the
 * installation's token (`operatorUserId`) an administrator of it, so that the account's resources
 * can be made with that one token. An existing account's administrator is invited as an agent
 * with the administrator's role instead (the Platform API reaches only the accounts its app made).
 */
import * as pulumi from "@pulumi/pulumi";
import * as chatwoot from "pulumi-chatwoot";

const config = new pulumi.Config();
const customerName = config.require("customerName");
const adminName = config.require("adminName");
const adminEmail = config.require("adminEmail");
const agents = config.requireObject<{ name: string; email: string }[]>("agents");
const labels = config.requireObject<string[]>("labels");
const existingAccount = new pulumi.Config("chatwoot").getNumber("accountId");

let accountId: pulumi.Input<number>;
let inAccount: pulumi.CustomResourceOptions = {};
if (existingAccount === undefined) {
  const account = new chatwoot.PlatformAccount("account", {
    name: customerName,
    locale: config.require("locale"),
    limits: { agents: 10, inboxes: 5 },
    features: { help_center: true },
  });
  // Pulumi ids are strings; the account inputs take numbers.
  accountId = account.id.apply(Number);
  const admin = new chatwoot.PlatformUser("admin", { name: adminName, email: adminEmail, password: config.requireSecret("adminPassword") });
  new chatwoot.PlatformAccountUser("admin-membership", { accountId, userId: admin.id, role: "administrator" });
  // The installation's token reaches the new account only once its user is a member.
  const operator = new chatwoot.PlatformAccountUser("operator-membership", { accountId, userId: config.requireNumber("operatorUserId"), role: "administrator" });
  inAccount = { dependsOn: [operator] };
} else {
  accountId = existingAccount;
  new chatwoot.Agent("admin", { accountId, email: adminEmail, name: adminName, role: "administrator" });
}

const people = agents.map((person, i) => new chatwoot.Agent(`agent-${i + 1}`, { accountId, email: person.email, name: person.name, role: "agent" }, inAccount));
const agentIds = people.map((agent) => agent.id);

const inbox = new chatwoot.Inbox("support-inbox", { accountId, name: `${customerName} Support`, channel: { type: "api" } }, inAccount);
new chatwoot.InboxMembership("support-inbox-agents", { accountId, inboxId: inbox.id, userIds: agentIds }, inAccount);

const support = new chatwoot.Team("support-team", { accountId, name: "Support", description: "First-line support", allowAutoAssign: true }, inAccount);
new chatwoot.TeamMembership("support-team-agents", { accountId, teamId: support.id, userIds: agentIds }, inAccount);
const billing = new chatwoot.Team("billing-team", { accountId, name: "Billing", description: "Invoices and refunds", allowAutoAssign: true }, inAccount);
new chatwoot.TeamMembership("billing-team-agents", { accountId, teamId: billing.id, userIds: agentIds.slice(0, 1) }, inAccount);

const labelResources = labels.map((title) => new chatwoot.Label(`label-${title}`, { accountId, title, color: "#1f93ff", showOnSidebar: true }, inAccount));

new chatwoot.CannedResponse("greeting", { accountId, shortCode: "hello", content: `Hello, and thank you for contacting ${customerName}! How can we help?` }, inAccount);
new chatwoot.CannedResponse("closing", { accountId, shortCode: "bye", content: "Is there anything else we can help you with?" }, inAccount);

new chatwoot.CustomAttributeDefinition(
  "plan",
  { accountId, attributeKey: "plan", attributeModel: "contact_attribute", attributeDisplayName: "Plan", attributeDisplayType: "list", attributeValues: ["free", "pro"] },
  inAccount,
);

const billingLabel = labelResources.find((_, i) => labels[i] === "billing");
new chatwoot.AutomationRule(
  "route-billing",
  {
    accountId,
    name: "Billing questions to the billing team",
    eventName: "message_created",
    conditions: [
      { attributeKey: "content", filterOperator: "contains", values: ["invoice"], queryOperator: "OR" },
      { attributeKey: "content", filterOperator: "contains", values: ["refund"], queryOperator: null },
    ],
    actions: [
      { actionName: "assign_team", actionParams: [billing.id.apply(Number)] },
      ...(billingLabel ? [{ actionName: "add_label", actionParams: [billingLabel.title] }] : []),
    ],
  },
  inAccount,
);

export const customerAccountId = accountId;
export const inboxId = inbox.id;
export const supportTeamId = support.id;

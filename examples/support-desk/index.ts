/**
 * A support desk as code: two teams and their agents, the labels conversations are tagged with, a
 * webhook that feeds the CRM, canned responses and a macro for the agents, and an automation rule
 * that routes billing questions to the billing team. Objects refer to each other by reference
 * (`team.id`, `label.title`) and people by e-mail address, so the same program sets up another
 * account or installation, where every id differs. Connection settings come from the stack config
 * (`chatwoot:*`); the agents and the webhook's URL from this project's config (see README.md).
 */
import * as pulumi from "@pulumi/pulumi";
import * as chatwoot from "pulumi-chatwoot";

const config = new pulumi.Config();
const billingAgents = config.requireObject<string[]>("billingAgents");
const technicalAgents = config.requireObject<string[]>("technicalAgents");
const crmWebhookUrl = config.get("crmWebhookUrl") ?? "https://crm.example.com/chatwoot/events";

/** The user id of the account's agent with this e-mail address (an account without one is an error naming it). */
const userIdOf = (email: string) => chatwoot.getAgentsOutput({ email }).agents.apply(([agent]) => agent.id);

const billing = new chatwoot.Team("billing-team", {
  name: "Billing",                                   // stored, and compared, as "billing"
  description: "Invoices, refunds and plan changes",
  allowAutoAssign: true,
});
const technical = new chatwoot.Team("technical-team", {
  name: "Technical",
  description: "Bugs, outages and integrations",
  allowAutoAssign: false,
});

// Additive: other members of the teams (added in the dashboard or by another stack) are left alone.
const billingMembers = new chatwoot.TeamMembership("billing-agents", {
  teamId: billing.id,
  userIds: billingAgents.map(userIdOf),
});
const technicalMembers = new chatwoot.TeamMembership("technical-agents", {
  teamId: technical.id,
  userIds: technicalAgents.map(userIdOf),
});

const billingLabel = new chatwoot.Label("billing", {
  title: "billing",
  description: "Questions about invoices and payments",
  color: "#0f766e",
  showOnSidebar: true,
});
const bug = new chatwoot.Label("bug", { title: "bug", description: "Something does not work as documented", color: "#dc2626", showOnSidebar: true });
const autoRouted = new chatwoot.Label("auto-routed", {
  title: "Auto-Routed",                              // stored, and compared, as "auto-routed"
  description: "Assigned by an automation rule",
  color: "#6b7280",
  showOnSidebar: false,
});

const crm = new chatwoot.Webhook("crm", {
  url: crmWebhookUrl,
  name: "CRM sync",
  subscriptions: ["conversation_created", "conversation_status_changed", "contact_created", "contact_updated"],
});

const refundStatus = new chatwoot.CannedResponse("refund-status", {
  shortCode: "refund-status",
  content: "Your refund has been issued. It usually reaches your account within 5 business days.",
});
const thanks = new chatwoot.CannedResponse("thanks", {
  shortCode: "thanks",
  content: "Thanks for reaching out! Is there anything else we can help you with?",
});

// Agents run it on a conversation in one click: hand it to the technical team, tag it, tell the customer.
const escalate = new chatwoot.Macro("escalate-to-technical", {
  name: "Escalate to technical",
  visibility: "global",
  actions: [
    { actionName: "assign_team", actionParams: [technical.id.apply(Number)] },
    { actionName: "add_label", actionParams: [bug.title] },
    { actionName: "send_message", actionParams: ["Thanks, I have passed this on to our technical team; they will reply here."] },
  ],
});

// New messages about invoices or refunds go to the billing team, tagged as such.
const routeBilling = new chatwoot.AutomationRule("route-billing", {
  name: "Billing questions to the billing team",
  description: "Assigns messages that mention invoices or refunds to the billing team",
  eventName: "message_created",
  conditions: [
    { attributeKey: "content", filterOperator: "contains", values: ["invoice"], queryOperator: "OR" },
    { attributeKey: "content", filterOperator: "contains", values: ["refund"], queryOperator: null },
  ],
  actions: [
    { actionName: "assign_team", actionParams: [billing.id.apply(Number)] },
    { actionName: "add_label", actionParams: [billingLabel.title, autoRouted.title] },
  ],
});

const names = (agents: chatwoot.TeamMembership["agents"]) => agents.apply((list) => list.map((agent) => agent.name ?? `user ${agent.id}`));

/** Team name → id, for the dashboard's filters and other stacks. */
export const teamIds = pulumi.all([billing.name, billing.id, technical.name, technical.id]).apply(([b, bId, t, tId]) => ({ [b]: Number(bId), [t]: Number(tId) }));
/** Every member of each team (listed here or not). */
export const billingTeam = names(billingMembers.agents);
export const technicalTeam = names(technicalMembers.agents);
/** The label titles as Chatwoot stores them (lower case). */
export const labels = [billingLabel.title, bug.title, autoRouted.title];
export const cannedResponses = [refundStatus.shortCode, thanks.shortCode];
export const macroId = escalate.id;
export const ruleId = routeBilling.id;
export const webhookUrl = crm.url;
/** The key the CRM checks `X-Chatwoot-Signature` with: a secret output (`pulumi stack output --show-secrets`). */
export const webhookSigningKey = crm.secret;

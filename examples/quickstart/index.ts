/**
 * One Chatwoot account set up end to end: a contact attribute, an automation rule that uses it, a
 * help-center portal linked to the website inbox, the inbox's agents and an agent bot, plus both
 * data sources. Connection settings come from the stack config (`chatwoot:*`); what is specific
 * to the account comes from this project's config (see README.md).
 */
import * as pulumi from "@pulumi/pulumi";
import * as chatwoot from "pulumi-chatwoot";

const config = new pulumi.Config();
const websiteInboxId = config.requireNumber("websiteInboxId");
const agentUserIds = config.requireObject<number[]>("agentUserIds");
const portalSlug = config.get("portalSlug") ?? "help";
const botWebhookUrl = config.get("botWebhookUrl") ?? "https://bots.example.com/support";

// The inbox is read on every run. The result is secret as a whole because it carries the widget's
// website token; its id and name are not credentials, so they are used in the clear.
const website = chatwoot.getInboxOutput({ inboxId: websiteInboxId });
const inboxId = pulumi.unsecret(website.id);
const inboxName = pulumi.unsecret(website.name).apply((name) => name ?? `inbox ${websiteInboxId}`);

const plan = new chatwoot.CustomAttributeDefinition("plan", {
  attributeKey: "plan",
  attributeModel: "contact_attribute",
  attributeDisplayName: "Plan",
  attributeDisplayType: "list",
  attributeDescription: "The contact's subscription plan",
  attributeValues: ["free", "pro", "enterprise"],
});

// Referring to the attribute's key makes the rule wait for the definition: Chatwoot accepts a
// custom attribute in a condition only once it exists.
const enterprise = new chatwoot.AutomationRule("enterprise-first", {
  name: "Enterprise contacts first",
  description: pulumi.interpolate`Labels and prioritises new conversations of enterprise contacts in ${inboxName}`,
  eventName: "conversation_created",
  conditions: [
    { attributeKey: "inbox_id", filterOperator: "equal_to", values: [inboxId], queryOperator: "AND" },
    { attributeKey: plan.attributeKey, filterOperator: "equal_to", values: ["enterprise"], customAttributeType: "contact_attribute" },
  ],
  actions: [
    { actionName: "add_label", actionParams: ["enterprise"] },
    { actionName: "change_priority", actionParams: ["high"] },
  ],
});

const help = new chatwoot.Portal("help", {
  name: "Help Center",
  slug: portalSlug,
  color: "#1f93ff",
  headerText: "How can we help?",
  pageTitle: "Help Center",
  config: { allowedLocales: ["en", "de"], defaultLocale: "en" },
  inboxId,
});

const agents = new chatwoot.InboxMembership("website-agents", { inboxId, userIds: agentUserIds });

const bot = new chatwoot.AgentBot("support-bot", {
  name: "Support bot",
  description: pulumi.interpolate`Answers first questions in ${inboxName}`,
  outgoingUrl: botWebhookUrl,
});

// The bots of the account, read once the bot exists (its account is the argument), so that every
// run sees the same list.
const botAccount = bot.accountId.apply((id) => {
  if (id === null) throw new Error("support-bot is a system bot: set chatwoot:accountId");
  return id;
});
const platformBots = chatwoot.getAgentBotsOutput({ accountId: botAccount });

export const websiteInbox = inboxName;
export const portalSlugInUse = help.slug;
export const ruleId = enterprise.id;
export const attributeKey = plan.attributeKey;
export const inboxAgents = agents.agents.apply((list) => list.map((agent) => agent.name));
export const botId = bot.id;
// bot.accessToken is a secret output as well; README.md says why it is not exported here.
export const botsOfThisApp = platformBots.bots.apply((bots) => bots.map((b) => b.name));
/** The widget's website token, for embedding the chat widget: a secret output (`pulumi stack output --show-secrets`). */
export const widgetToken = website.websiteToken;

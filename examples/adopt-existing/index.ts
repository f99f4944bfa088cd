/**
 * Brings objects that were made by hand in the Chatwoot dashboard under management, in place of
 * `pulumi import` (which Pulumi does not support for dynamic resources). Deleting a resource only
 * forgets what it adopted: `pulumi destroy` leaves the four objects in Chatwoot as they are, and
 * says so for each (the bot is also Pulumi's `retainOnDelete`, which keeps created objects too).
 */
import * as pulumi from "@pulumi/pulumi";
import * as chatwoot from "pulumi-chatwoot";

const config = new pulumi.Config();
const botName = config.require("botName");
const portalSlug = config.require("portalSlug");
const ruleId = config.requireNumber("ruleId");

// Bots have no natural key: look the bot up by name among the bots this Platform App made (an app
// may manage only those) and adopt it by id. Keep the name as declared, or the next run's lookup
// would not find it again.
const bots = chatwoot.getAgentBotsOutput();
const botId = pulumi.unsecret(bots).apply(({ bots }) => {
  const found = bots.filter((bot) => bot.name === botName);
  if (found.length !== 1) {
    throw new Error(`expected one agent bot named "${botName}" made by this Platform App, found ${found.length}`);
  }
  return found[0].id;
});

const triage = new chatwoot.AgentBot(
  "triage",
  {
    adoptId: botId,
    name: botName,
    description: "Routes new conversations (managed with Pulumi)",
    outgoingUrl: config.get("botWebhookUrl") ?? "https://bots.example.com/triage",
  },
  { retainOnDelete: true },
);

// Portals are adopted by slug, attribute definitions by key and model: `adopt: true` takes over the
// existing object, or creates it when there is none.
const docs = new chatwoot.Portal("docs", { adopt: true, slug: portalSlug, name: "Documentation", color: "#0f766e", headerText: "Search the docs" });

const tier = new chatwoot.CustomAttributeDefinition("tier", {
  adopt: true,
  attributeKey: "customer_tier",
  attributeModel: "contact_attribute",
  attributeDisplayName: "Customer tier",
  attributeDisplayType: "list",
  attributeValues: ["bronze", "silver", "gold"],
});

// Rules have no natural key either: adopt by id. Conditions and actions are not declared, so they
// stay as they were made in the dashboard; only the name, event and the active flag are managed.
const rule = new chatwoot.AutomationRule("escalations", { adoptId: ruleId, name: "Escalate angry customers", eventName: "message_created", active: true });

export const adoptedBotId = triage.id;
export const adoptedPortalId = docs.id;
export const adoptedAttributeId = tier.id;
export const adoptedRuleId = rule.id;
export const ruleConditionCount = rule.conditions.apply((conditions) => conditions?.length ?? 0);

/**
 * A new customer on a self-hosted installation: their account (Platform API), its administrator
 * with a password, two agents, and a small support desk in the new account (an inbox, a team with
 * the agents, labels).
 *
 * The account, its administrator and the administrator's membership are made with the stack's
 * Platform App token (`chatwoot:platformAccessToken`). Everything in the new account goes through a
 * provider of its own, `customer-account`, which connects as the new administrator with the access
 * token their user was given (a secret output), once they are a member. Connection settings come
 * from the stack config (`chatwoot:*`); the customer's from this project's config (see README.md).
 */
import * as pulumi from "@pulumi/pulumi";
import * as chatwoot from "pulumi-chatwoot";

const config = new pulumi.Config();
const customerName = config.require("customerName");
const adminName = config.require("adminName");
const adminEmail = config.require("adminEmail");
const agents = config.requireObject<{ name: string; email: string }[]>("agents");

const account = new chatwoot.PlatformAccount("customer", {
  name: customerName,
  locale: config.get("locale") ?? "en",
  limits: { agents: 10, inboxes: 5 },
  features: { help_center: true },
});
// Pulumi ids are strings; the account inputs take numbers.
const accountId = account.id.apply(Number);

// The customer's administrator signs in with this password (set with `pulumi config set --secret adminPassword`).
const admin = new chatwoot.PlatformUser("customer-admin", { name: adminName, email: adminEmail, password: config.requireSecret("adminPassword") });
const adminMembership = new chatwoot.PlatformAccountUser("customer-admin-membership", { accountId, userId: admin.id, role: "administrator" });

// The new account's own connection: its administrator's token, which reaches the account once they are a member.
const customerAccount = new chatwoot.Provider(
  "customer-account",
  { url: new pulumi.Config("chatwoot").require("url"), accountId, apiAccessToken: admin.accessToken },
  { dependsOn: [adminMembership] },
);
const inAccount: pulumi.CustomResourceOptions = { provider: customerAccount };

const people = agents.map((person, i) => new chatwoot.Agent(`agent-${i + 1}`, { email: person.email, name: person.name, role: "agent" }, inAccount));
const agentIds = people.map((agent) => agent.id);

const inbox = new chatwoot.Inbox("support-inbox", { name: `${customerName} Support`, channel: { type: "api" } }, inAccount);
new chatwoot.InboxMembership("support-inbox-agents", { inboxId: inbox.id, userIds: agentIds }, inAccount);

const team = new chatwoot.Team("support-team", { name: "Support", description: "First-line support", allowAutoAssign: true }, inAccount);
new chatwoot.TeamMembership("support-team-agents", { teamId: team.id, userIds: agentIds }, inAccount);

for (const [title, color] of [["billing", "#0f766e"], ["bug", "#dc2626"]] as const) {
  new chatwoot.Label(`label-${title}`, { title, color, showOnSidebar: true }, inAccount);
}

export const customerAccountId = account.id;
export const adminUserId = admin.id;
export const agentUserIds = agentIds;
export const inboxId = inbox.id;
export const teamId = team.id;

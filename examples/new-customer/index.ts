/**
 * A new customer on a self-hosted installation: their account (Platform API), its administrator
 * with a password, two agents, and a small support desk in the new account (an inbox, a team with
 * the agents, labels).
 *
 * The provider connects with one `chatwoot:apiAccessToken` per stack: the account resources use it.
 * The new administrator's own token cannot be handed to them in the same program, so the user that
 * token belongs to (the installation's operator, `operatorUserId`) is made an administrator of the
 * new account too, and every account resource waits for that membership. Connection settings come
 * from the stack config (`chatwoot:*`); the customer's from this project's config (see README.md).
 */
import * as pulumi from "@pulumi/pulumi";
import * as chatwoot from "pulumi-chatwoot";

const config = new pulumi.Config();
const customerName = config.require("customerName");
const adminName = config.require("adminName");
const adminEmail = config.require("adminEmail");
const operatorUserId = config.requireNumber("operatorUserId");
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
new chatwoot.PlatformAccountUser("customer-admin-membership", { accountId, userId: admin.id, role: "administrator" });

// The stack's own token reaches the new account only once its user is a member.
const operator = new chatwoot.PlatformAccountUser("operator-membership", { accountId, userId: operatorUserId, role: "administrator" });
const inAccount: pulumi.CustomResourceOptions = { dependsOn: [operator] };

const people = agents.map(
  (person, i) => new chatwoot.Agent(`agent-${i + 1}`, { accountId, email: person.email, name: person.name, role: "agent" }, inAccount),
);
const agentIds = people.map((agent) => agent.id);

const inbox = new chatwoot.Inbox("support-inbox", { accountId, name: `${customerName} Support`, channel: { type: "api" } }, inAccount);
new chatwoot.InboxMembership("support-inbox-agents", { accountId, inboxId: inbox.id, userIds: agentIds }, inAccount);

const team = new chatwoot.Team("support-team", { accountId, name: "Support", description: "First-line support", allowAutoAssign: true }, inAccount);
new chatwoot.TeamMembership("support-team-agents", { accountId, teamId: team.id, userIds: agentIds }, inAccount);

for (const [title, color] of [["billing", "#0f766e"], ["bug", "#dc2626"]] as const) {
  new chatwoot.Label(`label-${title}`, { accountId, title, color, showOnSidebar: true }, inAccount);
}

export const customerAccountId = account.id;
export const adminUserId = admin.id;
export const agentUserIds = agentIds;
export const inboxId = inbox.id;
export const teamId = team.id;

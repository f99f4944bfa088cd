/**
 * The two kinds of inbox membership side by side. The front-desk inbox is exclusive: it holds
 * exactly the listed agents, and anyone added in the dashboard is removed on the next `up`. The
 * escalations inbox is additive: the listed agents are added, and members added by hand (or by
 * another stack) are left alone.
 */
import * as pulumi from "@pulumi/pulumi";
import * as chatwoot from "pulumi-chatwoot";

const config = new pulumi.Config();

const frontDeskInbox = chatwoot.getInboxOutput({ inboxId: config.requireNumber("frontDeskInboxId") });
const escalationsInbox = chatwoot.getInboxOutput({ inboxId: config.requireNumber("escalationsInboxId") });

const frontDesk = new chatwoot.InboxMembership("front-desk", {
  // Inbox data is secret as a whole when it carries a website token; the id is not a credential.
  inboxId: pulumi.unsecret(frontDeskInbox.id),
  userIds: config.requireObject<number[]>("frontDeskAgents"),
  exclusive: true,
});

const escalations = new chatwoot.InboxMembership("escalations", {
  inboxId: pulumi.unsecret(escalationsInbox.id),
  userIds: config.requireObject<number[]>("escalationAgents"),
});

const names = (agents: chatwoot.InboxMembership["agents"]) => agents.apply((list) => list.map((agent) => agent.name ?? `user ${agent.id}`));

export const frontDeskName = pulumi.unsecret(frontDeskInbox.name);
/** Exactly the listed agents. */
export const frontDeskMembers = names(frontDesk.agents);
export const escalationsName = pulumi.unsecret(escalationsInbox.name);
/** The listed agents plus whoever else is a member. */
export const escalationsMembers = names(escalations.agents);

/**
 * The account most export tests use (account 4): one object or more of every kind, references of
 * every sort between them, an id that maps to nothing (team 99), a user without an e-mail address
 * (13), an inbox that can only be adopted (an e-mail one), and credentials the server shows.
 */
import { widgetInbox, type RawAccount } from "./snapshot";

/** Account 4 (see the file's comment). */
export const ACCOUNT: RawAccount = {
  accountId: 4,
  attributes: [{ id: 1, attribute_key: "tier", attribute_model: "contact_attribute", attribute_display_name: "Tier", attribute_display_type: "list", attribute_values: ["a", "b"] }],
  labels: [{ id: 2, title: "vip", color: "#ff0000" }, { id: 3, title: "spam" }],
  teams: [{ id: 4, name: "billing", members: [11, 13] }],
  agentBots: [{ id: 5, name: "Triage", outgoing_url: "https://bots.acme.test/t", account_id: 4, access_token: "bot-access-token" }],
  inboxes: [
    widgetInbox(6, "Website", { bot: 5, members: [12] }),
    { id: 7, name: "Mail", channel_type: "Channel::Email", timezone: "UTC" },
  ],
  portals: [{ id: 8, slug: "help", name: "Help", inbox: { id: 6, website_token: "portal-inbox-token" } }],
  rules: [
    {
      id: 9,
      name: "Route",
      event_name: "conversation_created",
      conditions: [{ attribute_key: "tier", filter_operator: "equal_to", values: ["a"], query_operator: null }],
      actions: [
        { action_name: "assign_team", action_params: [4] },
        { action_name: "assign_team", action_params: [99] },
        { action_name: "add_label", action_params: ["vip"] },
        { action_name: "add_sla", action_params: [14] },
      ],
    },
  ],
  webhooks: [{ id: 10, url: "https://hooks.acme.test/x", subscriptions: ["message_created"], inbox_id: 6, secret: "webhook-signing-secret" }],
  cannedResponses: [{ id: 11, short_code: "hi", content: "Hello" }],
  macros: [
    { id: 12, name: "Spam", visibility: "global", actions: [{ action_name: "add_label", action_params: ["spam"] }] },
    // Upstream's macros refuse add_sla; a server that takes it (a fork) is exported the same way.
    { id: 13, name: "Gold SLA", visibility: "global", actions: [{ action_name: "add_sla", action_params: [14] }] },
  ],
  slaPolicies: [{ id: 14, name: "Gold", first_response_time_threshold: 900, resolution_time_threshold: 86400, only_during_business_hours: true }],
  customRoles: [{ id: 15, name: "Billing desk", description: null, permissions: ["report_manage", "contact_manage"] }],
  dashboardApps: [{ id: 16, title: "CRM", content: [{ type: "frame", url: "https://crm.acme.test/panel" }] }],
};

/** The credentials the account's objects hold, which no exported file may contain. */
export const CREDENTIALS = ["website-token-6", "hmac-token-6", "bot-access-token", "portal-inbox-token", "webhook-signing-secret"];

/** ACCOUNT with people exported as agents, the account's settings, and a help center with a custom domain and an article. */
export const FULL: RawAccount = {
  ...ACCOUNT,
  inboxes: [widgetInbox(6, "Website", { bot: 5, members: [12], help_center: { slug: "help" } }), ...(ACCOUNT.inboxes ?? []).slice(1)],
  agents: [
    { id: 11, name: "Bob", email: "bob@acme.test", role: "administrator", availability_status: "offline", auto_offline: true },
    { id: 12, name: "Carol", email: "carol@acme.test", role: "agent", availability_status: "busy", auto_offline: false, custom_role_id: 15 },
    { id: 13, name: "Nobody", email: null, role: "agent" },
  ],
  account: { id: 4, name: "Acme", locale: "en", settings: { auto_resolve_label: "spam" } },
  portals: [{ id: 8, slug: "help", name: "Help", custom_domain: "help.acme.test", inbox: { id: 6, website_token: "portal-inbox-token" } }],
  articles: [{ id: 20, portal_id: 8, slug: "welcome", title: "Welcome", content: "# Welcome\n\nCosts $5, not ${price}.\n", status: "published", author: { id: 12 } }],
};

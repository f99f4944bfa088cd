import type { FixtureInput } from "./fixture";

/**
 * The built-in seed. Ids are fixed so tests can reason about them:
 * - account 1 "Acme": user 1 administrator, users 2 and 3 agents, user 4 (shared) agent;
 *   inboxes 1 (web widget, non-default working hours), 2 (API channel), 3 (email channel);
 * - account 2 "Globex": user 5 administrator, user 4 agent; inbox 4 (API channel);
 * - platform apps 1 and 2; bot 1 created by app 1 (account 1), bot 2 created by app 2 (account 2);
 *   app 1 made account 1 (it may manage the account and its users through the Platform API), no app
 *   made account 2 or any of the users.
 * Portals (with their categories and articles), automation rules, custom attribute definitions,
 * labels, canned responses, teams, webhooks, macros, SLA policies, custom roles, dashboard apps,
 * Captain's assistants, documents, scenarios and custom tools, and SAML settings start empty. Both
 * accounts have the Enterprise features `sla`, `custom_roles`, `captain_integration`, `custom_tools`
 * and `saml` on (the sandbox plays an Enterprise server unless told otherwise), so that programs can
 * declare SLA policies, custom roles, Captain and SAML settings at once.
 */
export const defaultFixture: FixtureInput = {
  accounts: [
    { id: 1, name: "Acme", features: ["sla", "custom_roles", "captain_integration", "custom_tools", "saml"], platform_app_ids: [1] },
    { id: 2, name: "Globex", features: ["sla", "custom_roles", "captain_integration", "custom_tools", "saml"] },
  ],
  users: [
    { id: 1, name: "Alice Admin", email: "alice@acme.test", memberships: [{ account_id: 1, role: "administrator" }] },
    { id: 2, name: "Bob Agent", email: "bob@acme.test", memberships: [{ account_id: 1, role: "agent" }] },
    { id: 3, name: "Carol Agent", display_name: "Carol", email: "carol@acme.test", memberships: [{ account_id: 1, role: "agent" }] },
    {
      id: 4,
      name: "Dana Shared",
      email: "dana@shared.test",
      memberships: [
        { account_id: 1, role: "agent" },
        { account_id: 2, role: "agent" },
      ],
    },
    { id: 5, name: "Erin Admin", email: "erin@globex.test", memberships: [{ account_id: 2, role: "administrator" }] },
  ],
  platform_apps: [
    { id: 1, name: "Provisioning" },
    { id: 2, name: "Other integrator" },
  ],
  agent_bots: [
    { id: 1, name: "Triage bot", description: "Routes new conversations", outgoing_url: "https://bots.acme.test/triage", account_id: 1, platform_app_ids: [1] },
    { id: 2, name: "Billing bot", description: "Answers billing questions", outgoing_url: "https://bots.globex.test/billing", account_id: 2, platform_app_ids: [2] },
  ],
  inboxes: [
    {
      id: 1,
      account_id: 1,
      name: "Acme Website",
      channel_type: "Channel::WebWidget",
      website_url: "https://www.acme.test",
      widget_color: "#0f766e",
      welcome_title: "Hi there!",
      welcome_tagline: "We usually reply within an hour.",
      greeting_enabled: true,
      greeting_message: "Hello! How can we help?",
      working_hours_enabled: true,
      out_of_office_message: "We are away right now.",
      timezone: "Europe/Berlin",
      working_hours: [
        { day_of_week: 1, open_hour: 8, open_minutes: 30, close_hour: 18, close_minutes: 0 },
        { day_of_week: 5, open_hour: 8, open_minutes: 30, close_hour: 14, close_minutes: 0 },
        { day_of_week: 6, open_hour: 10, open_minutes: 0, close_hour: 14, close_minutes: 0 },
      ],
      member_ids: [2, 4],
    },
    { id: 2, account_id: 1, name: "Acme API", channel_type: "Channel::Api", webhook_url: "https://hooks.acme.test/chatwoot", member_ids: [3] },
    { id: 3, account_id: 1, name: "Acme Support Email", channel_type: "Channel::Email", email: "support@acme.test" },
    { id: 4, account_id: 2, name: "Globex API", channel_type: "Channel::Api", member_ids: [4] },
  ],
};

/**
 * The sandbox seed of the export benchmark: the built-in seed with account 1 replaced by a large
 * configuration of every kind an export covers (labels, custom attributes of the three models,
 * teams with members, agent bots, inboxes of three channels with working hours, members and some
 * with a bot, portals linked to web widgets with categories (some translated) and articles, SLA
 * policies, assignment policies linked to every other inbox, agent capacity policies with inbox limits and agents, custom roles, rules that refer to
 * teams, labels, attributes, inboxes and SLA policies, webhooks, canned responses, macros, dashboard apps, website campaigns, Captain custom tools and
 * assistants, SAML settings), about `objects` objects in all. Names, keys and slugs are unique where Chatwoot keeps them unique, so every object is
 * exported as itself. Every kind has at least one object but WhatsApp survey templates (`InboxCsatTemplate`: the benchmark's inboxes are no
 * WhatsApp numbers), so that a kind the export stops reading fails the benchmark and tests/unit/clone/export-seed.test.ts.
 */
import { defaultFixture, type FixtureInput } from "../../../sdk/sandbox";
import { CHANNEL_TYPES } from "../../../sdk/sandbox/fixture";
import { RESOURCE_TYPES, type TypeName } from "../../../sdk/clone/resource-types";
import { SETTINGS_APP_IDS } from "../../../provider/resources/integration-hook/apps";
import { IDP_CERTIFICATE } from "../../harness/saml-certificates";

type Rows<K extends keyof FixtureInput> = NonNullable<FixtureInput[K]>;

/** Each kind's share of the objects, in hundredths (memberships: one object per team or inbox with members). */
const SHARES: Record<TypeName, number> = {
  // Counted below: the account's people, its one set of settings and its SAML settings.
  Agent: 0,
  AccountSettings: 0,
  SamlSettings: 0,
  Label: 15,
  CustomAttributeDefinition: 12,
  Team: 6,
  TeamMembership: 6,
  AgentBot: 1,
  Inbox: 6,
  InboxMembership: 6,
  Portal: 2,
  PortalCategory: 3,
  PortalArticle: 5,
  AutomationRule: 8,
  Webhook: 6,
  CannedResponse: 12,
  Macro: 8,
  SlaPolicy: 1,
  AssignmentPolicy: 1,
  AgentCapacityPolicy: 1,
  // Counted below: two inboxes per policy, and one membership per policy (each holds some of the agents).
  AgentCapacityPolicyInboxLimit: 0,
  AgentCapacityPolicyUser: 0,
  // Counted below: one per inbox linked to a policy.
  InboxAssignmentPolicy: 0,
  // Counted below: none, as the benchmark's inboxes are no WhatsApp numbers.
  InboxCsatTemplate: 0,
  CustomRole: 1,
  DashboardApp: 1,
  Campaign: 1,
  IntegrationHook: 1,
  CaptainCustomTool: 1,
  CaptainAssistant: 1,
  CaptainScenario: 1,
  CaptainDocument: 1,
  // Counted below: one per inbox an assistant answers in.
  CaptainAssistantInbox: 0,
};

const ACCOUNT = 1;
/** Agents added to account 1, the members of its teams and inboxes. */
const AGENTS = 20;
const ATTRIBUTE_MODELS = ["conversation_attribute", "contact_attribute", "company_attribute"] as const;
const SUBSCRIPTIONS = ["conversation_created", "conversation_status_changed", "message_created", "contact_created", "contact_updated"];

/** The seed, and what an export of account 1 must find. */
export interface ExportSeed {
  fixture: FixtureInput;
  /** Objects per kind an export of account 1 with every kind (bots included) declares. */
  expected: Record<TypeName, number>;
  /** The requests an export with every kind needs: one list per kind (three for attributes), one read per team, two per inbox and per portal. */
  neededRequests: number;
}

/** The built-in seed with account 1 holding about `objects` objects (at least one of each kind). */
export function exportSeed(objects: number): ExportSeed {
  const count = (type: TypeName) => Math.max(1, Math.round((objects * SHARES[type]) / 100));
  const n = Object.fromEntries(RESOURCE_TYPES.map((t) => [t.sdkClass, count(t.sdkClass)])) as Record<TypeName, number>;
  // Every team and inbox has members, so there is one membership object per team and per inbox.
  n.TeamMembership = n.Team;
  n.InboxMembership = n.Inbox;
  const ids = (k: number, first = 1) => Array.from({ length: k }, (_, i) => first + i);
  const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;

  const base = defaultFixture;
  const firstUser = Math.max(...base.users.map((u) => u.id)) + 1;
  const agents = ids(AGENTS, firstUser);
  // The agents are held to the capacity policies in turn (at least one agent each: fewer policies than agents).
  const capacityIds = ids(Math.min(n.AgentCapacityPolicy, AGENTS));
  n.AgentCapacityPolicy = capacityIds.length;
  n.AgentCapacityPolicyUser = capacityIds.length;
  const users: Rows<"users"> = [
    ...base.users,
    ...agents.map((id, i) => ({
      id,
      name: `Agent ${id}`,
      email: `agent${id}@acme.test`,
      memberships: [{ account_id: ACCOUNT, role: "agent" as const, agent_capacity_policy_id: pick(capacityIds, i) }],
    })),
  ];
  // Two to four members each, spread over the agents.
  const membersOf = (i: number) => ids(2 + (i % 3), 0).map((k) => agents[(i * 3 + k) % agents.length] as number);

  const agentBots: Rows<"agent_bots"> = [
    ...(base.agent_bots ?? []).filter((bot) => bot.account_id !== ACCOUNT),
    ...ids(n.AgentBot, 101).map((id) => ({
      id,
      name: `Bot ${id}`,
      description: `Answers queue ${id}`,
      outgoing_url: `https://bots.acme.test/${id}`,
      account_id: ACCOUNT,
      platform_app_ids: [1],
    })),
  ];
  const botIds = agentBots.filter((bot) => bot.account_id === ACCOUNT).map((bot) => bot.id);

  const firstInbox = Math.max(...(base.inboxes ?? []).map((i) => i.id)) + 1;
  const inboxes: Rows<"inboxes"> = ids(n.Inbox, firstInbox).map((id, i) => {
    const channel = CHANNEL_TYPES[i % CHANNEL_TYPES.length] ?? "Channel::Api";
    return {
      id,
      account_id: ACCOUNT,
      name: `Queue ${id}`,
      channel_type: channel,
      ...(channel === "Channel::WebWidget" ? { website_url: `https://shop${id}.acme.test`, welcome_title: `Welcome to shop ${id}` } : {}),
      ...(channel === "Channel::Email" ? { email: `queue${id}@acme.test` } : {}),
      ...(channel === "Channel::Api" ? { webhook_url: `https://hooks.acme.test/inbox/${id}` } : {}),
      greeting_enabled: i % 2 === 0,
      greeting_message: i % 2 === 0 ? `Hello from queue ${id}` : null,
      working_hours_enabled: true,
      out_of_office_message: "We are away right now.",
      timezone: i % 2 === 0 ? "Europe/Berlin" : "America/New_York",
      working_hours: [
        { day_of_week: 1, open_hour: 8, open_minutes: 30, close_hour: 18, close_minutes: 0 },
        { day_of_week: 5, open_hour: 8, open_minutes: 0, close_hour: 14 + (i % 4), close_minutes: 0 },
        { day_of_week: 6, open_hour: 10, open_minutes: 0, close_hour: 14, close_minutes: 0 },
      ],
      member_ids: membersOf(i),
      agent_bot_id: i % 4 === 0 && botIds.length > 0 ? (botIds[i % botIds.length] as number) : null,
    };
  });
  const ofChannel = (channel: (typeof CHANNEL_TYPES)[number]) => inboxes.filter((inbox) => inbox.channel_type === channel).map((inbox) => inbox.id);
  const widgets = ofChannel("Channel::WebWidget");
  const apiInboxes = ofChannel("Channel::Api");

  const labels: Rows<"labels"> = ids(n.Label).map((id) => ({
    id,
    account_id: ACCOUNT,
    title: `topic-${id}`,
    description: id % 2 === 0 ? `Conversations about topic ${id}` : null,
    color: `#${(0x100000 + id * 2654435).toString(16).slice(-6)}`,
    show_on_sidebar: id % 3 === 0,
  }));
  const attributes: Rows<"custom_attribute_definitions"> = ids(n.CustomAttributeDefinition).map((id) => {
    const list = id % 4 === 0;
    return {
      id,
      account_id: ACCOUNT,
      attribute_key: `field_${id}`,
      attribute_model: pick(ATTRIBUTE_MODELS, id),
      attribute_display_name: `Field ${id}`,
      attribute_display_type: list ? "list" : "text",
      attribute_description: `Custom field ${id}`,
      attribute_values: list ? ["bronze", "silver", "gold"] : [],
    };
  });
  const teams: Rows<"teams"> = ids(n.Team).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    name: `team ${id}`,
    description: `Handles queue ${id}`,
    allow_auto_assign: i % 2 === 0,
    member_ids: membersOf(i),
  }));
  const portals: Rows<"portals"> = [
    ...(base.portals ?? []),
    ...ids(n.Portal).map((id, i) => ({
      id,
      account_id: ACCOUNT,
      name: `Help ${id}`,
      slug: `help-${id}`,
      color: "#0f766e",
      header_text: "How can we help?",
      page_title: `Help Center ${id}`,
      config: { allowed_locales: ["en", "de"], default_locale: "en" },
      // A web widget links to one portal at most.
      inbox_id: i < widgets.length ? (widgets[i] as number) : null,
    })),
  ];
  const slaPolicies: Rows<"sla_policies"> = ids(n.SlaPolicy).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    name: `Tier ${id}`,
    first_response_time_threshold: 900 * (1 + (i % 4)),
    resolution_time_threshold: 86400 * (1 + (i % 3)),
    only_during_business_hours: i % 2 === 0,
  }));
  // Every other inbox is linked to a policy, in turn.
  const linked = inboxes.filter((_, i) => i % 2 === 0).map((inbox) => inbox.id);
  n.InboxAssignmentPolicy = linked.length;
  const assignmentPolicies: Rows<"assignment_policies"> = ids(n.AssignmentPolicy).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    name: `Queue ${id}`,
    conversation_priority: i % 2 === 0 ? ("earliest_created" as const) : ("longest_waiting" as const),
    fair_distribution_limit: 10 * (1 + (i % 5)),
    inbox_ids: linked.filter((_, k) => k % n.AssignmentPolicy === i),
  }));
  // Each policy limits two inboxes (the next two, round the inboxes; one where there is one) and leaves out the conversations of a label.
  const capacityPolicies: Rows<"agent_capacity_policies"> = capacityIds.map((id, i) => ({
    id,
    account_id: ACCOUNT,
    name: `Capacity ${id}`,
    description: i % 2 === 0 ? `Caps queue load ${id}` : null,
    exclusion_rules: { excluded_labels: [pick(labels, i).title], exclude_older_than_hours: 24 * (1 + (i % 7)) },
    inbox_capacity_limits: ids(Math.min(2, inboxes.length), 0).map((k) => ({ inbox_id: pick(inboxes, 2 * i + k).id, conversation_limit: 5 + ((i + k) % 10) })),
  }));
  n.AgentCapacityPolicyInboxLimit = capacityPolicies.reduce((sum, p) => sum + (p.inbox_capacity_limits?.length ?? 0), 0);
  const customRoles: Rows<"custom_roles"> = ids(n.CustomRole).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    name: `Desk ${id}`,
    permissions: i % 2 === 0 ? ["conversation_manage", "contact_manage"] : ["report_manage"],
  }));
  const dashboardApps: Rows<"dashboard_apps"> = ids(n.DashboardApp).map((id) => ({
    id,
    account_id: ACCOUNT,
    title: `Panel ${id}`,
    content: [{ type: "frame", url: `https://panels.acme.test/${id}` }],
  }));
  // Dialogflow hooks, the app that allows several: one per inbox, round the inboxes.
  const integrationHooks: Rows<"integration_hooks"> = ids(n.IntegrationHook).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    app_id: "dialogflow",
    inbox_id: pick(inboxes, i).id,
    hook_type: "inbox",
    settings: { project_id: `agent-${id}`, region: "global", credentials: { type: "service_account" } },
  }));
  const captainCustomTools: Rows<"captain_custom_tools"> = ids(n.CaptainCustomTool).map((id) => ({
    id,
    account_id: ACCOUNT,
    title: `Order lookup ${id}`,
    slug: `custom_order_lookup_${id}`,
    endpoint_url: `https://api.acme.test/orders/${id}/{{ order_id }}`,
    auth_type: "bearer",
    auth_config: { token: `tool-token-${id}` },
    param_schema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
  }));
  const ownPortals = portals.filter((portal) => portal.account_id === ACCOUNT);
  const categories: Rows<"categories"> = ids(n.PortalCategory).map((id, i) => ({
    id,
    portal_id: pick(ownPortals, i).id,
    name: `Section ${id}`,
    slug: `section-${id}`,
    locale: i % 2 === 0 ? "en" : "de",
    position: i,
  }));
  const articles: Rows<"articles"> = ids(n.PortalArticle).map((id, i) => {
    const category = pick(categories, i);
    return {
      id,
      portal_id: category.portal_id,
      category_id: category.id,
      locale: category.locale,
      title: `How to do thing ${id}`,
      slug: `how-to-${id}`,
      content: `# Thing ${id}\n\nFirst do this, then that.\n`,
      status: i % 3 === 0 ? "draft" : "published",
      position: 10 * (i + 1),
      author_id: pick(agents, i),
    };
  });
  const rules: Rows<"automation_rules"> = ids(n.AutomationRule).map((id, i) => {
    const attribute = pick(attributes, i);
    return {
      id,
      account_id: ACCOUNT,
      name: `Route ${id}`,
      description: `Routes conversations of queue ${id}`,
      event_name: i % 2 === 0 ? "conversation_created" : "message_created",
      active: i % 5 !== 0,
      conditions: [
        { attribute_key: "inbox_id", filter_operator: "equal_to", values: [pick(inboxes, i).id], query_operator: "AND" },
        { attribute_key: attribute.attribute_key, filter_operator: "is_present", values: [], query_operator: null, custom_attribute_type: attribute.attribute_model },
      ],
      actions: [
        { action_name: "assign_team", action_params: [pick(teams, i).id] },
        { action_name: "add_label", action_params: [pick(labels, i).title] },
        ...(i % 4 === 0 ? [{ action_name: "add_sla", action_params: [pick(slaPolicies, i).id] }] : []),
      ],
    };
  });
  const webhooks: Rows<"webhooks"> = ids(n.Webhook).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    name: `Sync ${id}`,
    url: `https://crm.acme.test/hooks/${id}`,
    subscriptions: [pick(SUBSCRIPTIONS, i), pick(SUBSCRIPTIONS, i + 2)],
    inbox_id: i % 3 === 0 && apiInboxes.length > 0 ? pick(apiInboxes, i) : null,
  }));
  const cannedResponses: Rows<"canned_responses"> = ids(n.CannedResponse).map((id) => ({
    id,
    account_id: ACCOUNT,
    short_code: `reply${id}`,
    content: `Thanks for writing to us about case ${id}; we will reply within two days.`,
  }));
  const macros: Rows<"macros"> = ids(n.Macro).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    name: `Macro ${id}`,
    visibility: "global",
    actions: [
      { action_name: "add_label", action_params: [pick(labels, i + 1).title] },
      { action_name: "assign_team", action_params: [pick(teams, i + 1).id] },
      ...(i % 2 === 0 ? [{ action_name: "resolve_conversation" }] : []),
    ],
    created_by_id: 1,
  }));

  // Ongoing campaigns of the website inboxes (a one-off campaign's export is the same request).
  const campaigns: Rows<"campaigns"> = ids(n.Campaign).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    display_id: id,
    inbox_id: pick(widgets, i),
    title: `Campaign ${id}`,
    message: `Questions about offer ${id}?`,
    trigger_rules: { url: `https://shop.acme.test/offers/${id}`, time_on_page: 10 + (i % 5) },
  }));

  // Captain's assistants, with their config.
  const captainAssistants: Rows<"captain_assistants"> = ids(n.CaptainAssistant).map((id) => ({
    id,
    account_id: ACCOUNT,
    name: `Assistant ${id}`,
    description: `Answers questions about product line ${id}`,
    config: { product_name: `Product ${id}`, feature_faq: true },
    guardrails: ["Never promise refunds"],
  }));

  const captainScenarios: Rows<"captain_scenarios"> = ids(n.CaptainScenario).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    assistant_id: pick(captainAssistants, i).id,
    title: `Scenario ${id}`,
    description: `Questions about topic ${id}`,
    instruction: "Answer, then [hand off](tool://handoff) when unsure.",
  }));

  const captainDocuments: Rows<"captain_documents"> = ids(n.CaptainDocument).map((id, i) => ({
    id,
    account_id: ACCOUNT,
    assistant_id: pick(captainAssistants, i).id,
    name: `Guide ${id}`,
    external_link: `https://docs.acme.test/guides/${id}`,
  }));
  // Each assistant answers in one inbox without a bot (Captain refuses an inbox a bot answers).
  const botless = inboxes.filter((inbox) => inbox.agent_bot_id === null);
  const captainInboxes: Rows<"captain_inboxes"> = captainAssistants.slice(0, botless.length).map((assistant, i) => ({
    id: i + 1,
    account_id: ACCOUNT,
    captain_assistant_id: assistant.id,
    inbox_id: (botless[i] as { id: number }).id,
  }));
  n.CaptainAssistantInbox = captainInboxes.length;

  n.Agent = users.filter((u) => u.memberships.some((m) => m.account_id === ACCOUNT)).length;
  n.AccountSettings = 1;
  n.SamlSettings = 1;
  n.InboxCsatTemplate = 0;
  const fixture: FixtureInput = {
    ...base,
    users,
    agent_bots: agentBots,
    inboxes: [...(base.inboxes ?? []).filter((inbox) => inbox.account_id !== ACCOUNT), ...inboxes],
    custom_attribute_definitions: attributes,
    labels,
    teams,
    portals,
    categories,
    articles,
    automation_rules: rules,
    webhooks,
    canned_responses: cannedResponses,
    macros,
    sla_policies: slaPolicies,
    assignment_policies: assignmentPolicies,
    agent_capacity_policies: capacityPolicies,
    custom_roles: customRoles,
    dashboard_apps: dashboardApps,
    campaigns,
    integration_hooks: integrationHooks,
    captain_custom_tools: captainCustomTools,
    captain_assistants: captainAssistants,
    captain_scenarios: captainScenarios,
    captain_inboxes: captainInboxes,
    captain_documents: captainDocuments,
    saml_settings: [{ id: 1, account_id: ACCOUNT, sso_url: "https://idp.acme.test/sso", certificate: IDP_CERTIFICATE, idp_entity_id: "https://idp.acme.test", sp_entity_id: "https://chat.acme.test/saml/sp/1" }],
  };
  // The users, each attribute model, the eighteen other kinds' lists (custom tools and documents: one page of 25 each; capacity
  // policies bring their inbox limits) and the SAML settings, the account itself and the Platform App's bots, the hooks of each
  // settings-based app (five); a team's members; an inbox's bot and members; a portal's categories and articles (under 25 of
  // each per portal: one page each); an assistant's scenarios and inboxes; a capacity policy's agents; an assignment policy's
  // inboxes (the list renders none, as upstream's does).
  const lists = 1 + ATTRIBUTE_MODELS.length + 18 + 1 + 2 + SETTINGS_APP_IDS.length;
  return {
    fixture,
    expected: n,
    neededRequests: lists + n.Team + 2 * n.Inbox + 2 * ownPortals.length + 2 * n.CaptainAssistant + capacityPolicies.length + assignmentPolicies.length,
  };
}

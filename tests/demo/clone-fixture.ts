/**
 * The sandbox seed of the cloning flow (the program test and `npm run demo -- --example clone`):
 * account 1 "Acme" configured with every kind an export covers (an SLA policy used by a rule's
 * `add_sla` among them, and a custom role given to an agent: the sandbox plays an Enterprise server,
 * both accounts with the `sla`, `custom_roles`, `saml`, `captain_integration` and `custom_tools`
 * features; SAML single sign-on, one of its groups given the custom role; a Captain custom tool with
 * a bearer token, which the copy's stack gives as a secret; a Captain assistant; a help center in two languages:
 * categories, one a sub-category and one a translation, and articles, published and draft, one a
 * translation), account 2 "Globex" empty but for its administrator (Alice, who administers Acme too
 * and applies the copy) and an e-mail inbox of its own, which the copy adopts in place of Acme's (an
 * e-mail channel cannot be created through the API), and a WhatsApp number of its own, which the
 * copy adopts in place of Acme's (whose survey template, approved at Meta, the copy submits for it).
 * Acme's other people are users of the installation whom the copy invites into Globex.
 */
import { defaultFixture, type FixtureInput } from "../../sdk/sandbox";
import { IDP_CERTIFICATE } from "../harness/saml-certificates";

/** Acme's e-mail inbox and the Globex inbox the copy adopts for it. */
export const SOURCE_EMAIL_INBOX = 3;
export const TARGET_EMAIL_INBOX = 5;
/** Acme's WhatsApp inbox (with a survey template) and the Globex number the copy adopts for it. */
export const SOURCE_WHATSAPP_INBOX = 6;
export const TARGET_WHATSAPP_INBOX = 7;

/** What `pulumi config set portalSuffix` holds for the copy in account 2 (slugs are unique per installation). */
export const COPY_PORTAL_SUFFIX = "globex";

/** The bearer token of Acme's custom tool: the API shows it to administrators, but an export never writes it. */
export const TOOL_TOKEN = "acme-orders-token-3c9f1a";

/** Acme's OpenAI API key: a credential, which neither the export nor the copy's state may show. */
export const OPENAI_KEY = "sk-acme-openai-fixture-0123456789";

/**
 * The secrets of the stacks a copy is applied in, set with `pulumi config set --secret`: the
 * credentials the export cannot copy, named as the exported program reads them.
 */
export const COPY_SECRETS: Record<string, string> = { hookOpenaiApiKey: OPENAI_KEY, toolOrderStatusToken: TOOL_TOKEN };

/** The website inbox's settings that refer to other objects: a bot, labels, an attribute, the portal. */
const WEBSITE_SETTINGS = {
  agent_bot_id: 1,
  portal_id: 1,
  allowed_domains: "www.acme.test, *.acme.test",
  csat_survey_enabled: true,
  csat_config: { display_type: "star", message: "How did we do?", survey_rules: { operator: "contains", values: ["vip"] } },
  pre_chat_form_options: {
    pre_chat_message: "Before we start",
    pre_chat_fields: [
      { field_type: "standard", name: "emailAddress", label: "E-mail", type: "email", required: true, enabled: true },
      { field_type: "contact_attribute", name: "customer_tier", label: "Your plan", type: "list", values: ["bronze", "silver", "gold"], enabled: true },
    ],
  },
};

const acme = (role: "administrator" | "agent", extra: { availability?: "online" | "busy" | "offline"; auto_offline?: boolean; custom_role_id?: number; agent_capacity_policy_id?: number } = {}) => [
  { account_id: 1, role, ...extra },
];

export const CLONE_FIXTURE: FixtureInput = {
  ...defaultFixture,
  accounts: [
    {
      id: 1,
      name: "Acme",
      features: ["sla", "custom_roles", "saml", "captain_integration", "custom_tools"],
      support_email: "Acme Support <support@acme.test>",
      settings: { auto_resolve_after: 2880, auto_resolve_message: "We closed this conversation after two quiet days.", auto_resolve_label: "spam", conversation_required_attributes: ["order_id"] },
      custom_attributes: { industry: "Retail" },
    },
    // Another language, until the copy brings Acme's.
    { id: 2, name: "Globex", locale: "de", features: ["sla", "custom_roles", "saml", "captain_integration", "custom_tools"] },
  ],
  users: [
    {
      id: 1,
      name: "Alice Admin",
      email: "alice@acme.test",
      memberships: [
        { account_id: 1, role: "administrator" },
        { account_id: 2, role: "administrator" },
      ],
    },
    // Bob is held to the VIP capacity policy.
    { id: 2, name: "Bob Agent", email: "bob@acme.test", memberships: acme("agent", { agent_capacity_policy_id: 1 }) },
    // Acme's custom role, which the copy gives her in Globex too.
    { id: 3, name: "Carol Agent", display_name: "Carol", email: "carol@acme.test", memberships: acme("agent", { custom_role_id: 1 }) },
    // Without auto-offline her availability is a setting the export declares.
    { id: 4, name: "Dana Shared", email: "dana@shared.test", memberships: acme("administrator", { availability: "busy", auto_offline: false }) },
  ],
  // The triage bot of Platform App 1, and a bot made in Acme's dashboard (an account bot); Globex has none.
  agent_bots: [
    ...(defaultFixture.agent_bots ?? []).filter((bot) => bot.account_id === 1),
    { id: 3, name: "Returns bot", description: "Answers return requests", outgoing_url: "https://bots.acme.test/returns", account_id: 1 },
  ],
  inboxes: [
    // Acme's inboxes of the built-in seed, the website one answered by the triage bot, with a
    // survey for VIPs, a pre-chat form asking for the customer tier and the help center of the
    // portal that links back to it, and the API one answered by the returns bot; Globex's API inbox
    // is left out, so that the copy is all Globex has.
    ...(defaultFixture.inboxes ?? [])
      .filter((inbox) => inbox.account_id === 1)
      .map((inbox) => (inbox.id === 1 ? { ...inbox, ...WEBSITE_SETTINGS } : inbox.id === 2 ? { ...inbox, agent_bot_id: 3 } : inbox)),
    { id: TARGET_EMAIL_INBOX, account_id: 2, name: "Globex Mail", channel_type: "Channel::Email", email: "mail@globex.test" },
    // Acme's WhatsApp number, its survey sent through a template Meta approved.
    {
      id: SOURCE_WHATSAPP_INBOX,
      account_id: 1,
      name: "Acme WhatsApp",
      channel_type: "Channel::Whatsapp",
      phone_number: "+15550100100",
      provider: "whatsapp_cloud",
      provider_config: { phone_number_id: "105550100100", business_account_id: "205550100100" },
      csat_survey_enabled: true,
      csat_config: {
        display_type: "emoji",
        message: "Thanks for talking to Acme! How did we do?",
        button_text: "Rate us",
        language: "en",
        survey_rules: { operator: "contains", values: [] },
        template: { name: `customer_satisfaction_survey_${SOURCE_WHATSAPP_INBOX}`, template_id: "900000001", language: "en", created_at: "2026-01-05T10:00:00Z" },
      },
    },
    { id: TARGET_WHATSAPP_INBOX, account_id: 2, name: "Globex WhatsApp", channel_type: "Channel::Whatsapp", phone_number: "+15550100300", provider: "whatsapp_cloud" },
  ],
  custom_attribute_definitions: [
    {
      id: 1,
      account_id: 1,
      attribute_key: "customer_tier",
      attribute_model: "contact_attribute",
      attribute_display_name: "Customer tier",
      attribute_display_type: "list",
      attribute_description: "The contact's support plan",
      attribute_values: ["bronze", "silver", "gold"],
    },
    {
      id: 2,
      account_id: 1,
      attribute_key: "order_id",
      attribute_model: "conversation_attribute",
      attribute_display_name: "Order",
      attribute_display_type: "text",
      regex_pattern: "^[0-9]+$",
      regex_cue: "Digits only",
    },
  ],
  labels: [
    { id: 1, account_id: 1, title: "vip", description: "Customers on the gold plan", color: "#d97706", show_on_sidebar: true },
    { id: 2, account_id: 1, title: "billing-issue", color: "#2563eb", show_on_sidebar: false },
    { id: 3, account_id: 1, title: "spam", color: "#6b7280" },
  ],
  teams: [
    { id: 1, account_id: 1, name: "billing", description: "Invoices and refunds", member_ids: [2, 3] },
    { id: 2, account_id: 1, name: "sales", allow_auto_assign: false, member_ids: [4] },
  ],
  portals: [
    {
      id: 1,
      account_id: 1,
      name: "Acme Help",
      slug: "acme-help",
      color: "#0f766e",
      custom_domain: "help.acme.test",
      header_text: "How can we help?",
      page_title: "Acme Help Center",
      config: { allowed_locales: ["en", "de"], default_locale: "en" },
      inbox_id: 1,
    },
  ],
  categories: [
    { id: 1, portal_id: 1, name: "Getting started", slug: "getting-started", locale: "en", description: "First steps with Acme", position: 1, icon: "🚀" },
    { id: 2, portal_id: 1, name: "Invoices", slug: "invoices", locale: "en", position: 2, parent_category_id: 1 },
    { id: 3, portal_id: 1, name: "Erste Schritte", slug: "erste-schritte", locale: "de", position: 1, associated_category_id: 1 },
  ],
  articles: [
    {
      id: 1,
      portal_id: 1,
      title: "Welcome to Acme",
      slug: "welcome",
      content: "# Welcome\n\nAcme helps you ship faster. Start with [your first project](/hc/acme-help/articles/invoices).\n",
      description: "What Acme does and where to start",
      status: "published",
      locale: "en",
      position: 10,
      category_id: 1,
      author_id: 3,
      meta: { title: "Welcome to Acme", tags: ["start", "overview"] },
    },
    {
      id: 2,
      portal_id: 1,
      title: "Paying an invoice",
      slug: "paying-an-invoice",
      content: "Open **Billing**, pick the invoice and choose *Pay now*.\n\n| Method | Fee |\n| --- | --- |\n| Card | none |\n",
      status: "published",
      locale: "en",
      position: 10,
      category_id: 2,
      author_id: 2,
    },
    {
      id: 3,
      portal_id: 1,
      title: "Willkommen bei Acme",
      slug: "willkommen",
      content: "# Willkommen\n\nDiese Übersetzung ist noch ein Entwurf.\n",
      status: "draft",
      locale: "de",
      position: 10,
      category_id: 3,
      associated_article_id: 1,
      author_id: 4,
    },
  ],
  automation_rules: [
    {
      id: 1,
      account_id: 1,
      name: "Gold customers to billing",
      description: "New website conversations of gold customers",
      event_name: "conversation_created",
      conditions: [
        { attribute_key: "inbox_id", filter_operator: "equal_to", values: [1], query_operator: "AND" },
        { attribute_key: "customer_tier", filter_operator: "equal_to", values: ["gold"], query_operator: null, custom_attribute_type: "contact_attribute" },
      ],
      actions: [
        { action_name: "assign_team", action_params: [1] },
        { action_name: "add_label", action_params: ["vip"] },
        { action_name: "add_sla", action_params: [1] },
      ],
    },
    {
      id: 2,
      account_id: 1,
      name: "Refund requests",
      event_name: "message_created",
      active: false,
      conditions: [
        { attribute_key: "content", filter_operator: "contains", values: ["refund"], query_operator: "OR" },
        { attribute_key: "order_id", filter_operator: "is_present", values: [], query_operator: null, custom_attribute_type: "conversation_attribute" },
      ],
      actions: [
        { action_name: "send_email_to_team", action_params: [{ team_ids: [1], message: "A refund was requested" }] },
        { action_name: "assign_agent", action_params: [3] },
        { action_name: "add_label", action_params: ["billing-issue"] },
      ],
    },
  ],
  webhooks: [
    { id: 1, account_id: 1, name: "CRM sync", url: "https://crm.acme.test/chatwoot", subscriptions: ["contact_created", "contact_updated"] },
    { id: 2, account_id: 1, url: "https://hooks.acme.test/api-inbox", subscriptions: ["message_created"], inbox_id: 2 },
  ],
  canned_responses: [
    { id: 1, account_id: 1, short_code: "hello", content: "Hi! How can we help you today?" },
    { id: 2, account_id: 1, short_code: "refund", content: "We have received your refund request and will reply within 2 days." },
  ],
  sla_policies: [
    {
      id: 1,
      account_id: 1,
      name: "Gold",
      description: "Customers on the gold plan",
      first_response_time_threshold: 900,
      next_response_time_threshold: 3600,
      resolution_time_threshold: 86400,
      only_during_business_hours: true,
    },
  ],
  custom_roles: [
    {
      id: 1,
      account_id: 1,
      name: "Billing desk",
      description: "Refund requests and their contacts",
      permissions: ["conversation_unassigned_manage", "contact_manage", "report_manage"],
    },
  ],
  // Sign-in through Acme's identity provider: its administrators' group, and billing's with the custom role.
  saml_settings: [
    {
      id: 1,
      account_id: 1,
      sso_url: "https://idp.acme.test/app/chatwoot/sso/saml",
      certificate: IDP_CERTIFICATE,
      idp_entity_id: "https://idp.acme.test/exkacme",
      sp_entity_id: "https://chat.acme.test/saml/sp/1",
      role_mappings: { "Support Leads": { role: 1 }, Billing: { custom_role_id: 1 } },
    },
  ],
  // The copy refers to the label by its resource's title, to the policy and the website inbox by their ids.
  agent_capacity_policies: [
    {
      id: 1,
      account_id: 1,
      name: "VIP capacity",
      description: "VIP and week-old conversations do not count",
      exclusion_rules: { excluded_labels: ["vip"], exclude_older_than_hours: 168 },
      inbox_capacity_limits: [{ inbox_id: 1, conversation_limit: 8 }],
    },
  ],
  dashboard_apps: [{ id: 1, account_id: 1, title: "CRM", content: [{ type: "frame", url: "https://crm.acme.test/chatwoot" }], user_id: 1 }],
  // How the website inbox assigns its conversations (Assignment V2): the copy links its own copy of the policy.
  assignment_policies: [
    {
      id: 1,
      account_id: 1,
      name: "Longest waiting first",
      description: "Fair shares for the website team",
      assignment_order: "round_robin",
      conversation_priority: "longest_waiting",
      fair_distribution_limit: 20,
      fair_distribution_window: 1800,
      inbox_ids: [1],
    },
  ],
  // The OpenAI app, whose API key the API never shows: the copy takes it from a secret of its stack.
  integration_hooks: [{ id: 1, account_id: 1, app_id: "openai", settings: { api_key: OPENAI_KEY } }],
  // An ongoing campaign of the website inbox, sent in Carol's name: the copy refers to both.
  campaigns: [
    {
      id: 1,
      account_id: 1,
      display_id: 1,
      inbox_id: 1,
      title: "Pricing help",
      message: "Questions about our plans? Ask us.",
      sender_id: 3,
      trigger_rules: { url: "https://www.acme.test/pricing", time_on_page: 15 },
      trigger_only_during_business_hours: true,
    },
  ],
  captain_custom_tools: [
    {
      id: 1,
      account_id: 1,
      title: "Order status",
      slug: "custom_order_status",
      description: "Looks up the status of an order by its number",
      endpoint_url: "https://api.acme.test/orders/{{ order_id }}",
      response_template: "Order {{ response.id }} is {{ response.status }}",
      auth_type: "bearer",
      auth_config: { token: TOOL_TOKEN },
      param_schema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
    },
  ],
  // Captain's assistant (Enterprise), with its config and lists.
  captain_assistants: [
    {
      id: 1,
      account_id: 1,
      name: "Acme Helpdesk",
      description: "Answers questions about Acme's plans and orders",
      config: { product_name: "Acme", feature_faq: true, feature_citation: true, handoff_message: "Let me get a colleague for you.", temperature: 0.3 },
      response_guidelines: ["Answer in the customer's language"],
      guardrails: ["Never promise refunds"],
    },
  ],
  // The assistant answers in the e-mail inbox (the others have bots, which Captain refuses).
  captain_inboxes: [{ id: 1, account_id: 1, captain_assistant_id: 1, inbox_id: SOURCE_EMAIL_INBOX }],
  captain_documents: [{ id: 1, account_id: 1, assistant_id: 1, name: "Pricing", external_link: "https://www.acme.test/pricing" }],
  captain_scenarios: [
    {
      id: 1,
      account_id: 1,
      assistant_id: 1,
      title: "Refund requests",
      description: "The customer asks for their money back",
      instruction: "Note the order number with [Add Private Note](tool://add_private_note), then [hand off](tool://handoff) to billing.",
    },
  ],
  macros: [
    {
      id: 1,
      account_id: 1,
      name: "Close as spam",
      visibility: "global",
      actions: [
        { action_name: "add_label", action_params: ["spam"] },
        { action_name: "resolve_conversation" },
      ],
      created_by_id: 1,
    },
    {
      id: 2,
      account_id: 1,
      name: "Hand to billing",
      visibility: "global",
      actions: [{ action_name: "assign_team", action_params: [1] }],
      created_by_id: 1,
    },
  ],
};

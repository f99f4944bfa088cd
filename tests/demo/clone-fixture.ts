/**
 * The sandbox seed of the cloning flow (the program test and `npm run demo -- --example clone`):
 * account 1 "Acme" configured with every kind an export covers (an SLA policy used by a rule's
 * `add_sla` among them, and a custom role given to an agent: the sandbox plays an Enterprise server,
 * both accounts with the `sla` and `custom_roles` features; a help center in two languages:
 * categories, one a sub-category and one a translation, and articles, published and draft, one a
 * translation), account 2 "Globex" empty but for its administrator (Alice, who administers Acme too
 * and applies the copy) and an e-mail inbox of its own, which the copy adopts in place of Acme's (an
 * e-mail channel cannot be created through the API). Acme's other people are users of the
 * installation whom the copy invites into Globex.
 */
import { defaultFixture, type FixtureInput } from "../../sdk/sandbox";

/** Acme's e-mail inbox and the Globex inbox the copy adopts for it. */
export const SOURCE_EMAIL_INBOX = 3;
export const TARGET_EMAIL_INBOX = 5;

/** What `pulumi config set portalSuffix` holds for the copy in account 2 (slugs are unique per installation). */
export const COPY_PORTAL_SUFFIX = "globex";

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
      features: ["sla", "custom_roles"],
      support_email: "Acme Support <support@acme.test>",
      settings: { auto_resolve_after: 2880, auto_resolve_message: "We closed this conversation after two quiet days.", auto_resolve_label: "spam", conversation_required_attributes: ["order_id"] },
      custom_attributes: { industry: "Retail" },
    },
    // Another language, until the copy brings Acme's.
    { id: 2, name: "Globex", locale: "de", features: ["sla", "custom_roles"] },
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

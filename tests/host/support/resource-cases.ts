/**
 * The resources as the host tier drives them: how a program declares each with the SDK, an
 * input that can never work, an in-place change, a move to another account, a change made by hand,
 * and where the sandbox keeps the object.
 */
import type { DiffResult, FrontDoor } from "../../harness/host";
import type { PropertyMap } from "../../harness/wire";
import type { Sandbox } from "../../../sdk/sandbox";
import type { ChatwootHost } from "./chatwoot-host";
import type { Deployed } from "./engine-steps";
import type { ResourceKind } from "../../../provider/registry";
import type { ChatwootSdk } from "./packages";
import { IDP_CERTIFICATE, IDP_FINGERPRINT } from "../../harness/saml-certificates";
import { makeWhatsappInbox } from "../../provider/support/whatsapp-inbox";

/** The resource types, as the registry names them (the names of their type tokens). */
export type { ResourceKind } from "../../../provider/registry";

/** The type token `pulumi.dynamic.Resource` builds for a kind. */
export const typeToken = (kind: ResourceKind) => `pulumi-nodejs:dynamic/chatwoot:${kind}`;

/** The type token of a kind on a front door: the dynamic resource's, or the plugin's `chatwoot:index:<Kind>`. */
export const tokenOn = (door: FrontDoor, kind: ResourceKind) => (door === "dynamic" ? typeToken(kind) : `chatwoot:index:${kind}`);

type Snapshot = ReturnType<Sandbox["control"]["snapshot"]>;

/** One resource, table-driven. */
export interface ResourceCase {
  kind: ResourceKind;
  /** Declares the resource as a program would, with the SDK's class. */
  declare(sdk: ChatwootSdk, name: string): void;
  /** Makes, by hand, what the resource needs and the seed lacks (run before each create). */
  prepare?(api: ChatwootHost): Promise<void>;
  /** Inputs that can never work (merged over the declared ones) and the properties the failures must name. */
  bad: { inputs: PropertyMap; properties: string[] };
  /** The object as the sandbox holds it (its own columns), undefined when there is none. */
  onServer(snapshot: Snapshot, deployed: Deployed): unknown;
  /** What the server holds after the create (matched as a subset). */
  created: Record<string, unknown>;
  /**
   * An in-place change: the inputs, the one write it takes, what the server and the outputs then
   * hold. For a kind whose every change replaces it (`replaces`: the properties the diff names),
   * the write is the replacement's create. Absent for a link of two ids (nothing else to change).
   */
  change?: { inputs: PropertyMap; write: (d: Deployed) => string; server: Record<string, unknown>; outputs: PropertyMap; replaces?: string[] };
  /** The diff for a move to account 2: a replacement, unless the object can move in place. */
  move: Omit<DiffResult, "stables">;
  /**
   * A change made by hand, and the outputs a refresh then shows; `outputsOnly` where the server
   * shows none of the inputs, so only outputs can change by hand (the next diff wants nothing).
   * Absent where nothing can change by hand but the object's existence.
   */
  drift?: { apply(api: ChatwootHost, d: Deployed): Promise<void>; outputs: PropertyMap; outputsOnly?: true };
  /** Removes the object by hand; returns the state a refresh then finds gone. */
  removeByHand(api: ChatwootHost, d: Deployed): Promise<Deployed>;
  /** What the server holds for the object once the resource is deleted. */
  deleted: unknown;
  /** An object of the installation, in no account (a Platform account or user): no `accountId` input. */
  accountless?: true;
  /** Inputs that are credentials (`key`, or `key.inner` inside an object of them): the outputs hold digests of them. */
  digests?: string[];
}

const accountPath = (d: Deployed, rest: string) => `/api/v1/accounts/${String(d.inputs.accountId)}${rest}`;
const row = <T extends { id: number }>(rows: T[], d: Deployed) => rows.find((r) => r.id === Number(d.id));
const ok = (answer: { status: number }, what: string) => {
  if (answer.status >= 300) throw new Error(`${what} by hand failed with ${answer.status}`);
};

/** An agent as the sandbox holds it: the user, with their row of the deployment's account. */
const agentRow = (s: Snapshot, d: Deployed) => {
  const user = s.users.find((u) => u.id === Number(d.id));
  const membership = user?.memberships.find((m) => m.account_id === Number(d.inputs.accountId));
  return user && membership ? { email: user.email, name: user.name, role: membership.role } : undefined;
};

/** Makes portal 1 of the reset sandbox (`/portals/help`), which the help-center cases declare their objects in. */
async function helpPortal(api: ChatwootHost): Promise<void> {
  const made = await api.admin("POST", `/api/v1/accounts/${api.account.id}/portals`, { portal: { name: "Help", slug: "help", config: { allowed_locales: ["en", "de"] } } });
  ok(made, "making the portal");
  if ((made.body as { id: number }).id !== 1) throw new Error("the portal made by hand is not portal 1, which the case declares");
}

export const RESOURCE_CASES: ResourceCase[] = [
  {
    kind: "AccountSettings",
    declare: (sdk, name) => new sdk.AccountSettings(name, { name: "Acme Inc", autoResolveAfter: 1440 }),
    bad: { inputs: { locale: "pt-BR", autoResolveAfter: 5 }, properties: ["locale", "autoResolveAfter"] },
    onServer: (s, d) => {
      const account = s.accounts.find((a) => a.id === Number(d.inputs.accountId));
      return account && { name: account.name, settings: account.settings };
    },
    // The account is taken over: the one write sends what differs from the seed.
    created: { name: "Acme Inc", settings: { auto_resolve_after: 1440 } },
    change: {
      inputs: { autoResolveMessage: "Closed after a day" },
      write: (d) => `PATCH ${accountPath(d, "")}`,
      server: { name: "Acme Inc", settings: { auto_resolve_message: "Closed after a day" } },
      outputs: { autoResolveMessage: "Closed after a day", autoResolveAfter: 1440 },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, ""), { name: "Renamed by hand" }), "renaming the account"),
      outputs: { name: "Renamed by hand", autoResolveAfter: 1440 },
    },
    // Accounts are not deleted through this API; an account the token's user cannot see answers the same 404.
    removeByHand: async (_api, d) => ({ ...d, id: "99", outputs: { ...d.outputs, accountId: 99 } }),
    // Deleting only forgets the account: its settings stay as they are.
    deleted: { name: "Acme Inc", settings: { auto_resolve_after: 1440 } },
  },
  {
    kind: "Agent",
    // A new person: the invitation makes a user of the installation.
    declare: (sdk, name) => new sdk.Agent(name, { email: "Frank@Acme.test", name: "Frank Example", role: "agent" }),
    bad: { inputs: { email: "frank", role: "supervisor" }, properties: ["email", "role"] },
    onServer: agentRow,
    created: { email: "frank@acme.test", name: "Frank Example", role: "agent" },
    change: {
      inputs: { role: "administrator" },
      write: (d) => `PATCH ${accountPath(d, `/agents/${d.id}`)}`,
      server: { role: "administrator", email: "frank@acme.test" },
      outputs: { role: "administrator", email: "frank@acme.test" },
    },
    // An address is an agent of an account once: the old one goes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/agents/${d.id}`), { name: "Renamed by hand" }), "renaming the agent"),
      outputs: { name: "Renamed by hand", email: "frank@acme.test" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/agents/${d.id}`)), "removing the agent");
      return d;
    },
    // Removed from the only account they had, the person leaves the installation too (Chatwoot's doing).
    deleted: undefined,
  },
  {
    kind: "AgentBot",
    declare: (sdk, name) =>
      new sdk.AgentBot(name, { name: "Triage", description: "Routes new chats", outgoingUrl: "https://bots.example.test/triage" }),
    bad: { inputs: { name: "  ", outgoingUrl: "ftp://bots.example.test/hook" }, properties: ["name", "outgoingUrl"] },
    onServer: (s, d) => row(s.agent_bots, d),
    created: { name: "Triage", description: "Routes new chats", outgoing_url: "https://bots.example.test/triage", account_id: 1 },
    change: {
      inputs: { description: "Routes every chat" },
      write: (d) => `PATCH /platform/api/v1/agent_bots/${d.id}`,
      server: { description: "Routes every chat", name: "Triage" },
      outputs: { description: "Routes every chat", accountId: 1 },
    },
    // A bot moves between accounts with a PATCH of account_id.
    move: { changes: "some", replaces: [], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.platform("PATCH", `/platform/api/v1/agent_bots/${d.id}`, { name: "Renamed by hand" }), "renaming the bot"),
      outputs: { name: "Renamed by hand", description: "Routes new chats" },
    },
    removeByHand: async (api, d) => {
      ok(await api.platform("DELETE", `/platform/api/v1/agent_bots/${d.id}`), "deleting the bot");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "Portal",
    declare: (sdk, name) => new sdk.Portal(name, { name: "Help Center", slug: "help", color: "#1F93FF" }),
    bad: { inputs: { slug: "help/center", color: "blue" }, properties: ["slug", "color"] },
    onServer: (s, d) => row(s.portals, d),
    created: { name: "Help Center", slug: "help", color: "#1F93FF", account_id: 1 },
    change: {
      inputs: { headerText: "How can we help?" },
      write: (d) => `PATCH ${accountPath(d, "/portals/help")}`,
      server: { header_text: "How can we help?", name: "Help Center" },
      outputs: { headerText: "How can we help?", slug: "help" },
    },
    // Slugs are unique across accounts: the old portal goes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, "/portals/help"), { portal: { name: "Renamed by hand" } }), "renaming the portal"),
      outputs: { name: "Renamed by hand", slug: "help" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, "/portals/help")), "deleting the portal");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "AutomationRule",
    declare: (sdk, name) =>
      new sdk.AutomationRule(name, {
        name: "Route refunds",
        eventName: "message_created",
        conditions: [{ attributeKey: "content", filterOperator: "contains", values: ["refund"] }],
        actions: [{ actionName: "add_label", actionParams: ["refund"] }],
      }),
    bad: { inputs: { eventName: "contact_created", actions: [{ actionName: " ", actionParams: [] }] }, properties: ["eventName", "actions.0.actionName"] },
    onServer: (s, d) => row(s.automation_rules, d),
    created: { name: "Route refunds", event_name: "message_created", account_id: 1, active: true },
    change: {
      inputs: { name: "Route refund requests" },
      write: (d) => `PATCH ${accountPath(d, `/automation_rules/${d.id}`)}`,
      server: { name: "Route refund requests", event_name: "message_created" },
      outputs: { name: "Route refund requests", eventName: "message_created" },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/automation_rules/${d.id}`), { name: "Renamed by hand" }), "renaming the rule"),
      outputs: { name: "Renamed by hand", eventName: "message_created" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/automation_rules/${d.id}`)), "deleting the rule");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "CustomAttributeDefinition",
    declare: (sdk, name) =>
      new sdk.CustomAttributeDefinition(name, {
        attributeKey: "plan",
        attributeModel: "contact_attribute",
        attributeDisplayName: "Plan",
        attributeDisplayType: "list",
        attributeValues: ["free", "pro"],
      }),
    bad: { inputs: { attributeModel: "ticket_attribute", attributeValues: ["free", ""] }, properties: ["attributeModel", "attributeValues.1"] },
    onServer: (s, d) => row(s.custom_attribute_definitions, d),
    created: { attribute_key: "plan", attribute_display_name: "Plan", attribute_values: ["free", "pro"], account_id: 1 },
    change: {
      inputs: { attributeDisplayName: "Plan tier" },
      write: (d) => `PATCH ${accountPath(d, `/custom_attribute_definitions/${d.id}`)}`,
      server: { attribute_display_name: "Plan tier", attribute_key: "plan" },
      outputs: { attributeDisplayName: "Plan tier", attributeKey: "plan" },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) =>
        ok(await api.admin("PATCH", accountPath(d, `/custom_attribute_definitions/${d.id}`), { attribute_values: ["free", "pro", "enterprise"] }), "adding a value"),
      outputs: { attributeValues: ["free", "pro", "enterprise"] },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/custom_attribute_definitions/${d.id}`)), "deleting the definition");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "InboxMembership",
    // Seed: inbox 3 of account 1 has no members; users 2 and 3 are agents of account 1.
    declare: (sdk, name) => new sdk.InboxMembership(name, { inboxId: 3, userIds: [2] }),
    bad: { inputs: { inboxId: "inbox-3", userIds: [2, 2] }, properties: ["inboxId", "userIds"] },
    onServer: (s) => ({ member_ids: s.inboxes.find((i) => i.id === 3)?.member_ids }),
    created: { member_ids: [2] },
    change: {
      inputs: { userIds: [2, 3] },
      write: (d) => `POST ${accountPath(d, "/inbox_members")}`,
      server: { member_ids: [2, 3] },
      outputs: { userIds: [2, 3], inboxId: 3 },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("DELETE", accountPath(d, "/inbox_members"), { inbox_id: 3, user_ids: [2] }), "removing the member"),
      // The outputs list the listed users that really are members.
      outputs: { userIds: [], agents: [] },
    },
    // A membership is gone when its inbox is. The sandbox cannot delete inboxes, and an inbox id the
    // account does not have gets the same answer (404), so the state points at one.
    removeByHand: async (_api, d) => ({ ...d, id: `${String(d.outputs.accountId)}/99`, outputs: { ...d.outputs, inboxId: 99 } }),
    deleted: { member_ids: [] },
  },
  {
    kind: "Label",
    // Declared in upper case: Chatwoot stores titles lower-cased, and that is no diff.
    declare: (sdk, name) => new sdk.Label(name, { title: "VIP", description: "Enterprise customers", color: "#7C3AED" }),
    bad: { inputs: { title: "big customer", color: "purple" }, properties: ["title", "color"] },
    onServer: (s, d) => row(s.labels, d),
    created: { title: "vip", description: "Enterprise customers", color: "#7C3AED", account_id: 1 },
    change: {
      inputs: { description: "Enterprise plan" },
      write: (d) => `PATCH ${accountPath(d, `/labels/${d.id}`)}`,
      server: { description: "Enterprise plan", title: "vip" },
      outputs: { description: "Enterprise plan", title: "vip" },
    },
    // Titles are unique per account: the old label goes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/labels/${d.id}`), { color: "#000000" }), "recolouring the label"),
      outputs: { color: "#000000", title: "vip" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/labels/${d.id}`)), "deleting the label");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "CannedResponse",
    declare: (sdk, name) => new sdk.CannedResponse(name, { shortCode: "refund", content: "Your refund is on its way." }),
    bad: { inputs: { shortCode: " ", content: "" }, properties: ["shortCode", "content"] },
    onServer: (s, d) => row(s.canned_responses, d),
    created: { short_code: "refund", content: "Your refund is on its way.", account_id: 1 },
    change: {
      inputs: { content: "Refunds take five days." },
      write: (d) => `PATCH ${accountPath(d, `/canned_responses/${d.id}`)}`,
      server: { content: "Refunds take five days.", short_code: "refund" },
      outputs: { content: "Refunds take five days.", shortCode: "refund" },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/canned_responses/${d.id}`), { content: "Edited by hand" }), "editing the response"),
      outputs: { content: "Edited by hand", shortCode: "refund" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/canned_responses/${d.id}`)), "deleting the response");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "Webhook",
    declare: (sdk, name) =>
      new sdk.Webhook(name, { url: "https://crm.example.test/events", name: "CRM", subscriptions: ["conversation_created", "message_created"] }),
    bad: { inputs: { url: "ftp://crm.example.test/events", subscriptions: ["message_deleted"] }, properties: ["url", "subscriptions.0"] },
    // The snapshot leaves the signing secret out; the token check of resources.test.ts sees that it
    // crosses the host only in the `secret` output, which the SDK marks secret.
    onServer: (s, d) => row(s.webhooks, d),
    created: { url: "https://crm.example.test/events", name: "CRM", subscriptions: ["conversation_created", "message_created"], account_id: 1 },
    change: {
      inputs: { subscriptions: ["message_created"] },
      write: (d) => `PATCH ${accountPath(d, `/webhooks/${d.id}`)}`,
      server: { subscriptions: ["message_created"], url: "https://crm.example.test/events" },
      outputs: { subscriptions: ["message_created"], name: "CRM" },
    },
    // URLs are unique per account: the old webhook goes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/webhooks/${d.id}`), { name: "Renamed by hand" }), "renaming the webhook"),
      outputs: { name: "Renamed by hand", url: "https://crm.example.test/events" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/webhooks/${d.id}`)), "deleting the webhook");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "IntegrationHook",
    declare: (sdk, name) => new sdk.IntegrationHook(name, { appId: "openai", enabled: true, secretSettings: { apiKey: "sk-host-case-1" } }),
    bad: { inputs: { appId: "slack", inboxId: 1 }, properties: ["appId", "inboxId"] },
    // The snapshot leaves the key out (the app never shows it).
    onServer: (s, d) => s.integration_hooks.find((h) => h.id === Number(d.id)),
    created: { app_id: "openai", status: "enabled", hook_type: "account", settings: {}, account_id: 1 },
    change: {
      inputs: { enabled: false },
      write: (d) => `PATCH ${accountPath(d, `/integrations/hooks/${d.id}`)}`,
      server: { status: "disabled", app_id: "openai" },
      outputs: { enabled: false, appId: "openai" },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/integrations/hooks/${d.id}`), { status: "disabled" }), "switching the hook off"),
      outputs: { enabled: false, appId: "openai" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/integrations/hooks/${d.id}`)), "deleting the hook");
      return d;
    },
    deleted: undefined,
    digests: ["secretSettings.apiKey"],
  },
  {
    kind: "CaptainCustomTool",
    declare: (sdk, name) =>
      new sdk.CaptainCustomTool(name, {
        title: "Order status",
        endpointUrl: "https://api.acme.test/orders/{{ order_id }}",
        authType: "bearer",
        authConfig: { token: "orders-host-case-1" },
        headers: { "X-Tenant": "acme-host-case" },
        paramSchema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
      }),
    bad: { inputs: { endpointUrl: "https://127.0.0.1/orders", authType: "basic" }, properties: ["endpointUrl", "authConfig.username"] },
    // The snapshot leaves the credentials out.
    onServer: (s, d) => s.captain_custom_tools.find((t) => t.id === Number(d.id)),
    created: { title: "Order status", slug: "custom_order_status", auth_type: "bearer", http_method: "GET", enabled: true, account_id: 1 },
    change: {
      inputs: { enabled: false },
      write: (d) => `PATCH ${accountPath(d, `/captain/custom_tools/${d.id}`)}`,
      server: { enabled: false, title: "Order status" },
      outputs: { enabled: false, title: "Order status" },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/captain/custom_tools/${d.id}`), { custom_tool: { title: "Renamed by hand" } }), "renaming the tool"),
      outputs: { title: "Renamed by hand", slug: "custom_order_status" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/captain/custom_tools/${d.id}`)), "deleting the tool");
      return d;
    },
    deleted: undefined,
    digests: ["authConfig.token", "headers.X-Tenant"],
  },
  {
    kind: "Macro",
    declare: (sdk, name) =>
      new sdk.Macro(name, { name: "Escalate", visibility: "global", actions: [{ actionName: "add_label", actionParams: ["urgent"] }] }),
    bad: { inputs: { visibility: "team", actions: [{ actionName: " " }] }, properties: ["visibility", "actions.0.actionName"] },
    onServer: (s, d) => row(s.macros, d),
    created: { name: "Escalate", visibility: "global", account_id: 1, actions: [{ action_name: "add_label", action_params: ["urgent"] }] },
    change: {
      inputs: { name: "Escalate to billing" },
      write: (d) => `PATCH ${accountPath(d, `/macros/${d.id}`)}`,
      server: { name: "Escalate to billing", visibility: "global" },
      outputs: { name: "Escalate to billing", visibility: "global" },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) =>
        ok(await api.admin("PATCH", accountPath(d, `/macros/${d.id}`), { name: "Renamed by hand", visibility: "global" }), "renaming the macro"),
      outputs: { name: "Renamed by hand", visibility: "global" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/macros/${d.id}`)), "deleting the macro");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "Team",
    // Declared capitalized: Chatwoot stores names lower-cased, and that is no diff.
    declare: (sdk, name) => new sdk.Team(name, { name: "Billing", description: "Invoices and refunds" }),
    bad: { inputs: { name: "  ", allowAutoAssign: "yes" }, properties: ["name", "allowAutoAssign"] },
    onServer: (s, d) => row(s.teams, d),
    created: { name: "billing", description: "Invoices and refunds", allow_auto_assign: true, account_id: 1 },
    change: {
      inputs: { allowAutoAssign: false },
      write: (d) => `PATCH ${accountPath(d, `/teams/${d.id}`)}`,
      server: { allow_auto_assign: false, name: "billing" },
      outputs: { allowAutoAssign: false, name: "billing" },
    },
    // Names are unique per account: the old team goes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/teams/${d.id}`), { description: "Edited by hand" }), "editing the team"),
      outputs: { description: "Edited by hand", name: "billing" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/teams/${d.id}`)), "deleting the team");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "TeamMembership",
    // The seed has no teams: `prepare` makes one, the first of the reset sandbox (id 1).
    declare: (sdk, name) => new sdk.TeamMembership(name, { teamId: 1, userIds: [2] }),
    prepare: async (api) => {
      const made = await api.admin("POST", `/api/v1/accounts/${api.account.id}/teams`, { name: "support" });
      ok(made, "making the team");
      if ((made.body as { id: number }).id !== 1) throw new Error("the team made by hand is not team 1, which the case declares");
    },
    bad: { inputs: { teamId: "team-1", userIds: [2, 2] }, properties: ["teamId", "userIds"] },
    onServer: (s) => ({ member_ids: s.teams.find((t) => t.id === 1)?.member_ids }),
    created: { member_ids: [2] },
    change: {
      inputs: { userIds: [2, 3] },
      write: (d) => `POST ${accountPath(d, "/teams/1/team_members")}`,
      server: { member_ids: [2, 3] },
      outputs: { userIds: [2, 3], teamId: 1 },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("DELETE", accountPath(d, "/teams/1/team_members"), { user_ids: [2] }), "removing the member"),
      // The outputs list the listed users that really are members.
      outputs: { userIds: [], agents: [] },
    },
    // Deleting the team deletes its members: the membership is gone with it.
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, "/teams/1")), "deleting the team");
      return d;
    },
    deleted: { member_ids: [] },
  },
  {
    kind: "Inbox",
    // Monday 09:00-17:00 is Chatwoot's default for a new inbox: the POST is the only write.
    declare: (sdk, name) =>
      new sdk.Inbox(name, {
        name: "Website",
        channel: { type: "web_widget", websiteUrl: "https://www.example.test", widgetColor: "#1F93FF", allowedDomains: ["www.example.test"] },
        timezone: "Europe/Berlin",
        csatConfig: { displayType: "star", surveyRules: { values: ["vip"] } },
        workingHours: [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }],
      }),
    bad: { inputs: { timezone: "Mars/Base", workingHours: [{ dayOfWeek: 1, openHour: 17, closeHour: 9 }] }, properties: ["timezone", "workingHours.0.closeHour"] },
    onServer: (s, d) => row(s.inboxes, d),
    created: {
      name: "Website",
      channel_type: "Channel::WebWidget",
      website_url: "https://www.example.test",
      allowed_domains: "www.example.test",
      csat_config: expect.objectContaining({ display_type: "star", survey_rules: { operator: "contains", values: ["vip"] } }),
      timezone: "Europe/Berlin",
      account_id: 1,
    },
    change: {
      inputs: { workingHours: [{ dayOfWeek: 1, openHour: 10, closeHour: 16 }] },
      write: (d) => `PATCH ${accountPath(d, `/inboxes/${d.id}`)}`,
      server: { name: "Website", working_hours: expect.arrayContaining([expect.objectContaining({ day_of_week: 1, open_hour: 10, close_hour: 16 })]) },
      outputs: { name: "Website", workingHours: expect.arrayContaining([expect.objectContaining({ dayOfWeek: 1, openHour: 10, closeHour: 16 })]) },
    },
    // Inbox names repeat freely: the new inbox comes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/inboxes/${d.id}`), { timezone: "Asia/Tokyo" }), "changing the time zone"),
      outputs: { timezone: "Asia/Tokyo", name: "Website" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/inboxes/${d.id}`)), "deleting the inbox");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "SlaPolicy",
    // The sandbox plays an Enterprise server whose seed accounts have the `sla` feature on.
    declare: (sdk, name) => new sdk.SlaPolicy(name, { name: "Gold", firstResponseTimeThreshold: 900, resolutionTimeThreshold: 86400 }),
    bad: { inputs: { firstResponseTimeThreshold: 0, resolutionTimeThreshold: 86_400_000 }, properties: ["firstResponseTimeThreshold", "resolutionTimeThreshold"] },
    onServer: (s, d) => row(s.sla_policies, d),
    created: { name: "Gold", first_response_time_threshold: 900, resolution_time_threshold: 86400, only_during_business_hours: false, account_id: 1 },
    // In place: the thresholds and the business-hours flag are fixed once a policy exists.
    change: {
      inputs: { description: "Gold plan" },
      write: (d) => `PATCH ${accountPath(d, `/sla_policies/${d.id}`)}`,
      server: { description: "Gold plan", name: "Gold" },
      outputs: { description: "Gold plan", firstResponseTimeThreshold: 900 },
    },
    // Names repeat freely: the new policy comes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/sla_policies/${d.id}`), { name: "Gold (edited)" }), "renaming the policy"),
      outputs: { name: "Gold (edited)", firstResponseTimeThreshold: 900 },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/sla_policies/${d.id}`)), "deleting the policy");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "AssignmentPolicy",
    declare: (sdk, name) => new sdk.AssignmentPolicy(name, { name: "Round robin", fairDistributionLimit: 20 }),
    bad: { inputs: { assignmentOrder: "random", fairDistributionWindow: 0 }, properties: ["assignmentOrder", "fairDistributionWindow"] },
    onServer: (s, d) => row(s.assignment_policies, d),
    created: { name: "Round robin", fair_distribution_limit: 20, fair_distribution_window: 3600, enabled: true, account_id: 1 },
    change: {
      inputs: { enabled: false },
      write: (d) => `PATCH ${accountPath(d, `/assignment_policies/${d.id}`)}`,
      server: { enabled: false, name: "Round robin" },
      outputs: { enabled: false, fairDistributionLimit: 20 },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/assignment_policies/${d.id}`), { fair_distribution_limit: 50 }), "changing the limit"),
      outputs: { fairDistributionLimit: 50, name: "Round robin" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/assignment_policies/${d.id}`)), "deleting the policy");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "AgentCapacityPolicy",
    declare: (sdk, name) => new sdk.AgentCapacityPolicy(name, { name: "VIP capacity", exclusionRules: { excludedLabels: ["vip"] } }),
    bad: { inputs: { name: " ", exclusionRules: { overallCapacity: 10 } }, properties: ["name", "exclusionRules.overallCapacity"] },
    onServer: (s, d) => row(s.agent_capacity_policies, d),
    created: { name: "VIP capacity", description: null, exclusion_rules: { excluded_labels: ["vip"] }, account_id: 1 },
    change: {
      inputs: { exclusionRules: { excludedLabels: ["vip"], excludeOlderThanHours: 48 } },
      write: (d) => `PATCH ${accountPath(d, `/agent_capacity_policies/${d.id}`)}`,
      server: { exclusion_rules: { excluded_labels: ["vip"], exclude_older_than_hours: 48 }, name: "VIP capacity" },
      outputs: { exclusionRules: { excludedLabels: ["vip"], excludeOlderThanHours: 48 } },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/agent_capacity_policies/${d.id}`), { exclusion_rules: {} }), "clearing the rules"),
      outputs: { exclusionRules: {}, name: "VIP capacity" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/agent_capacity_policies/${d.id}`)), "deleting the policy");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "InboxAssignmentPolicy",
    // The seed has no policies: `prepare` makes two, the first of the reset sandbox (ids 1 and 2).
    declare: (sdk, name) => new sdk.InboxAssignmentPolicy(name, { inboxId: 1, assignmentPolicyId: 1 }),
    prepare: async (api) => {
      for (const [id, name] of [[1, "Round robin"], [2, "Oldest first"]] as const) {
        const made = await api.admin("POST", `/api/v1/accounts/${api.account.id}/assignment_policies`, { name });
        ok(made, "making the policy");
        if ((made.body as { id: number }).id !== id) throw new Error(`the policy made by hand is not policy ${id}, which the case declares`);
      }
    },
    bad: { inputs: { inboxId: "inbox-1", assignmentPolicyId: 0 }, properties: ["inboxId", "assignmentPolicyId"] },
    onServer: (s) => {
      const linked = s.assignment_policies.find((p) => p.inbox_ids.includes(1));
      return linked && { assignment_policy_id: linked.id };
    },
    created: { assignment_policy_id: 1 },
    change: {
      inputs: { assignmentPolicyId: 2 },
      write: (d) => `POST ${accountPath(d, "/inboxes/1/assignment_policy")}`,
      server: { assignment_policy_id: 2 },
      outputs: { assignmentPolicyId: 2, inboxId: 1 },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("POST", accountPath(d, "/inboxes/1/assignment_policy"), { assignment_policy_id: 2 }), "linking another policy"),
      outputs: { assignmentPolicyId: 2 },
    },
    // Deleting the policy deletes its links: the inbox's link is gone with it.
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, "/assignment_policies/1")), "deleting the policy");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "InboxCsatTemplate",
    // The seed has no WhatsApp inbox: `prepare` makes one, the first of the reset sandbox (inbox 5).
    declare: (sdk, name) => new sdk.InboxCsatTemplate(name, { inboxId: 5, message: "How did we do?", buttonText: "Rate us" }),
    // Its survey settings hold the template's text, as Chatwoot's settings page keeps them (what an import reads).
    prepare: async (api) => {
      if ((await makeWhatsappInbox((m, p, b) => api.admin(m, p, b), api.account.id)) !== 5) throw new Error("the inbox made by hand is not inbox 5, which the case declares");
      ok(await api.admin("PATCH", `/api/v1/accounts/${api.account.id}/inboxes/5`, { csat_config: { message: "How did we do?", button_text: "Rate us" } }), "setting the survey");
    },
    bad: { inputs: { message: " ", buttonText: "Tell us how we did, please!" }, properties: ["message", "buttonText"] },
    onServer: (s) => {
      const template = s.meta_templates.find((t) => t.inbox_id === 5);
      return template && { name: template.name, body: template.body, button_text: template.button_text, status: template.status };
    },
    created: { name: "customer_satisfaction_survey_5", body: "How did we do?", button_text: "Rate us", status: "PENDING" },
    // Every change submits the template anew: the replacement's create is the one write.
    change: {
      inputs: { message: "How was it?" },
      replaces: ["message"],
      write: (d) => `POST ${accountPath(d, "/inboxes/5/csat_template")}`,
      server: { body: "How was it?", status: "PENDING" },
      outputs: { message: "How was it?", status: "PENDING" },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    // Meta's review: the status is the server's, no input, so nothing to undo.
    drift: {
      apply: async (api) => {
        api.sb.control.reviewCsatTemplates("APPROVED", 5);
      },
      outputs: { status: "APPROVED" },
      outputsOnly: true,
    },
    // The inbox deleted: its template reads as gone.
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, "/inboxes/5")), "deleting the inbox");
      return d;
    },
    // No route deletes a template: it stays at Meta.
    deleted: { name: "customer_satisfaction_survey_5", body: "How did we do?", button_text: "Rate us", status: "PENDING" },
  },
  {
    kind: "SamlSettings",
    declare: (sdk, name) => new sdk.SamlSettings(name, { ssoUrl: "https://idp.acme.test/sso", idpEntityId: "https://idp.acme.test", certificate: IDP_CERTIFICATE }),
    bad: { inputs: { ssoUrl: "idp.acme.test", certificate: "AA:BB:CC" }, properties: ["ssoUrl", "certificate"] },
    onServer: (s, d) => {
      const settings = s.saml_settings.find((r) => r.account_id === Number(d.inputs.accountId));
      return settings && { sso_url: settings.sso_url, idp_entity_id: settings.idp_entity_id, role_mappings: settings.role_mappings };
    },
    created: { sso_url: "https://idp.acme.test/sso", idp_entity_id: "https://idp.acme.test", role_mappings: {} },
    change: {
      inputs: { roleMappings: { Admins: { role: "administrator" } } },
      write: (d) => `PATCH ${accountPath(d, "/saml_settings")}`,
      server: { role_mappings: { Admins: { role: 1 } } },
      outputs: { roleMappings: { Admins: { role: "administrator" } }, fingerprint: IDP_FINGERPRINT },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, "/saml_settings"), { saml_settings: { sso_url: "https://idp.acme.test/other" } }), "changing the URL"),
      outputs: { ssoUrl: "https://idp.acme.test/other" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, "/saml_settings")), "deleting the settings");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "AgentCapacityPolicyInboxLimit",
    // The seed has no capacity policies: `prepare` makes one, the first of the reset sandbox (id 1);
    // the limit is the first row of the reset sandbox too (id 1).
    declare: (sdk, name) => new sdk.AgentCapacityPolicyInboxLimit(name, { policyId: 1, inboxId: 1, conversationLimit: 5 }),
    prepare: async (api) => {
      const made = await api.admin("POST", `/api/v1/accounts/${api.account.id}/agent_capacity_policies`, { name: "Capacity" });
      ok(made, "making the policy");
      if ((made.body as { id: number }).id !== 1) throw new Error("the policy made by hand is not policy 1, which the case declares");
    },
    bad: { inputs: { policyId: "capacity", conversationLimit: 0 }, properties: ["policyId", "conversationLimit"] },
    onServer: (s) => s.inbox_capacity_limits.find((l) => l.agent_capacity_policy_id === 1 && l.inbox_id === 1),
    created: { id: 1, agent_capacity_policy_id: 1, inbox_id: 1, conversation_limit: 5, account_id: 1 },
    change: {
      inputs: { conversationLimit: 9 },
      write: (d) => `PATCH ${accountPath(d, "/agent_capacity_policies/1/inbox_limits/1")}`,
      server: { conversation_limit: 9 },
      outputs: { conversationLimit: 9, limitId: 1 },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, "/agent_capacity_policies/1/inbox_limits/1"), { conversation_limit: 12 }), "changing the limit"),
      outputs: { conversationLimit: 12 },
    },
    // Deleting the policy deletes its limits.
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, "/agent_capacity_policies/1")), "deleting the policy");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "AgentCapacityPolicyUser",
    // The seed has no capacity policies: `prepare` makes one, the first of the reset sandbox (id 1).
    declare: (sdk, name) => new sdk.AgentCapacityPolicyUser(name, { policyId: 1, userIds: [2] }),
    prepare: async (api) => {
      const made = await api.admin("POST", `/api/v1/accounts/${api.account.id}/agent_capacity_policies`, { name: "Capacity" });
      ok(made, "making the policy");
      if ((made.body as { id: number }).id !== 1) throw new Error("the policy made by hand is not policy 1, which the case declares");
    },
    bad: { inputs: { policyId: "capacity", userIds: [2, 2] }, properties: ["policyId", "userIds"] },
    onServer: (s) => ({ user_ids: s.users.filter((u) => u.memberships.some((m) => m.account_id === 1 && m.agent_capacity_policy_id === 1)).map((u) => u.id) }),
    created: { user_ids: [2] },
    change: {
      inputs: { userIds: [2, 3] },
      write: (d) => `POST ${accountPath(d, "/agent_capacity_policies/1/users")}`,
      server: { user_ids: [2, 3] },
      outputs: { userIds: [2, 3], policyId: 1 },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("DELETE", accountPath(d, "/agent_capacity_policies/1/users/2")), "taking the user off the policy"),
      // The outputs list the listed users the policy really applies to.
      outputs: { userIds: [], agents: [] },
    },
    // Deleting the policy frees its users: the membership is gone with it.
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, "/agent_capacity_policies/1")), "deleting the policy");
      return d;
    },
    deleted: { user_ids: [] },
  },
  {
    kind: "PortalCategory",
    declare: (sdk, name) => new sdk.PortalCategory(name, { portalId: 1, name: "Billing", slug: "billing", locale: "en", icon: "💳" }),
    prepare: helpPortal,
    bad: { inputs: { slug: "billing/refunds", locale: "pt-BR" }, properties: ["slug", "locale"] },
    onServer: (s, d) => row(s.categories, d),
    created: { name: "Billing", slug: "billing", locale: "en", icon: "💳", portal_id: 1, account_id: 1 },
    change: {
      inputs: { description: "Invoices and refunds" },
      write: (d) => `PATCH ${accountPath(d, `/portals/help/categories/${d.id}`)}`,
      server: { description: "Invoices and refunds", slug: "billing" },
      outputs: { description: "Invoices and refunds", portalSlug: "help" },
    },
    // Slug and locale are unique in the portal: the old category goes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/portals/help/categories/${d.id}`), { category: { name: "Renamed by hand" } }), "renaming the category"),
      outputs: { name: "Renamed by hand", slug: "billing" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/portals/help/categories/${d.id}`)), "deleting the category");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "CustomRole",
    declare: (sdk, name) => new sdk.CustomRole(name, { name: "Billing desk", permissions: ["contact_manage", "report_manage"] }),
    bad: { inputs: { name: " ", permissions: ["inbox_manage"] }, properties: ["name", "permissions.0"] },
    onServer: (s, d) => row(s.custom_roles, d),
    created: { name: "Billing desk", permissions: ["contact_manage", "report_manage"], account_id: 1 },
    change: {
      inputs: { permissions: ["contact_manage", "report_manage", "conversation_unassigned_manage"] },
      write: (d) => `PATCH ${accountPath(d, `/custom_roles/${d.id}`)}`,
      server: { permissions: ["contact_manage", "report_manage", "conversation_unassigned_manage"], name: "Billing desk" },
      outputs: { permissions: ["contact_manage", "report_manage", "conversation_unassigned_manage"], name: "Billing desk" },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/custom_roles/${d.id}`), { permissions: ["report_manage"] }), "taking a permission away"),
      outputs: { permissions: ["report_manage"], name: "Billing desk" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/custom_roles/${d.id}`)), "deleting the role");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "DashboardApp",
    declare: (sdk, name) => new sdk.DashboardApp(name, { title: "CRM", frameUrls: ["https://crm.example.test/panel"] }),
    bad: { inputs: { title: "", frameUrls: ["crm.example.test"] }, properties: ["title", "frameUrls.0"] },
    onServer: (s, d) => row(s.dashboard_apps, d),
    created: { title: "CRM", content: [{ type: "frame", url: "https://crm.example.test/panel" }], account_id: 1 },
    change: {
      inputs: { title: "CRM panel" },
      write: (d) => `PATCH ${accountPath(d, `/dashboard_apps/${d.id}`)}`,
      server: { title: "CRM panel", content: [{ type: "frame", url: "https://crm.example.test/panel" }] },
      outputs: { title: "CRM panel", frameUrls: ["https://crm.example.test/panel"] },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) =>
        ok(await api.admin("PATCH", accountPath(d, `/dashboard_apps/${d.id}`), { content: [{ type: "frame", url: "https://crm.example.test/other" }] }), "changing the frame"),
      outputs: { frameUrls: ["https://crm.example.test/other"], title: "CRM" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/dashboard_apps/${d.id}`)), "deleting the app");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "Campaign",
    // Inbox 1 is the seed's website inbox: an ongoing campaign, addressed by its display id.
    declare: (sdk, name) =>
      new sdk.Campaign(name, { inboxId: 1, title: "Pricing help", message: "Questions?", triggerRules: { url: "https://www.acme.test/pricing", timeOnPage: 10 } }),
    bad: { inputs: { inboxId: 1, title: "", message: "Questions?", triggerRules: { url: "www.acme.test" } }, properties: ["title", "triggerRules.url"] },
    onServer: (s, d) => s.campaigns.find((c) => c.display_id === Number(d.id)),
    created: { title: "Pricing help", message: "Questions?", inbox_id: 1, campaign_type: "ongoing", trigger_rules: { url: "https://www.acme.test/pricing", time_on_page: 10 } },
    change: {
      inputs: { message: "Need a hand?" },
      write: (d) => `PATCH ${accountPath(d, `/campaigns/${d.id}`)}`,
      server: { title: "Pricing help", message: "Need a hand?" },
      outputs: { message: "Need a hand?", campaignType: "ongoing", campaignStatus: "active" },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/campaigns/${d.id}`), { enabled: false, title: "Renamed by hand" }), "renaming the campaign"),
      outputs: { enabled: false, title: "Renamed by hand", message: "Questions?" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/campaigns/${d.id}`)), "deleting the campaign");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "PortalArticle",
    // User 1 is account 1's administrator.
    declare: (sdk, name) =>
      new sdk.PortalArticle(name, { portalId: 1, title: "Getting started", slug: "getting-started", content: "# Welcome", status: "published", authorId: 1 }),
    prepare: helpPortal,
    bad: { inputs: { slug: "search", status: "live" }, properties: ["slug", "status"] },
    onServer: (s, d) => row(s.articles, d),
    created: { title: "Getting started", slug: "getting-started", content: "# Welcome", status: "published", author_id: 1, portal_id: 1, account_id: 1 },
    change: {
      inputs: { title: "Start here" },
      write: (d) => `PATCH ${accountPath(d, `/portals/help/articles/${d.id}`)}`,
      server: { title: "Start here", content: "# Welcome" },
      outputs: { title: "Start here", portalSlug: "help" },
    },
    // Slugs are unique across the installation: the old article goes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/portals/help/articles/${d.id}`), { article: { status: "draft" } }), "unpublishing the article"),
      outputs: { status: "draft", slug: "getting-started" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/portals/help/articles/${d.id}`)), "deleting the article");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "PlatformAccount",
    accountless: true,
    declare: (sdk, name) => new sdk.PlatformAccount(name, { name: "Initech", limits: { agents: 5 } }),
    bad: { inputs: { name: " ", status: "closed" }, properties: ["name", "status"] },
    onServer: (s, d) => row(s.accounts, d),
    created: { name: "Initech", limits: { agents: 5 }, status: "active" },
    change: {
      inputs: { locale: "de" },
      write: (d) => `PATCH /platform/api/v1/accounts/${d.id}`,
      server: { locale: "de", name: "Initech" },
      outputs: { locale: "de", name: "Initech" },
    },
    // An account is in no account: `accountId` is no input of it (the move is not tried).
    move: { changes: "none", replaces: [], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.platform("PATCH", `/platform/api/v1/accounts/${d.id}`, { name: "Renamed by hand" }), "renaming the account"),
      outputs: { name: "Renamed by hand", limits: { agents: 5 } },
    },
    removeByHand: async (api, d) => {
      ok(await api.platform("DELETE", `/platform/api/v1/accounts/${d.id}`), "deleting the account");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "PlatformUser",
    accountless: true,
    digests: ["password"],
    declare: (sdk, name) => new sdk.PlatformUser(name, { name: "Olivia Owner", email: "olivia@initech.test", password: "Sup3r-secret!" }),
    bad: { inputs: { email: "olivia", password: "short" }, properties: ["email", "password"] },
    onServer: (s, d) => {
      const user = s.users.find((u) => u.id === Number(d.id));
      return user && { name: user.name, email: user.email, confirmed: user.confirmed };
    },
    created: { name: "Olivia Owner", email: "olivia@initech.test", confirmed: true },
    change: {
      inputs: { name: "Olivia O. Owner" },
      write: (d) => `PATCH /platform/api/v1/users/${d.id}`,
      server: { name: "Olivia O. Owner", email: "olivia@initech.test" },
      outputs: { name: "Olivia O. Owner", email: "olivia@initech.test" },
    },
    move: { changes: "none", replaces: [], deleteBeforeReplace: false },
    drift: {
      apply: async (api, d) => ok(await api.platform("PATCH", `/platform/api/v1/users/${d.id}`, { name: "Renamed by hand" }), "renaming the user"),
      outputs: { name: "Renamed by hand", email: "olivia@initech.test" },
    },
    removeByHand: async (api, d) => {
      ok(await api.platform("DELETE", `/platform/api/v1/users/${d.id}`), "deleting the user");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "PlatformAccountUser",
    // Account 1 is the Platform App's in the seed; user 5 belongs to account 2 only.
    declare: (sdk, name) => new sdk.PlatformAccountUser(name, { userId: 5, role: "agent" }),
    bad: { inputs: { userId: "erin", role: "owner" }, properties: ["userId", "role"] },
    onServer: (s, d) => {
      const membership = s.users.find((u) => u.id === Number(d.id))?.memberships.find((m) => m.account_id === Number(d.inputs.accountId));
      return membership && { role: membership.role };
    },
    created: { role: "agent" },
    change: {
      inputs: { role: "administrator" },
      write: (d) => `POST /platform/api/v1/accounts/${String(d.inputs.accountId)}/account_users`,
      server: { role: "administrator" },
      outputs: { role: "administrator", userId: 5 },
    },
    // A user is a member of an account once: the old membership goes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.platform("POST", `/platform/api/v1/accounts/${String(d.inputs.accountId)}/account_users`, { user_id: 5, role: "administrator" }), "changing the role"),
      outputs: { role: "administrator", userId: 5 },
    },
    removeByHand: async (api, d) => {
      ok(await api.platform("DELETE", `/platform/api/v1/accounts/${String(d.inputs.accountId)}/account_users`, { user_id: 5 }), "removing the member");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "CaptainAssistant",
    // The seed's accounts have Captain (`captain_integration`) on.
    declare: (sdk, name) => new sdk.CaptainAssistant(name, { name: "Helpdesk", description: "Answers questions", productName: "Acme", featureFaq: true }),
    bad: { inputs: { description: " ", temperature: 3 }, properties: ["description", "temperature"] },
    onServer: (s, d) => row(s.captain_assistants, d),
    created: { name: "Helpdesk", description: "Answers questions", config: { product_name: "Acme", feature_faq: true }, account_id: 1 },
    change: {
      inputs: { temperature: 0.5 },
      write: (d) => `PATCH ${accountPath(d, `/captain/assistants/${d.id}`)}`,
      // The whole config is sent: the server replaces it.
      server: { config: { product_name: "Acme", feature_faq: true, temperature: 0.5 } },
      outputs: { temperature: 0.5, productName: "Acme" },
    },
    // Names repeat freely upstream, but adoption goes by name: the old assistant goes first.
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/captain/assistants/${d.id}`), { assistant: { description: "Changed by hand" } }), "changing the description"),
      outputs: { description: "Changed by hand", productName: "Acme" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/captain/assistants/${d.id}`)), "deleting the assistant");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "CaptainScenario",
    // The seed has no assistants: `prepare` makes assistant 1 of the reset sandbox.
    declare: (sdk, name) =>
      new sdk.CaptainScenario(name, { assistantId: 1, title: "Refunds", description: "Refund requests", instruction: "Use [Handoff](tool://handoff)" }),
    prepare: async (api) => {
      const made = await api.admin("POST", `/api/v1/accounts/${api.account.id}/captain/assistants`, { assistant: { name: "Helpdesk", description: "Answers questions" } });
      ok(made, "making the assistant");
      if ((made.body as { id: number }).id !== 1) throw new Error("the assistant made by hand is not assistant 1, which the case declares");
    },
    bad: { inputs: { title: "", instruction: " " }, properties: ["title", "instruction"] },
    onServer: (s, d) => row(s.captain_scenarios, d),
    created: { title: "Refunds", tools: ["handoff"], enabled: true, assistant_id: 1, account_id: 1 },
    change: {
      inputs: { enabled: false },
      write: (d) => `PATCH ${accountPath(d, `/captain/assistants/1/scenarios/${d.id}`)}`,
      server: { enabled: false, title: "Refunds" },
      outputs: { enabled: false, tools: ["handoff"] },
    },
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    drift: {
      apply: async (api, d) => ok(await api.admin("PATCH", accountPath(d, `/captain/assistants/1/scenarios/${d.id}`), { scenario: { description: "Changed by hand" } }), "changing the description"),
      outputs: { description: "Changed by hand", title: "Refunds" },
    },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/captain/assistants/1/scenarios/${d.id}`)), "deleting the scenario");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "CaptainAssistantInbox",
    // The seed has no assistants: `prepare` makes assistant 1; inbox 2 (Acme API) has no bot.
    declare: (sdk, name) => new sdk.CaptainAssistantInbox(name, { assistantId: 1, inboxId: 2 }),
    prepare: async (api) => {
      const made = await api.admin("POST", `/api/v1/accounts/${api.account.id}/captain/assistants`, { assistant: { name: "Helpdesk", description: "Answers questions" } });
      ok(made, "making the assistant");
      if ((made.body as { id: number }).id !== 1) throw new Error("the assistant made by hand is not assistant 1, which the case declares");
    },
    bad: { inputs: { assistantId: "Helpdesk", inboxId: 0 }, properties: ["assistantId", "inboxId"] },
    onServer: (s, d) => {
      const link = s.captain_inboxes.find((l) => `${l.account_id}/${l.inbox_id}` === d.id);
      return link && { assistant_id: link.captain_assistant_id, inbox_id: link.inbox_id };
    },
    created: { assistant_id: 1, inbox_id: 2 },
    // Both inputs replace the link: no change is made in place, none undone in place (the inbox
    // moved to another assistant by hand reads as this link gone).
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, "/captain/assistants/1/inboxes/2")), "disconnecting the inbox");
      return d;
    },
    deleted: undefined,
  },
  {
    kind: "CaptainDocument",
    // The seed has no assistants: `prepare` makes assistant 1.
    declare: (sdk, name) => new sdk.CaptainDocument(name, { assistantId: 1, externalLink: "https://www.acme.test/guide", name: "Guide" }),
    prepare: async (api) => {
      const made = await api.admin("POST", `/api/v1/accounts/${api.account.id}/captain/assistants`, { assistant: { name: "Helpdesk", description: "Answers questions" } });
      ok(made, "making the assistant");
      if ((made.body as { id: number }).id !== 1) throw new Error("the assistant made by hand is not assistant 1, which the case declares");
    },
    bad: { inputs: { externalLink: "www.acme.test", name: "Gu\nide" }, properties: ["externalLink", "name"] },
    onServer: (s, d) => row(s.captain_documents, d),
    created: { assistant_id: 1, external_link: "https://www.acme.test/guide", name: "Guide", account_id: 1 },
    // No update route: every input replaces the document (the link is unique per assistant, so the old one goes first).
    move: { changes: "some", replaces: ["accountId"], deleteBeforeReplace: true },
    removeByHand: async (api, d) => {
      ok(await api.admin("DELETE", accountPath(d, `/captain/documents/${d.id}`)), "deleting the document");
      return d;
    },
    deleted: undefined,
  },
];

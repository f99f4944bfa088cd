/**
 * The five resources as the host tier drives them: how a program declares each with the SDK, an
 * input that can never work, an in-place change, a move to another account, a change made by hand,
 * and where the sandbox keeps the object.
 */
import type { DiffResult } from "../../harness/host";
import type { PropertyMap } from "../../harness/wire";
import type { Sandbox } from "../../../sdk/sandbox";
import type { ChatwootHost } from "./chatwoot-host";
import type { Deployed } from "./engine-steps";
import type { ChatwootSdk } from "./packages";

/** The resource types, as named in their type tokens. */
export type ResourceKind = "AgentBot" | "Portal" | "AutomationRule" | "CustomAttributeDefinition" | "InboxMembership";

/** The type token `pulumi.dynamic.Resource` builds for a kind. */
export const typeToken = (kind: ResourceKind) => `pulumi-nodejs:dynamic/chatwoot:${kind}`;

type Snapshot = ReturnType<Sandbox["control"]["snapshot"]>;

/** One resource, table-driven. */
export interface ResourceCase {
  kind: ResourceKind;
  /** Declares the resource as a program would, with the SDK's class. */
  declare(sdk: ChatwootSdk, name: string): void;
  /** Inputs that can never work (merged over the declared ones) and the properties the failures must name. */
  bad: { inputs: PropertyMap; properties: string[] };
  /** The object as the sandbox holds it (its own columns), undefined when there is none. */
  onServer(snapshot: Snapshot, deployed: Deployed): unknown;
  /** What the server holds after the create (matched as a subset). */
  created: Record<string, unknown>;
  /** An in-place change: the inputs, the one write it takes, what the server and the outputs then hold. */
  change: { inputs: PropertyMap; write: (d: Deployed) => string; server: Record<string, unknown>; outputs: PropertyMap };
  /** The diff for a move to account 2: a replacement, unless the object can move in place. */
  move: Omit<DiffResult, "stables">;
  /** A change made by hand, and what a refresh then shows in the outputs. */
  drift: { apply(api: ChatwootHost, d: Deployed): Promise<void>; outputs: PropertyMap };
  /** Removes the object by hand; returns the state a refresh then finds gone. */
  removeByHand(api: ChatwootHost, d: Deployed): Promise<Deployed>;
  /** What the server holds for the object once the resource is deleted. */
  deleted: unknown;
}

const accountPath = (d: Deployed, rest: string) => `/api/v1/accounts/${String(d.inputs.accountId)}${rest}`;
const row = <T extends { id: number }>(rows: T[], d: Deployed) => rows.find((r) => r.id === Number(d.id));
const ok = (answer: { status: number }, what: string) => {
  if (answer.status >= 300) throw new Error(`${what} by hand failed with ${answer.status}`);
};

export const RESOURCE_CASES: ResourceCase[] = [
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
    bad: { inputs: { inboxId: "3", userIds: [2, 2] }, properties: ["inboxId", "userIds"] },
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
];

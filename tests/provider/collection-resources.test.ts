/**
 * The lifecycle every resource declared on `defineCollectionResource` shares, one table row per
 * resource, in both shape modes: create, a second `up` with no write, one PATCH of exactly the
 * changed fields, refresh with drift, gone only when the server says so, delete, and adoption: by
 * the natural key (a taken key pointing to `adopt`), or, for types without one, by id (`adoptId`),
 * where an identical object made earlier is never taken for the resource's own. What is particular
 * to one resource is in its own file (label.test.ts, webhook.test.ts, ...).
 */
import type * as pulumi from "@pulumi/pulumi";
import { resources } from "../../provider";
import { create, destroy, refresh, up, type Props } from "./support/engine";
import { createdId } from "./support/faults";
import { SHAPES, useSandbox } from "./support/sandbox";

type Ctx = ReturnType<typeof useSandbox>;

interface CollectionCase {
  kind: "Label" | "CannedResponse" | "Webhook" | "Macro" | "SlaPolicy" | "AssignmentPolicy" | "AgentCapacityPolicy" | "CustomRole" | "DashboardApp" | "Campaign" | "PortalCategory" | "PortalArticle"
    | "CaptainCustomTool" | "CaptainAssistant" | "CaptainScenario";
  /** How an existing object is taken over: by its natural key (`adopt: true`, the default) or by id (`adoptId`). */
  adoption?: "key" | "id";
  provider: pulumi.dynamic.ResourceProvider;
  /** The collection below the account, e.g. `labels`. */
  path: string;
  /** Valid inputs for a new object. */
  base: Props;
  /** What the POST body must hold. */
  posted: Record<string, unknown>;
  /** An in-place change and the exact PATCH body it takes. */
  change: { inputs: Props; body: Record<string, unknown> };
  /** A change made by hand (a raw PATCH body), what a refresh then shows, and the PATCH that repairs it. */
  drift: { body: Record<string, unknown>; outputs: Props; repair: Record<string, unknown> };
  /** An object made by hand (with the base's key, where there is one; raw POST body), and the one PATCH adopting it takes. */
  existing: { body: Record<string, unknown>; adoptPatch: Record<string, unknown> };
  /** The objects of the account as the server lists them (raw). */
  list(ctx: Ctx): Promise<{ id: number }[]>;
  /** Makes by hand what the object lives in (run before each test, on the reset sandbox). */
  prepare?(ctx: Ctx): Promise<void>;
}

/** The Captain assistant scenarios live in: assistant 1 of the reset sandbox. */
async function captainAssistant(ctx: Ctx): Promise<void> {
  const made = await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/captain/assistants`, { assistant: { name: "Helpdesk", description: "Answers questions" } });
  expect([made.status, (made.body as { id: number }).id]).toEqual([200, 1]);
}

/** The portal help-center objects live in: portal 1 of the reset sandbox, at `/portals/help`. */
async function helpPortal(ctx: Ctx): Promise<void> {
  const made = await ctx.admin("POST", `/api/v1/accounts/${ctx.account.id}/portals`, { portal: { name: "Help", slug: "help" } });
  expect([made.status, (made.body as { id?: number }).id ?? (made.body as { payload: { id: number }[] }).payload[0]?.id]).toEqual([200, 1]);
}

const rows = async (ctx: Ctx, path: string, unwrap: (body: unknown) => unknown = (b) => b) => {
  const res = await ctx.admin("GET", `/api/v1/accounts/${ctx.account.id}/${path}`);
  expect(res.status).toBe(200);
  return unwrap(res.body) as { id: number }[];
};
const payload = (body: unknown) => (body as { payload: unknown }).payload;

const macroActions = [
  { actionName: "add_label", actionParams: ["urgent"] },
  { actionName: "assign_team", actionParams: [1] },
];

const CASES: CollectionCase[] = [
  {
    kind: "Label",
    provider: resources.Label,
    path: "labels",
    base: { title: "vip", description: "Enterprise customers", color: "#7C3AED", showOnSidebar: true },
    posted: { title: "vip", description: "Enterprise customers", color: "#7C3AED", show_on_sidebar: true },
    change: { inputs: { description: "Enterprise plan" }, body: { description: "Enterprise plan" } },
    drift: { body: { color: "#000000" }, outputs: { color: "#000000" }, repair: { color: "#7C3AED" } },
    // The colour differs only in case: the same colour, not part of the adopting PATCH.
    existing: { body: { title: "vip", description: "Old", color: "#7c3aed", show_on_sidebar: true }, adoptPatch: { description: "Enterprise customers" } },
    list: (ctx) => rows(ctx, "labels", payload),
  },
  {
    kind: "CannedResponse",
    provider: resources.CannedResponse,
    path: "canned_responses",
    base: { shortCode: "refund", content: "Your refund is on its way." },
    posted: { short_code: "refund", content: "Your refund is on its way." },
    change: { inputs: { content: "Refunds take five days." }, body: { content: "Refunds take five days." } },
    drift: { body: { content: "Edited by hand" }, outputs: { content: "Edited by hand" }, repair: { content: "Your refund is on its way." } },
    existing: { body: { short_code: "refund", content: "Old text" }, adoptPatch: { content: "Your refund is on its way." } },
    list: (ctx) => rows(ctx, "canned_responses"),
  },
  {
    kind: "Webhook",
    provider: resources.Webhook,
    path: "webhooks",
    base: { url: "https://crm.example.test/events", name: "CRM", subscriptions: ["conversation_created", "message_created"] },
    posted: { url: "https://crm.example.test/events", name: "CRM", subscriptions: ["conversation_created", "message_created"] },
    // Subscriptions are sent whole when they change.
    change: {
      inputs: { subscriptions: ["message_created", "conversation_created", "contact_updated"] },
      body: { subscriptions: ["message_created", "conversation_created", "contact_updated"] },
    },
    drift: { body: { name: "Renamed by hand" }, outputs: { name: "Renamed by hand" }, repair: { name: "CRM" } },
    // The same subscriptions in another order are the same set: only the name is sent.
    existing: {
      body: { url: "https://crm.example.test/events", name: "Old", subscriptions: ["message_created", "conversation_created"] },
      adoptPatch: { name: "CRM" },
    },
    list: (ctx) => rows(ctx, "webhooks", (b) => (payload(b) as { webhooks: unknown }).webhooks),
  },
  {
    kind: "Macro",
    provider: resources.Macro,
    path: "macros",
    base: { name: "Escalate", visibility: "global", actions: macroActions },
    posted: {
      name: "Escalate",
      visibility: "global",
      actions: [
        { action_name: "add_label", action_params: ["urgent"] },
        { action_name: "assign_team", action_params: [1] },
      ],
    },
    // Chatwoot resets the visibility when a request leaves it out: every PATCH carries it.
    change: { inputs: { name: "Escalate to billing" }, body: { name: "Escalate to billing", visibility: "global" } },
    drift: { body: { name: "Renamed by hand", visibility: "global" }, outputs: { name: "Renamed by hand" }, repair: { name: "Escalate", visibility: "global" } },
    existing: {
      body: { name: "Escalate", visibility: "global", actions: [{ action_name: "add_label", action_params: ["urgent"] }] },
      adoptPatch: {
        actions: [
          { action_name: "add_label", action_params: ["urgent"] },
          { action_name: "assign_team", action_params: [1] },
        ],
        visibility: "global",
      },
    },
    list: (ctx) => rows(ctx, "macros", payload),
  },
  {
    kind: "SlaPolicy",
    adoption: "id",
    provider: resources.SlaPolicy,
    path: "sla_policies",
    base: { name: "Gold", description: "Gold plan", firstResponseTimeThreshold: 900, resolutionTimeThreshold: 86400, onlyDuringBusinessHours: true },
    posted: { name: "Gold", description: "Gold plan", first_response_time_threshold: 900, resolution_time_threshold: 86400, only_during_business_hours: true },
    // Thresholds are fixed once a policy exists (a change replaces it): name and description change in place.
    change: { inputs: { description: "Gold and Platinum plans" }, body: { description: "Gold and Platinum plans" } },
    drift: { body: { name: "Gold (edited)" }, outputs: { name: "Gold (edited)" }, repair: { name: "Gold" } },
    existing: {
      body: { name: "Gold", description: "Old", first_response_time_threshold: 900, resolution_time_threshold: 86400, only_during_business_hours: true },
      adoptPatch: { description: "Gold plan" },
    },
    list: (ctx) => rows(ctx, "sla_policies", payload),
  },
  {
    kind: "AssignmentPolicy",
    provider: resources.AssignmentPolicy,
    path: "assignment_policies",
    base: { name: "Round robin", description: "Even load", conversationPriority: "longest_waiting", fairDistributionLimit: 20, fairDistributionWindow: 1800 },
    posted: { name: "Round robin", description: "Even load", conversation_priority: "longest_waiting", fair_distribution_limit: 20, fair_distribution_window: 1800 },
    change: { inputs: { enabled: false }, body: { enabled: false } },
    drift: { body: { fair_distribution_limit: 50 }, outputs: { fairDistributionLimit: 50 }, repair: { fair_distribution_limit: 20 } },
    existing: {
      body: { name: "Round robin", description: "Old", conversation_priority: "longest_waiting", fair_distribution_limit: 20, fair_distribution_window: 1800 },
      adoptPatch: { description: "Even load" },
    },
    list: (ctx) => rows(ctx, "assignment_policies"),
  },
  {
    kind: "AgentCapacityPolicy",
    provider: resources.AgentCapacityPolicy,
    path: "agent_capacity_policies",
    base: { name: "VIP capacity", description: "VIP does not count", exclusionRules: { excludedLabels: ["vip"] } },
    posted: { name: "VIP capacity", description: "VIP does not count", exclusion_rules: { excluded_labels: ["vip"] } },
    // The rules are one jsonb value: sent whole when they change.
    change: {
      inputs: { exclusionRules: { excludedLabels: ["vip"], excludeOlderThanHours: 48 } },
      body: { exclusion_rules: { excluded_labels: ["vip"], exclude_older_than_hours: 48 } },
    },
    drift: { body: { exclusion_rules: {} }, outputs: { exclusionRules: {} }, repair: { exclusion_rules: { excluded_labels: ["vip"] } } },
    existing: { body: { name: "VIP capacity", description: "Old", exclusion_rules: { excluded_labels: ["vip"] } }, adoptPatch: { description: "VIP does not count" } },
    list: (ctx) => rows(ctx, "agent_capacity_policies"),
  },
  {
    kind: "CustomRole",
    adoption: "id",
    provider: resources.CustomRole,
    path: "custom_roles",
    base: { name: "Billing desk", description: "Refunds", permissions: ["contact_manage", "report_manage"] },
    posted: { name: "Billing desk", description: "Refunds", permissions: ["contact_manage", "report_manage"] },
    // Permissions are sent whole when they change.
    change: {
      inputs: { permissions: ["contact_manage", "report_manage", "conversation_unassigned_manage"] },
      body: { permissions: ["contact_manage", "report_manage", "conversation_unassigned_manage"] },
    },
    drift: { body: { permissions: ["report_manage"] }, outputs: { permissions: ["report_manage"] }, repair: { permissions: ["contact_manage", "report_manage"] } },
    // The same permissions in another order are the same set: only the description is sent.
    existing: { body: { name: "Billing desk", description: "Old", permissions: ["report_manage", "contact_manage"] }, adoptPatch: { description: "Refunds" } },
    list: (ctx) => rows(ctx, "custom_roles"),
  },
  {
    kind: "DashboardApp",
    adoption: "id",
    provider: resources.DashboardApp,
    path: "dashboard_apps",
    base: { title: "CRM", frameUrls: ["https://crm.acme.test/panel"] },
    posted: { title: "CRM", content: [{ type: "frame", url: "https://crm.acme.test/panel" }] },
    // The frames are sent whole when they change.
    change: {
      inputs: { frameUrls: ["https://crm.acme.test/panel", "https://orders.acme.test/"] },
      body: { content: [{ type: "frame", url: "https://crm.acme.test/panel" }, { type: "frame", url: "https://orders.acme.test/" }] },
    },
    drift: { body: { title: "Renamed by hand" }, outputs: { title: "Renamed by hand" }, repair: { title: "CRM" } },
    existing: { body: { title: "Old", content: [{ type: "frame", url: "https://crm.acme.test/panel" }] }, adoptPatch: { title: "CRM" } },
    list: (ctx) => rows(ctx, "dashboard_apps"),
  },
  {
    // An ongoing campaign of the seed's website inbox; its id is the display id. One-off campaigns: campaign.test.ts.
    kind: "Campaign",
    adoption: "id",
    provider: resources.Campaign,
    path: "campaigns",
    base: { inboxId: 1, title: "Pricing help", message: "Questions about our plans?", triggerRules: { url: "https://www.acme.test/pricing", timeOnPage: 10 } },
    posted: { inbox_id: 1, title: "Pricing help", message: "Questions about our plans?", trigger_rules: { url: "https://www.acme.test/pricing", time_on_page: 10 } },
    // The trigger rules are sent whole when they change.
    change: {
      inputs: { triggerRules: { url: "https://www.acme.test/pricing", timeOnPage: 30 } },
      body: { trigger_rules: { url: "https://www.acme.test/pricing", time_on_page: 30 } },
    },
    drift: { body: { enabled: false, title: "Renamed by hand" }, outputs: { enabled: false, title: "Renamed by hand" }, repair: { title: "Pricing help" } },
    existing: {
      body: { inbox_id: 1, title: "Old", message: "Questions about our plans?", trigger_rules: { url: "https://www.acme.test/pricing", time_on_page: 10 } },
      adoptPatch: { title: "Pricing help" },
    },
    list: (ctx) => rows(ctx, "campaigns"),
  },
  {
    // Credentials (authConfig, headers) and the 403 of a feature that is off: captain-custom-tool.test.ts.
    kind: "CaptainCustomTool",
    adoption: "id",
    provider: resources.CaptainCustomTool,
    path: "captain/custom_tools",
    base: {
      title: "Order status",
      endpointUrl: "https://api.acme.test/orders/{{ order_id }}",
      httpMethod: "GET",
      paramSchema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
    },
    posted: {
      custom_tool: {
        title: "Order status",
        endpoint_url: "https://api.acme.test/orders/{{ order_id }}",
        http_method: "GET",
        param_schema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
      },
    },
    change: { inputs: { description: "Looks an order up by its number" }, body: { custom_tool: { description: "Looks an order up by its number" } } },
    drift: { body: { custom_tool: { title: "Renamed by hand" } }, outputs: { title: "Renamed by hand" }, repair: { custom_tool: { title: "Order status" } } },
    existing: {
      body: {
        custom_tool: {
          title: "Old",
          endpoint_url: "https://api.acme.test/orders/{{ order_id }}",
          param_schema: [{ name: "order_id", type: "string", description: "The order number", required: true }],
        },
      },
      adoptPatch: { custom_tool: { title: "Order status" } },
    },
    list: (ctx) => rows(ctx, "captain/custom_tools", payload),
  },
  {
    kind: "PortalCategory",
    provider: resources.PortalCategory,
    path: "portals/help/categories",
    prepare: helpPortal,
    base: { portalId: 1, name: "Billing", slug: "billing", locale: "en", description: "Invoices", position: 1, icon: "💳" },
    posted: { category: { name: "Billing", slug: "billing", locale: "en", description: "Invoices", position: 1, icon: "💳" } },
    change: { inputs: { description: "Invoices and refunds" }, body: { category: { description: "Invoices and refunds" } } },
    drift: { body: { category: { name: "Renamed by hand" } }, outputs: { name: "Renamed by hand" }, repair: { category: { name: "Billing" } } },
    existing: {
      body: { category: { name: "Old", slug: "billing", locale: "en", description: "Invoices", position: 1, icon: "💳" } },
      adoptPatch: { category: { name: "Billing" } },
    },
    list: (ctx) => rows(ctx, "portals/help/categories", payload),
  },
  {
    kind: "PortalArticle",
    provider: resources.PortalArticle,
    path: "portals/help/articles",
    prepare: helpPortal,
    base: { portalId: 1, title: "Getting started", slug: "getting-started", content: "# Welcome", status: "published", authorId: 1 },
    posted: { article: { title: "Getting started", slug: "getting-started", content: "# Welcome", status: "published", author_id: 1 } },
    change: { inputs: { title: "Start here" }, body: { article: { title: "Start here" } } },
    drift: { body: { article: { status: "draft" } }, outputs: { status: "draft" }, repair: { article: { status: "published" } } },
    existing: {
      body: { article: { title: "Old", slug: "getting-started", content: "# Welcome", status: "published", author_id: 1 } },
      adoptPatch: { article: { title: "Getting started" } },
    },
    list: (ctx) => rows(ctx, "portals/help/articles", payload),
  },
  {
    kind: "CaptainAssistant",
    provider: resources.CaptainAssistant,
    path: "captain/assistants",
    base: { name: "Helpdesk", description: "Answers questions", productName: "Acme", featureFaq: true, temperature: 0.3, guardrails: ["No refunds"] },
    posted: { assistant: { name: "Helpdesk", description: "Answers questions", guardrails: ["No refunds"], config: { product_name: "Acme", feature_faq: true, temperature: 0.3 } } },
    // The server replaces `config` whole: a change of one field sends them all.
    change: {
      inputs: { handoffMessage: "One moment" },
      body: { assistant: { config: { product_name: "Acme", feature_faq: true, handoff_message: "One moment", temperature: 0.3 } } },
    },
    drift: {
      body: { assistant: { config: { product_name: "Acme", feature_faq: false } } },
      outputs: { featureFaq: false, temperature: null },
      repair: { assistant: { config: { product_name: "Acme", feature_faq: true, temperature: 0.3 } } },
    },
    existing: {
      body: { assistant: { name: "Helpdesk", description: "Old", guardrails: ["No refunds"], config: { product_name: "Acme", feature_faq: true, temperature: 0.3 } } },
      adoptPatch: { assistant: { description: "Answers questions" } },
    },
    list: (ctx) => rows(ctx, "captain/assistants", payload),
  },
  {
    kind: "CaptainScenario",
    provider: resources.CaptainScenario,
    path: "captain/assistants/1/scenarios",
    prepare: captainAssistant,
    base: { assistantId: 1, title: "Refunds", description: "Refund requests", instruction: "Use [Handoff](tool://handoff)" },
    posted: { scenario: { title: "Refunds", description: "Refund requests", instruction: "Use [Handoff](tool://handoff)" } },
    change: { inputs: { instruction: "Note it with [Note](tool://add_private_note)" }, body: { scenario: { instruction: "Note it with [Note](tool://add_private_note)" } } },
    drift: { body: { scenario: { description: "Changed" } }, outputs: { description: "Changed" }, repair: { scenario: { description: "Refund requests" } } },
    existing: {
      body: { scenario: { title: "Refunds", description: "Old", instruction: "Use [Handoff](tool://handoff)" } },
      adoptPatch: { scenario: { description: "Refund requests" } },
    },
    list: (ctx) => rows(ctx, "captain/assistants/1/scenarios", payload),
  },
];

describe.each(SHAPES)("collection resources (%s shapes)", (shapes) => {
  const ctx = useSandbox(shapes);

  describe.each(CASES)("$kind", (c) => {
    beforeEach(async () => {
      await c.prepare?.(ctx);
      ctx.sb.control.clearLog();
    });
    const collection = () => `/api/v1/accounts/${ctx.account.id}/${c.path}`;
    const ids = async () => (await c.list(ctx)).map((o) => String(o.id));

    it("creates with one POST and returns complete outputs", async () => {
      const state = await create(c.provider, c.base);
      expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`POST ${collection()}`]);
      expect(ctx.writes()[0].body).toMatchObject(c.posted);
      expect(state.outs).toMatchObject({ accountId: ctx.account.id, ...c.base });
      expect(await ids()).toEqual([state.id]);
    });

    it("sends nothing on a second up with the same inputs", async () => {
      const state = await create(c.provider, c.base);
      ctx.sb.control.clearLog();
      expect((await up(c.provider, state, c.base)).op).toBe("same");
      expect(ctx.writes()).toHaveLength(0);
    });

    it("updates with exactly one PATCH holding only the changed fields", async () => {
      const state = await create(c.provider, c.base);
      ctx.sb.control.clearLog();
      const { op, state: next } = await up(c.provider, state, { ...c.base, ...c.change.inputs });
      expect(op).toBe("update");
      expect(ctx.writes()).toHaveLength(1);
      expect(ctx.writes()[0]).toMatchObject({ method: "PATCH", path: `${collection()}/${state.id}` });
      expect(ctx.writes()[0].body).toEqual(c.change.body);
      expect(next.outs).toMatchObject(c.change.inputs);
      ctx.sb.control.clearLog();
      expect((await up(c.provider, next, { ...c.base, ...c.change.inputs })).op).toBe("same");
    });

    it("sees drift made out of band and repairs it with one PATCH", async () => {
      const state = await create(c.provider, c.base);
      expect((await ctx.admin("PATCH", `${collection()}/${state.id}`, c.drift.body)).status).toBe(200);
      const refreshed = (await refresh(c.provider, state))!;
      expect(refreshed.outs).toMatchObject(c.drift.outputs);
      ctx.sb.control.clearLog();
      expect((await up(c.provider, refreshed, c.base)).op).toBe("update");
      expect(ctx.writes()).toHaveLength(1);
      expect(ctx.writes()[0].body).toEqual(c.drift.repair);
    });

    it("reports an object deleted out of band as gone, and deletes idempotently", async () => {
      const state = await create(c.provider, c.base);
      expect((await ctx.admin("DELETE", `${collection()}/${state.id}`)).status).toBeLessThan(300);
      expect(await refresh(c.provider, state)).toBeUndefined();
      await expect(destroy(c.provider, state)).resolves.toBeUndefined();
    });

    it("deletes", async () => {
      const state = await create(c.provider, c.base);
      ctx.sb.control.clearLog();
      await destroy(c.provider, state);
      expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`DELETE ${collection()}/${state.id}`]);
      expect(await ids()).toEqual([]);
    });

    /** The switch that takes the object with this id over: its id, or (by key) `adopt`. */
    const adoption = (id: string) => (c.adoption === "id" ? { adoptId: id } : { adopt: true });

    it("adopts the existing object with one PATCH of what differs", async () => {
      const id = String(createdId(await ctx.admin("POST", collection(), c.existing.body)));
      ctx.sb.control.clearLog();
      const state = await create(c.provider, { ...c.base, ...adoption(id) });
      expect(state.id).toBe(id);
      expect(ctx.writes()).toHaveLength(1);
      expect(ctx.writes()[0]).toMatchObject({ method: "PATCH", path: `${collection()}/${id}` });
      expect(ctx.writes()[0].body).toEqual(c.existing.adoptPatch);
      ctx.sb.control.clearLog();
      expect((await up(c.provider, state, c.base)).op).toBe("same");
      expect(ctx.writes()).toHaveLength(0);
    });

    it("adopts an object already in the declared state without any write", async () => {
      const made = await create(c.provider, c.base);
      ctx.sb.control.clearLog();
      const adopted = await create(c.provider, { ...c.base, ...adoption(made.id) });
      expect(adopted.id).toBe(made.id);
      expect(ctx.writes()).toHaveLength(0);
    });

    if (c.adoption === "id") {
      it("refuses an id the account lacks, before any write", async () => {
        await expect(create(c.provider, { ...c.base, adoptId: 9999 })).rejects.toThrow(/^adoptId 9999: account 1 has no /);
        expect(ctx.writes()).toHaveLength(0);
      });

      it("never takes an identical object made earlier for its own: a create makes a second one", async () => {
        const earlier = await create(c.provider, c.base);
        const state = await create(c.provider, c.base);
        expect(state.id).not.toBe(earlier.id);
        expect((await ids()).sort()).toEqual([earlier.id, state.id].sort());
      });

      it("replaces (creating first: no key to free) when the account changes", async () => {
        const state = await create(c.provider, c.base);
        const moved = await up(c.provider, state, { ...c.base, accountId: 2 });
        expect(moved.op).toBe("replace");
        expect(moved.diff.deleteBeforeReplace).toBe(false);
      });
      return;
    }

    it("refuses a second object with the same key, pointing to adopt", async () => {
      await create(c.provider, c.base);
      ctx.sb.control.clearLog();
      // Refused before any POST, whether the server keeps the key unique or (macros) only the provider does:
      // the object that has it existed before this create, and only `adopt` may take it. The check of
      // the new resource says so already (as `pulumi preview` does), in the words of the create.
      await expect(create(c.provider, c.base)).rejects.toThrow(/^check failed: POST \S+ not sent: .* already has .*; set adopt: true/);
      expect(ctx.writes()).toHaveLength(0);
      expect(await ids()).toHaveLength(1);
    });

    it("replaces (deleting first) when the account changes", async () => {
      const state = await create(c.provider, c.base);
      const moved = await up(c.provider, state, { ...c.base, accountId: 2 });
      expect(moved.op).toBe("replace");
      expect(moved.diff.deleteBeforeReplace).toBe(true);
    });
  });
});

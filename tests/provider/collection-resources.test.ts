/**
 * The lifecycle every resource declared on `defineCollectionResource` shares, one table row per
 * resource, in both shape modes: create, a second `up` with no write, one PATCH of exactly the
 * changed fields, refresh with drift, gone only when the server says so, delete, adoption by the
 * natural key, and a taken key pointing to `adopt`. What is particular to one resource is in its
 * own file (label.test.ts, webhook.test.ts, ...).
 */
import type * as pulumi from "@pulumi/pulumi";
import { resources } from "../../provider";
import { create, destroy, refresh, up, type Props } from "./support/engine";
import { SHAPES, useSandbox } from "./support/sandbox";

type Ctx = ReturnType<typeof useSandbox>;

interface CollectionCase {
  kind: "Label" | "CannedResponse" | "Webhook" | "Macro" | "PortalCategory" | "PortalArticle";
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
  /** An object made by hand with the base's key (raw POST body), and the one PATCH adopting it takes. */
  existing: { body: Record<string, unknown>; adoptPatch: Record<string, unknown> };
  /** The objects of the account as the server lists them (raw). */
  list(ctx: Ctx): Promise<{ id: number }[]>;
  /** Makes by hand what the object lives in (run before each test, on the reset sandbox). */
  prepare?(ctx: Ctx): Promise<void>;
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
      expect((await ctx.admin("DELETE", `${collection()}/${state.id}`)).status).toBe(200);
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

    it("adopts the existing object by its key with one PATCH of what differs", async () => {
      const existing = await ctx.admin("POST", collection(), c.existing.body);
      expect(existing.status).toBe(200);
      const [id] = await ids();
      ctx.sb.control.clearLog();
      const state = await create(c.provider, { ...c.base, adopt: true });
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
      const adopted = await create(c.provider, { ...c.base, adopt: true });
      expect(adopted.id).toBe(made.id);
      expect(ctx.writes()).toHaveLength(0);
    });

    it("refuses a second object with the same key, pointing to adopt", async () => {
      await create(c.provider, c.base);
      ctx.sb.control.clearLog();
      // Refused before any POST, whether the server keeps the key unique or (macros) only the provider does:
      // the object that has it existed before this create, and only `adopt` may take it.
      await expect(create(c.provider, c.base)).rejects.toThrow(/^POST \S+ not sent: .* already has .*; set adopt: true/);
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

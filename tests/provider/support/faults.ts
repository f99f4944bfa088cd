import type * as pulumi from "@pulumi/pulumi";
import { closeApiClients } from "../../../provider/http/transport/origins";
import type { Fault } from "../../../sdk/sandbox";
import { create, destroy, refresh, up, type Props, type State } from "./engine";
import { RESOURCE_TYPES, type ResourceKind } from "../../../provider/registry";
import { FRONT_DOORS, throughFrontDoor } from "./front-doors";
import { useSandbox } from "./sandbox";

type Ctx = ReturnType<typeof useSandbox>;
type Provider = pulumi.dynamic.ResourceProvider;

/** A request the sandbox can fault: a method and a path pattern with `:param` segments. */
export interface RequestPattern {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
}

/** What the fault matrix needs to know about one resource. */
export interface FaultScenario {
  kind: string;
  provider: Provider;
  /** Valid inputs for a new object (may use the sandbox's seeded ids). */
  desired(ctx: Ctx): Props;
  /** The same object with one property changed in place. */
  changed(ctx: Ctx): Props;
  /** The request each lifecycle step makes first (the one the fault hits). */
  requests: { create: RequestPattern; update: RequestPattern; delete: RequestPattern; read: RequestPattern };
  /** Every object of this kind that the scenario could have touched, as the server holds it. */
  list(ctx: Ctx): Promise<Props[]>;
  /** Whether a server object is in the state the given inputs describe. */
  matches(object: Props, inputs: Props): boolean;
  /**
   * Makes, out of band (as another client of the server would), the object a create of `desired`
   * could mistake for its own: one with the same natural key where the server keeps keys unique,
   * otherwise one with the same content. Resolves to its id. Memberships have none: a membership
   * is a set of users, so there is no object of someone else's it could take for its own.
   */
  twin?(ctx: Ctx): Promise<number>;
  /**
   * The one object of its kind the account has (its settings): it exists before the create and
   * after the delete, which only forgets it. Create then ends with the object in the desired state
   * or fails leaving it as it was; delete leaves it as it is. No twin either: there is no other.
   */
  singleton?: true;
  /**
   * Every input replaces the object (a link of two ids): no change is made in place, so the update
   * steps do not apply (`changed` is then unused); the replacement's delete and create are the other steps.
   */
  replaceOnly?: true;
  /**
   * The steps the kind has requests for, when not all: a kind whose every change replaces it and
   * that no route deletes (an inbox's survey template) has no update or delete to fault.
   */
  steps?: readonly Step[];
}

/** The id of the object a raw create answered with, in any envelope (webhooks: `{payload: {webhook: X}}`). */
export function createdId(reply: { status: number; body: unknown }): number {
  expect(reply.status).toBeLessThan(300);
  const find = (value: unknown, depth: number): number | undefined => {
    if (typeof value !== "object" || value === null || depth > 2) return undefined;
    const { id } = value as { id?: unknown };
    if (typeof id === "number") return id;
    for (const inner of Object.values(value)) {
      const found = find(inner, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const id = find(reply.body, 0);
  if (id === undefined) throw new Error(`no id in ${JSON.stringify(reply.body)}`);
  return id;
}

/** The requests of a REST collection: POST to the collection; GET, PATCH and DELETE on one member. */
export function restRequests(collection: string, member = ":id"): FaultScenario["requests"] {
  return {
    create: { method: "POST", path: collection },
    update: { method: "PATCH", path: `${collection}/${member}` },
    read: { method: "GET", path: `${collection}/${member}` },
    delete: { method: "DELETE", path: `${collection}/${member}` },
  };
}

/**
 * The request deadline while a delay fault is armed, and the delays. Each test under such a fault
 * waits out the deadline at least once, so it is short, yet still hundreds of times a loopback
 * request's time to this in-process sandbox (the step's other requests run under it too, on
 * machines busy with the rest of the suite). Undici times a deadline of up to a second with a
 * native timer (longer ones on its 499 ms tick, which would make them fire up to half a second
 * late), so this one fires when it says. The delay is half a deadline past it, so the attempt
 * times out while the server still holds the request, which it then applies. The "applied late"
 * delay, 2.5 deadlines, lands after the create's request failed: the create then looks for its
 * object during `createSettleMs` before sending its POST again, until 3.3 s after its POST (1.3 s
 * past the late landing), and ends at the first look that finds it, so only a create that wrongly
 * misses it waits the window out.
 */
const DELAY_DEADLINE_MS = 800;
const DELAY_MS = 1.5 * DELAY_DEADLINE_MS;
const LATE_MS = 2.5 * DELAY_DEADLINE_MS;
const DELAY_SETTINGS = { requestTimeoutMs: String(DELAY_DEADLINE_MS), createSettleMs: "2500" };

/** The lifecycle steps of the matrix, in each cell's order. */
type Step = "create" | "twin" | "update" | "refresh" | "delete" | "persist";

/** One fault kind of the matrix. */
interface FaultKind {
  label: string;
  /** The fault, armed on the step's first request. */
  fault: Omit<Fault, "method" | "path" | "times" | "name">;
  /** Connection settings (beyond the suite's) the step under the fault runs with. */
  settings: Record<string, string>;
  /** The steps the kind is run on, when not all. */
  steps?: readonly Step[];
}

/** Each fault kind the sandbox injects. */
export const FAULTS: readonly FaultKind[] = [
  { label: "500", fault: { kind: "status", status: 500 }, settings: {} },
  { label: "502", fault: { kind: "status", status: 502 }, settings: {} },
  { label: "503", fault: { kind: "status", status: 503 }, settings: {} },
  // A proxy that gave up waiting: the server behind it may still apply the request. Nothing lands
  // here, so a create waits out its whole (short) settle window before sending again.
  { label: "504", fault: { kind: "status", status: 504 }, settings: { createSettleMs: "500" } },
  { label: "429", fault: { kind: "status", status: 429 }, settings: {} },
  { label: "connection reset", fault: { kind: "reset" }, settings: {} },
  { label: "delay past the deadline", fault: { kind: "delay", delayMs: DELAY_MS }, settings: DELAY_SETTINGS },
  // Only creates: the other steps' requests are idempotent, sent again by the client at the
  // deadline whenever the first attempt lands, so those cells would repeat the row above.
  { label: "applied late", fault: { kind: "delay", delayMs: LATE_MS }, settings: DELAY_SETTINGS, steps: ["create", "twin"] },
  { label: "write applied, response lost", fault: { kind: "lost-response" }, settings: {} },
  { label: "applied, then a 502 answer", fault: { kind: "applied-status", status: 502 }, settings: {} },
  { label: "malformed JSON", fault: { kind: "bad-json" }, settings: {} },
];

/**
 * The fault kinds, each through one front door, taking turns: every type's every step runs through
 * both the lifecycle the dynamic shims call and the native plugin's service (over the kinds), at
 * the cost of one matrix. The door is part of the kind's label, so the report's grid shows it.
 */
function withFrontDoors(faults: readonly FaultKind[]) {
  return faults.map((f, i) => {
    const door = FRONT_DOORS[i % FRONT_DOORS.length]!;
    return { ...f, door, label: `${f.label} [${door}]` };
  });
}

/** The registry's type whose lifecycle `provider` is. */
function kindOf(provider: Provider): ResourceKind {
  const found = RESOURCE_TYPES.find((t) => (t.lifecycle as unknown) === provider);
  if (!found) throw new Error("the scenario's provider is no registered type's lifecycle");
  return found.name;
}

/** Errors must say what failed (method and path) without leaking a token. */
function expectClearError(err: unknown, pattern: RequestPattern, ctx: Ctx) {
  expect(err).toBeInstanceOf(Error);
  const message = (err as Error).message;
  expect(message).toContain(pattern.method);
  for (const token of [ctx.account.adminToken, ...ctx.sb.info.platformTokens]) expect(message).not.toContain(token);
}

/**
 * For each fault kind and each lifecycle step: either the step succeeds and the server holds
 * exactly the desired object (no duplicate, no orphan), or it fails with a clear error and the
 * server is as it was before the step (nothing half-applied).
 */
export function faultMatrix(scenario: FaultScenario, ctx: Ctx) {
  const mine = async (inputs: Props) => (await scenario.list(ctx)).filter((o) => scenario.matches(o, inputs));
  const kind = kindOf(scenario.provider);

  describe.each(withFrontDoors(FAULTS))(`${scenario.kind} under a fault: $label`, ({ fault, settings, steps, door }) => {
    const provider = throughFrontDoor(kind, door);
    /** Arms the fault on `pattern`, and connects with the fault's settings (and `overrides`) for the step under it. */
    const inject = (pattern: RequestPattern, times = 1, overrides: Record<string, string> = {}) => {
      ctx.connect({ ...settings, ...overrides });
      ctx.sb.control.inject({ ...fault, ...pattern, times } as Fault);
    };
    afterEach(() => ctx.connect());
    const step = (name: Step) =>
      (steps === undefined || steps.includes(name)) &&
      (scenario.steps === undefined || scenario.steps.includes(name)) &&
      !(scenario.replaceOnly && (name === "update" || name === "persist"));

    if (step("create")) it("create ends with exactly one object, or fails leaving none", async () => {
      const desired = scenario.desired(ctx);
      const before = (await scenario.list(ctx)).length;
      inject(scenario.requests.create);
      let state: State | undefined;
      try {
        state = await create(provider, desired);
      } catch (err) {
        expectClearError(err, scenario.requests.create, ctx);
      }
      // A POST the server still holds lands later: count only once it has.
      await ctx.sb.control.settled();
      expect(await mine(desired)).toHaveLength(state ? 1 : 0);
      expect((await scenario.list(ctx)).length).toBe(before + (state && !scenario.singleton ? 1 : 0));
    });

    // Memberships have no twin (see `FaultScenario.twin`).
    const twin = scenario.twin;
    if (twin && step("twin")) it("create never takes an object that existed before", async () => {
      const twinId = await twin(ctx);
      const twinNow = async () => (await scenario.list(ctx)).find((o) => o.id === twinId);
      const original = await twinNow();
      expect(original).toBeDefined();
      const before = (await scenario.list(ctx)).length;
      inject(scenario.requests.create);
      let id: string | undefined;
      let outs: Props = {};
      try {
        ({ id, outs } = await create(provider, scenario.desired(ctx)));
      } catch (err) {
        expectClearError(err, scenario.requests.create, ctx);
        // An object the create made but could not finish is kept in the state all the same.
        ({ id, properties: outs = {} } = err as { id?: string; properties?: Props });
      }
      await ctx.sb.control.settled();
      expect(id).not.toBe(String(twinId));
      expect(await twinNow()).toEqual(original);
      // No duplicate either: the create made at most its own object.
      expect((await scenario.list(ctx)).length).toBe(before + (id === undefined ? 0 : 1));
      ctx.connect();
      if (id !== undefined) await destroy(provider, { id, inputs: {}, outs });
      expect(await twinNow()).toEqual(original);
      expect((await scenario.list(ctx)).length).toBe(before);
    });

    if (step("update")) it("update ends in the new state, or fails leaving the old one", async () => {
      const state = await create(provider, scenario.desired(ctx));
      const changed = scenario.changed(ctx);
      inject(scenario.requests.update);
      let updated = false;
      try {
        updated = (await up(provider, state, changed)).op === "update";
      } catch (err) {
        expectClearError(err, scenario.requests.update, ctx);
      }
      expect(await mine(updated ? changed : scenario.desired(ctx))).toHaveLength(1);
    });

    if (step("refresh")) it("refresh never reports a live object as gone", async () => {
      const state = await create(provider, scenario.desired(ctx));
      inject(scenario.requests.read);
      try {
        expect(await refresh(provider, state)).toBeDefined();
      } catch (err) {
        expectClearError(err, scenario.requests.read, ctx);
      }
    });

    if (step("delete")) it("delete removes the object, or fails leaving it intact", async () => {
      const desired = scenario.desired(ctx);
      const state = await create(provider, desired);
      inject(scenario.requests.delete);
      let deleted = false;
      try {
        await destroy(provider, state);
        deleted = true;
      } catch (err) {
        expectClearError(err, scenario.requests.delete, ctx);
      }
      expect(await mine(desired)).toHaveLength(deleted && !scenario.singleton ? 0 : 1);
    });

    if (step("persist")) it("a fault that persists fails the update cleanly", async () => {
      const state = await create(provider, scenario.desired(ctx));
      // One retry is enough to show that retries do not outlast the fault; the default budget
      // (6 retries, each up to the deadline for the delay fault, with backoff) only adds time. A
      // persisting 429 is waited out for rateLimitMaxWaitMs (minutes by default, so that a large
      // `up` under the limit never fails): a second here.
      inject(scenario.requests.update, 1_000, { maxRetries: "1", rateLimitMaxWaitMs: "1000" });
      const outcome = await up(provider, state, scenario.changed(ctx)).then(
        () => "updated",
        (err: unknown) => err,
      ).finally(() => ctx.connect());
      ctx.sb.control.clearFaults();
      // A persisting 429 leaves the process waiting for the server's next window (a minute, as
      // Chatwoot's): the rest of the file runs as a new process would, with fresh pools and limiter.
      if (fault.kind === "status" && fault.status === 429) await closeApiClients();
      if (outcome === "updated") {
        // Only a fault that still lets the write through (a lost, unreadable or failed answer) may
        // succeed: an idempotent write whose effect shows is done (memberships read it back).
        expect(["lost-response", "bad-json", "delay", "applied-status"]).toContain(fault.kind);
        expect(await mine(scenario.changed(ctx))).toHaveLength(1);
      } else {
        expectClearError(outcome, scenario.requests.update, ctx);
        const old = await mine(scenario.desired(ctx));
        const now = await mine(scenario.changed(ctx));
        expect(old.length + now.length).toBe(1);
      }
    });
  });
}

import type * as pulumi from "@pulumi/pulumi";
import { create, destroy, refresh, up, type Props, type State } from "./engine";
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
 * The request deadline while a delay fault is armed, and the delay. Each test under that fault
 * waits out the deadline at least once, so it is short, yet still hundreds of times a loopback
 * request's time to this in-process sandbox (the step's other requests run under it too, on
 * machines busy with the rest of the suite). Undici checks the deadline on a 499 ms tick: any
 * deadline from 999 to 1,497 ms fires on the third tick, 1.0 to 1.5 s after the request was sent.
 * The 2 s delay is half a second past that, so the attempt times out while the server still holds
 * the request. After a timed-out POST the provider looks for the object for one more deadline,
 * until 2.45 s at the earliest, and must find the one the held request creates at 2 s: a deadline
 * near the longest that still fires on the third tick leaves half a second there too.
 */
const DELAY_DEADLINE_MS = 1_450;
const DELAY_MS = 2_000;

/**
 * Each fault kind the sandbox injects, with the connection settings (beyond the suite's) that the
 * step under the fault runs with.
 */
export const FAULTS = [
  { label: "500", fault: { kind: "status", status: 500 }, settings: {} },
  { label: "502", fault: { kind: "status", status: 502 }, settings: {} },
  { label: "503", fault: { kind: "status", status: 503 }, settings: {} },
  { label: "429", fault: { kind: "status", status: 429 }, settings: {} },
  { label: "connection reset", fault: { kind: "reset" }, settings: {} },
  { label: "delay past the deadline", fault: { kind: "delay", delayMs: DELAY_MS }, settings: { requestTimeoutMs: String(DELAY_DEADLINE_MS) } },
  { label: "write applied, response lost", fault: { kind: "lost-response" }, settings: {} },
  { label: "malformed JSON", fault: { kind: "bad-json" }, settings: {} },
] as const;

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

  describe.each(FAULTS)(`${scenario.kind} under a fault: $label`, ({ fault, settings }) => {
    /** Arms the fault on `pattern`, and connects with the fault's settings (and `overrides`) for the step under it. */
    const inject = (pattern: RequestPattern, times = 1, overrides: Record<string, string> = {}) => {
      ctx.connect({ ...settings, ...overrides });
      ctx.sb.control.inject({ ...fault, ...pattern, times });
    };
    afterEach(() => ctx.connect());

    it("create ends with exactly one object, or fails leaving none", async () => {
      const desired = scenario.desired(ctx);
      const before = (await scenario.list(ctx)).length;
      inject(scenario.requests.create);
      let state: State | undefined;
      try {
        state = await create(scenario.provider, desired);
      } catch (err) {
        expectClearError(err, scenario.requests.create, ctx);
      }
      expect(await mine(desired)).toHaveLength(state ? 1 : 0);
      expect((await scenario.list(ctx)).length).toBe(before + (state ? 1 : 0));
    });

    it("update ends in the new state, or fails leaving the old one", async () => {
      const state = await create(scenario.provider, scenario.desired(ctx));
      const changed = scenario.changed(ctx);
      inject(scenario.requests.update);
      let updated = false;
      try {
        updated = (await up(scenario.provider, state, changed)).op === "update";
      } catch (err) {
        expectClearError(err, scenario.requests.update, ctx);
      }
      expect(await mine(updated ? changed : scenario.desired(ctx))).toHaveLength(1);
    });

    it("refresh never reports a live object as gone", async () => {
      const state = await create(scenario.provider, scenario.desired(ctx));
      inject(scenario.requests.read);
      try {
        expect(await refresh(scenario.provider, state)).toBeDefined();
      } catch (err) {
        expectClearError(err, scenario.requests.read, ctx);
      }
    });

    it("delete removes the object, or fails leaving it intact", async () => {
      const desired = scenario.desired(ctx);
      const state = await create(scenario.provider, desired);
      inject(scenario.requests.delete);
      let deleted = false;
      try {
        await destroy(scenario.provider, state);
        deleted = true;
      } catch (err) {
        expectClearError(err, scenario.requests.delete, ctx);
      }
      expect(await mine(desired)).toHaveLength(deleted ? 0 : 1);
    });

    // A persisting 429 is waited out on purpose (the client's rate-limit budget is 30 retries with
    // backoff up to 10 s: minutes), so that a large `up` under the limit never fails; that budget
    // is covered by the retry-policy unit tests, and a single 429 by the cases above.
    const persistable = !(fault.kind === "status" && fault.status === 429);
    if (persistable) it("a fault that persists fails the update cleanly", async () => {
      const state = await create(scenario.provider, scenario.desired(ctx));
      // One retry is enough to show that retries do not outlast the fault; the default budget
      // (6 retries, each up to the deadline for the delay fault, with backoff) only adds time.
      inject(scenario.requests.update, 1_000, { maxRetries: "1" });
      const outcome = await up(scenario.provider, state, scenario.changed(ctx)).then(
        () => "updated",
        (err: unknown) => err,
      ).finally(() => ctx.connect());
      ctx.sb.control.clearFaults();
      if (outcome === "updated") {
        // Only a fault that still lets the write through (a lost or unreadable answer) may succeed.
        expect(["lost-response", "bad-json", "delay"]).toContain(fault.kind);
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

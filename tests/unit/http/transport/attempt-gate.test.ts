/**
 * The attempt gate against a fake pool: every way an attempt can end gives its limiter slot back
 * exactly once. The limiter allows one request in flight, so a slot kept by mistake blocks the next
 * attempt and one given back twice lets two through.
 */
import type { Dispatcher } from "undici";
import { CALL, attemptGate, type CallState, type WithCall } from "../../../../provider/http/transport/attempt-gate";
import { Limiter, type Ticket } from "../../../../provider/http/rate-limit/limiter";

/** One attempt the fake pool received. */
interface Dispatched {
  opts: Dispatcher.DispatchOptions;
  handler: Dispatcher.DispatchHandler;
}

const controller = { aborted: false, paused: false, reason: null, abort: () => undefined, pause: () => undefined, resume: () => undefined } as unknown as Dispatcher.DispatchController;

/** What the caller's handler (the client's request, in send()) saw. */
function recorder() {
  const events: string[] = [];
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart: () => events.push("start"),
    onRequestUpgrade: (_c, status) => events.push(`upgrade ${status}`),
    onResponseStart: (_c, status) => events.push(`headers ${status}`),
    onResponseData: (_c, chunk) => events.push(`data ${chunk.toString()}`),
    onResponseEnd: () => events.push("end"),
    onResponseError: (_c, err) => events.push(`error ${err.message}`),
  };
  return { events, handler };
}

/** A gate over a pool that records attempts and leaves their ending to the test (or to `behave`). */
function rig(maxInFlight = 1, behave?: (d: Dispatched) => void) {
  // A lone 429 holds the rest for milliseconds only (a window's 429s would hold them for a minute).
  const limiter = new Limiter({ probeAfterMs: 5 }, maxInFlight);
  const dispatched: Dispatched[] = [];
  const pool: Dispatcher.Dispatch = (opts, handler) => {
    const d = { opts, handler };
    dispatched.push(d);
    behave?.(d);
    return true;
  };
  const gate = attemptGate(pool);
  const newCall = (): CallState => ({
    limiter,
    contact: { answered: false },
    idempotent: true,
    policy: { maxRetries: 3, rateLimitMaxWaitMs: 60_000, minDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1, random: () => 0.5 },
    counters: { transient: 0, rateLimited: 0 },
    attempts: 0,
    delayMs: 0,
    wait: { maxWaitMs: 60_000 },
  });
  const attempt = (call: CallState, handler: Dispatcher.DispatchHandler = recorder().handler) => {
    const opts: Dispatcher.DispatchOptions & WithCall = { origin: "http://api.test", path: "/x", method: "GET", [CALL]: call };
    gate(opts, handler);
  };
  return { limiter, dispatched, newCall, attempt };
}

/** Lets a queued attempt's wake-up (a microtask) run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** With one slot: after `end` has ended the first attempt, a second one is dispatched and a third waits. */
async function expectSlotFreedOnce(r: ReturnType<typeof rig>, before: number) {
  r.attempt(r.newCall());
  r.attempt(r.newCall());
  await settle();
  expect(r.dispatched).toHaveLength(before + 1);
  expect(r.limiter.stats()).toMatchObject({ inFlight: 1, waiting: 1 });
}

describe("attempt gate: the limiter slot", () => {
  it("is held while the attempt waits for its answer, and given back at the answer's headers", async () => {
    const r = rig();
    const { events, handler } = recorder();
    const call = r.newCall();
    r.attempt(call, handler);
    expect(r.dispatched).toHaveLength(1);
    expect(r.dispatched[0].opts).not.toHaveProperty([CALL]);
    expect(r.limiter.stats().inFlight).toBe(1);
    r.attempt(r.newCall());
    expect(r.dispatched).toHaveLength(1); // the second waits in the limiter, not in the pool

    const d = r.dispatched[0];
    d.handler.onRequestStart?.(controller, {});
    d.handler.onResponseStart?.(controller, 200, {});
    expect(call.status).toBe(200);
    await settle();
    expect(r.dispatched).toHaveLength(2); // the body may still be streaming: the slot is free already
    d.handler.onResponseData?.(controller, Buffer.from("ok"));
    d.handler.onResponseEnd?.(controller, {});
    expect(events).toEqual(["start", "headers 200", "data ok", "end"]);
  });

  it("is kept through a 1xx answer and given back at the final one", async () => {
    const r = rig();
    r.attempt(r.newCall());
    r.dispatched[0].handler.onResponseStart?.(controller, 103, {});
    expect(r.limiter.stats().inFlight).toBe(1);
    r.dispatched[0].handler.onResponseStart?.(controller, 204, {});
    expect(r.limiter.stats().inFlight).toBe(0);
    await expectSlotFreedOnce(r, 1);
  });

  // A lost connection, a timeout and an abort all reach the gate this way (the client tests send real ones).
  it("is given back when the attempt fails before an answer", async () => {
    const r = rig();
    const { events, handler } = recorder();
    r.attempt(r.newCall(), handler);
    r.dispatched[0].handler.onResponseError?.(controller, new Error("other side closed"));
    expect(events).toEqual(["error other side closed"]);
    expect(r.limiter.stats().inFlight).toBe(0);
    await expectSlotFreedOnce(r, 1);
  });

  it("is given back once when the body breaks off after the headers", async () => {
    const r = rig();
    r.attempt(r.newCall());
    const { handler } = r.dispatched[0];
    handler.onResponseStart?.(controller, 200, {});
    handler.onResponseError?.(controller, new Error("other side closed"));
    await expectSlotFreedOnce(r, 1);
  });

  it("is given back when the pool's dispatch throws, and the caller gets the error", async () => {
    let fail = true;
    const r = rig(1, () => {
      if (fail) throw new Error("dispatch failed");
    });
    const { events, handler } = recorder();
    r.attempt(r.newCall(), handler);
    expect(events).toEqual(["error dispatch failed"]);
    expect(r.limiter.stats().inFlight).toBe(0);
    fail = false;
    await expectSlotFreedOnce(r, 1);
  });

  it("is given back once when the pool reports an error at once and then throws as well", async () => {
    let fail = true;
    const r = rig(1, (d) => {
      if (!fail) return;
      d.handler.onResponseError?.(controller, new Error("invalid header"));
      throw new Error("and threw");
    });
    r.attempt(r.newCall());
    expect(r.limiter.stats().inFlight).toBe(0);
    fail = false;
    await expectSlotFreedOnce(r, 1);
  });

  it("is given back when a waiting attempt's dispatch fails at once, and the queue carries on", async () => {
    let failing = 0;
    const r = rig(1, (d) => {
      if (failing > 0) {
        failing -= 1;
        d.handler.onResponseError?.(controller, new Error("refused at once"));
      }
    });
    const first = r.newCall();
    r.attempt(first); // holds the slot
    failing = 3;
    for (let i = 0; i < 4; i++) r.attempt(r.newCall());
    expect(r.limiter.stats()).toMatchObject({ inFlight: 1, waiting: 4 });
    r.dispatched[0].handler.onResponseStart?.(controller, 200, {});
    await settle();
    // Three failed at once, each freeing the slot for the next; the fourth holds it.
    expect(r.dispatched).toHaveLength(5);
    expect(r.limiter.stats()).toMatchObject({ inFlight: 1, waiting: 0 });
  });

  it("is given back on an upgrade", async () => {
    const r = rig();
    r.attempt(r.newCall());
    r.dispatched[0].handler.onRequestUpgrade?.(controller, 101, {}, undefined as never);
    await expectSlotFreedOnce(r, 1);
  });

  it("is not held during a retry's backoff; the retry takes a slot of its own", async () => {
    const r = rig();
    const call = r.newCall();
    r.attempt(call);
    r.dispatched[0].handler.onResponseStart?.(controller, 503, {});
    // The client's retry loop decided on a retry after 40 ms and dispatches the next attempt.
    call.delayMs = 40;
    r.attempt(call);
    const other = r.newCall();
    r.attempt(other);
    expect(r.dispatched).toHaveLength(2); // another call went during the backoff
    expect(other.attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(r.dispatched).toHaveLength(2); // the retry waits for the slot
    expect(r.limiter.stats()).toMatchObject({ inFlight: 1, waiting: 1 });
    r.dispatched[1].handler.onResponseStart?.(controller, 200, {});
    await settle();
    expect(r.dispatched).toHaveLength(3);
    expect(call.attempts).toBe(2);
    r.dispatched[2].handler.onResponseStart?.(controller, 200, {});
    expect(r.limiter.stats()).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it("is never taken by a request that is not an API call", () => {
    const r = rig();
    r.attempt(r.newCall());
    const { events, handler } = recorder();
    attemptGate((_opts, h) => {
      h.onResponseStart?.(controller, 200, {});
      return true;
    })({ origin: "http://api.test", path: "/y", method: "GET" }, handler);
    expect(events).toEqual(["headers 200"]);
    expect(r.limiter.stats().inFlight).toBe(1);
  });

  it("caps attempts in flight under many concurrent calls to a slow pool, and every call ends", async () => {
    let out = 0;
    let peak = 0;
    let n = 0;
    const r = rig(4, (d) => {
      out += 1;
      peak = Math.max(peak, out);
      n += 1;
      const ms = (n * 7) % 13;
      const fails = n % 5 === 0;
      setTimeout(() => {
        out -= 1;
        if (fails) d.handler.onResponseError?.(controller, new Error("lost"));
        else {
          d.handler.onResponseStart?.(controller, n % 7 === 0 ? 503 : 200, {});
          d.handler.onResponseEnd?.(controller, {});
        }
      }, ms);
    });
    const ended: number[] = [];
    for (let i = 0; i < 100; i++) {
      r.attempt(r.newCall(), { onResponseEnd: () => ended.push(i), onResponseError: () => ended.push(i) });
    }
    expect(r.dispatched).toHaveLength(4);
    for (let i = 0; i < 100 && ended.length < 100; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended).toHaveLength(100);
    expect(peak).toBe(4);
    expect(r.limiter.stats()).toMatchObject({ inFlight: 0, waiting: 0 });
  });
});

describe("attempt gate: after a 429", () => {
  /** A lone 429: the limiter holds everything and sends one request alone after probeAfterMs (5 ms here). */
  function throttle(r: ReturnType<typeof rig>) {
    let ticket: Ticket | undefined;
    r.limiter.whenAllowed((t) => (ticket = t));
    r.limiter.onAnswer(ticket as Ticket, 429);
    r.limiter.release();
  }
  const waitUntil = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it("retries in the limiter, first in line, instead of waiting out the backoff as well", async () => {
    const r = rig();
    const first = r.newCall();
    r.attempt(first);
    const others = [r.newCall(), r.newCall()];
    for (const call of others) r.attempt(call);
    r.dispatched[0].handler.onResponseStart?.(controller, 429, {});
    // The client's retry loop decided on a retry after a long backoff and dispatches the next attempt.
    first.delayMs = 60_000;
    r.attempt(first);
    await waitUntil(() => r.dispatched.length === 2);
    expect(r.dispatched).toHaveLength(2); // the probe, at the limiter's turn, not a minute later
    expect(first.attempts).toBe(2); // and it is the retry, ahead of the calls that were waiting
    expect(others.map((c) => c.attempts)).toEqual([0, 0]);
  });

  it("waits out the backoff after a 429 when the limiter holds nothing back", async () => {
    // Fake timers: the minute's backoff runs out within the test, leaving no timer behind it.
    jest.useFakeTimers({ doNotFake: ["setImmediate", "nextTick", "queueMicrotask", "performance"] });
    try {
      const r = rig();
      const call = r.newCall();
      r.attempt(call);
      call.status = 429; // answered 429, but the limiter holds nothing back (it was released since)
      call.delayMs = 60_000;
      r.dispatched[0].handler.onResponseError?.(controller, new Error("gone")); // frees the slot
      r.attempt(call);
      jest.advanceTimersByTime(59_000);
      await settle();
      expect(r.dispatched).toHaveLength(1);
      jest.advanceTimersByTime(1_000);
      await settle();
      expect(r.dispatched).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it("starts the call's wait for the window at its first refused attempt, and ends it at an answer other than 429", async () => {
    const r = rig();
    const call = r.newCall();
    r.attempt(call);
    await waitUntil(() => r.dispatched.length === 1);
    const firstSentAt = (call.ticket as Ticket).sentAt;
    r.dispatched[0].handler.onResponseStart?.(controller, 429, {});
    expect(call.wait.since).toBeLessThanOrEqual(firstSentAt);
    expect(r.limiter.stats().waitingForWindow).toBe(1);
    r.attempt(call); // the retry, alone after probeAfterMs
    await waitUntil(() => r.dispatched.length === 2);
    expect(call.ticket?.alone).toBe(true);
    r.dispatched[1].handler.onResponseStart?.(controller, 200, {});
    expect(call.wait.since).toBeUndefined();
    expect(r.limiter.stats().waitingForWindow).toBe(0);
  });

  it("fails a call held back past its bound without sending it: the caller gets an error, and the queue carries on", async () => {
    const r = rig();
    throttle(r);
    const prober = r.newCall();
    r.attempt(prober); // the probe: left without an answer, so the limiter holds the rest
    await waitUntil(() => r.dispatched.length === 1);
    const held = r.newCall();
    held.wait.maxWaitMs = 20;
    const seen = recorder();
    r.attempt(held, seen.handler);
    await waitUntil(() => seen.events.length > 0);
    expect(seen.events).toEqual([expect.stringMatching(/^error gave up waiting for the rate-limit window/)]);
    expect(held.gaveUpAfterMs).toBeGreaterThanOrEqual(20);
    expect(held.attempts).toBe(0);
    expect(r.dispatched).toHaveLength(1);
    // Only the probe's call is still out, and still waiting for the window.
    expect(r.limiter.stats()).toMatchObject({ waiting: 0, inFlight: 1, waitingForWindow: 1 });
  });
});

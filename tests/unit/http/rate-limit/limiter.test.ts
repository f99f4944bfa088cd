import { Limiter, type LimiterOptions } from "../../../../provider/http/rate-limit/limiter";
import { RateWindow } from "../../../../provider/http/rate-limit/rate-window";
import { WindowOpenings } from "../../../../provider/http/rate-limit/window-openings";
import { OPTIONS, manual, spendFirstWindow } from "../support/manual-limiter";
import { simulate, type SimulationInput, type SimulationResult } from "../support/simulation";

/** A RateWindow on a clock the test moves; requests are sent and answered by hand. */
function rig(options: Partial<LimiterOptions> = {}) {
  const clock = { t: 10_000 };
  const rate = new RateWindow({ ...OPTIONS, ...options, now: () => clock.t });
  /** Sends a request now if its turn has come; its send time, or `undefined` when it must wait. */
  const send = (inFlight = 0): number | undefined => {
    if (rate.delayMs(clock.t, inFlight) > 0) return undefined;
    rate.take(clock.t);
    return clock.t;
  };
  /** Waits for the next turn, then sends. */
  const sendNext = (inFlight = 0): number => {
    clock.t += rate.delayMs(clock.t, inFlight);
    const sentAt = send(inFlight);
    if (sentAt === undefined) throw new Error("no turn after the delay");
    return sentAt;
  };
  /** The answer to a request sent at `sentAt`, `rttMs` after it was sent (or now, if later). */
  const answer = (sentAt: number, status: number, rttMs = 5): boolean => {
    clock.t = Math.max(clock.t, sentAt + rttMs);
    return rate.onAnswer(sentAt, status, clock.t);
  };
  /** While nothing is held back: `accepted` requests get through, then one is refused. */
  const exhaust = (accepted: number) => {
    const start = clock.t;
    for (let i = 0; i < accepted; i++) {
      clock.t = start + i;
      answer(clock.t, 200, 0);
    }
    clock.t = start + accepted;
    answer(clock.t, 429, 0);
  };
  /** Probes, refused until `opensAt`; the first one sent from then on is accepted. Returns the probes' send times. */
  const waitForOpening = (opensAt: number): number[] => {
    const probes: number[] = [];
    for (;;) {
      const probe = sendNext();
      probes.push(probe);
      if (probe >= opensAt) {
        answer(probe, 200);
        return probes;
      }
      answer(probe, 429);
    }
  };
  return { clock, rate, send, sendNext, answer, exhaust, waitForOpening };
}

describe("WindowOpenings", () => {
  it("bounds the window's length from two openings and predicts the next from the more precise one", () => {
    const openings = new WindowOpenings();
    openings.observe({ index: 1, lo: 900, hi: 1_100 });
    expect(openings.seen).toBe(true);
    expect(openings.lengthBounds).toBeUndefined();
    expect(openings.predict(2)).toBeUndefined();
    openings.observe({ index: 2, lo: 1_950, hi: 2_050 });
    expect(openings.lengthBounds).toEqual({ lo: 1_950 - 1_100, hi: 2_050 - 900 });
    expect(openings.lengthMs).toBe(1_000);
    // From the second opening (the narrower), one length of doubt further.
    expect(openings.predict(3)).toEqual({ lo: 1_950 + 850, hi: 2_050 + 1_150 });
  });

  it("narrows the length with every opening seen inside the prediction", () => {
    const openings = new WindowOpenings();
    openings.observe({ index: 1, lo: 900, hi: 1_100 });
    openings.observe({ index: 2, lo: 1_950, hi: 2_050 });
    openings.observe({ index: 3, lo: 2_990, hi: 3_010 });
    const { lo, hi } = openings.lengthBounds as { lo: number; hi: number };
    expect(lo).toBeGreaterThan(850);
    expect(hi).toBeLessThan(1_150);
    // Windows at 1,000 ms steps: the next prediction is within the bounds and around 4,000.
    const next = openings.predict(4) as { lo: number; hi: number };
    expect(next.lo).toBeLessThanOrEqual(4_000);
    expect(next.hi).toBeGreaterThanOrEqual(4_000);
    expect(next.hi - next.lo).toBeLessThan(200);
  });

  it("relearns the length from the last two openings when one falls outside the prediction", () => {
    const openings = new WindowOpenings();
    openings.observe({ index: 1, lo: 990, hi: 1_010 });
    openings.observe({ index: 2, lo: 1_990, hi: 2_010 });
    openings.observe({ index: 3, lo: 4_990, hi: 5_010 }); // the server now counts 3-second windows
    expect(openings.lengthBounds).toEqual({ lo: 4_990 - 2_010, hi: 5_010 - 1_990 });
    openings.clear();
    expect(openings.seen).toBe(false);
    expect(openings.lengthBounds).toBeUndefined();
  });
});

describe("RateWindow: learning a fixed window", () => {
  it("holds nothing back until a 429", () => {
    const { rate, send, answer } = rig();
    for (let i = 0; i < 1_000; i++) {
      const sentAt = send();
      expect(sentAt).toBeDefined();
      answer(sentAt as number, 200, 1);
    }
    expect(rate.isThrottled).toBe(false);
    expect(rate.counts).toEqual({ throttled: 0, pauses: 0, probes: 0, decreases: 0 });
  });

  it("on the first 429 holds everything, then probes alone at gaps that grow with the wait, up to maxPauseMs", () => {
    const { rate, clock, send, sendNext, answer, exhaust } = rig();
    exhaust(100);
    const spentAt = clock.t;
    expect(rate.isThrottled).toBe(true);
    expect(rate.delayMs(clock.t)).toBe(OPTIONS.basePauseMs);
    const gaps: { gap: number; waited: number }[] = [];
    while (clock.t < spentAt + 60_000) {
      const probe = sendNext();
      expect(send()).toBeUndefined(); // the others wait for the probe's answer
      answer(probe, 429);
      gaps.push({ gap: rate.delayMs(clock.t), waited: clock.t - spentAt });
    }
    for (const { gap, waited } of gaps) {
      expect(gap).toBeCloseTo(Math.min(OPTIONS.maxPauseMs, Math.max(OPTIONS.basePauseMs, OPTIONS.probeGrowth * waited)), 6);
    }
    expect(gaps.at(-1)?.gap).toBe(OPTIONS.maxPauseMs);
    // A minute's wait: one probe per maxPauseMs once the gaps stop growing, and the few before.
    const growing = Math.ceil(Math.log(OPTIONS.maxPauseMs / OPTIONS.basePauseMs) / Math.log(1 + OPTIONS.probeGrowth)) + 10;
    expect(rate.counts.probes).toBeLessThanOrEqual(60_000 / OPTIONS.maxPauseMs + growing);
  });

  it("ignores 429s for requests sent before it began to wait: the same spent window", () => {
    const { rate, clock, sendNext, answer, exhaust } = rig();
    exhaust(100);
    const spentAt = clock.t;
    for (let i = 1; i <= 15; i++) answer(spentAt - i * 0.1, 429, 0); // the requests that were in flight
    expect(rate.counts).toMatchObject({ throttled: 16, pauses: 1, probes: 0 });
    expect(rate.delayMs(clock.t)).toBe(OPTIONS.basePauseMs);
    expect(sendNext()).toBe(spentAt + OPTIONS.basePauseMs);
  });

  it("opens the window when a probe is accepted; sends up to the first window's count, then tests one more alone once all are answered", () => {
    const { rate, clock, send, answer, exhaust, waitForOpening } = rig();
    exhaust(100);
    waitForOpening(clock.t + 900);
    // The probe counts in the new window: 99 more within the count.
    for (let i = 0; i < 99; i++) expect(send(i % 16)).toBeDefined();
    expect(send(5)).toBeUndefined(); // the test beyond the count waits until the server counted the others
    const test = send(0);
    expect(test).toBeDefined();
    expect(send(1)).toBeUndefined(); // the others wait for the test's answer
    expect(answer(test as number, 429)).toBe(true); // a probe: its 429 is the limiter's doing
    expect(rate.learnedQuota).toBe(100);
    expect(send()).toBeUndefined(); // held until the next window
  });

  it("lifts the cap when the test beyond a count seen in part is accepted, and takes the next 429's count as the quota", () => {
    const { rate, clock, send, answer, exhaust, waitForOpening } = rig();
    exhaust(40); // the run started with most of the window spent
    waitForOpening(clock.t + 500);
    const sent: number[] = [];
    for (let i = 0; i < 39; i++) sent.push(send() as number);
    const test = send() as number;
    answer(test, 200);
    for (let i = 0; i < 200; i++) sent.push(send() as number);
    expect(sent.every((t) => t !== undefined)).toBe(true);
    for (const t of sent.slice(0, 120)) answer(t, 200, 0); // 1 + 1 + 120 accepted in this window
    answer(sent[120] as number, 429, 0);
    expect(rate.learnedQuota).toBe(122);
    expect(send()).toBeUndefined();
  });

  /**
   * A server with windows of `W` ms opening at `origin + k * W` and a quota of `quota`: the first one
   * spent, the next two found by probes, then windows 3 to `last` each used whole. Returns, for
   * windows 3 to `last`, how late each accepted opener went, the openers refused in each, and the
   * windows where the quota was tested.
   */
  function fixedWindows(r: ReturnType<typeof rig>, W: number, quota: number, last: number) {
    const origin = r.clock.t;
    const tests: number[] = [];
    const useQuota = (k: number) => {
      for (let i = 1; i < quota; i++) r.answer(r.send() as number, 200, 1);
      const test = r.send(); // the test beyond the quota, when due
      if (test === undefined) return;
      tests.push(k);
      r.answer(test, 429, 1);
    };
    r.exhaust(quota);
    r.waitForOpening(origin + W);
    useQuota(1);
    expect(r.rate.learnedPeriodMs).toBeUndefined();
    r.waitForOpening(origin + 2 * W);
    expect(r.rate.learnedPeriodMs).toBeDefined();
    tests.length = 0;
    const before = { probes: r.rate.counts.probes, throttled: r.rate.counts.throttled };
    const late: number[] = [];
    const refusedOpeners: number[] = [];
    for (let k = 3; k <= last; k++) {
      useQuota(k - 1);
      const opensAt = origin + k * W;
      let refused = 0;
      // An opener sent before the window opened is refused; the next goes later in the prediction.
      for (;;) {
        const opener = r.sendNext();
        expect(r.send()).toBeUndefined(); // alone
        r.answer(opener, opener >= opensAt ? 200 : 429);
        if (opener >= opensAt) break;
        refused += 1;
      }
      late.push(r.clock.t - 5 - opensAt);
      refusedOpeners.push(refused);
    }
    const probes = r.rate.counts.probes - before.probes;
    const throttled = r.rate.counts.throttled - before.throttled;
    return { origin, late, refusedOpeners, tests, probes, throttled };
  }

  it("learns the window's length from two openings, then sends one opener at each predicted opening instead of probing", () => {
    const W = 1_000;
    const { late, refusedOpeners, tests, probes, throttled } = fixedWindows(rig(), W, 10, 18);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    // No search any more: every probe is an opener (one accepted per window, some refused first)
    // or a test beyond the quota, after 1, 2, 4, 8 windows.
    expect(probes).toBe(16 + sum(refusedOpeners) + tests.length);
    expect(throttled).toBe(sum(refusedOpeners) + tests.length);
    expect(tests.map((k, i) => k - (tests[i - 1] ?? 1))).toEqual([1, 2, 4, 8]); // the last before, in window 1
    // The openers refused while halving the doubt about where windows open grow fewer.
    expect(sum(refusedOpeners.slice(8))).toBeLessThanOrEqual(sum(refusedOpeners.slice(0, 8)));
    // Each opener goes within a fiftieth of a window (and the margin kept for answers' varying round
    // trips) after the opening, once the doubt is halved.
    for (const ms of late.slice(-8)) expect(ms).toBeLessThanOrEqual(W * OPTIONS.precision + 5);
  });

  it("searches again in small steps when an opener is refused after the latest predicted opening", () => {
    const W = 1_000;
    const r = rig();
    const { origin } = fixedWindows(r, W, 10, 10);
    for (let i = 1; i < 10; i++) r.answer(r.send() as number, 200, 1);
    // The server's next window opens 150 ms later than predicted.
    const opensAt = origin + 11 * W + 150;
    const probes: number[] = [];
    for (;;) {
      const probe = r.sendNext();
      probes.push(probe);
      if (probe >= opensAt) break;
      r.answer(probe, 429);
    }
    r.answer(probes.at(-1) as number, 200);
    const [opener] = probes;
    expect(opener).toBeLessThan(origin + 11 * W + 2 * W * OPTIONS.precision); // it was precise
    // Gaps restart small after the refused opener: found within their growth over the time since
    // (plus a gap and a round trip), not a whole pause later.
    const late = (probes.at(-1) as number) - opensAt;
    const growth = OPTIONS.probeGrowth / (1 - OPTIONS.probeGrowth);
    expect(late).toBeLessThanOrEqual(growth * (opensAt - (opener as number)) + OPTIONS.basePauseMs + 5);
    expect(r.send()).toBeDefined(); // open again
  });

  it("in a window not used up, holds requests where the next one may have begun, then starts it with a whole quota", () => {
    const W = 1_000;
    const r = rig();
    const { origin } = fixedWindows(r, W, 10, 10);
    for (let i = 1; i < 5; i++) r.answer(r.send() as number, 200, 1); // half of window 10
    // Just before the next opening a request could count in either window: none goes there.
    const held: number[] = [];
    for (let t = origin + 11 * W - 100; t < origin + 11 * W + 100; t++) if (r.rate.delayMs(t) > 0) held.push(t);
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThanOrEqual(0.1 * W);
    expect(held.every((t) => Math.abs(t - (origin + 11 * W)) <= 0.1 * W)).toBe(true);
    // After it, window 11 has begun with its whole quota (and no probe: it was predicted precisely).
    r.clock.t = origin + 11 * W + 100;
    const probes = r.rate.counts.probes;
    for (let i = 0; i < 10; i++) r.answer(r.send() as number, 200, 1);
    expect(r.rate.counts.probes).toBe(probes);
    expect(r.send()).toBeUndefined();
  });

  it("lowers the quota when a window's quota runs out sooner (another client used some)", () => {
    const { rate, clock, send, answer, exhaust, waitForOpening } = rig();
    exhaust(20);
    waitForOpening(clock.t + 500);
    for (let i = 1; i < 20; i++) answer(send() as number, 200, 1);
    answer(send() as number, 429, 1);
    expect(rate.learnedQuota).toBe(20);
    waitForOpening(clock.t + 500);
    for (let i = 1; i < 12; i++) answer(send() as number, 200, 1);
    answer(send() as number, 429, 1);
    expect(rate.learnedQuota).toBe(12);
    expect(rate.counts.decreases).toBe(1);
  });

  it("does not stall on a probe whose answer is lost, nor on one that never ends", () => {
    const { rate, clock, send, sendNext, exhaust } = rig();
    exhaust(10);
    const lost = sendNext();
    rate.onNoAnswer(lost, clock.t + 30);
    clock.t += 30;
    expect(rate.delayMs(clock.t)).toBeLessThanOrEqual(OPTIONS.maxPauseMs);
    const silent = sendNext();
    expect(send()).toBeUndefined();
    // Given up after a pause's length (and a few round trips), the next probe goes a gap later.
    clock.t = silent + OPTIONS.maxPauseMs + 100;
    expect(sendNext()).toBeLessThanOrEqual(silent + 2 * OPTIONS.maxPauseMs + 100);
  });

  it("holds everything for a server's Retry-After, even on a probe's answer", () => {
    const { rate, clock, sendNext } = rig();
    rate.onAnswer(clock.t - 5, 429, clock.t, 5_000);
    expect(rate.delayMs(clock.t)).toBe(5_000);
    clock.t += 5_000;
    const probe = sendNext();
    rate.onAnswer(probe, 429, clock.t + 5, 30_000);
    expect(rate.delayMs(clock.t + 5)).toBe(30_000);
  });
});

describe("RateWindow: a server that refills gradually", () => {
  /** A window opened by a probe (or opener), `quota` requests, then the test beyond it, if due, answered `testStatus`. */
  function quotaWindow(r: ReturnType<typeof rig>, quota: number, testStatus: number): boolean {
    r.waitForOpening(r.clock.t + 100);
    for (let i = 1; i < quota; i++) r.answer(r.send() as number, 200, 1);
    const test = r.send();
    if (test !== undefined) r.answer(test, testStatus, 1);
    return test !== undefined;
  }

  /** Windows of 10, the test beyond refused, then passed twice in a row. */
  function refillingServer() {
    const r = rig();
    r.exhaust(10);
    expect(quotaWindow(r, 10, 429)).toBe(true); // the quota: one beyond it refused
    expect(quotaWindow(r, 10, 200)).toBe(true); // one more got through: once may be chance
    expect(r.rate.paceAt(r.clock.t)).toBeUndefined();
    expect(r.rate.learnedQuota).toBe(11);
    expect(quotaWindow(r, 11, 200)).toBe(true); // tested again in the next window, and passed
    return r;
  }

  it("paces evenly once a quota refused before is exceeded twice in a row; halves on a 429 and doubles every doublingMs", () => {
    const r = refillingServer();
    const { rate, clock } = r;
    const pace = rate.paceAt(clock.t) as number;
    expect(pace).toBeGreaterThan(0);
    expect(rate.paceAt(clock.t + OPTIONS.doublingMs)).toBeCloseTo(2 * pace, 6);
    const first = r.send() as number;
    expect(first).toBeDefined();
    expect(r.send()).toBeUndefined(); // evenly spaced
    expect(rate.delayMs(clock.t)).toBeCloseTo(1000 / pace, 6);
    r.answer(first, 429, 1);
    expect(rate.paceAt(clock.t)).toBeCloseTo(Math.max(OPTIONS.minRate, pace * 2 ** (1 / OPTIONS.doublingMs) * OPTIONS.decreaseFactor), 6);
    const decreases = rate.counts.decreases;
    r.answer(first - 1, 429, 1); // sent before the slow-down: the same overload
    expect(rate.counts.decreases).toBe(decreases);
  });

  it("lifts pacing after releaseAfterMs without a 429", () => {
    const { rate, clock } = refillingServer();
    expect(rate.paceAt(clock.t)).toBeDefined();
    clock.t += OPTIONS.releaseAfterMs;
    expect(rate.delayMs(clock.t)).toBe(0);
    expect(rate.isThrottled).toBe(false);
  });
});

describe("Limiter", () => {
  it("lets everything through synchronously, without timers, until a 429", () => {
    const { limiter, timers } = manual({}, 16);
    for (let i = 0; i < 10_000; i++) {
      expect(limiter.acquire()).toBeUndefined();
      limiter.onAnswer(limiter.clock(), 200);
      limiter.release();
    }
    expect(timers).toHaveLength(0);
    expect(limiter.stats()).toEqual({ throttled: 0, decreases: 0, pauses: 0, probes: 0, quota: undefined, periodMs: undefined, waiting: 0, inFlight: 0, waitingForWindow: 0 });
  });

  it("stamps send times that strictly increase, even in the same instant", () => {
    const { limiter } = manual();
    const stamps = Array.from({ length: 5 }, () => limiter.clock());
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBeGreaterThan(stamps[i - 1] as number);
  });

  it("after a 429 holds the waiting requests, sends one probe, and lets the rest go in order once it is accepted", () => {
    const { limiter, advance } = manual();
    spendFirstWindow(limiter);
    const sent: { i: number; at: number }[] = [];
    for (let i = 0; i < 5; i++) limiter.whenAllowed(() => sent.push({ i, at: limiter.clock() }));
    expect(sent).toEqual([]);
    advance(OPTIONS.basePauseMs - 1);
    expect(sent).toEqual([]);
    advance(1);
    expect(sent.map((s) => s.i)).toEqual([0]); // the probe, alone
    advance(50);
    expect(sent).toHaveLength(1);
    limiter.onAnswer((sent[0] as { at: number }).at, 200);
    advance(0);
    expect(sent.map((s) => s.i)).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.stats()).toMatchObject({ waiting: 0, probes: 1 });
  });

  it("resolves acquire() promises at their turn", async () => {
    const { limiter, advance } = manual();
    spendFirstWindow(limiter);
    const turn = limiter.acquire();
    expect(turn).toBeInstanceOf(Promise);
    let done = false;
    void turn?.then(() => (done = true));
    advance(OPTIONS.basePauseMs - 1);
    await Promise.resolve();
    expect(done).toBe(false);
    advance(1);
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it("lets the waiting requests go as soon as a probe is accepted, not at the probe's deadline", () => {
    const { limiter, advance, delays } = manual();
    spendFirstWindow(limiter);
    const sent: number[] = [];
    for (let i = 0; i < 3; i++) limiter.whenAllowed(() => sent.push(limiter.clock()));
    advance(OPTIONS.basePauseMs);
    expect(sent).toHaveLength(1);
    // The others wait for the probe's answer, with a timer only as far as its deadline.
    expect(delays.at(-1)).toBeGreaterThanOrEqual(OPTIONS.maxPauseMs);
    advance(30);
    limiter.onAnswer(sent[0] as number, 200);
    advance(0);
    expect(sent).toHaveLength(3);
  });

  it("puts a retry after a 429 first in line", () => {
    const { limiter, advance } = manual({}, 1);
    const order: string[] = [];
    limiter.whenAllowed(() => order.push("a"));
    limiter.whenAllowed(() => order.push("b"));
    limiter.whenAllowed(() => order.push("c"));
    limiter.release();
    limiter.whenAllowed(() => order.push("retry"), true);
    advance(0);
    expect(order).toEqual(["a", "retry"]);
    limiter.release();
    advance(0);
    limiter.release();
    advance(0);
    expect(order).toEqual(["a", "retry", "b", "c"]);
  });

  it("wakes a queue waiting to test beyond the quota when the last answer is in, not at a timer", () => {
    const { limiter, advance } = manual({}, 4);
    spendFirstWindow(limiter, 3); // a quota of 3, seen in part: tested in the next window
    const sent: number[] = [];
    for (let i = 0; i < 6; i++) limiter.whenAllowed(() => sent.push(limiter.clock()));
    advance(OPTIONS.basePauseMs);
    limiter.onAnswer(sent[0] as number, 200); // the probe: the window is open
    limiter.release();
    advance(0);
    expect(sent).toHaveLength(3); // the quota
    limiter.onAnswer(sent[1] as number, 200);
    limiter.release();
    advance(0);
    expect(sent).toHaveLength(3); // the test waits until the server has counted every request
    limiter.onAnswer(sent[2] as number, 200);
    limiter.release();
    advance(0);
    expect(sent).toHaveLength(4); // the test, at once
  });
});

describe("Limiter: requests in flight", () => {
  it("admits up to maxInFlight, queues the rest in order, and lets one go per release without a timer", () => {
    const { limiter, advance, delays } = manual({}, 3);
    const order: number[] = [];
    for (let i = 0; i < 10; i++) limiter.whenAllowed(() => order.push(i));
    expect(order).toEqual([0, 1, 2]);
    expect(limiter.stats()).toMatchObject({ waiting: 7, inFlight: 3 });
    limiter.release();
    expect(order).toEqual([0, 1, 2]); // woken after the current call stack, not inside release()
    advance(0);
    expect(order).toEqual([0, 1, 2, 3]);
    limiter.release();
    limiter.release();
    advance(0);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(limiter.stats()).toMatchObject({ waiting: 4, inFlight: 3 });
    // Waiting for a slot never set a timer (no polling, no timer's delay).
    expect(delays).toEqual([]);
  });

  it("a newcomer queues behind the waiting requests even when a slot is free", () => {
    const { limiter, advance } = manual({}, 1);
    const order: string[] = [];
    limiter.whenAllowed(() => order.push("a"));
    limiter.whenAllowed(() => order.push("b"));
    limiter.release();
    limiter.whenAllowed(() => order.push("c"));
    advance(0);
    expect(order).toEqual(["a", "b"]);
    limiter.release();
    advance(0);
    expect(order).toEqual(["a", "b", "c"]);
  });

  it("acquire() holds a slot too, and resolves when one is released", async () => {
    const { limiter, advance } = manual({}, 1);
    expect(limiter.acquire()).toBeUndefined();
    const turn = limiter.acquire();
    expect(turn).toBeInstanceOf(Promise);
    let done = false;
    void turn?.then(() => (done = true));
    advance(0);
    await Promise.resolve();
    expect(done).toBe(false);
    limiter.release();
    advance(0);
    await Promise.resolve();
    expect(done).toBe(true);
    expect(limiter.stats().inFlight).toBe(1);
  });

  it("with real timers, a released slot wakes the queue in a microtask", async () => {
    const limiter = new Limiter({}, 1);
    const order: string[] = [];
    limiter.whenAllowed(() => order.push("a"));
    limiter.whenAllowed(() => order.push("b"));
    limiter.release();
    await Promise.resolve();
    expect(order).toEqual(["a", "b"]);
  });

  it("a 429 holds back the requests waiting for a slot", () => {
    const { limiter, advance } = manual({}, 4);
    for (let i = 0; i < 20; i++) limiter.onAnswer(limiter.clock(), 200);
    const sent: number[] = [];
    for (let i = 0; i < 20; i++) limiter.whenAllowed(() => sent.push(limiter.clock()));
    expect(sent).toHaveLength(4);
    advance(20);
    // The first answer is a 429, the other three are echoes of it.
    for (const at of sent.slice(0, 4)) {
      limiter.onAnswer(at, 429);
      limiter.release();
    }
    advance(0);
    expect(sent).toHaveLength(4); // without the cap, all 20 would be out already
    advance(OPTIONS.basePauseMs);
    expect(sent).toHaveLength(5); // one probe
    expect(limiter.stats()).toMatchObject({ waiting: 15, throttled: 4, pauses: 1, probes: 1 });
  });

  it("waiting for a slot while throttled sets no timer until a release", () => {
    const { limiter, advance, delays } = manual({}, 1);
    spendFirstWindow(limiter);
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) limiter.whenAllowed(() => sent.push(limiter.clock()));
    advance(OPTIONS.basePauseMs);
    limiter.onAnswer(sent[0] as number, 200); // the probe: open, but its slot is still taken
    const timers = delays.length;
    advance(5_000);
    expect(sent).toHaveLength(1);
    expect(delays).toHaveLength(timers);
    limiter.release();
    advance(0);
    expect(sent).toHaveLength(2);
  });

  it("a request that fails at once gives its slot back within the same wake-up, and the queue carries on", () => {
    const { limiter, advance, timers } = manual({}, 1);
    limiter.whenAllowed(() => undefined); // holds the only slot
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) {
      limiter.whenAllowed(() => {
        ran.push(i);
        limiter.release(); // e.g. a dispatch that failed synchronously
      });
    }
    limiter.release();
    advance(0);
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.stats()).toMatchObject({ waiting: 0, inFlight: 0 });
    expect(timers).toHaveLength(0);
    // Nothing was left in a "wake-up pending" state: the next request goes at once.
    let next = false;
    limiter.whenAllowed(() => (next = true));
    expect(next).toBe(true);
  });

  it("a request whose go throws leaves the limiter usable", () => {
    const { limiter, advance } = manual({}, 1);
    limiter.whenAllowed(() => undefined);
    limiter.whenAllowed(() => {
      throw new Error("boom");
    });
    limiter.whenAllowed(() => undefined);
    limiter.release();
    expect(() => advance(0)).toThrow("boom");
    expect(limiter.stats()).toMatchObject({ waiting: 1, inFlight: 1 });
    limiter.release(); // the thrower's owner gives its slot back
    advance(0);
    expect(limiter.stats()).toMatchObject({ waiting: 0, inFlight: 1 });
  });

  it("never has more than maxInFlight out, whatever the order and timing of answers, 429s included", () => {
    const { limiter, clock, advance, timers } = manual({ minRate: 200 }, 5);
    // Deterministic pseudo-random latencies (mulberry32).
    let state = 7;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    let out = 0;
    let peak = 0;
    const order: number[] = [];
    for (let i = 0; i < 500; i++) {
      limiter.whenAllowed(() => {
        order.push(i);
        out += 1;
        peak = Math.max(peak, out);
        const sentAt = clock.t;
        const end = () => {
          out -= 1;
          limiter.release();
        };
        const r = random();
        if (r < 0.1) return end(); // failed at once
        timers.push({
          at: clock.t + 1 + Math.floor(r * 50),
          id: -1,
          fn: () => {
            if (r < 0.2) limiter.onNoAnswer(sentAt);
            else limiter.onAnswer(sentAt, r > 0.9 ? 429 : 200);
            end();
          },
        });
      });
    }
    advance(120_000);
    expect(order).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(peak).toBe(5);
    expect(limiter.stats()).toMatchObject({ waiting: 0, inFlight: 0 });
    expect(limiter.rate.counts.throttled).toBeGreaterThan(0);
  });

  it("rejects a cap below one", () => {
    expect(() => new Limiter({}, 0)).toThrow(RangeError);
    expect(() => new Limiter({}, Number.NaN)).toThrow(RangeError);
  });
});

describe("a large apply against a rate-limited server (simulated time)", () => {
  // Requests in flight are capped like the client's pool (16 connections).
  const base: Omit<SimulationInput, "server" | "useLimiter"> = { resources: 1_000, requestsPerResource: 4, latencyMs: 20, connections: 16 };
  // [label, server, requests per resource, how far into its window the server is at the start]
  const servers: [string, SimulationInput["server"], number, number][] = [
    ["rack-attack style fixed window, 1,000/min", { kind: "fixed-window", limit: 1_000, periodMs: 60_000 }, 4, 0],
    ["fixed window 6,000/min, 8,000 requests", { kind: "fixed-window", limit: 6_000, periodMs: 60_000 }, 8, 0],
    ["fixed window 6,000/min, 8,000 requests, window resetting mid-run", { kind: "fixed-window", limit: 6_000, periodMs: 60_000 }, 8, 30_000],
    ["token bucket 100/s", { kind: "token-bucket", limit: 100, periodMs: 1_000, burst: 100 }, 4, 0],
    ["token bucket 20/s", { kind: "token-bucket", limit: 20, periodMs: 1_000, burst: 20 }, 4, 0],
  ];

  it.each(servers)("%s: every resource completes; few requests are refused", (_label, server, requestsPerResource, windowOffsetMs) => {
    const input: SimulationInput = { ...base, requestsPerResource, server, useLimiter: true, windowOffsetMs };
    const result = simulate(input);
    expect(result.failed).toBe(0);
    expect(result.completed).toBe(1_000);
    expect(result.peakInFlight).toBeLessThanOrEqual(16);
    // Only the requests in flight when the quota runs out, and the probes, are refused.
    expect(result.refused).toBeLessThanOrEqual(0.05 * result.accepted);
    expect(result.paced).toBe(server.kind === "token-bucket" && server.limit >= 100);
    if (server.kind === "fixed-window") {
      // No window is wasted: the run ends in the window where the last quota needed is available.
      const windowsNeeded = Math.ceil(result.accepted / server.limit);
      expect(result.elapsedMs).toBeLessThan(windowsNeeded * server.periodMs);
    } else {
      expect(result.utilisation).toBeGreaterThan(0.85);
    }
  });

  it("without the cap on requests in flight, a window already spent draws one refusal per waiting request", () => {
    const input: SimulationInput = { ...base, requestsPerResource: 2, server: { kind: "fixed-window", limit: 6_000, periodMs: 60_000 }, spent: 5_500, useLimiter: true };
    const capped = simulate(input);
    const uncapped = simulate({ ...input, connections: undefined });
    for (const result of [capped, uncapped]) {
      expect(result.failed).toBe(0);
      // The 1,500 requests beyond the window's quota wait for the next window, then finish within seconds.
      expect(result.elapsedMs).toBeGreaterThan(60_000);
      expect(result.elapsedMs).toBeLessThan(70_000);
    }
    expect(uncapped.peakInFlight).toBe(1_000);
    expect(uncapped.refused).toBeGreaterThan(500);
    expect(capped.refused).toBeLessThan(uncapped.refused / 10);
  });

  it("without the limiter the same run draws many times more 429s", () => {
    const server: SimulationInput["server"] = { kind: "fixed-window", limit: 1_000, periodMs: 60_000 };
    const paced = simulate({ ...base, server, useLimiter: true });
    const unpaced = simulate({ ...base, server, useLimiter: false });
    expect(unpaced.refused).toBeGreaterThan(5 * paced.refused);
  });
});

/**
 * The earliest a run can end under a fixed window: the opening of the first window by which enough
 * quota has accrued for the requests it needed (no client can do better), from the run's start.
 */
function limitBoundMs(input: SimulationInput, result: SimulationResult): number {
  const { server } = input;
  if (server.kind !== "fixed-window") throw new Error("fixed windows only");
  const offset = input.windowOffsetMs ?? 0;
  const left = server.limit - (input.spent ?? 0);
  if (result.accepted <= left) return 0;
  return (Math.floor(offset / server.periodMs) + Math.ceil((result.accepted - left) / server.limit)) * server.periodMs - offset;
}

describe("fixed windows: as fast as the windows allow (simulated time)", () => {
  const fleet: Omit<SimulationInput, "server"> = { resources: 600, requestsPerResource: 2, latencyMs: 8, connections: 16, useLimiter: true, trace: true };
  // [label, input]: each run needs many windows, or waits for the next one.
  const runs: [string, SimulationInput][] = [
    ["100/s windows, from a fresh window", { ...fleet, server: { kind: "fixed-window", limit: 100, periodMs: 1_000 } }],
    ["100/s windows, starting mid-window", { ...fleet, server: { kind: "fixed-window", limit: 100, periodMs: 1_000 }, windowOffsetMs: 400 }],
    ["100/s windows, latency varying by 100 ms", { ...fleet, server: { kind: "fixed-window", limit: 100, periodMs: 1_000 }, latencyMs: 5, jitterMs: 100 }],
    ["6,000/min with 5,500 spent", { ...fleet, server: { kind: "fixed-window", limit: 6_000, periodMs: 60_000 }, spent: 5_500, windowOffsetMs: 400 }],
    ["3,000/min with 2,500 spent, 20-50 ms latency", { ...fleet, server: { kind: "fixed-window", limit: 3_000, periodMs: 60_000 }, spent: 2_500, windowOffsetMs: 400, latencyMs: 20, jitterMs: 30 }],
  ];

  it.each(runs)("%s: ends within 5%% of the limit-bound time, with no failure", (_label, input) => {
    const result = simulate(input);
    expect(result).toMatchObject({ completed: input.resources, failed: 0, unfinished: 0, paced: false });
    expect(result.elapsedMs / limitBoundMs(input, result)).toBeLessThanOrEqual(1.05);
  });

  it.each(runs)("%s: apart from probes, only the requests in flight when the quota first ran out are refused", (_label, input) => {
    const { trace } = simulate(input);
    const refused = trace.filter((r) => r.status === 429);
    expect(refused.filter((r) => !r.probe).length).toBeLessThanOrEqual(input.connections as number);
  });

  it("once two windows were seen, nothing is refused but the tests beyond the quota, after 1, 2, 4... windows, and a few openers", () => {
    const input = runs[0]?.[1] as SimulationInput;
    const { trace } = simulate(input);
    const later = trace.filter((r) => r.window >= 3);
    const windows = new Set(later.map((r) => r.window)).size;
    expect(windows).toBeGreaterThanOrEqual(8);
    expect(later.filter((r) => r.status === 429).length).toBeLessThanOrEqual(Math.ceil(Math.log2(windows)) + 3);
    // Each of these windows is opened by one request alone, accepted (the window had opened).
    for (let w = 3; w <= 11; w++) {
      const first = later.filter((r) => r.window === w).sort((a, b) => a.sentAt - b.sentAt)[0];
      expect(first).toMatchObject({ probe: true, status: 200 });
    }
  });

  it("a window's wait of a minute costs at most about one probe per maxPauseMs", () => {
    const input = runs[3]?.[1] as SimulationInput;
    const result = simulate(input);
    const growing = Math.ceil(Math.log(1_000 / 10) / Math.log(1.3)); // the default gaps' growth to their cap
    expect(result.probes).toBeLessThanOrEqual(60 + growing + 2);
  });
});

describe("rate-limited requests whose answers are lost (simulated time)", () => {
  it.each([
    ["100/s windows", { kind: "fixed-window", limit: 100, periodMs: 1_000 }],
    ["6,000/min with 5,500 spent", { kind: "fixed-window", limit: 6_000, periodMs: 60_000 }],
    ["token bucket 50/s", { kind: "token-bucket", limit: 50, periodMs: 1_000, burst: 10 }],
  ] as [string, SimulationInput["server"]][])("%s: no write is sent twice, only those calls fail, and nothing stalls", (_label, server) => {
    const spent = server.kind === "fixed-window" && server.periodMs === 60_000 ? 5_500 : 0;
    const result = simulate({ resources: 400, requestsPerResource: 2, latencyMs: 10, jitterMs: 20, connections: 16, server, spent, useLimiter: true, lostAnswers: 0.05, stopAfterMs: 600_000 });
    expect(result.lost).toBeGreaterThan(10);
    expect(result).toMatchObject({ duplicates: 0, unfinished: 0, failed: result.lost, completed: 400 - result.lost });
  });
});

describe("no stall, whatever the server and the traffic (simulated time)", () => {
  const servers: SimulationInput["server"][] = [
    { kind: "fixed-window", limit: 7, periodMs: 250 },
    { kind: "fixed-window", limit: 500, periodMs: 10_000 },
    { kind: "token-bucket", limit: 50, periodMs: 1_000, burst: 10 },
  ];
  const cases = servers.flatMap((server) => [0, 80].flatMap((jitterMs) => [0, 20_000].map((startsOverMs) => [server, jitterMs, startsOverMs] as const)));
  it.each(cases)("%j, latency varying by %i ms, starts spread over %i ms: every resource ends", (server, jitterMs, startsOverMs) => {
    const result = simulate({ resources: 300, requestsPerResource: 3, latencyMs: 10, jitterMs, startsOverMs, connections: 8, server, useLimiter: true, stopAfterMs: 600_000 });
    expect(result).toMatchObject({ completed: 300, failed: 0, unfinished: 0 });
  });
});

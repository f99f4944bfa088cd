import { AdaptiveRate, Limiter, type LimiterOptions } from "../../../provider/http/limiter";
import { simulate, type SimulationInput } from "./support/simulation";

const OPTIONS: Omit<LimiterOptions, "now"> = { minRate: 1, decreaseFactor: 0.5, doublingMs: 4_000, basePauseMs: 1_000, maxPauseMs: 10_000, releaseAfterMs: 60_000 };

/** An AdaptiveRate on a clock the test moves. */
function rig() {
  const clock = { t: 10_000 };
  const rate = new AdaptiveRate({ ...OPTIONS, now: () => clock.t });
  return { clock, rate };
}

/** `n` accepted answers spread evenly over the second before `end`. */
function acceptEvenly(rate: AdaptiveRate, n: number, end: number) {
  for (let i = 0; i < n; i++) {
    const t = end - 1000 + (i * 1000) / n;
    rate.onAnswer(t - 5, 200, t);
  }
}

describe("AdaptiveRate arithmetic", () => {
  it("paces nothing until a 429", () => {
    const { rate } = rig();
    acceptEvenly(rate, 5_000, 11_000);
    for (const t of [11_000, 11_001, 50_000]) {
      expect(rate.delayMs(t)).toBe(0);
      rate.take(t);
    }
    expect(rate.isThrottled).toBe(false);
    expect(rate.rateAt(11_000)).toBe(Infinity);
  });

  it("on the first 429 paces at half the rate the server was accepting", () => {
    const { rate } = rig();
    acceptEvenly(rate, 200, 11_000);
    rate.onAnswer(10_990, 429, 11_000);
    expect(rate.isThrottled).toBe(true);
    expect(rate.rateAt(11_000)).toBeCloseTo(100, 6);
    expect(rate.delayMs(11_000)).toBe(0);
    rate.take(11_000);
    expect(rate.delayMs(11_000)).toBeCloseTo(10, 6);
    expect(rate.delayMs(11_010)).toBe(0);
  });

  it("falls back to the floor when nothing was accepted before the first 429", () => {
    const { rate } = rig();
    rate.onAnswer(9_990, 429, 10_000);
    expect(rate.rateAt(10_000)).toBe(OPTIONS.minRate);
  });

  it("doubles the pace every doublingMs while no 429 arrives", () => {
    const { rate } = rig();
    acceptEvenly(rate, 200, 11_000);
    rate.onAnswer(10_990, 429, 11_000);
    expect(rate.rateAt(15_000)).toBeCloseTo(200, 6);
    expect(rate.rateAt(19_000)).toBeCloseTo(400, 6);
    expect(rate.rateAt(13_000)).toBeCloseTo(100 * Math.SQRT2, 6);
  });

  it("ignores 429s for requests sent before its last reaction (echoes of the same overload)", () => {
    const { rate } = rig();
    acceptEvenly(rate, 200, 11_000);
    rate.onAnswer(10_990, 429, 11_000);
    for (let t = 11_001; t < 11_050; t++) rate.onAnswer(10_995, 429, t);
    expect(rate.counts).toEqual({ throttled: 50, decreases: 1, pauses: 0 });
    expect(rate.rateAt(11_000)).toBeCloseTo(100, 6);
  });

  it("halves the current pace on a 429 after something sent at that pace was accepted", () => {
    const { rate } = rig();
    acceptEvenly(rate, 200, 11_000);
    rate.onAnswer(10_990, 429, 11_000);
    rate.onAnswer(11_500, 200, 11_520);
    rate.onAnswer(11_990, 429, 12_000);
    expect(rate.counts.decreases).toBe(2);
    expect(rate.rateAt(12_000)).toBeCloseTo((100 * 2 ** (1_000 / 4_000)) / 2, 6);
  });

  it("pauses everything when nothing got through, doubling the pause up to its cap, pace unchanged", () => {
    const { rate } = rig();
    acceptEvenly(rate, 200, 11_000);
    rate.onAnswer(10_990, 429, 11_000);
    const pace = rate.rateAt(11_000);
    let t = 11_000;
    const pauses: number[] = [];
    const paceAfterPause: number[] = [];
    for (let i = 0; i < 6; i++) {
      rate.onAnswer(t, 429, t + 10); // the probe (or first paced request) refused
      t += 10;
      pauses.push(rate.delayMs(t));
      t += rate.delayMs(t);
      // The probe goes out at the end of the pause.
      expect(rate.delayMs(t)).toBe(0);
      paceAfterPause.push(rate.rateAt(t));
      rate.take(t);
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect(rate.counts.pauses).toBe(6);
    // The pace neither fell nor grew during the pauses; it grows only for the 10 ms before each 429.
    paceAfterPause.forEach((p, i) => expect(p).toBeCloseTo(pace * 2 ** ((10 * (i + 1)) / OPTIONS.doublingMs), 6));
  });

  it("after a pause sends one probe alone, and the rest once it is accepted", () => {
    const { rate } = rig();
    acceptEvenly(rate, 2_000, 11_000);
    rate.onAnswer(10_990, 429, 11_000);
    rate.onAnswer(11_005, 429, 11_010);
    expect(rate.delayMs(11_010)).toBe(1_000);
    rate.take(12_010);
    // The probe is in flight: the others wait (at most one pause cap) for its answer.
    expect(rate.delayMs(12_011)).toBe(OPTIONS.maxPauseMs - 1);
    rate.onAnswer(12_010, 200, 12_030);
    expect(rate.delayMs(12_030)).toBe(0);
  });

  it("stops waiting for a probe that got no answer", () => {
    const { rate } = rig();
    acceptEvenly(rate, 2_000, 11_000);
    rate.onAnswer(10_990, 429, 11_000);
    rate.onAnswer(11_005, 429, 11_010);
    rate.take(12_010);
    expect(rate.delayMs(12_100)).toBeGreaterThan(0);
    rate.onNoAnswer(12_010);
    expect(rate.delayMs(12_100)).toBe(0);
  });

  it("a decrease resets the pause ladder", () => {
    const { rate } = rig();
    acceptEvenly(rate, 200, 11_000);
    rate.onAnswer(10_990, 429, 11_000);
    rate.onAnswer(11_005, 429, 11_010); // pause 1 s
    rate.take(12_010);
    rate.onAnswer(12_010, 429, 12_020); // pause 2 s
    rate.take(14_020);
    rate.onAnswer(14_020, 200, 14_040); // probe accepted
    rate.onAnswer(14_050, 429, 14_100); // too fast: decrease
    rate.onAnswer(14_110, 429, 14_120); // nothing through: pause from the base again
    expect(rate.counts).toMatchObject({ decreases: 2, pauses: 3 });
    expect(rate.delayMs(14_120)).toBe(1_000);
  });

  it("lifts pacing after releaseAfterMs without a 429", () => {
    const { rate } = rig();
    acceptEvenly(rate, 200, 11_000);
    rate.onAnswer(10_990, 429, 11_000);
    rate.take(11_000);
    expect(rate.delayMs(70_999)).toBe(0); // paced, but its turn
    rate.take(70_999);
    expect(rate.isThrottled).toBe(true);
    expect(rate.delayMs(71_000)).toBe(0);
    expect(rate.isThrottled).toBe(false);
    expect(rate.rateAt(71_000)).toBe(Infinity);
  });

  it("holds everything for a server's Retry-After, even on an echo", () => {
    const { rate } = rig();
    acceptEvenly(rate, 200, 11_000);
    rate.onAnswer(10_990, 429, 11_000, 5_000);
    expect(rate.delayMs(11_000)).toBe(5_000);
    rate.onAnswer(10_995, 429, 11_100, 30_000);
    expect(rate.delayMs(11_100)).toBe(30_000);
  });
});

/** A Limiter with hand-driven timers and clock; `soon` callbacks run at the next `advance`, even `advance(0)`. */
function manual(options: Partial<LimiterOptions> = {}, maxInFlight = Infinity) {
  const clock = { t: 100_000 };
  const timers: { at: number; fn: () => void; id: number }[] = [];
  const delays: number[] = [];
  let ids = 0;
  const limiter = new Limiter(
    { ...OPTIONS, ...options, now: () => clock.t },
    maxInFlight,
    {
      set: (fn, ms) => {
        delays.push(ms);
        timers.push({ at: clock.t + ms, fn, id: ++ids });
        return ids;
      },
      soon: (fn) => void timers.push({ at: clock.t, fn, id: ++ids }),
      clear: (id) => {
        const i = timers.findIndex((x) => x.id === id);
        if (i >= 0) timers.splice(i, 1);
      },
    },
  );
  const advance = (ms: number) => {
    const end = clock.t + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (next === undefined || next.at > end) break;
      timers.shift();
      clock.t = next.at;
      next.fn();
    }
    clock.t = end;
  };
  return { limiter, clock, timers, delays, advance };
}

describe("Limiter", () => {
  it("lets everything through synchronously, without timers, until a 429", () => {
    const { limiter, timers } = manual({}, 16);
    for (let i = 0; i < 10_000; i++) {
      expect(limiter.acquire()).toBeUndefined();
      limiter.onAnswer(limiter.clock(), 200);
      limiter.release();
    }
    expect(timers).toHaveLength(0);
    expect(limiter.stats()).toEqual({ throttled: 0, decreases: 0, pauses: 0, rate: Infinity, waiting: 0, inFlight: 0 });
  });

  it("releases waiting requests in order at the paced interval", () => {
    const { limiter, clock, advance } = manual();
    for (let i = 0; i < 20; i++) limiter.onAnswer(clock.t - 10, 200); // 20 accepted in the last second
    limiter.onAnswer(clock.t - 5, 429); // pace 10/s
    const order: number[] = [];
    for (let i = 0; i < 5; i++) limiter.whenAllowed(() => order.push(i));
    expect(order).toEqual([0]);
    advance(99);
    expect(order).toEqual([0]);
    advance(1);
    expect(order).toEqual([0, 1]);
    advance(300);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.stats().waiting).toBe(0);
  });

  it("resolves acquire() promises at their turn", async () => {
    const { limiter, clock, advance } = manual();
    limiter.onAnswer(clock.t - 5, 429); // floor: 1/s
    expect(limiter.acquire()).toBeUndefined();
    const turn = limiter.acquire();
    expect(turn).toBeInstanceOf(Promise);
    let done = false;
    void turn?.then(() => (done = true));
    advance(999);
    await Promise.resolve();
    expect(done).toBe(false);
    advance(1);
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it("lets the waiting requests go as soon as a probe is accepted, not at the probe timeout", () => {
    const { limiter, clock, advance } = manual();
    for (let i = 0; i < 2_000; i++) limiter.onAnswer(clock.t - 10, 200);
    limiter.onAnswer(clock.t - 5, 429); // pace 1000/s
    limiter.onAnswer(clock.t, 429); // nothing got through: pause 1 s
    const sent: number[] = [];
    for (let i = 0; i < 3; i++) limiter.whenAllowed(() => sent.push(clock.t));
    advance(1_000);
    expect(sent).toHaveLength(1); // the probe
    advance(50);
    expect(sent).toHaveLength(1);
    limiter.onAnswer(sent[0], 200);
    advance(0);
    expect(sent).toHaveLength(2);
    advance(5);
    expect(sent).toHaveLength(3);
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
    const { limiter, clock, advance } = manual({}, 4);
    for (let i = 0; i < 20; i++) limiter.onAnswer(clock.t - 10, 200); // 20 accepted in the last second
    const sent: number[] = [];
    for (let i = 0; i < 20; i++) limiter.whenAllowed(() => sent.push(clock.t));
    expect(sent).toHaveLength(4);
    const t0 = clock.t;
    advance(20);
    // The first answer is a 429 (pace: half of 20/s), the other three are echoes of it.
    for (let i = 0; i < 4; i++) {
      limiter.onAnswer(t0, 429);
      limiter.release();
    }
    advance(0);
    expect(sent).toHaveLength(5); // one goes at the new pace; without the cap all 20 would be out already
    advance(99);
    expect(sent).toHaveLength(5);
    advance(1);
    expect(sent).toHaveLength(6);
    expect(limiter.stats().waiting).toBe(14);
  });

  it("waiting for a slot while paced sets no timer until a release", () => {
    const { limiter, clock, advance, delays } = manual({}, 1);
    for (let i = 0; i < 2_000; i++) limiter.onAnswer(clock.t - 10, 200);
    limiter.onAnswer(clock.t - 5, 429); // pace 1000/s: the pace alone would let one go every ms
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) limiter.whenAllowed(() => sent.push(clock.t));
    advance(5_000);
    expect(sent).toHaveLength(1);
    expect(delays).toEqual([]);
    limiter.onAnswer(sent[0], 200);
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

/**
 * Whole runs against a simulated server, through the real limiter and retry policy on a virtual
 * clock (support/simulation.ts): a thousand resources applying at once under rack-attack's fixed
 * windows, 429s that are not a window's, and limits of other kinds. Minutes of simulated time run
 * in milliseconds, the same way every time.
 */
import { DEFAULT_RATE_LIMIT_MAX_WAIT_MS } from "../../../../provider/config";
import { OPTIONS } from "../support/manual-limiter";
import { simulate, type SimulationInput, type SimulationResult, type TracedRequest } from "../support/simulation";

const CONNECTIONS = 16;
/** A fleet as the benchmark applies it: each resource a read, then a write. */
const FLEET = { resources: 1_000, requestsPerResource: 2, latencyMs: 20, jitterMs: 30, connections: CONNECTIONS };
const minute = (limit: number) => ({ kind: "fixed-window" as const, limit, periodMs: 60_000 });

/** Each call's attempts, in order. */
function byCall(result: SimulationResult): TracedRequest[][] {
  const calls = new Map<number, TracedRequest[]>();
  for (const t of result.trace) calls.set(t.call, [...(calls.get(t.call) ?? []), t]);
  return [...calls.values()].map((attempts) => attempts.sort((a, b) => a.sentAt - b.sentAt));
}

/**
 * How late, by the server's clock, the first request of each window after the first one went out
 * (the windows the run had to wait for), in milliseconds after the window opened.
 */
function openingDelays(result: SimulationResult, periodMs = 60_000): number[] {
  const first = new Map<number, number>();
  for (const t of result.trace) {
    const window = Math.floor(t.serverAt / periodMs);
    first.set(window, Math.min(first.get(window) ?? Infinity, t.serverAt));
  }
  const windows = [...first.keys()].sort((a, b) => a - b).slice(1);
  return windows.map((w) => (first.get(w) as number) - w * periodMs);
}

describe("a thousand resources under rack-attack's fixed windows (simulated time)", () => {
  // [label, input, most 429s the run may draw]
  const runs: [string, SimulationInput, number][] = [
    ["6,000/min, a fresh window that holds the whole run", { ...FLEET, server: minute(6_000) }, 0],
    ["6,000/min, all but 500 of the window spent by another client", { ...FLEET, server: minute(6_000), spent: 5_500 }, CONNECTIONS],
    ["3,000/min (Chatwoot's default), 2,500 spent", { ...FLEET, server: minute(3_000), spent: 2_500 }, CONNECTIONS],
    // Learned in the first window (an estimate), confirmed by one request beyond it in the second.
    ["800/min, several windows", { ...FLEET, server: minute(800) }, CONNECTIONS + 1],
    ["800/min, starting 50 s into a window", { ...FLEET, server: minute(800), startIntoWindowMs: 50_000 }, CONNECTIONS + 1],
    ["800/min configured (chatwoot:rateLimitPerMinute)", { ...FLEET, server: minute(800), configuredQuota: 800 }, 0],
    ["800/min, the machine's clock 37 s behind the server's", { ...FLEET, server: minute(800), wallSkewMs: -37_000 }, CONNECTIONS + 1],
    ["800/min, the machine's clock 3 h ahead of the server's", { ...FLEET, server: minute(800), wallSkewMs: 3 * 3_600_000 }, CONNECTIONS + 1],
    // Alone, a resource learns the quota from two refusals: its own and the retry's, sent alone.
    ["one resource of 120 requests in a row, 50/min", { ...FLEET, resources: 1, requestsPerResource: 120, server: minute(50) }, 3],
  ];

  it.each(runs)("%s: every resource done, few 429s, each window used from its opening", (_label, input, most) => {
    const result = simulate(input);
    expect(result).toMatchObject({ completed: input.resources, failed: 0, duplicates: 0 });
    expect(result.refused).toBeLessThanOrEqual(most);
    // The first request of each later window goes out within the margin, the part of a second the
    // Date headers leave open, and the request's way to the server.
    for (const delay of openingDelays(result)) {
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(OPTIONS.marginMs + (input.latencyMs + (input.jitterMs ?? 0)) * 2 + 50);
    }
    // Nothing but a lone request goes while the run waits: the windows' quotas are spent whole.
    expect(result.elapsedMs).toBeGreaterThanOrEqual(result.boundMs);
  });

  it("without Date headers, takes the machine's clock for the server's, and opens a second late at most", () => {
    const result = simulate({ ...FLEET, server: minute(800), dated: false });
    expect(result).toMatchObject({ completed: FLEET.resources, failed: 0 });
    for (const delay of openingDelays(result)) expect(delay).toBeLessThanOrEqual(1_000 + OPTIONS.marginMs + 2 * (FLEET.latencyMs + FLEET.jitterMs));
  });

  it("without Date headers and a machine clock 3 s ahead, a window taken for open too soon costs its opener and one retry, not a pool's worth", () => {
    const result = simulate({ ...FLEET, server: minute(800), dated: false, wallSkewMs: 3_000 });
    expect(result).toMatchObject({ completed: FLEET.resources, failed: 0 });
    // The first window's discovery, the test of its estimate, then per early opening two requests alone.
    expect(result.refused).toBeLessThanOrEqual(CONNECTIONS + 1 + 2 * 3);
  });

  it("sends no write twice when answers are lost under the limit, and fails only the calls whose answer was lost", () => {
    const result = simulate({ ...FLEET, resources: 400, server: minute(500), lostAnswers: 0.05 });
    expect(result.duplicates).toBe(0);
    expect(result.failed).toBe(result.lost);
    expect(result.completed + result.failed).toBe(400);
  });
});

describe("429s that are not a window's (simulated time)", () => {
  const ONE = { resources: 1, requestsPerResource: 3, latencyMs: 10, connections: CONNECTIONS, server: { kind: "none" as const } };

  it("a lone 429: the retry goes alone probeAfterMs later and is accepted; nothing waits for a window", () => {
    const result = simulate({ ...ONE, refusals: [{ at: 0, times: 1 }] });
    expect(result).toMatchObject({ completed: 1, refused: 1, holds: 0 });
    const [attempts] = byCall(result);
    const [refused, retry] = attempts as TracedRequest[];
    expect(retry?.alone).toBe(true);
    expect((retry as TracedRequest).sentAt - (refused as TracedRequest).answeredAt).toBe(OPTIONS.probeAfterMs);
  });

  it("two in a row read as the window's: the call goes on at the server's next window", () => {
    const result = simulate({ ...ONE, refusals: [{ at: 0, times: 2 }] });
    expect(result).toMatchObject({ completed: 1, refused: 2, holds: 1 });
    expect(openingDelays(result)).toHaveLength(1);
  });

  it("a server that refuses everything: each call fails once it has waited rateLimitMaxWaitMs, and each window costs two requests sent alone", () => {
    const maxWaitMs = 150_000;
    const result = simulate({ ...ONE, resources: 50, requestsPerResource: 1, refusals: [{ at: 0, times: Infinity }], retry: { rateLimitMaxWaitMs: maxWaitMs } });
    expect(result).toMatchObject({ completed: 0, failed: 50 });
    expect(result.gaveUpAt).toHaveLength(50);
    for (const at of result.gaveUpAt) {
      expect(at).toBeGreaterThanOrEqual(maxWaitMs);
      expect(at).toBeLessThanOrEqual(maxWaitMs + 2 * ONE.latencyMs);
    }
    // Those out at the first 429, then at each of the windows that opened meanwhile: an opener and a retry.
    const windows = Math.ceil(maxWaitMs / 60_000);
    expect(result.refused).toBeLessThanOrEqual(CONNECTIONS + 2 * windows);
  });

  it("fails a call after the default bound when every request is refused", () => {
    const result = simulate({ ...ONE, requestsPerResource: 1, refusals: [{ at: 0, times: Infinity }] });
    expect(result.gaveUpAt).toHaveLength(1);
    expect(result.gaveUpAt[0]).toBeGreaterThanOrEqual(DEFAULT_RATE_LIMIT_MAX_WAIT_MS);
    expect(result.refused).toBeLessThanOrEqual(2 + 2 * Math.ceil(DEFAULT_RATE_LIMIT_MAX_WAIT_MS / 60_000));
  });
});

describe("a limit of another kind: a proxy's token bucket, 20/s (simulated time)", () => {
  it("is met one burst per window: nothing stalls, few requests are refused, and the calls left fail at their bound", () => {
    const result = simulate({ ...FLEET, resources: 300, server: { kind: "token-bucket", limit: 20, periodMs: 1_000, burst: 20 } });
    expect(result.unfinished).toBe(0);
    expect(result.completed).toBeGreaterThan(0);
    expect(result.failed).toBe(result.gaveUpAt.length);
    expect(result.refused).toBeLessThanOrEqual(3 * CONNECTIONS);
  });
});

/**
 * 429s that do not follow the server's window (a burst of them from a proxy or a server under load,
 * isolated ones) and a server that refuses everything, through the real limiter and retry policy on
 * a simulated clock: what each costs in time and in requests.
 */
import { DEFAULT_RATE_LIMIT_MAX_WAIT_MS } from "../../../../provider/config";
import { OPTIONS } from "../support/manual-limiter";
import { simulate, type SimulationInput, type SimulationResult, type TracedRequest } from "../support/simulation";

const BASE: Omit<SimulationInput, "resources" | "requestsPerResource"> = { server: { kind: "none" }, latencyMs: 10, connections: 16, useLimiter: true, trace: true };

/** Each call's attempts, in order. */
function byCall(result: SimulationResult): TracedRequest[][] {
  const calls = new Map<number, TracedRequest[]>();
  for (const t of result.trace) calls.set(t.call, [...(calls.get(t.call) ?? []), t]);
  return [...calls.values()].map((attempts) => attempts.sort((a, b) => a.sentAt - b.sentAt));
}

describe("a burst of eight 429s on one request, on a server with no limit (simulated time)", () => {
  // One request every 100 ms, as a long `pulumi up` makes them; the burst at the end of each history.
  const steady = { resources: 1, requestsPerResource: 1_200, gapMs: 100 };
  // [what the process saw before the burst, input]
  const histories: [string, SimulationInput][] = [
    ["nothing (a fresh process)", { ...BASE, resources: 1, requestsPerResource: 3, refusals: [{ at: 0, times: 8 }] }],
    [
      "isolated 429s 5 and 30 s apart, and an earlier burst (a window that is not the server's, learned from them)",
      { ...BASE, ...steady, refusals: [{ at: 30_000, times: 1 }, { at: 35_000, times: 1 }, { at: 65_000, times: 8 }, { at: 95_000, times: 8 }] },
    ],
    [
      "a 429 after a quiet start, then busy traffic (a second window deduced from the run's first request)",
      { ...BASE, resources: 0, requestsPerResource: 0, workload: [{ at: 0, requests: 2 }, { at: 6_000, requests: 400, gapMs: 20 }], refusals: [{ at: 6_000, times: 1 }, { at: 7_000, times: 8 }] },
    ],
  ];

  it.each(histories)("after %s: the call ends within maxPauseMs of its last 429, and no call waits verifyAfterMs", (_label, input) => {
    const result = simulate(input);
    expect(result).toMatchObject({ failed: 0, unfinished: 0 });
    // The limiter caused no 429 of its own: only the injected ones were answered.
    expect(result.refused).toBe((input.refusals ?? []).reduce((n, r) => n + r.times, 0));
    for (const attempts of byCall(result)) {
      const last = attempts.at(-1) as TracedRequest;
      expect(last.status).toBe(200);
      expect(last.answeredAt - (attempts[0] as TracedRequest).queuedAt).toBeLessThan(OPTIONS.verifyAfterMs);
      const refused = attempts.filter((a) => a.status === 429).at(-1);
      if (refused !== undefined) expect(last.answeredAt - refused.answeredAt).toBeLessThanOrEqual(OPTIONS.maxPauseMs);
    }
  });
});

describe("a server that refuses every request (simulated time)", () => {
  it("fails every waiting call once it has waited rateLimitMaxWaitMs, all at about the same time, with probes sent one at a time", () => {
    const maxWaitMs = 60_000;
    const result = simulate({ ...BASE, resources: 50, requestsPerResource: 1, refusals: [{ at: 0, times: Infinity }], retry: { rateLimitMaxWaitMs: maxWaitMs } });
    expect(result).toMatchObject({ completed: 0, gaveUp: 50, failed: 50 });
    for (const at of result.gaveUpAt) {
      expect(at).toBeGreaterThanOrEqual(maxWaitMs);
      expect(at).toBeLessThanOrEqual(maxWaitMs + OPTIONS.maxPauseMs + 10);
    }
    // Refused: the requests sent before the first 429 came back, then only probes, one at a time.
    expect(result.trace.filter((t) => t.status === 429 && !t.probe).length).toBeLessThanOrEqual(16);
    const probes = result.trace.filter((t) => t.probe).sort((a, b) => a.sentAt - b.sentAt);
    for (let i = 1; i < probes.length; i++) expect((probes[i] as TracedRequest).sentAt).toBeGreaterThanOrEqual((probes[i - 1] as TracedRequest).answeredAt);
  });

  it("fails a call after the default bound, about one probe per maxPauseMs", () => {
    const result = simulate({ ...BASE, resources: 1, requestsPerResource: 1, refusals: [{ at: 0, times: Infinity }] });
    expect(result.gaveUpAt).toHaveLength(1);
    expect(result.gaveUpAt[0]).toBeGreaterThanOrEqual(DEFAULT_RATE_LIMIT_MAX_WAIT_MS);
    expect(result.gaveUpAt[0]).toBeLessThanOrEqual(DEFAULT_RATE_LIMIT_MAX_WAIT_MS + OPTIONS.maxPauseMs + 10);
    const growing = Math.ceil(Math.log(OPTIONS.maxPauseMs / OPTIONS.basePauseMs) / Math.log(1 + OPTIONS.probeGrowth));
    expect(result.refused).toBeLessThanOrEqual(DEFAULT_RATE_LIMIT_MAX_WAIT_MS / OPTIONS.maxPauseMs + growing + 2);
  });
});

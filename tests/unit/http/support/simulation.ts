/**
 * A discrete-event simulation of many resources applying at once against a rate-limited server,
 * driving the real limiter arithmetic (AdaptiveRate) and the real retry policy on a virtual clock.
 * Deterministic: the same inputs give the same figures.
 */
import { Limiter, type LimiterOptions } from "../../../../provider/http/limiter";
import { retryDelayMs, type RetryCounters, type RetryPolicyOptions } from "../../../../provider/http/retry-policy";

/** How the simulated server limits requests. */
export type ServerLimit =
  /** rack-attack: at most `limit` requests per fixed window of `periodMs`; refused requests count too. */
  | { kind: "fixed-window"; limit: number; periodMs: number }
  /** A token bucket refilled at `limit` per `periodMs`, holding at most `burst` tokens. */
  | { kind: "token-bucket"; limit: number; periodMs: number; burst: number };

export interface SimulationInput {
  resources: number;
  /** Sequential requests each resource makes (e.g. create = POST then GET). */
  requestsPerResource: number;
  server: ServerLimit;
  latencyMs: number;
  /** Whether requests go through the adaptive limiter (false: per-request backoff only). */
  useLimiter: boolean;
  /** The limiter's cap on requests in flight (the client's pool size); default: no cap. */
  connections?: number;
  limiter?: Partial<LimiterOptions>;
  retry?: Partial<RetryPolicyOptions>;
  /** Start of the first window relative to the first request (fixed window only). */
  windowOffsetMs?: number;
  /** Requests already counted in the first window when the run starts (fixed window only). */
  spent?: number;
  seed?: number;
}

export interface SimulationResult {
  completed: number;
  failed: number;
  accepted: number;
  refused: number;
  elapsedMs: number;
  /** Accepted requests per unit of time, as a fraction of the server's limit. */
  utilisation: number;
  decreases: number;
  pauses: number;
  /** Most requests sent and not yet answered at any moment. */
  peakInFlight: number;
}

export function simulate(input: SimulationInput): SimulationResult {
  let now = 0;
  const events: { at: number; seq: number; run: () => void }[] = [];
  let seq = 0;
  const at = (time: number, run: () => void) => {
    const ev = { at: time, seq: seq++, run };
    let lo = 0;
    let hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (events[mid].at < ev.at || (events[mid].at === ev.at && events[mid].seq < ev.seq)) lo = mid + 1;
      else hi = mid;
    }
    events.splice(lo, 0, ev);
  };

  // Deterministic jitter (mulberry32).
  let state = input.seed ?? 1;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const policy: RetryPolicyOptions = { maxRetries: 6, maxRateLimitRetries: 30, minDelayMs: 300, maxDelayMs: 10_000, maxRetryAfterMs: 60_000, random, ...input.retry };
  const cancelled = new Set<number>();
  const limiter = new Limiter(
    { ...input.limiter, now: () => now },
    input.connections ?? Infinity,
    {
      set: (fn, ms) => {
        const id = seq;
        at(now + ms, () => (cancelled.has(id) ? cancelled.delete(id) : fn()));
        return id;
      },
      clear: (id) => cancelled.add(id as number),
      soon: (fn) => at(now, fn),
    },
  );

  // ---- server
  const { server } = input;
  let windowStart = -(input.windowOffsetMs ?? 0);
  let windowCount = input.spent ?? 0;
  let tokens = server.kind === "token-bucket" ? server.burst : 0;
  let tokensAt = 0;
  let accepted = 0;
  let refused = 0;
  const admit = (): boolean => {
    if (server.kind === "fixed-window") {
      while (now - windowStart >= server.periodMs) {
        windowStart += server.periodMs;
        windowCount = 0;
      }
      windowCount += 1;
      return windowCount <= server.limit;
    }
    tokens = Math.min(server.burst, tokens + ((now - tokensAt) * server.limit) / server.periodMs);
    tokensAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };

  const acquire = (go: () => void) => (input.useLimiter ? limiter.whenAllowed(go) : go());

  // ---- resources
  let completed = 0;
  let failed = 0;
  let lastDone = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  const runRequest = (resource: { left: number }, counters: RetryCounters) => {
    acquire(() => {
      const sentAt = now;
      const ok = admit();
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      at(now + input.latencyMs, () => {
        inFlight -= 1;
        const status = ok ? 200 : 429;
        if (input.useLimiter) {
          limiter.onAnswer(sentAt, status);
          limiter.release();
        }
        if (ok) {
          accepted += 1;
          resource.left -= 1;
          if (resource.left === 0) {
            completed += 1;
            lastDone = now;
          } else runRequest(resource, { transient: 0, rateLimited: 0 });
          return;
        }
        refused += 1;
        const delay = retryDelayMs(false, { type: "status", status }, counters, policy);
        if (delay === undefined) {
          failed += 1;
          return;
        }
        at(now + delay, () => runRequest(resource, counters));
      });
    });
  };
  for (let i = 0; i < input.resources; i++) at(0, () => runRequest({ left: input.requestsPerResource }, { transient: 0, rateLimited: 0 }));

  while (events.length > 0) {
    const ev = events.shift() as (typeof events)[number];
    now = ev.at;
    ev.run();
  }
  const limitPerMs = server.limit / server.periodMs;
  return {
    completed,
    failed,
    accepted,
    refused,
    elapsedMs: lastDone,
    utilisation: lastDone === 0 ? 0 : accepted / (lastDone * limitPerMs),
    decreases: limiter.rate.counts.decreases,
    pauses: limiter.rate.counts.pauses,
    peakInFlight,
  };
}

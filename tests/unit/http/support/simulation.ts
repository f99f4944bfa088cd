/**
 * A discrete-event simulation of many resources applying at once against a rate-limited server,
 * driving the real limiter (its RateWindow arithmetic and queue) and the real retry policy on a virtual clock.
 * Deterministic: the same inputs give the same figures.
 */
import { DEFAULT_RATE_LIMIT_MAX_WAIT_MS } from "../../../../provider/config";
import { Limiter, type LimiterOptions } from "../../../../provider/http/rate-limit/limiter";
import { retryDelayMs, type RetryCounters, type RetryPolicyOptions } from "../../../../provider/http/transport/retry-policy";
import type { WindowWait } from "../../../../provider/http/rate-limit/window-waits";

/** How the simulated server limits requests. */
export type ServerLimit =
  /** rack-attack: at most `limit` requests per fixed window of `periodMs`; refused requests count too. */
  | { kind: "fixed-window"; limit: number; periodMs: number }
  /** A token bucket refilled at `limit` per `periodMs`, holding at most `burst` tokens. */
  | { kind: "token-bucket"; limit: number; periodMs: number; burst: number }
  /** No rate limit (429s only where `refusals` put them). */
  | { kind: "none" };

/** From `at` on, the next `times` requests the server receives are answered 429 whatever its limit (a fault, a proxy). */
export interface Refusal {
  at: number;
  times: number;
}

export interface SimulationInput {
  resources: number;
  /** Sequential requests each resource makes (e.g. create = POST then GET). */
  requestsPerResource: number;
  server: ServerLimit;
  /** Round trip of a request; the server counts it on arrival, at once unless `jitterMs`. */
  latencyMs: number;
  /** Up to this much more, at random per request, before the server counts it (varying latency, server load). */
  jitterMs?: number;
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
  /** Fraction of answers lost after the server handled the request (the connection dropped). */
  lostAnswers?: number;
  /** Resources start evenly over this long instead of all at once (light, uneven traffic). */
  startsOverMs?: number;
  /** A resource's pause between one request's success and its next request. */
  gapMs?: number;
  /** Resources that start at given times, with their own number of requests and gap (replaces the even start above). */
  workload?: { at: number; requests: number; gapMs?: number }[];
  /** 429s the server answers apart from its limit. */
  refusals?: Refusal[];
  /** Simulated time after which the run is stopped (a limiter that stalls never ends otherwise). */
  stopAfterMs?: number;
  /** Records every request in the result's `trace`. */
  trace?: boolean;
  seed?: number;
}

/** One request, as the simulation saw it. */
export interface TracedRequest {
  /** The call it was an attempt of (numbered from 0 in the order the calls began). */
  call: number;
  /** When the request was handed to the limiter (a retry: when its retry was decided). */
  queuedAt: number;
  sentAt: number;
  answeredAt: number;
  /** 200, 429, or 0 when the answer was lost. */
  status: number;
  /** Whether the limiter sent it alone, to learn something. */
  probe: boolean;
  /** The server's fixed window that counted it (0: the one the run started in). */
  window: number;
}

export interface SimulationResult {
  completed: number;
  failed: number;
  /** Resources neither completed nor failed when the run was stopped. */
  unfinished: number;
  /** Calls that failed because they waited for the rate-limit window as long as `rateLimitMaxWaitMs` allows. */
  gaveUp: number;
  /** When each call that gave up did so. */
  gaveUpAt: number[];
  accepted: number;
  refused: number;
  elapsedMs: number;
  /** Accepted requests per unit of time, as a fraction of the server's limit. */
  utilisation: number;
  decreases: number;
  pauses: number;
  probes: number;
  /** What the limiter learned: requests per window and the window's length. */
  quota: number | undefined;
  periodMs: number | undefined;
  /** Most requests sent and not yet answered at any moment. */
  peakInFlight: number;
  /** Calls that failed because their answer was lost (the requests are writes: not repeated). */
  lost: number;
  /** Requests the server applied more than once. */
  duplicates: number;
  /** Whether the limiter ended up pacing (it took the server for one that refills gradually). */
  paced: boolean;
  trace: TracedRequest[];
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
  const policy: RetryPolicyOptions = { maxRetries: 6, rateLimitMaxWaitMs: DEFAULT_RATE_LIMIT_MAX_WAIT_MS, minDelayMs: 300, maxDelayMs: 10_000, maxRetryAfterMs: 60_000, random, ...input.retry };
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
  let windowIndex = 0;
  let windowCount = input.spent ?? 0;
  let tokens = server.kind === "token-bucket" ? server.burst : 0;
  let tokensAt = 0;
  let accepted = 0;
  let refused = 0;
  const refusals = (input.refusals ?? []).map((r) => ({ ...r }));
  const admit = (): boolean => {
    const refusal = refusals.find((r) => r.at <= now && r.times > 0);
    if (refusal !== undefined) {
      refusal.times -= 1;
      return false;
    }
    if (server.kind === "none") return true;
    if (server.kind === "fixed-window") {
      while (now - windowStart >= server.periodMs) {
        windowStart += server.periodMs;
        windowIndex += 1;
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

  const acquire = (go: () => void, first: boolean, wait: WindowWait) => (input.useLimiter ? limiter.whenAllowed(go, first, wait) : go());

  // ---- resources: each makes its requests one after the other; every request is a write (POST)
  let completed = 0;
  let failed = 0;
  let lost = 0;
  const gaveUpAt: number[] = [];
  const trace: TracedRequest[] = [];
  let duplicates = 0;
  let lastDone = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  /** One call: its retry counters, its wait for the window and what the server applied of it. */
  interface Call {
    id: number;
    counters: RetryCounters;
    wait: WindowWait;
    applied: number;
  }
  let calls = 0;
  const newCall = (): Call => ({ id: calls++, counters: { transient: 0, rateLimited: 0 }, wait: { maxWaitMs: policy.rateLimitMaxWaitMs }, applied: 0 });
  const giveUp = (call: Call) => {
    failed += 1;
    gaveUpAt.push(now);
    limiter.doneWaiting(call.wait);
  };
  const runRequest = (resource: { left: number; gapMs?: number }, call: Call, first = false) => {
    const queuedAt = now;
    // As the attempt gate does: a call held too long for the window fails without being sent.
    call.wait.onExpired = () => giveUp(call);
    acquire(() => {
      // Stamped like the attempt gate does: the limiter tells a probe from what went just before it.
      const sentAt = input.useLimiter ? limiter.clock() : now;
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      const jitter = input.jitterMs === undefined ? 0 : random() * input.jitterMs;
      let ok = false;
      let window = 0;
      at(now + jitter, () => {
        ok = admit();
        window = windowIndex;
      });
      at(now + jitter + input.latencyMs, () => {
        inFlight -= 1;
        if (ok) {
          call.applied += 1;
          if (call.applied === 2) duplicates += 1;
        }
        const status = ok ? 200 : 429;
        const answerLost = input.lostAnswers !== undefined && random() < input.lostAnswers;
        let probe = false;
        if (input.useLimiter) {
          if (answerLost) limiter.onNoAnswer(sentAt);
          else probe = limiter.onAnswer(sentAt, status);
          limiter.release();
        }
        if (input.trace) trace.push({ call: call.id, queuedAt, sentAt, answeredAt: now, status: answerLost ? 0 : status, probe, window });
        if (answerLost) {
          // As the client decides it: a write whose answer was lost may have been applied.
          const delay = retryDelayMs(false, { type: "error", code: "ECONNRESET" }, call.counters, policy);
          if (delay === undefined) {
            failed += 1;
            lost += 1;
            limiter.doneWaiting(call.wait);
          } else at(now + delay, () => runRequest(resource, call));
          return;
        }
        if (ok) {
          accepted += 1;
          limiter.doneWaiting(call.wait);
          resource.left -= 1;
          if (resource.left === 0) {
            completed += 1;
            lastDone = now;
          } else if (resource.gapMs === undefined) runRequest(resource, newCall());
          else at(now + resource.gapMs, () => runRequest(resource, newCall()));
          return;
        }
        refused += 1;
        // As the attempt gate does: the call waits for the window from its first 429 (or from when
        // it was held back for it) and, while the limiter holds, retries there, first in line.
        call.wait.since ??= sentAt;
        limiter.waitingForWindow(call.wait);
        const delay = retryDelayMs(false, { type: "status", status, waitedMs: now - call.wait.since }, call.counters, policy);
        if (delay === undefined) return giveUp(call);
        if (input.useLimiter && limiter.throttled) runRequest(resource, call, true);
        else at(now + delay, () => runRequest(resource, call));
      });
    }, first, call.wait);
  };
  const spread = input.startsOverMs ?? 0;
  const workload =
    input.workload ?? Array.from({ length: input.resources }, (_, i) => ({ at: (i * spread) / input.resources, requests: input.requestsPerResource, gapMs: input.gapMs }));
  for (const w of workload) at(w.at, () => runRequest({ left: w.requests, gapMs: w.gapMs }, newCall()));

  const stopAt = input.stopAfterMs ?? 3_600_000;
  while (events.length > 0 && (events[0] as (typeof events)[number]).at <= stopAt) {
    const ev = events.shift() as (typeof events)[number];
    now = ev.at;
    ev.run();
  }
  const limitPerMs = server.kind === "none" ? Infinity : server.limit / server.periodMs;
  return {
    completed,
    failed,
    unfinished: workload.length - completed - failed,
    gaveUp: gaveUpAt.length,
    gaveUpAt,
    accepted,
    refused,
    elapsedMs: lastDone,
    utilisation: lastDone === 0 ? 0 : accepted / (lastDone * limitPerMs),
    decreases: limiter.rate.counts.decreases,
    pauses: limiter.rate.counts.pauses,
    probes: limiter.rate.counts.probes,
    quota: limiter.rate.learnedQuota,
    periodMs: limiter.rate.learnedPeriodMs,
    peakInFlight,
    lost,
    duplicates,
    paced: limiter.rate.paceAt(now) !== undefined,
    trace,
  };
}

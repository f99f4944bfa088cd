/**
 * A discrete-event simulation of many resources applying at once against a rate-limited server,
 * driving the real limiter and the real retry policy on a virtual clock, as the attempt gate wires
 * them. The server dates every answer by its own clock (an HTTP date, to the second) and counts
 * requests in fixed windows at multiples of the period of that clock, as rack-attack does.
 * Deterministic: the same inputs give the same figures.
 */
import { DEFAULT_RATE_LIMIT_MAX_WAIT_MS } from "../../../../provider/config";
import { Limiter, type LimiterOptions, type Ticket } from "../../../../provider/http/rate-limit/limiter";
import type { WindowWait } from "../../../../provider/http/rate-limit/window-waits";
import { retryDelayMs, type RetryCounters, type RetryPolicyOptions } from "../../../../provider/http/transport/retry-policy";

/** How the simulated server limits requests. */
export type ServerLimit =
  /** rack-attack: at most `limit` requests per window of `periodMs` (at multiples of it by the server's clock); refused ones count too. */
  | { kind: "fixed-window"; limit: number; periodMs: number }
  /** A proxy's token bucket refilled at `limit` per `periodMs`, holding at most `burst` tokens. */
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
  /** Sequential requests each resource makes (e.g. create = GET then POST). */
  requestsPerResource: number;
  server: ServerLimit;
  /** Where the run starts in the server's window: milliseconds past a multiple of its period (fixed window). */
  startIntoWindowMs?: number;
  /** How far the machine's wall clock is off the server's (the limiter's guess before an answer is dated). */
  wallSkewMs?: number;
  /** Whether answers carry a `Date` header (default true). */
  dated?: boolean;
  /** Round trip of a request; the server counts it on arrival, at once unless `jitterMs`. */
  latencyMs: number;
  /** Up to this much more, at random per request, before the server counts it (varying latency, server load). */
  jitterMs?: number;
  /** The limiter's cap on requests in flight (the client's pool size); default: no cap. */
  connections?: number;
  /** The quota per window the operator configured (`chatwoot:rateLimitPerMinute`). */
  configuredQuota?: number;
  limiter?: Partial<LimiterOptions>;
  retry?: Partial<RetryPolicyOptions>;
  /** Requests already counted in the first window when the run starts (another client on the same IP). */
  spent?: number;
  /** Fraction of answers lost after the server handled the request (the connection dropped). */
  lostAnswers?: number;
  /** 429s the server answers apart from its limit. */
  refusals?: Refusal[];
  /** Simulated time after which the run is stopped (a limiter that stalls never ends otherwise). */
  stopAfterMs?: number;
  seed?: number;
}

/** One request, as the simulation saw it. */
export interface TracedRequest {
  /** The call it was an attempt of (numbered from 0 in the order the calls began). */
  call: number;
  sentAt: number;
  answeredAt: number;
  /** 200, 429, or 0 when the answer was lost. */
  status: number;
  /** Whether the limiter sent it alone, to learn something. */
  alone: boolean;
  /** The server's clock when it counted the request (epoch ms). */
  serverAt: number;
}

export interface SimulationResult {
  completed: number;
  failed: number;
  /** Resources neither completed nor failed when the run was stopped. */
  unfinished: number;
  /** When each call that gave up waiting for the window (after `rateLimitMaxWaitMs`) did so. */
  gaveUpAt: number[];
  accepted: number;
  refused: number;
  /** When the last resource finished. */
  elapsedMs: number;
  /**
   * The earliest any client could finish under a fixed-window limit: 0 when the first window's
   * quota covers every request, otherwise the opening of the window by which enough has accrued.
   */
  boundMs: number;
  probes: number;
  holds: number;
  quota: number | undefined;
  quotaSource: string | undefined;
  /** Most requests sent and not yet answered at any moment. */
  peakInFlight: number;
  /** Calls that failed because their answer was lost (the requests are writes: not repeated). */
  lost: number;
  /** Requests the server applied more than once. */
  duplicates: number;
  /** Local time at which the server's clock read `serverMs`. */
  localAt: (serverMs: number) => number;
  trace: TracedRequest[];
}

/** The server's epoch time at the start of the run, less where the run starts in its window. */
const SERVER_EPOCH = 1_800_000_000_000;

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
      const e = events[mid] as (typeof events)[number];
      if (e.at < ev.at || (e.at === ev.at && e.seq < ev.seq)) lo = mid + 1;
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

  const { server } = input;
  // The limiter reckons in the server's windows; a limit of another kind is met with Chatwoot's minute.
  const period = server.kind === "fixed-window" ? server.periodMs : 60_000;
  const serverOffset = SERVER_EPOCH + (input.startIntoWindowMs ?? 0);
  const serverNow = () => now + serverOffset;
  const policy: RetryPolicyOptions = { maxRetries: 6, rateLimitMaxWaitMs: DEFAULT_RATE_LIMIT_MAX_WAIT_MS, minDelayMs: 300, maxDelayMs: 10_000, maxRetryAfterMs: 60_000, random, ...input.retry };
  const cancelled = new Set<number>();
  const limiter = new Limiter(
    { periodMs: period, ...input.limiter, now: () => now, wallClock: () => serverNow() + (input.wallSkewMs ?? 0) },
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
  limiter.configure(input.configuredQuota);

  // ---- server
  let windowIndex = Math.floor(serverNow() / period);
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
      const index = Math.floor(serverNow() / period);
      if (index !== windowIndex) {
        windowIndex = index;
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
  const runRequest = (resource: { left: number }, call: Call, first = false) => {
    // As the attempt gate does: a call held too long for the window fails without being sent.
    call.wait.onExpired = () => giveUp(call);
    limiter.whenAllowed(
      (ticket: Ticket) => {
        inFlight += 1;
        peakInFlight = Math.max(peakInFlight, inFlight);
        const jitter = input.jitterMs === undefined ? 0 : random() * input.jitterMs;
        let ok = false;
        let serverAt = 0;
        let date: string | undefined;
        at(now + jitter, () => {
          ok = admit();
          serverAt = serverNow();
          if (input.dated !== false) date = new Date(serverAt).toUTCString();
        });
        at(now + jitter + input.latencyMs, () => {
          inFlight -= 1;
          if (ok) {
            call.applied += 1;
            if (call.applied === 2) duplicates += 1;
          }
          const status = ok ? 200 : 429;
          const answerLost = input.lostAnswers !== undefined && random() < input.lostAnswers;
          if (answerLost) limiter.onNoAnswer(ticket);
          else limiter.onAnswer(ticket, status, undefined, date);
          trace.push({ call: call.id, sentAt: ticket.sentAt, answeredAt: now, status: answerLost ? 0 : status, alone: ticket.alone, serverAt });
          if (answerLost) {
            limiter.release();
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
            limiter.release();
            resource.left -= 1;
            if (resource.left === 0) {
              completed += 1;
              lastDone = now;
            } else runRequest(resource, newCall());
            return;
          }
          refused += 1;
          // As the attempt gate does: the call waits for the window from its first 429 (or from when
          // it was held back for it) and, while the limiter holds, retries there, first in line.
          call.wait.since ??= ticket.sentAt;
          limiter.waitingForWindow(call.wait);
          limiter.release();
          const delay = retryDelayMs(false, { type: "status", status, waitedMs: now - call.wait.since }, call.counters, policy);
          if (delay === undefined) return giveUp(call);
          if (limiter.throttled) runRequest(resource, call, true);
          else at(now + delay, () => runRequest(resource, call));
        });
      },
      first,
      call.wait,
    );
  };
  for (let i = 0; i < input.resources; i++) at(0, () => runRequest({ left: input.requestsPerResource }, newCall()));

  const stopAt = input.stopAfterMs ?? 3_600_000;
  while (events.length > 0 && (events[0] as (typeof events)[number]).at <= stopAt) {
    const ev = events.shift() as (typeof events)[number];
    now = ev.at;
    ev.run();
  }

  let boundMs = 0;
  if (server.kind === "fixed-window") {
    const needed = input.resources * input.requestsPerResource;
    const left = server.limit - (input.spent ?? 0);
    if (needed > left) boundMs = Math.ceil((needed - left) / server.limit) * period - (input.startIntoWindowMs ?? 0);
  }
  const stats = limiter.stats();
  return {
    completed,
    failed,
    unfinished: input.resources - completed - failed,
    gaveUpAt,
    accepted,
    refused,
    elapsedMs: lastDone,
    boundMs,
    probes: stats.probes,
    holds: stats.holds,
    quota: stats.quota,
    quotaSource: stats.quotaSource,
    peakInFlight,
    lost,
    duplicates,
    localAt: (serverMs) => serverMs - serverOffset,
    trace,
  };
}

/**
 * What a failed attempt means: whether it may be repeated, after how long, and whether a write
 * may have taken effect. Pure functions; the client's retry loop asks them (see `call-state`).
 *
 * Chatwoot has no idempotency keys, so a POST is repeated only when the server provably did not
 * process it: the connection was never made, or the answer was 429 or 503. GET, PATCH and DELETE
 * set state rather than add to it and are repeated after any transient failure. A 2xx answer that
 * cannot be read is read again only for a GET: a write it answers was applied.
 */
import type { WriteOutcome } from "./errors";

/** Failures before a connection exists: the request never reached the server. */
export const CONNECT_ERROR_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
]);

/** Failures after the request may have been sent: retried for idempotent requests only. */
const IN_FLIGHT_ERROR_CODES: ReadonlySet<string> = new Set([
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** Transport codes that mean "no answer in time". */
export const TIMEOUT_ERROR_CODES: ReadonlySet<string> = new Set([
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "ETIMEDOUT",
]);

/** A DNS failure is usually a typo in the URL; retrying it only delays the error. */
const NOT_WORTH_RETRYING: ReadonlySet<string> = new Set(["ENOTFOUND"]);

/** Tuning of the retry schedule. */
export interface RetryPolicyOptions {
  /** Retries after transient failures (5xx, lost connections, timeouts). */
  maxRetries: number;
  /**
   * Longest time a call waits for the server's rate-limit window, from when it began to wait (held
   * back by the limiter, or its first 429): 429s are not counted against a number of retries,
   * since how many a wait takes depends on the server's window and its other clients, and what a
   * user feels is time.
   */
  rateLimitMaxWaitMs: number;
  /** First backoff step; each further retry doubles it. */
  minDelayMs: number;
  /** Cap of the backoff step. */
  maxDelayMs: number;
  /** Cap on a server's Retry-After. */
  maxRetryAfterMs: number;
  /** Source of jitter, in [0, 1). */
  random: () => number;
}

/**
 * One failed attempt. `waitedMs`: for a 429, how long the call has waited for the rate-limit
 * window so far. `beforeFirstAnswer`: the server has not answered any request of this process yet.
 * `unreadable`: a 2xx answer that broke off or is not JSON, to a request of `method`.
 */
export type AttemptFailure =
  | { type: "status"; status: number; retryAfterMs?: number; waitedMs?: number }
  | { type: "error"; code?: string; beforeFirstAnswer?: boolean }
  | { type: "unreadable"; method: string };

/** What one call has met so far: retries after transient failures, and 429 answers. */
export interface RetryCounters {
  transient: number;
  rateLimited: number;
}

/** Whether a request of this method is repeated after failures that may have reached the server. */
export function isIdempotent(method: string): boolean {
  return method === "GET" || method === "PATCH" || method === "DELETE" || method === "PUT" || method === "HEAD";
}

/**
 * Milliseconds to wait before repeating the attempt, or `undefined` when it must not be repeated.
 * Increments the counter the failure is charged to. A 429 is repeated for as long as the call's
 * wait for the rate-limit window stays within `rateLimitMaxWaitMs` (see {@link rateLimitWaitOver}).
 */
export function retryDelayMs(
  idempotent: boolean,
  failure: AttemptFailure,
  counters: RetryCounters,
  options: RetryPolicyOptions,
): number | undefined {
  if (failure.type === "status") {
    const { status } = failure;
    if (status === 429) {
      counters.rateLimited += 1;
      if (rateLimitWaitOver(failure.waitedMs ?? 0, options)) return undefined;
      return serverDelay(failure.retryAfterMs, options) ?? backoffMs(counters.rateLimited, options);
    }
    const retryable = status === 503 || (idempotent && (status === 502 || status === 504));
    if (!retryable || counters.transient >= options.maxRetries) return undefined;
    counters.transient += 1;
    return serverDelay(failure.retryAfterMs, options) ?? backoffMs(counters.transient, options);
  }
  const retryable = failure.type === "unreadable" ? failure.method === "GET" : retryableError(idempotent, failure.code ?? "", failure.beforeFirstAnswer);
  if (!retryable || counters.transient >= options.maxRetries) return undefined;
  counters.transient += 1;
  return backoffMs(counters.transient, options);
}

function retryableError(idempotent: boolean, code: string, beforeFirstAnswer = false): boolean {
  if (NOT_WORTH_RETRYING.has(code)) return false;
  // A server never reached in this process is most likely a wrong URL or a server that is down:
  // retrying for the whole backoff (about 20 s) only delays the message. Once it has answered, a
  // failure to connect is a passing outage (a restart, a proxy reload) and is retried.
  if (beforeFirstAnswer && CONNECT_ERROR_CODES.has(code)) return false;
  return CONNECT_ERROR_CODES.has(code) || (idempotent && IN_FLIGHT_ERROR_CODES.has(code));
}

/** Whether a call that has waited `waitedMs` for the rate-limit window must give up. */
export function rateLimitWaitOver(waitedMs: number, options: Pick<RetryPolicyOptions, "rateLimitMaxWaitMs">): boolean {
  return waitedMs >= options.rateLimitMaxWaitMs;
}

/**
 * Capped exponential backoff with "equal jitter": half the step is fixed, half random, so
 * clients that failed together do not retry together, and no retry is immediate.
 */
export function backoffMs(retry: number, options: Pick<RetryPolicyOptions, "minDelayMs" | "maxDelayMs" | "random">): number {
  const step = Math.min(options.maxDelayMs, options.minDelayMs * 2 ** Math.max(0, retry - 1));
  return step / 2 + options.random() * (step / 2);
}

function serverDelay(retryAfterMs: number | undefined, options: RetryPolicyOptions): number | undefined {
  return retryAfterMs === undefined ? undefined : Math.min(retryAfterMs, options.maxRetryAfterMs);
}

/** A Retry-After header (delta seconds or an HTTP date) in milliseconds; `undefined` when absent or unusable. */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === "") return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Whether a failed write may have changed the server's state. A GET never does; an answer of
 * 2xx means it did; 429, 503 and 4xx other than 408 mean it did not; so does a failure to connect.
 */
export function writeOutcomeOf(method: string, failure: { status?: number; code?: string }): WriteOutcome {
  if (method === "GET" || method === "HEAD") return "not-applied";
  const { status, code } = failure;
  if (status !== undefined) {
    if (status >= 200 && status < 300) return "applied";
    if (status === 429 || status === 503) return "not-applied";
    if (status >= 400 && status < 500 && status !== 408) return "not-applied";
    return "unknown";
  }
  return code !== undefined && CONNECT_ERROR_CODES.has(code) ? "not-applied" : "unknown";
}

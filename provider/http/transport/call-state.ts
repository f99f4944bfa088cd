/**
 * One API call's state across its attempts, which the client's retry loop and the attempt gate
 * share: its attempts, the backoff before the next one, the current attempt's ticket and answer,
 * its wait for the rate-limit window, and the budget of its retries. It changes only through the
 * operations below, so each step of a call (an attempt goes out, an answer comes, the call gives
 * up waiting, a failure is judged) is written once. The state stays a plain record: it rides in
 * undici's dispatch options to the gate.
 */
import type { Ticket } from "../rate-limit/limiter";
import type { RequestLimiter } from "../rate-limit/request-limiter";
import type { WindowWait } from "../rate-limit/window-waits";
import { parseRetryAfter, retryDelayMs, type AttemptFailure, type RetryCounters, type RetryPolicyOptions } from "./retry-policy";

/**
 * Whether a server has answered this process yet: one per origin (see `origins.ts`), shared by
 * the calls to it, and set by the first answer of any of them.
 */
export interface OriginContact {
  answered: boolean;
}

/** What the attempt gate and the retry decision share for one call. */
export interface CallState {
  limiter: RequestLimiter;
  /** Whether the server has answered this process yet; set at an answer. */
  contact: OriginContact;
  idempotent: boolean;
  policy: RetryPolicyOptions;
  counters: RetryCounters;
  attempts: number;
  /** Backoff to wait before the next attempt. */
  delayMs: number;
  /** The limiter's ticket of the current attempt (when it went out, in which window). */
  ticket?: Ticket;
  /** The call's wait for the rate-limit window (`maxWaitMs` from the policy's `rateLimitMaxWaitMs`). */
  wait: WindowWait;
  /** How long the call had waited for the window when it gave up (its bound ran out). */
  gaveUpAfterMs?: number;
  /** Status of the current attempt's answer, once its headers arrived. */
  status?: number;
  retryAfterMs?: number;
}

/** A call before its first attempt. */
export function newCall(limiter: RequestLimiter, contact: OriginContact, idempotent: boolean, policy: RetryPolicyOptions): CallState {
  return { limiter, contact, idempotent, policy, counters: { transient: 0, rateLimited: 0 }, attempts: 0, delayMs: 0, wait: { maxWaitMs: policy.rateLimitMaxWaitMs } };
}

/**
 * The next attempt is about to wait for its turn: the backoff it waits first (taken, so it is
 * waited once), or none when it follows a 429 while the limiter holds requests back for the window
 * (`afterLimit`): it then waits there, first in line, instead. Held back there past the call's
 * bound, the call gives up, and `giveUp` ends it.
 */
export function nextAttempt(call: CallState, giveUp: (waitedMs: number) => void): { afterLimit: boolean; delayMs: number } {
  // `status` is still the previous attempt's.
  const afterLimit = call.status === 429 && call.limiter.throttled;
  const delayMs = afterLimit ? 0 : call.delayMs;
  call.delayMs = 0;
  call.wait.onExpired = (waitedMs) => {
    call.gaveUpAfterMs = waitedMs;
    giveUp(waitedMs);
  };
  return { afterLimit, delayMs };
}

/** The attempt with `ticket` goes out. */
export function attemptSent(call: CallState, ticket: Ticket): void {
  call.attempts += 1;
  call.status = undefined;
  call.retryAfterMs = undefined;
  call.ticket = ticket;
}

/**
 * The attempt's answer arrived (a final status, not 1xx). A 429 starts the call's wait for the
 * window from when the attempt went out, unless the limiter held it back for the window earlier.
 */
export function answered(call: CallState, ticket: Ticket, status: number, retryAfter: string | string[] | undefined): void {
  call.contact.answered = true;
  call.status = status;
  call.retryAfterMs = parseRetryAfter(retryAfter);
  if (status === 429) call.wait.since ??= ticket.sentAt;
}

/** Whether to repeat an attempt answered with error `status`; a 429 past the wait's bound ends the call as having given up. */
export function retryAnswer(call: CallState, status: number): boolean {
  const waitedMs = call.wait.since === undefined ? 0 : call.limiter.now() - call.wait.since;
  return retry(call, { type: "status", status, retryAfterMs: call.retryAfterMs, waitedMs });
}

/** Whether to repeat an attempt that got no answer (transport failure `code`). */
export function retryFailure(call: CallState, code: string | undefined): boolean {
  return retry(call, { type: "error", code, beforeFirstAnswer: !call.contact.answered });
}

/** Whether to repeat a request of `method` whose 2xx answer broke off or is not JSON. */
export function retryUnreadable(call: CallState, method: string): boolean {
  return retry(call, { type: "unreadable", method });
}

function retry(call: CallState, failure: AttemptFailure): boolean {
  const delay = retryDelayMs(call.idempotent, failure, call.counters, call.policy);
  if (delay !== undefined) {
    call.delayMs = delay;
    return true;
  }
  if (failure.type === "status" && failure.status === 429) call.gaveUpAfterMs = failure.waitedMs;
  return false;
}

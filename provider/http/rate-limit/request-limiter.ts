/**
 * What the attempt gate and a call's state need of a limiter: the process's own `Limiter`,
 * or a `BrokeredLimiter` that asks the rate broker of a fleet run, which holds one limiter
 * per server for every process of the run (see ./broker.ts).
 */
import type { FixedWindowCounts, QuotaSource, Ticket } from "./fixed-window";
import type { WindowWait } from "./window-waits";

/** Counters for benchmarks and diagnostics. */
export interface LimiterStats extends FixedWindowCounts {
  /** Requests per window: configured, or learned from the server's 429s; `undefined` until known. */
  quota: number | undefined;
  quotaSource: QuotaSource | undefined;
  /** How far the server's clock runs ahead of this machine's (negative: behind), as far as its Date headers tell. */
  serverAheadMs: { lo: number; hi: number };
  /** Requests waiting for their turn. */
  waiting: number;
  /** Requests admitted and not yet released. */
  inFlight: number;
  /** Calls waiting for the rate-limit window (held back, or with an attempt out after a 429). */
  waitingForWindow: number;
}

/** The limiter's contract with the attempt gate and the client's retry loop. */
export interface RequestLimiter {
  /** The limiter's clock now (monotonic milliseconds of this process). */
  now(): number;
  /** The server's quota per window as the operator set it (`undefined`: learn it from its 429s). */
  configure(quota: number | undefined): void;
  /**
   * `go` runs now or at the request's turn, holding a slot, with the ticket to hand back with the
   * answer; `first` puts it before those waiting; `wait` is the call's wait for the rate-limit window.
   */
  whenAllowed(go: (ticket: Ticket) => void, first?: boolean, wait?: WindowWait): void;
  /** The call of `wait` (its `since` set) waits for the window: after a 429, its attempt still out. */
  waitingForWindow(wait: WindowWait): void;
  /** The call of `wait` no longer waits for the window. */
  doneWaiting(wait: WindowWait): void;
  /** Whether requests are held for the server's rate-limit window. */
  readonly throttled: boolean;
  /** Gives back the slot of a request that ended (answered, failed, timed out, never sent). */
  release(): void;
  /** Feeds back an answer to `ticket`: its status, Retry-After and `Date` header. */
  onAnswer(ticket: Ticket, status: number, retryAfterMs?: number, date?: string): void;
  /** Feeds back an attempt that got no answer. */
  onNoAnswer(ticket: Ticket): void;
  stats(): LimiterStats;
}

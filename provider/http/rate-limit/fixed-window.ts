/**
 * The server's rate limit as rack-attack's `req/ip` throttle counts it, free of timers (every
 * method takes the local time): a fixed number of requests per client IP in windows of a fixed
 * length (Chatwoot: `RACK_ATTACK_LIMIT`, 3,000 by default, per minute) that start at multiples of
 * that length since the epoch, by the server's clock. Every request counts, refused ones too; a
 * refused one is answered 429 with no Retry-After. So the `Date` header of the answers tells where
 * a window ends (see {@link ServerClock}), and the quota is configured (`chatwoot:rateLimitPerMinute`)
 * or learned: the requests the window accepted before it refused one.
 *
 * - Until something is known, nothing is held back (the limiter only caps the requests in flight).
 * - With a quota, each window gets that many requests of this process, then everything waits for
 *   the next one to open. After such a wait, the first request goes alone: should the window not be
 *   open after all (another client spent it, the clock misread), one request is refused, not a
 *   connection pool's worth.
 * - A 429 means that the window's quota is spent (by this process, or by another client on the same
 *   IP address): everything waits for the next window. A lone 429 may be something else (a proxy,
 *   another throttle, a window taken for open too soon), so until a second request of the window is
 *   refused, one request goes alone `probeAfterMs` after it; accepted, nothing is held any longer.
 * - A quota learned in the window the process started in may be short (requests sent before it
 *   counted too), so in the next window one request beyond it, sent alone, tests it: refused, the
 *   quota stands; accepted, the cap is lifted until that window refuses a request, which measures it.
 * - A Retry-After, when a server sends one, holds everything for that long.
 */
import { ServerClock, type Offset } from "./server-clock";

/** Tuning of {@link FixedWindow}. Times in milliseconds. */
export interface FixedWindowOptions {
  /** Length of the server's windows: rack-attack's period, a minute in Chatwoot. */
  periodMs: number;
  /** After a lone 429, when one request goes alone to tell the window's refusal from another kind. */
  probeAfterMs: number;
  /** Kept after the latest moment the next window can open by the server's clock. */
  marginMs: number;
  /** Local clock: monotonic milliseconds. */
  now: () => number;
  /** This machine's epoch milliseconds, the server's stand-in until an answer is dated. */
  wallClock: () => number;
}

export const DEFAULT_FIXED_WINDOW_OPTIONS: FixedWindowOptions = {
  periodMs: 60_000,
  // Long enough for a proxy's or a fault's refusal to pass, short against a minute's wait.
  probeAfterMs: 500,
  // Rounding of clocks, and a Date header written a little before the request was counted.
  marginMs: 100,
  now: () => performance.now(),
  wallClock: () => Date.now(),
};

/** A request the model let go: it is handed back with its answer. */
export interface Ticket {
  /** Local time it went out. */
  sentAt: number;
  /** The server's window it counts in, by the model's reckoning. */
  window: number;
  /** Sent alone to learn something (after a lone 429, or beyond an estimated quota). */
  alone: boolean;
}

/** Counters for benchmarks and diagnostics. */
export interface FixedWindowCounts {
  /** 429 answers seen. */
  throttled: number;
  /** Requests sent alone to learn something. */
  probes: number;
  /** Times everything waited for a window to open. */
  holds: number;
}

/**
 * Where the quota comes from: configured; measured over a window seen from its opening; or an
 * estimate, from the window the process started in.
 */
export type QuotaSource = "configured" | "measured" | "estimate";

type Hold =
  | { kind: "none" }
  /** The quota of the window before `until` is spent. */
  | { kind: "window"; until: number }
  /** A lone 429 in `window`: one request goes alone at `probeAt`. */
  | { kind: "doubt"; window: number; probeAt: number; probeOut: boolean }
  /** A Retry-After: nothing before `until` (local time). */
  | { kind: "pause"; until: number };

const NONE: Hold = { kind: "none" };

export class FixedWindow {
  readonly options: FixedWindowOptions;
  readonly counts: FixedWindowCounts = { throttled: 0, probes: 0, holds: 0 };
  readonly clock: ServerClock;
  private hold: Hold = NONE;
  private configured: number | undefined;
  private learned: number | undefined;
  private learnedFrom: QuotaSource | undefined;
  /** The window the quota was learned in: its late answers may still raise it. */
  private learnedIn = NaN;
  /** When the process sent its first request: a window opened before it may hold requests of others. */
  private firstSentAt = Infinity;
  /** Send time of the latest request. */
  private lastSentAt = -Infinity;
  /** The last {@link rebase}: the latest request sent before it, and by how many windows the numbers moved. */
  private rebasedAfter = -Infinity;
  private rebaseShift = 0;

  // The window requests are counted in, by the server's clock as known.
  private window = -Infinity;
  private sent = 0;
  private accepted = 0;
  /** Requests sent in the window and not ended yet (no answer, no failure). */
  private pending = 0;
  /** Requests sent in the window that ended only after the next one can have opened. */
  private late = 0;
  /** Whether the request beyond an estimated quota went in this window, and whether it is still out. */
  private tested = false;
  private testOut = false;
  /** The first request after a wait for the window goes alone ("due"); "out" while it is. */
  private opener: "due" | "out" | undefined;

  constructor(options: Partial<FixedWindowOptions> = {}) {
    this.options = { ...DEFAULT_FIXED_WINDOW_OPTIONS, ...options };
    this.clock = new ServerClock(this.options.now, this.options.wallClock);
  }

  /** The quota the operator set (`chatwoot:rateLimitPerMinute`), or `undefined` to learn it. */
  configure(quota: number | undefined): void {
    this.configured = quota;
  }

  /** Requests per window, if known. */
  get quota(): number | undefined {
    return this.configured ?? this.learned;
  }

  get quotaSource(): QuotaSource | undefined {
    return this.configured !== undefined ? "configured" : this.learnedFrom;
  }

  /** Whether requests are held back for the server's window (or a Retry-After). */
  get held(): boolean {
    return this.hold.kind !== "none";
  }

  /**
   * Milliseconds until the next request may go: 0 now, `Infinity` once the requests in flight are
   * answered (the next one goes alone). `inFlight`: requests sent and not answered yet.
   */
  delayMs(now: number, inFlight: number): number {
    this.roll(now);
    const hold = this.hold;
    if (hold.kind === "pause") {
      if (now < hold.until) return hold.until - now;
      this.hold = NONE;
    } else if (hold.kind === "window") {
      const wait = this.openingAt(hold.until) - now;
      if (wait > 0) return wait;
      // Open by the same sum that gave the wait (a floor of a quotient may still say otherwise).
      this.moveTo(hold.until);
    } else if (hold.kind === "doubt") {
      return hold.probeOut || inFlight > 0 ? Infinity : Math.max(0, hold.probeAt - now);
    }
    if (this.opener !== undefined) return this.opener === "out" || inFlight > 0 ? Infinity : 0;
    const quota = this.quota;
    if (quota === undefined || this.sent < quota) return 0;
    if (this.testOut) return Infinity;
    if (this.testDue()) return inFlight > 0 ? Infinity : 0;
    // The window's quota is used up: nothing more before the next one.
    this.waitFor(this.window + 1);
    return this.openingAt(this.window + 1) - now;
  }

  /** Records that a request goes out at `now` (only when {@link delayMs} is 0). */
  take(now: number): Ticket {
    this.roll(now);
    let alone = false;
    if (this.hold.kind === "doubt") {
      this.hold.probeOut = true;
      alone = true;
    } else if (this.opener === "due") {
      this.opener = "out";
      alone = true;
    } else if (this.testDue()) {
      this.tested = true;
      this.testOut = true;
      alone = true;
    }
    this.sent += 1;
    this.pending += 1;
    this.firstSentAt = Math.min(this.firstSentAt, now);
    this.lastSentAt = now;
    if (alone) this.counts.probes += 1;
    return { sentAt: now, window: this.window, alone };
  }

  /** Records the answer to `ticket`: its status, Retry-After and `Date` header. */
  onAnswer(ticket: Ticket, status: number, now: number, retryAfterMs?: number, date?: string): void {
    const restarts = this.clock.restarts;
    const dated = this.clock.observe(date, ticket.sentAt, now);
    if (this.clock.restarts !== restarts) this.rebase(now);
    this.roll(now);
    // The window that counted the request: its date's (windows are whole seconds, the date is to
    // the second); undated, the one it was sent in, or this one when it was carried into it.
    const sentIn = this.windowOf(ticket);
    const window = dated !== undefined ? Math.floor(dated / this.options.periodMs) : sentIn === this.window - 1 ? this.window : sentIn;
    this.moveTo(window);
    this.ended(ticket, now);
    const current = window === this.window;
    if (ticket.alone && this.opener === "out") this.opener = undefined;
    if (status !== 429) {
      if (current) this.onAccepted(ticket);
      return;
    }
    this.counts.throttled += 1;
    if (retryAfterMs !== undefined && retryAfterMs > 0) {
      const until = Math.max(now + retryAfterMs, this.hold.kind === "pause" ? this.hold.until : 0);
      this.hold = { kind: "pause", until };
      return;
    }
    // A refusal in a window that has ended, or in one known to be spent, tells nothing new.
    if (!current || this.hold.kind === "window") return;
    if (ticket.alone && this.testOut) {
      // The request beyond the estimated quota was refused: the quota is right.
      this.testOut = false;
      this.learnedFrom = "measured";
      this.waitFor(this.window + 1);
    } else if (this.hold.kind === "doubt") {
      // A second refusal in the window: it is the window's.
      this.spent();
    } else {
      this.hold = { kind: "doubt", window: this.window, probeAt: now + this.options.probeAfterMs, probeOut: false };
    }
  }

  /** Records that `ticket` got no answer (connection lost, timeout): nothing learned. */
  onNoAnswer(ticket: Ticket, now: number): void {
    this.roll(now);
    this.ended(ticket, now);
    if (!ticket.alone) return;
    if (this.opener === "out") this.opener = undefined;
    if (this.hold.kind === "doubt" && this.hold.probeOut) {
      this.hold.probeOut = false;
      this.hold.probeAt = now + this.options.probeAfterMs;
    }
    this.testOut = false;
  }

  /** The offset of the server's clock (server minus local), as far as known. */
  offset(): Offset {
    return this.clock.offset();
  }

  private onAccepted(ticket: Ticket): void {
    this.accepted += 1;
    if (ticket.alone && this.hold.kind === "doubt") {
      // The lone 429 was not the window's.
      this.hold = NONE;
    } else if (ticket.alone && this.testOut) {
      // The estimate was short: no cap until this window refuses a request, which measures it.
      this.testOut = false;
      this.learned = undefined;
      this.learnedFrom = undefined;
    }
    if (this.learnedIn === this.window && this.configured === undefined && this.accepted > (this.learned ?? Infinity)) this.learned = this.accepted;
  }

  /** A request of the window ended: still counted for the next one if that can have opened by then. */
  private ended(ticket: Ticket, now: number): void {
    if (this.windowOf(ticket) !== this.window) return;
    this.pending -= 1;
    if (now >= this.earliestOpening(this.window + 1)) this.late += 1;
  }

  /** The window's quota is spent: learn it, if nothing did yet, and wait for the next window. */
  private spent(): void {
    if (this.quota === undefined && this.accepted > 0) {
      this.learned = this.accepted;
      // Measured only over a window that opened after the process began, for sure.
      this.learnedFrom = this.firstSentAt < this.earliestOpening(this.window) ? "measured" : "estimate";
      this.learnedIn = this.window;
    }
    this.waitFor(this.window + 1);
  }

  private testDue(): boolean {
    return this.learnedFrom === "estimate" && this.configured === undefined && !this.tested && this.sent === this.learned && this.window !== this.learnedIn;
  }

  private waitFor(window: number): void {
    this.hold = { kind: "window", until: window };
    this.counts.holds += 1;
  }

  /**
   * The server's clock is known afresh (the first dated answer, or a clock set back): the window
   * counted in so far is the one open now by it, and every window number kept moves with it.
   */
  private rebase(now: number): void {
    if (this.window === -Infinity) return;
    const shift = this.windowAt(now) - this.window;
    this.rebasedAfter = this.lastSentAt;
    this.rebaseShift = shift;
    this.window += shift;
    this.learnedIn += shift;
    if (this.hold.kind === "window") this.hold.until += shift;
    else if (this.hold.kind === "doubt") this.hold.window += shift;
  }

  /** The window `ticket` was sent in, in the numbers of the latest reckoning. */
  private windowOf(ticket: Ticket): number {
    return ticket.sentAt <= this.rebasedAfter ? ticket.window + this.rebaseShift : ticket.window;
  }

  /** Moves the count to the window open at `now`, if it is a later one. */
  private roll(now: number): void {
    this.moveTo(this.windowAt(now));
  }

  /** The server's window open at local time `now` for sure (its opening plus the margin past). */
  private windowAt(now: number): number {
    return Math.floor((now + this.offset().lo - this.options.marginMs) / this.options.periodMs);
  }

  private moveTo(window: number): void {
    if (window <= this.window) return;
    // Requests of the last window still out when this one can have opened may count in this one.
    this.sent = window === this.window + 1 ? this.pending + this.late : 0;
    this.window = window;
    this.accepted = 0;
    this.pending = 0;
    this.late = 0;
    this.tested = false;
    const hold = this.hold;
    if (hold.kind === "window" && window >= hold.until) {
      this.hold = NONE;
      this.opener = "due";
    } else if (hold.kind === "doubt" && window > hold.window) {
      this.hold = NONE;
    }
  }

  /** Local time by which window `index` has opened for sure, plus the margin. */
  private openingAt(index: number): number {
    return index * this.options.periodMs - this.offset().lo + this.options.marginMs;
  }

  /** Local time before which window `index` cannot have opened. */
  private earliestOpening(index: number): number {
    return index * this.options.periodMs - this.offset().hi;
  }
}

/**
 * The process-wide limiter: requests to one server wait here for their turn, at most `maxInFlight`
 * at a time, and for the server's rate-limit window as {@link FixedWindow} reckons it (rack-attack's
 * fixed windows, their end told by the server's `Date` header), each for at most its own bound
 * ({@link WindowWaits}, which also reports the wait as progress).
 */
import { DEFAULT_FIXED_WINDOW_OPTIONS, FixedWindow, type FixedWindowOptions, type Ticket } from "./fixed-window";
import type { LimiterStats, RequestLimiter } from "./request-limiter";
import { REAL_TIMERS, type LimiterTimers } from "./timers";
import { WindowWaits, type WindowWait } from "./window-waits";

export type { Ticket } from "./fixed-window";
export type { LimiterStats, RequestLimiter } from "./request-limiter";

/** Tuning of the limiter's window reckoning (see {@link FixedWindowOptions}). */
export type LimiterOptions = FixedWindowOptions;

export const DEFAULT_LIMITER_OPTIONS: LimiterOptions = DEFAULT_FIXED_WINDOW_OPTIONS;

/** A request in the queue; `cancelled` once its call gave up waiting (it is skipped, holding no slot). */
interface Queued {
  go: (ticket: Ticket) => void;
  wait?: WindowWait;
  cancelled: boolean;
}

/**
 * Queues requests according to a {@link FixedWindow}, with at most `maxInFlight` admitted and not
 * yet {@link release}d. Capping what is in flight at the connection pool's size keeps the backlog
 * here, where a 429 can still hold it back, instead of in the pool's queue, from which it would all
 * go out and all be refused once the server's quota runs out.
 *
 * Every admission (`whenAllowed`'s `go` running) takes a slot that must be given back with
 * {@link release} exactly once, however the request ends, and hands out a ticket that must come
 * back through {@link onAnswer} or {@link onNoAnswer} (a request sent alone holds the others until then).
 */
export class Limiter implements RequestLimiter {
  readonly window: FixedWindow;
  readonly maxInFlight: number;
  private readonly readClock: () => number;
  private readonly timers: LimiterTimers;
  private readonly waiting: (Queued | undefined)[] = [];
  private head = 0;
  /** Entries in the queue not cancelled. */
  private live = 0;
  /** Queued entries of calls that wait for the window, to take one out when its wait runs out. */
  private readonly queued = new Map<WindowWait, Queued>();
  private readonly windowWaits: WindowWaits;
  private inFlight = 0;
  private lastStamp = -Infinity;
  private timer: unknown;
  private timerSet = false;
  /** A drain is queued with `timers.soon` or running: a freed slot needs no other wake-up. */
  private drainPending = false;
  private readonly drainSoon = (): void => this.drain();

  /**
   * @param maxInFlight Requests admitted and not yet released, at most (default: no cap).
   * @param origin The server, named in progress lines while calls wait for its window (none without it).
   */
  constructor(options: Partial<LimiterOptions> = {}, maxInFlight = Infinity, timers: LimiterTimers = REAL_TIMERS, origin?: string) {
    if (!(maxInFlight >= 1)) throw new RangeError(`maxInFlight must be at least 1, not ${maxInFlight}`);
    this.window = new FixedWindow(options);
    this.maxInFlight = maxInFlight;
    this.readClock = this.window.options.now;
    this.timers = timers;
    this.windowWaits = new WindowWaits(origin, timers, this.readClock, (wait) => this.cancel(wait));
  }

  /** The limiter's clock now. */
  now(): number {
    return this.readClock();
  }

  /** The server's quota per window as the operator set it (`undefined`: learn it from its 429s). */
  configure(quota: number | undefined): void {
    this.window.configure(quota);
  }

  /**
   * `go` runs now or at the request's turn, holding a slot, with the ticket to hand back with the
   * answer. `first`: the request goes before those waiting (a retry after a 429: it was admitted
   * before them, and a resource's later requests wait for it). `wait`: the call's wait for the
   * rate-limit window; held back for the window, the call waits at most its `maxWaitMs` in all,
   * after which `onExpired` runs instead of `go`.
   */
  whenAllowed(go: (ticket: Ticket) => void, first = false, wait?: WindowWait): void {
    if ((first || this.live === 0) && this.inFlight < this.maxInFlight) {
      const ticket = this.admit();
      if (ticket !== undefined) return go(ticket);
    }
    this.enqueue({ go, wait, cancelled: false }, first);
  }

  /** The call of `wait` (its `since` set) waits for the window: after a 429, its attempt still out. */
  waitingForWindow(wait: WindowWait): void {
    this.windowWaits.add(wait);
  }

  /** The call of `wait` no longer waits for the window: an answer other than 429 came, or the call ended. */
  doneWaiting(wait: WindowWait): void {
    wait.since = undefined;
    this.windowWaits.remove(wait);
  }

  /** Whether requests are held for the server's rate-limit window (a retry after a 429 waits here, not in a backoff). */
  get throttled(): boolean {
    return this.window.held;
  }

  /** Gives back the slot of a request that ended (answered, failed, timed out, never sent). */
  release(): void {
    this.inFlight -= 1;
    if (this.live === 0 || this.drainPending) return;
    // A freed slot, or the last answer a lone request waited for: try the queue at once.
    if (this.timerSet) {
      this.timers.clear(this.timer);
      this.timerSet = false;
    }
    this.drainPending = true;
    this.timers.soon(this.drainSoon);
  }

  /** Feeds back an answer to `ticket`: its status, Retry-After and `Date` header. */
  onAnswer(ticket: Ticket, status: number, retryAfterMs?: number, date?: string): void {
    this.window.onAnswer(ticket, status, this.readClock(), retryAfterMs, date);
    if (this.window.held) this.holdQueued();
    this.reschedule();
  }

  /** Feeds back an attempt that got no answer (connection lost, timeout). */
  onNoAnswer(ticket: Ticket): void {
    this.window.onNoAnswer(ticket, this.readClock());
    this.reschedule();
  }

  stats(): LimiterStats {
    const { window } = this;
    const offset = window.offset();
    const wall = window.options.wallClock() - this.readClock();
    return {
      ...window.counts,
      quota: window.quota,
      quotaSource: window.quotaSource,
      serverAheadMs: { lo: offset.lo - wall, hi: offset.hi - wall },
      waiting: this.live,
      inFlight: this.inFlight,
      waitingForWindow: this.windowWaits.size,
    };
  }

  /** A ticket when the window lets a request go now (it takes its slot), else `undefined`. */
  private admit(): Ticket | undefined {
    const now = this.stamp();
    if (this.window.delayMs(now, this.inFlight) > 0) return undefined;
    this.inFlight += 1;
    return this.window.take(now);
  }

  /** The clock, strictly increasing: requests sent in the same instant are told apart by their stamps. */
  private stamp(): number {
    const now = this.readClock();
    this.lastStamp = now > this.lastStamp ? now : this.lastStamp + 1e-6;
    return this.lastStamp;
  }

  private enqueue(entry: Queued, first: boolean): void {
    if (!first) this.waiting.push(entry);
    else if (this.head > 0) this.waiting[--this.head] = entry;
    else this.waiting.unshift(entry);
    this.live += 1;
    const { wait } = entry;
    if (wait !== undefined) {
      this.queued.set(wait, entry);
      // Held while the window holds requests (or already waiting since a 429): a wait for the window.
      if (wait.since !== undefined || this.window.held) this.windowWaits.add(wait);
    }
    this.schedule();
  }

  /**
   * Requests queued for a connection before the window began to hold them now wait for it too.
   * They are the newest ones (queued while nothing was held), so the walk stops at the first one
   * already waiting.
   */
  private holdQueued(): void {
    for (let i = this.waiting.length - 1; i >= this.head; i--) {
      const entry = this.waiting[i];
      if (entry?.wait === undefined || entry.cancelled) continue;
      if (entry.wait.since !== undefined) break;
      this.windowWaits.add(entry.wait);
    }
  }

  /** Takes the call of `wait` out of the queue (it gave up); false when it is not queued. */
  private cancel(wait: WindowWait): boolean {
    const entry = this.queued.get(wait);
    if (entry === undefined) return false;
    this.queued.delete(wait);
    entry.cancelled = true;
    this.live -= 1;
    if (this.live === 0) {
      this.waiting.length = 0;
      this.head = 0;
    }
    return true;
  }

  /** An answer may move the next turn (a lone request answered, a hold begun): plan again. */
  private reschedule(): void {
    if (this.live === 0) return;
    if (this.timerSet) {
      this.timers.clear(this.timer);
      this.timerSet = false;
    }
    this.schedule();
  }

  /**
   * Sets a timer for the next turn. When the queue waits for a slot, or for the answers in flight
   * (the next request goes alone), the next {@link release} wakes it instead.
   */
  private schedule(): void {
    if (this.timerSet || this.drainPending || this.inFlight >= this.maxInFlight) return;
    const delay = this.window.delayMs(this.readClock(), this.inFlight);
    if (this.window.held) this.holdQueued();
    if (delay === Infinity) return;
    this.timerSet = true;
    this.timer = this.timers.set(() => {
      this.timerSet = false;
      this.drain();
    }, Math.ceil(delay));
  }

  private drain(): void {
    // Set while running too: a `go` that fails at once releases its slot, and this loop reuses it.
    this.drainPending = true;
    try {
      for (;;) {
        // Calls that gave up are passed over without a turn.
        while (this.head < this.waiting.length && this.waiting[this.head]?.cancelled !== false) this.waiting[this.head++] = undefined;
        if (this.head >= this.waiting.length || this.inFlight >= this.maxInFlight) break;
        const ticket = this.admit();
        if (ticket === undefined) break;
        const next = this.waiting[this.head] as Queued;
        // Dropped at once: until the array is compacted it would keep finished requests alive.
        this.waiting[this.head] = undefined;
        this.head += 1;
        this.live -= 1;
        if (next.wait !== undefined) this.queued.delete(next.wait);
        next.go(ticket);
      }
    } finally {
      this.drainPending = false;
    }
    if (this.live === 0) {
      this.waiting.length = 0;
      this.head = 0;
    } else {
      if (this.head > 1024) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      this.schedule();
    }
  }
}

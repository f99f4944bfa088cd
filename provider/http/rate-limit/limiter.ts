/**
 * The process-wide limiter: requests to one server wait here for their turn, at most
 * `maxInFlight` at a time, and when the server answers 429 they wait for its rate-limit window to
 * open again, as {@link RateWindow} learns it (rate-window.ts: fixed windows of unknown length and
 * quota, no Retry-After, like Chatwoot's rack-attack), each for at most its own bound
 * ({@link WindowWaits}, which also reports the wait as progress).
 */
import { DEFAULT_RATE_WINDOW_OPTIONS, RateWindow, type RateWindowCounts, type RateWindowOptions } from "./rate-window";
import { REAL_TIMERS, type LimiterTimers } from "./timers";
import { WindowWaits, type WindowWait } from "./window-waits";

/** Tuning of the limiter's window learning (see {@link RateWindowOptions}). */
export type LimiterOptions = RateWindowOptions;

export const DEFAULT_LIMITER_OPTIONS: LimiterOptions = DEFAULT_RATE_WINDOW_OPTIONS;

/** Counters for benchmarks and diagnostics. */
export interface LimiterStats extends RateWindowCounts {
  /** Requests per window the server was found to accept; `undefined` until learned. */
  quota: number | undefined;
  /** Length of the server's window, once learned (from two openings). */
  periodMs: number | undefined;
  /** Requests waiting for their turn. */
  waiting: number;
  /** Requests admitted and not yet released. */
  inFlight: number;
  /** Calls waiting for the rate-limit window (held back, or with an attempt out after a 429). */
  waitingForWindow: number;
}

/** A request in the queue; `cancelled` once its call gave up waiting (it is skipped, holding no slot). */
interface Queued {
  go: () => void;
  wait?: WindowWait;
  cancelled: boolean;
}

/**
 * Queues requests according to a {@link RateWindow}, with at most `maxInFlight` admitted and
 * not yet {@link release}d. Capping what is in flight at the connection pool's size keeps the
 * backlog here, where a 429 can still hold it back, instead of in the pool's queue, from which it
 * would all go out and all be refused once the server's quota runs out.
 *
 * Every admission (`whenAllowed`'s `go` running, `acquire()` resolving or returning `undefined`)
 * takes a slot that must be given back with {@link release} exactly once, however the request ends.
 */
export class Limiter {
  readonly rate: RateWindow;
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
    this.rate = new RateWindow(options);
    this.maxInFlight = maxInFlight;
    this.readClock = this.rate.options.now;
    this.timers = timers;
    this.windowWaits = new WindowWaits(origin, timers, this.readClock, (wait) => this.cancel(wait));
  }

  /** The limiter's clock now (not a send stamp: see {@link clock}). */
  now(): number {
    return this.readClock();
  }

  /**
   * The limiter's clock, for stamping when a request was sent. Strictly increasing, so that a
   * request sent alone (a probe) is told apart from those sent in the same instant before it.
   */
  clock(): number {
    const now = this.readClock();
    this.lastStamp = now > this.lastStamp ? now : this.lastStamp + 1e-6;
    return this.lastStamp;
  }

  /**
   * `undefined` when the request may be sent now; otherwise a promise resolved at its turn. Either
   * way it holds a slot. `first`: the request goes before those waiting (a retry after a 429: it
   * was admitted before them, and a resource's later requests wait for it).
   */
  acquire(first = false): Promise<void> | undefined {
    if (this.mayGoNow(first)) return undefined;
    return new Promise((resolve) => this.enqueue({ go: resolve, cancelled: false }, first));
  }

  /**
   * Callback form of {@link acquire}: `go` runs now or at the request's turn, holding a slot.
   * `wait`: the call's wait for the rate-limit window; held back for the window, the call waits at
   * most its `maxWaitMs` in all, after which `onExpired` runs instead of `go`.
   */
  whenAllowed(go: () => void, first = false, wait?: WindowWait): void {
    if (this.mayGoNow(first)) go();
    else this.enqueue({ go, wait, cancelled: false }, first);
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

  /** Whether requests are held for the server's rate-limit window (after a 429). */
  get throttled(): boolean {
    return this.rate.isThrottled;
  }

  /** Gives back the slot of a request that ended (answered, failed, timed out, never sent). */
  release(): void {
    this.inFlight -= 1;
    if (this.live === 0) return;
    // The last answer in: the window may have been waiting for it (see RateWindow.delayMs).
    if (this.inFlight === 0 && this.timerSet && this.rate.isThrottled) this.reschedule();
    // Waiting only for a slot: wake the queue at once. A timer already set waits for the window.
    else if (!this.timerSet && !this.drainPending) {
      this.drainPending = true;
      this.timers.soon(this.drainSoon);
    }
  }

  private mayGoNow(first: boolean): boolean {
    if ((!first && this.live > 0) || this.inFlight >= this.maxInFlight || !this.windowAllows()) return false;
    this.inFlight += 1;
    return true;
  }

  /** Whether the rate window lets a request go now; if so, the request takes its turn. */
  private windowAllows(): boolean {
    if (!this.rate.isThrottled) return true;
    const now = this.clock();
    if (this.rate.delayMs(now, this.inFlight) > 0) return false;
    this.rate.take(now);
    return true;
  }

  /**
   * Feeds back an answer: `sentAt` from {@link clock} when the request went out. True when the
   * request was a probe: sent alone to learn whether the window is open (a 429 then is no fault of it).
   */
  onAnswer(sentAt: number, status: number, retryAfterMs?: number): boolean {
    const probe = this.rate.onAnswer(sentAt, status, this.readClock(), retryAfterMs);
    if (this.rate.isThrottled) this.holdQueued();
    this.reschedule();
    return probe;
  }

  /** Feeds back an attempt that got no answer (connection lost, timeout). */
  onNoAnswer(sentAt: number): void {
    this.rate.onNoAnswer(sentAt, this.readClock());
    this.reschedule();
  }

  stats(): LimiterStats {
    const { rate } = this;
    return {
      ...rate.counts,
      quota: rate.learnedQuota,
      periodMs: rate.learnedPeriodMs,
      waiting: this.live,
      inFlight: this.inFlight,
      waitingForWindow: this.windowWaits.size,
    };
  }

  private enqueue(entry: Queued, first: boolean): void {
    if (!first) this.waiting.push(entry);
    else if (this.head > 0) this.waiting[--this.head] = entry;
    else this.waiting.unshift(entry);
    this.live += 1;
    const { wait } = entry;
    if (wait !== undefined) {
      this.queued.set(wait, entry);
      // Held while the server limits requests (or already waiting since a 429): a wait for the window.
      if (wait.since !== undefined || this.rate.isThrottled) this.windowWaits.add(wait);
    }
    this.schedule();
  }

  /**
   * Requests queued for a connection before the server began to limit them now wait for its window
   * too. They are the newest ones (queued while nothing was limited), so the walk stops at the first
   * one already waiting.
   */
  private holdQueued(): void {
    for (let i = this.waiting.length - 1; i >= this.head; i--) {
      const wait = this.waiting[i]?.wait;
      if (wait === undefined || this.waiting[i]?.cancelled) continue;
      if (wait.since !== undefined) break;
      this.windowWaits.add(wait);
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

  /** An answer may move the next turn (a probe got through, a pause began): plan again. */
  private reschedule(): void {
    if (this.live === 0) return;
    if (this.timerSet) {
      this.timers.clear(this.timer);
      this.timerSet = false;
    }
    this.schedule();
  }

  /** Sets a timer for the next turn; when the queue waits for a slot, the next {@link release} wakes it instead. */
  private schedule(): void {
    if (this.timerSet || this.drainPending || this.inFlight >= this.maxInFlight) return;
    const delay = this.rate.delayMs(this.readClock(), this.inFlight);
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
        // Calls that gave up are passed over without a turn (the window's turn is not spent on them).
        while (this.head < this.waiting.length && this.waiting[this.head]?.cancelled !== false) this.waiting[this.head++] = undefined;
        if (this.head >= this.waiting.length || this.inFlight >= this.maxInFlight || !this.windowAllows()) break;
        const next = this.waiting[this.head] as Queued;
        // Dropped at once: until the array is compacted it would keep finished requests alive.
        this.waiting[this.head] = undefined;
        this.head += 1;
        this.live -= 1;
        if (next.wait !== undefined) this.queued.delete(next.wait);
        this.inFlight += 1;
        next.go();
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

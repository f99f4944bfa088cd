/**
 * The process-wide adaptive limiter: when the server answers 429, every request to that server
 * slows down, then speeds up again gradually.
 *
 * Chatwoot's limit (rack-attack) counts requests per client IP in fixed one-minute windows and
 * sends no Retry-After, so the limiter has to find the pace on its own:
 * - Until the first 429 nothing is paced: the fast path is one branch and one clock read per answer.
 *   Requests in flight are capped at the connection pool's size all the same, so that the backlog
 *   waits here, where the first 429 can hold it back (see {@link Limiter}).
 * - On the first 429 the pace becomes half the rate the server was accepting during the last second.
 * - A 429 after some request sent at the current pace was accepted means the pace is too fast:
 *   halve it (multiplicative decrease).
 * - A 429 when nothing sent at the current pace got through means the window's quota is spent:
 *   pause everything, doubling the pause each time (1 s, 2 s, 4 s, then 5 s), pace unchanged.
 *   After a pause one request goes alone as a probe; the others follow once it is accepted.
 * - 429s for requests sent before the last reaction are echoes of the same overload and ignored.
 * - Between 429s the pace doubles every `doublingMs` (the limit's scale is unknown, so growth
 *   is multiplicative); `releaseAfterMs` without a 429 lifts pacing altogether.
 * A Retry-After, when a server sends one, pauses everything for at least that long.
 */

/** Tuning of {@link AdaptiveRate}. Times in milliseconds, rates in requests per second. */
export interface LimiterOptions {
  /** Floor of the pace. */
  minRate: number;
  /** Factor applied to the pace on an overload. */
  decreaseFactor: number;
  /** Time for the pace to double while no 429 arrives. */
  doublingMs: number;
  /** First pause when the server's quota is spent; later pauses double. */
  basePauseMs: number;
  /** Cap of the pause. */
  maxPauseMs: number;
  /** Quiet time after which pacing is lifted. Chatwoot's window is one minute. */
  releaseAfterMs: number;
  /** Clock (injected by tests). */
  now: () => number;
}

export const DEFAULT_LIMITER_OPTIONS: LimiterOptions = {
  minRate: 1,
  decreaseFactor: 0.5,
  doublingMs: 4_000,
  basePauseMs: 1_000,
  // Short enough that little of a fresh one-minute window is lost, long enough that probing costs
  // about a dozen refused requests per minute.
  maxPauseMs: 5_000,
  releaseAfterMs: 60_000,
  now: () => performance.now(),
};

/** Counters for benchmarks and diagnostics. */
export interface LimiterStats {
  /** 429 answers seen. */
  throttled: number;
  /** Times the pace was lowered. */
  decreases: number;
  /** Times everything was paused. */
  pauses: number;
  /** Current pace in requests per second; `Infinity` when unpaced. */
  rate: number;
  /** Requests waiting for their turn. */
  waiting: number;
  /** Requests admitted and not yet released. */
  inFlight: number;
}

/** The limiter's arithmetic, free of timers: every method takes the current time. */
export class AdaptiveRate {
  readonly options: LimiterOptions;
  private throttled = false;
  /** Pace: `base * 2^((t - baseAt) / doublingMs)` for t >= baseAt. */
  private base = Infinity;
  private baseAt = 0;
  private nextAt = 0;
  private pausedUntil = 0;
  private pauseMs: number;
  private adjustedAt = -Infinity;
  private acceptedSinceAdjust = false;
  private last429At = -Infinity;
  /** After a pause: one probe goes first ("pending"), the rest wait for its answer ("in-flight"). */
  private probe: "none" | "pending" | "in-flight" = "none";
  private probeSentAt = 0;
  /** Accepted answers in the current and the previous second (for the first decrease). */
  private bucketStart = 0;
  private bucketCount = 0;
  private previousCount = 0;
  readonly counts = { throttled: 0, decreases: 0, pauses: 0 };

  constructor(options: Partial<LimiterOptions> = {}) {
    this.options = { ...DEFAULT_LIMITER_OPTIONS, ...options };
    this.pauseMs = this.options.basePauseMs;
  }

  /** Whether requests are paced at all (false until the first 429 and after a release). */
  get isThrottled(): boolean {
    return this.throttled;
  }

  /** The pace at `now`, in requests per second (`Infinity` when unpaced). */
  rateAt(now: number): number {
    if (!this.throttled) return Infinity;
    const grown = this.base * 2 ** (Math.max(0, now - this.baseAt) / this.options.doublingMs);
    return Math.max(this.options.minRate, grown);
  }

  /** Milliseconds until the next request may go (0: now). Lifts pacing after a quiet period. */
  delayMs(now: number): number {
    if (!this.throttled) return 0;
    if (now - this.last429At >= this.options.releaseAfterMs) {
      this.release();
      return 0;
    }
    // A probe that gets no answer (lost, timed out) blocks the others for one pause at most.
    const probeWait = this.probe === "in-flight" ? this.probeSentAt + this.options.maxPauseMs - now : 0;
    return Math.max(0, this.pausedUntil - now, this.nextAt - now, probeWait);
  }

  /** Records that a request goes out at `now` (call only when `delayMs(now)` is 0). */
  take(now: number): void {
    if (!this.throttled) return;
    this.nextAt = now + 1000 / this.rateAt(now);
    if (this.probe === "pending") {
      this.probe = "in-flight";
      this.probeSentAt = now;
    } else if (this.probe === "in-flight") {
      this.probe = "none";
    }
  }

  /** Records an answer to a request sent at `sentAt`; `retryAfterMs` from its Retry-After header. */
  onAnswer(sentAt: number, status: number, now: number, retryAfterMs?: number): void {
    if (status === 429) {
      this.onThrottled(sentAt, now, retryAfterMs);
    } else if (!this.throttled) {
      this.countAccepted(now);
    } else if (sentAt >= this.adjustedAt) {
      this.acceptedSinceAdjust = true;
      if (this.probe === "in-flight" && sentAt >= this.probeSentAt) this.probe = "none";
    }
  }

  /** Records that a request sent at `sentAt` got no answer (connection lost, timeout). */
  onNoAnswer(sentAt: number): void {
    if (this.probe === "in-flight" && sentAt >= this.probeSentAt) this.probe = "none";
  }

  private onThrottled(sentAt: number, now: number, retryAfterMs: number | undefined): void {
    this.counts.throttled += 1;
    this.last429At = now;
    if (retryAfterMs !== undefined && retryAfterMs > 0) this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
    if (!this.throttled) {
      this.throttled = true;
      this.nextAt = now;
      this.decrease(Math.max(this.options.minRate, this.acceptedRate(now)), now);
    } else if (sentAt < this.adjustedAt) {
      return;
    } else if (this.acceptedSinceAdjust) {
      this.decrease(this.rateAt(now), now);
    } else {
      this.pause(now);
    }
    this.adjustedAt = now;
    this.acceptedSinceAdjust = false;
  }

  private decrease(from: number, now: number): void {
    this.counts.decreases += 1;
    this.base = Math.max(this.options.minRate, from * this.options.decreaseFactor);
    this.baseAt = Math.max(now, this.pausedUntil);
    this.pauseMs = this.options.basePauseMs;
    this.probe = "none";
  }

  private pause(now: number): void {
    this.counts.pauses += 1;
    this.base = this.rateAt(now);
    this.pausedUntil = Math.max(this.pausedUntil, now + this.pauseMs);
    this.baseAt = this.pausedUntil;
    this.pauseMs = Math.min(this.options.maxPauseMs, this.pauseMs * 2);
    this.probe = "pending";
  }

  private release(): void {
    this.throttled = false;
    this.base = Infinity;
    this.pausedUntil = 0;
    this.nextAt = 0;
    this.pauseMs = this.options.basePauseMs;
    this.probe = "none";
    this.bucketStart = 0;
    this.bucketCount = 0;
    this.previousCount = 0;
  }

  private countAccepted(now: number): void {
    if (now - this.bucketStart >= 1000) {
      // One bucket per second; a gap of two seconds or more leaves nothing of the older ones.
      this.previousCount = now - this.bucketStart >= 2000 ? 0 : this.bucketCount;
      this.bucketStart = now - ((now - this.bucketStart) % 1000);
      this.bucketCount = 0;
    }
    this.bucketCount += 1;
  }

  /** Accepted answers per second over the last second (sliding estimate over two buckets). */
  private acceptedRate(now: number): number {
    const elapsed = now - this.bucketStart;
    if (elapsed >= 2000) return 0;
    if (elapsed >= 1000) return this.bucketCount * (1 - (elapsed - 1000) / 1000);
    return this.previousCount * (1 - elapsed / 1000) + this.bucketCount;
  }
}

/** Timer functions (the simulation in the tests drives a virtual clock). */
export interface LimiterTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  /** Runs `fn` soon, after the current call stack: how a freed slot wakes the queue without a timer's delay. */
  soon(fn: () => void): void;
}

const REAL_TIMERS: LimiterTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
  soon: (fn) => queueMicrotask(fn),
};

/**
 * Queues requests according to an {@link AdaptiveRate}, with at most `maxInFlight` admitted and
 * not yet {@link release}d. Capping what is in flight at the connection pool's size keeps the
 * backlog here, where a 429 can still hold it back, instead of in the pool's queue, from which it
 * would all go out and all be refused once the server's quota runs out.
 *
 * Every admission (`whenAllowed`'s `go` running, `acquire()` resolving or returning `undefined`)
 * takes a slot that must be given back with {@link release} exactly once, however the request ends.
 */
export class Limiter {
  readonly rate: AdaptiveRate;
  readonly maxInFlight: number;
  private readonly now: () => number;
  private readonly timers: LimiterTimers;
  private readonly waiting: ((() => void) | undefined)[] = [];
  private head = 0;
  private inFlight = 0;
  private timer: unknown;
  private timerSet = false;
  /** A drain is queued with `timers.soon` or running: a freed slot needs no other wake-up. */
  private drainPending = false;
  private readonly drainSoon = (): void => this.drain();

  /** @param maxInFlight Requests admitted and not yet released, at most (default: no cap). */
  constructor(options: Partial<LimiterOptions> = {}, maxInFlight = Infinity, timers: LimiterTimers = REAL_TIMERS) {
    if (!(maxInFlight >= 1)) throw new RangeError(`maxInFlight must be at least 1, not ${maxInFlight}`);
    this.rate = new AdaptiveRate(options);
    this.maxInFlight = maxInFlight;
    this.now = this.rate.options.now;
    this.timers = timers;
  }

  /** The limiter's clock, for stamping when a request was sent. */
  clock(): number {
    return this.now();
  }

  /** `undefined` when the request may be sent now; otherwise a promise resolved at its turn. Either way it holds a slot. */
  acquire(): Promise<void> | undefined {
    if (this.mayGoNow()) return undefined;
    return new Promise((resolve) => this.enqueue(resolve));
  }

  /** Callback form of {@link acquire}: `go` runs now or at the request's turn, holding a slot. */
  whenAllowed(go: () => void): void {
    if (this.mayGoNow()) go();
    else this.enqueue(go);
  }

  /** Gives back the slot of a request that ended (answered, failed, timed out, never sent). */
  release(): void {
    this.inFlight -= 1;
    // Waiting only for a slot: wake the queue at once. A timer already set waits for the pace.
    if (this.head !== this.waiting.length && !this.timerSet && !this.drainPending) {
      this.drainPending = true;
      this.timers.soon(this.drainSoon);
    }
  }

  private mayGoNow(): boolean {
    if (this.head !== this.waiting.length || this.inFlight >= this.maxInFlight || !this.paceAllows()) return false;
    this.inFlight += 1;
    return true;
  }

  /** Whether the pace lets a request go now; if so, the request takes its turn. */
  private paceAllows(): boolean {
    if (!this.rate.isThrottled) return true;
    const now = this.now();
    if (this.rate.delayMs(now) > 0) return false;
    this.rate.take(now);
    return true;
  }

  /** Feeds back an answer: `sentAt` from {@link clock} when the request went out. */
  onAnswer(sentAt: number, status: number, retryAfterMs?: number): void {
    this.rate.onAnswer(sentAt, status, this.now(), retryAfterMs);
    this.reschedule();
  }

  /** Feeds back an attempt that got no answer (connection lost, timeout). */
  onNoAnswer(sentAt: number): void {
    this.rate.onNoAnswer(sentAt);
    this.reschedule();
  }

  stats(): LimiterStats {
    return { ...this.rate.counts, rate: this.rate.rateAt(this.now()), waiting: this.waiting.length - this.head, inFlight: this.inFlight };
  }

  private enqueue(go: () => void): void {
    this.waiting.push(go);
    this.schedule();
  }

  /** An answer may move the next turn (a probe got through, a pause began): plan again. */
  private reschedule(): void {
    if (this.head === this.waiting.length) return;
    if (this.timerSet) {
      this.timers.clear(this.timer);
      this.timerSet = false;
    }
    this.schedule();
  }

  /** Sets a timer for the pace; when the queue waits for a slot, the next {@link release} wakes it instead. */
  private schedule(): void {
    if (this.timerSet || this.drainPending || this.inFlight >= this.maxInFlight) return;
    const delay = this.rate.delayMs(this.now());
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
      while (this.head < this.waiting.length && this.inFlight < this.maxInFlight && this.paceAllows()) {
        const next = this.waiting[this.head] as () => void;
        // Dropped at once: until the array is compacted it would keep finished requests alive.
        this.waiting[this.head] = undefined;
        this.head += 1;
        this.inFlight += 1;
        next();
      }
    } finally {
      this.drainPending = false;
    }
    if (this.head === this.waiting.length) {
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

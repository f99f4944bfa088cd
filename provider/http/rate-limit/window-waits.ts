/**
 * The calls to one server that wait for its rate-limit window: each may wait at most its own
 * `rateLimitMaxWaitMs` (then the limiter drops it from its queue and it fails), and all of them
 * together are reported as one progress line per server, at a modest cadence, whatever their number.
 *
 * A call waits from its first 429, or from when the limiter first held it back for the window (the
 * window's quota spent, or a 429 seen by another call), until an attempt of it gets an answer other
 * than 429. Waiting for a free connection while nothing is rate-limited does not count.
 */
import type { LimiterTimers } from "./timers";
import { reportProgress } from "./progress";

/** One call's wait for the rate-limit window; the call keeps it across its attempts. */
export interface WindowWait {
  /** Limiter clock when the call began to wait; `undefined` while it does not. */
  since?: number;
  /** How long the call may wait (its `rateLimitMaxWaitMs`). */
  maxWaitMs: number;
  /**
   * Called once, when the wait runs out while the call is held in the limiter's queue (it has been
   * taken out of it): the call must fail. A call whose attempt is out when its time runs out is
   * decided by that attempt's answer instead.
   */
  onExpired?: (waitedMs: number) => void;
}

/** How long the longest wait lasts before the first progress line. */
export const PROGRESS_FIRST_AFTER_MS = 5_000;
/** Gap between progress lines while the waits go on. */
export const PROGRESS_EVERY_MS = 15_000;

/** The waits of one server's calls; the limiter tells it who waits and takes expired calls out of its queue. */
export class WindowWaits {
  private readonly waits = new Set<WindowWait>();
  private timer: unknown;
  /** When the timer fires (Infinity: none set). */
  private timerAt = Infinity;
  /** When the last progress line of the current stretch of waiting was reported. */
  private lastLineAt: number | undefined;

  /**
   * @param origin The server named in progress lines; without one (tests, simulations) none are reported.
   * @param dequeue Takes a call out of the limiter's queue: false when it is not queued (its attempt is out).
   */
  constructor(
    private readonly origin: string | undefined,
    private readonly timers: LimiterTimers,
    private readonly now: () => number,
    private readonly dequeue: (wait: WindowWait) => boolean,
  ) {}

  /** Calls waiting now. */
  get size(): number {
    return this.waits.size;
  }

  /** `wait` (its `since` set) is waiting; adding it again changes nothing. */
  add(wait: WindowWait): void {
    const since = wait.since ?? this.now();
    wait.since = since;
    this.waits.add(wait);
    const progressAt = this.origin === undefined ? Infinity : since + PROGRESS_FIRST_AFTER_MS;
    this.plan(Math.min(since + wait.maxWaitMs, progressAt));
  }

  /** `wait` no longer waits (answered, or its call ended). */
  remove(wait: WindowWait): void {
    this.waits.delete(wait);
    if (this.waits.size > 0) return;
    this.lastLineAt = undefined;
    if (this.timerAt !== Infinity) {
      this.timers.clear(this.timer);
      this.timerAt = Infinity;
    }
  }

  /** Sets the timer for `at` unless it fires sooner already. */
  private plan(at: number): void {
    if (!(at < this.timerAt)) return;
    if (this.timerAt !== Infinity) this.timers.clear(this.timer);
    this.timerAt = at;
    this.timer = this.timers.set(() => this.fire(), Math.max(0, Math.ceil(at - this.now())));
    // Waiting calls keep the process alive by themselves; this timer only watches them.
    (this.timer as { unref?: () => void } | undefined)?.unref?.();
  }

  /** Ends the waits that ran out, reports progress when due, and plans the next check. */
  private fire(): void {
    this.timerAt = Infinity;
    const now = this.now();
    let next = Infinity;
    let oldest: { since: number; maxWaitMs: number } | undefined;
    for (const wait of [...this.waits]) {
      const since = wait.since ?? now;
      const deadline = since + wait.maxWaitMs;
      if (deadline <= now && this.dequeue(wait)) {
        this.waits.delete(wait);
        wait.onExpired?.(now - since);
        continue;
      }
      // An attempt out past its deadline is decided by its answer; until then nothing to plan for it.
      if (deadline > now) next = Math.min(next, deadline);
      if (oldest === undefined || since < oldest.since) oldest = { since, maxWaitMs: wait.maxWaitMs };
    }
    if (oldest === undefined) {
      this.lastLineAt = undefined;
      return;
    }
    if (this.origin !== undefined) {
      const waited = now - oldest.since;
      if (waited >= PROGRESS_FIRST_AFTER_MS && (this.lastLineAt === undefined || now - this.lastLineAt >= PROGRESS_EVERY_MS)) {
        this.lastLineAt = now;
        reportProgress(progressLine(this.origin, waited, oldest.maxWaitMs, this.waits.size));
      }
      next = Math.min(next, this.lastLineAt === undefined ? oldest.since + PROGRESS_FIRST_AFTER_MS : this.lastLineAt + PROGRESS_EVERY_MS);
    }
    if (next !== Infinity) this.plan(next);
  }
}

/** `waiting for the rate window of https://chat.example.com (40 s so far; up to 180 s; 3 requests held)`. */
export function progressLine(origin: string, waitedMs: number, maxWaitMs: number, requests: number): string {
  const held = requests > 1 ? `; ${requests} requests held` : "";
  return `waiting for the rate window of ${origin} (${seconds(waitedMs)} s so far; up to ${seconds(maxWaitMs)} s${held})`;
}

function seconds(ms: number): number {
  return Math.round(ms / 1000);
}

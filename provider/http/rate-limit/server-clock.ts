/**
 * The server's clock, as far as the `Date` headers of its answers tell it: an HTTP date, to the
 * second, written while the server handled the request. An answer dated `D` (epoch ms) to a request
 * sent at local time `sent` and answered at `received` shows the server's clock between `D` and
 * `D + 1000` at some moment between the two, so the offset (server minus local) lies in
 * [D - received, D + 1000 - sent]. Every answer narrows that interval: its lower end is what the
 * limiter waits by (a window is never taken for open before it is), its width is what it may lose
 * at each opening.
 */

/** Without a dated answer, the local wall clock stands for the server's, give or take this much. */
const UNDATED_DOUBT_MS = 1_000;

/**
 * A dated answer that puts the offset this far below the interval known: the server's clock was
 * set back, and what earlier answers told no longer holds. (Less, and the answer is only late: a
 * server may write a date cached up to the second that just ended.)
 */
const STEP_BACK_MS = 1_000;

/** Bounds of the offset, server minus local, in milliseconds. */
export interface Offset {
  lo: number;
  hi: number;
}

export class ServerClock {
  private lo = -Infinity;
  private hi = Infinity;
  /** Times the offset was known afresh (the first dated answer, a clock set back): earlier reckonings are void. */
  restarts = 0;

  /**
   * @param now The local clock the limiter runs on (monotonic milliseconds).
   * @param wallClock Epoch milliseconds of this machine, the server's stand-in until an answer is dated.
   */
  constructor(
    private readonly now: () => number,
    private readonly wallClock: () => number,
  ) {}

  /**
   * Narrows the offset with an answer's `Date` header. Returns the date (epoch ms), or `undefined`
   * when the header is missing or unreadable.
   */
  observe(date: string | undefined, sentAt: number, receivedAt: number): number | undefined {
    const at = date === undefined ? NaN : Date.parse(date);
    if (Number.isNaN(at)) return undefined;
    const lo = at - receivedAt;
    const hi = at + 1_000 - sentAt;
    if (this.lo === -Infinity || hi < this.lo - STEP_BACK_MS) {
      this.lo = lo;
      this.hi = hi;
      this.restarts += 1;
    } else {
      this.lo = Math.max(this.lo, lo);
      this.hi = Math.max(this.lo, Math.min(this.hi, hi));
    }
    return at;
  }

  /** Whether an answer was dated. */
  get dated(): boolean {
    return this.lo !== -Infinity;
  }

  /** Bounds of the offset: from dated answers, or the wall clock's give or take a second. */
  offset(): Offset {
    if (this.dated) return { lo: this.lo, hi: this.hi };
    const wall = this.wallClock() - this.now();
    return { lo: wall - UNDATED_DOUBT_MS, hi: wall + UNDATED_DOUBT_MS };
  }
}

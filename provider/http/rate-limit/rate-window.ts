/**
 * The server's rate-limit window as the client learns it, free of timers: every method takes the
 * current time (the limiter's clock, in the client's send times).
 *
 * Chatwoot's limit (rack-attack) counts requests per client IP in fixed windows (3,000 a minute by
 * default) and answers 429 with no Retry-After, so neither the window's length, nor where it starts,
 * nor its quota is known in advance. A fixed window grants its whole quota the moment it opens, so
 * the fastest a client can go is to spend each window's quota at once and send nothing more until
 * the next window opens; pacing evenly loses up to a whole window at the end of a run. Hence:
 * - Until the first 429 nothing is held back (the limiter only caps the requests in flight).
 * - A 429 means the window's quota is spent: everything is held, and single requests ("probes")
 *   find when the next window opens, at gaps that grow with the time waited (`probeGrowth`) up to
 *   `maxPauseMs`: the time lost is a small fraction of the wait; a long wait costs about one probe
 *   per `maxPauseMs`, the price of knowing when the window opened to within that.
 * - A probe accepted opens the window: the requests flow again. The accepted requests of a window
 *   seen from its opening that ends with a 429 are its quota; from then on each window gets that
 *   many and no more, so the quota never runs out under the requests in flight.
 * - Two openings give the window's length; from then on the next opening is predicted, and one
 *   request goes alone at the predicted time ("opener"), the others as soon as it is accepted: no
 *   more probing. While the prediction is vague, the opener tries the middle of it, halving it.
 *   Where a window may already have ended, nothing goes (a request could count in either).
 * - What was learned is trusted only as far as the server bears it out, since 429s that are not a
 *   window's (injected, a proxy's, a burst from a server under load) look alike at first. A hold
 *   that rests on what was learned (a predicted opening, the quota used up) sends one request alone
 *   every `verifyAfterMs` while the learned opening is still ahead; after a 429 in an open window
 *   that was not the test of a quota measured before, probes search as if nothing were predicted
 *   (the opener still goes at its time). A window found open before it could have opened by what
 *   was learned clears the window's length and makes the quota an estimate again, so that nothing
 *   is held back on it any longer.
 * - One request beyond the quota, sent alone once the others are answered, tests it: at once for
 *   a count from a window seen in part (accepted: the cap is lifted until the next 429 measures
 *   the quota), then after 1, 2, 4... windows and at least every `releaseAfterMs`.
 * - A server that refills gradually (a token bucket) shows itself by accepting more than a whole
 *   quota twice in a row: from then on requests are paced evenly instead, the pace halved on a 429
 *   and doubled every `doublingMs` (whole windows would be too coarse for its small quotas).
 * A Retry-After, when a server sends one, holds everything for at least that long.
 */

import { WindowOpenings, type Bounds } from "./window-openings";

/** Tuning of {@link RateWindow}. Times in milliseconds, rates in requests per second. */
export interface RateWindowOptions {
  /** First wait (and shortest gap between probes) while waiting for a window of unknown length to open. */
  basePauseMs: number;
  /** Longest gap between probes: bounds the time lost after a long window opens. */
  maxPauseMs: number;
  /** Gap between probes as a fraction of the time waited so far (between the two bounds above). */
  probeGrowth: number;
  /** How closely a predicted opening is pinned down, as a fraction of the window's length. */
  precision: number;
  /**
   * Gap between the requests that test a hold resting on what was learned (the first one this long
   * into it): the most a wrong prediction costs once the server lets requests through again.
   */
  verifyAfterMs: number;
  /** Quiet time after which a learned quota is tested again, and limiting lifted once it is exceeded. */
  releaseAfterMs: number;
  /** Floor of the pace, for a server that refills gradually. */
  minRate: number;
  /** Factor applied to the pace on a 429, for a server that refills gradually. */
  decreaseFactor: number;
  /** Time for the pace to double while no 429 arrives, for a server that refills gradually. */
  doublingMs: number;
  /** Clock (injected by tests). */
  now: () => number;
}

export const DEFAULT_RATE_WINDOW_OPTIONS: RateWindowOptions = {
  basePauseMs: 10,
  // A minute's wait costs about seventy probes and at most a second after the window opens (under 2%).
  maxPauseMs: 1_000,
  probeGrowth: 0.3,
  precision: 0.02,
  // Longer than the holds of windows of a second or two (nothing is sent early there); a minute's
  // hold costs a refused test every 2 s, a 429 per 100 or so of Chatwoot's 3,000 a minute.
  verifyAfterMs: 2_000,
  releaseAfterMs: 60_000,
  minRate: 1,
  decreaseFactor: 0.5,
  doublingMs: 4_000,
  now: () => performance.now(),
};

/** Counters for benchmarks and diagnostics. */
export interface RateWindowCounts {
  /** 429 answers seen. */
  throttled: number;
  /** Times everything was held because a window's quota was spent. */
  pauses: number;
  /** Requests sent alone to learn something (when a window opens, whether a quota is larger). */
  probes: number;
  /** Times the learned quota was lowered. */
  decreases: number;
}

type Phase =
  /** Never limited (or limiting lifted): nothing held back. */
  | "free"
  /** A window is open: requests go while its quota lasts. */
  | "open"
  /** The window's quota is spent: single probes or openers wait for the next one. */
  | "spent"
  /** The server refills gradually: requests are spaced evenly. */
  | "paced";

export class RateWindow {
  readonly options: RateWindowOptions;
  readonly counts: RateWindowCounts = { throttled: 0, pauses: 0, probes: 0, decreases: 0 };
  private phase: Phase = "free";

  // The current window: requests sent from `openedAt` on count in it.
  private index = 0;
  private openedAt = -Infinity;
  private sent = 0;
  private accepted = 0;
  /** Requests of the window that got no answer: perhaps counted by the server. */
  private unanswered = 0;
  /** Whether the window was seen from its opening (its count is a whole quota). */
  private whole = false;
  /** The previous window, for answers that arrive after the next one opened. */
  private previous = { openedAt: -Infinity, accepted: 0 };

  // What has been learned.
  private quota: number | undefined;
  /** Whether the quota was measured over a whole window (else it is a lower estimate). */
  private quotaWhole = false;
  private quotaTestedAt = -Infinity;
  /** Windows between tests of a whole quota: doubles while the tests are refused. */
  private testEvery = 1;
  private windowsSinceTest = 0;
  /** Tests of a whole quota accepted in a row. */
  private testsPassed = 0;
  private readonly openings = new WindowOpenings();
  /** When the second window can open at the earliest (the first lasted at least as long as it was seen to). */
  private secondFrom = 0;
  /** Accepted requests and first send time while free: the first window's quota and start, at best. */
  private freeAccepted = 0;
  private freeSince = Infinity;
  private last429At = -Infinity;
  private pausedUntil = 0;

  // While spent: the next opening lies after `after`; probes go alone.
  private after = -Infinity;
  private searchFrom = 0;
  private probeAt = 0;
  /** Send time of the probe in flight, if any: the others wait for its answer. */
  private probeSentAt: number | undefined;
  /** How long after it was due the last probe went (long: nothing was waiting in between). */
  private probeLateBy = 0;
  /** Earliest send time of a probe in this wait: an accepted request sent from then on opened the window. */
  private probeFloor = Infinity;
  /** The request beyond the quota in flight (open phase). */
  private beyondSentAt: number | undefined;
  /** While spent: after a 429 that was not foreseen, probes search as if nothing were predicted. */
  private searching = false;
  /** While spent: the second window cannot open before this (see spend), or -Infinity. */
  private secondSearchFrom = -Infinity;
  /** While spent: the next request testing a hold that rests on what was learned. */
  private verifyAt = Infinity;
  /** Send time of such a test in flight: its refusal leaves the search as it was. */
  private verifySentAt: number | undefined;

  // Round trips, for the margin kept at predicted openings and the probe's deadline.
  private rttMin = Infinity;
  private rttSpread = 0;
  private rttSmooth = 0;

  // While paced: `base * 2^((t - baseAt) / doublingMs)` requests per second.
  private base = 0;
  private baseAt = 0;
  private nextAt = 0;

  constructor(options: Partial<RateWindowOptions> = {}) {
    this.options = { ...DEFAULT_RATE_WINDOW_OPTIONS, ...options };
  }

  /** Whether anything is held back at all (false until the first 429 and after a release). */
  get isThrottled(): boolean {
    return this.phase !== "free";
  }

  /** The learned quota per window, if any. */
  get learnedQuota(): number | undefined {
    return this.quota;
  }

  /** The pace in requests per second when the server refills gradually; otherwise `undefined`. */
  paceAt(now: number): number | undefined {
    if (this.phase !== "paced") return undefined;
    return Math.max(this.options.minRate, this.base * 2 ** (Math.max(0, now - this.baseAt) / this.options.doublingMs));
  }

  /** The learned window length (middle of its bounds), if known. */
  get learnedPeriodMs(): number | undefined {
    return this.openings.lengthMs;
  }

  /** Milliseconds until the next request may go (0: now); `inFlight`: requests sent and not yet answered. */
  delayMs(now: number, inFlight = 0): number {
    if (this.phase === "free") return 0;
    if (this.phase === "paced") {
      if (now - this.last429At >= this.options.releaseAfterMs) {
        this.release();
        return 0;
      }
      return Math.max(0, this.nextAt - now, this.pausedUntil - now);
    }
    if (this.phase === "open") {
      if (!this.roll(now)) return 0;
      if (this.beyondSentAt !== undefined) return this.probeWait(this.beyondSentAt, now);
      // Where the next window may have begun, a request could count in either: none goes, so that
      // every window's count is exact (a window left with quota to spare would pass for opened).
      const next = this.narrow(this.index + 1);
      if (next !== undefined && now >= next.lo) return next.hi + this.margin() - now;
      const turn = this.openTurn(now);
      if (turn === "go") return Math.max(0, this.pausedUntil - now);
      // A test beyond the quota waits until the server has counted every request sent before it
      // (answers overtake each other); the last answer wakes the queue.
      if (turn === "test" && inFlight > 0) return this.options.maxPauseMs;
      if (turn === "test") return Math.max(0, this.pausedUntil - now);
      // The window's quota is used up: hold everything until the next one.
      this.spend(now, -Infinity);
    }
    if (this.probeSentAt !== undefined) return this.probeWait(this.probeSentAt, now);
    return Math.max(0, this.nextProbeAt() - now, this.pausedUntil - now);
  }

  /** Records that a request goes out at `now` (call only when `delayMs(now)` is 0). */
  take(now: number): void {
    if (this.phase === "free") return;
    if (this.phase === "paced") {
      this.nextAt = now + 1000 / (this.paceAt(now) ?? Infinity);
      return;
    }
    if (this.phase === "spent") {
      this.counts.probes += 1;
      const opener = this.openerAt();
      // Before the learned opening, a request can only be a test of the hold.
      this.verifySentAt = !this.searching && opener !== undefined && now < opener && now >= this.verifyAt ? now : undefined;
      this.probeLateBy = now - this.nextProbeAt();
      this.probeSentAt = now;
      this.probeFloor = Math.min(this.probeFloor, now);
      return;
    }
    this.sent += 1;
    if (this.quota !== undefined && this.sent > this.quota) {
      this.counts.probes += 1;
      this.beyondSentAt = now;
    }
  }

  /**
   * Records an answer to a request sent at `sentAt`; `retryAfterMs` from its Retry-After header.
   * True when the request was a probe (sent alone to learn something).
   */
  onAnswer(sentAt: number, status: number, now: number, retryAfterMs?: number): boolean {
    this.sampleRtt(now - sentAt);
    const probe = (this.probeSentAt !== undefined && sentAt >= this.probeSentAt) || (this.beyondSentAt !== undefined && sentAt >= this.beyondSentAt);
    if (status === 429) this.onRefused(sentAt, now, retryAfterMs);
    else this.onAccepted(sentAt, now);
    return probe;
  }

  /** Records that a request sent at `sentAt` got no answer (connection lost, timeout): nothing learned. */
  onNoAnswer(sentAt: number, now: number): void {
    if (this.probeSentAt !== undefined && sentAt >= this.probeSentAt) {
      this.probeSentAt = undefined;
      if (this.verifySentAt !== undefined) this.nextVerify(now);
      else this.probeAt = now + this.probeGap(now);
    }
    if (this.beyondSentAt !== undefined && sentAt >= this.beyondSentAt) this.beyondSentAt = undefined;
    if (this.phase === "open" && sentAt >= this.openedAt) this.unanswered += 1;
  }

  private onAccepted(sentAt: number, now: number): void {
    if (this.phase === "paced") return;
    if (this.phase === "free") {
      this.freeAccepted += 1;
      this.freeSince = Math.min(this.freeSince, sentAt);
      return;
    }
    if (this.phase === "spent" && sentAt >= this.probeFloor) {
      // A probe got through (perhaps one given up on): the next window opened by then.
      this.open(sentAt);
      return;
    }
    if (sentAt >= this.openedAt) {
      this.accepted += 1;
      if (this.beyondSentAt !== undefined && sentAt >= this.beyondSentAt) {
        // The quota is larger than learned. An estimate: lift the cap for this window, its next 429
        // measures it. A whole quota: one more, tested again next window; passed twice in a row, the
        // server refills gradually (once may be a request counted in another window than thought).
        this.beyondSentAt = undefined;
        if (!this.quotaWhole || this.quota === undefined) this.quota = undefined;
        else if (++this.testsPassed >= 2) return this.pace(now);
        else {
          this.quota += 1;
          this.testEvery = 1;
          this.windowsSinceTest = 0;
        }
      }
      if (this.quota !== undefined && this.accepted > this.quota) this.quota = this.accepted;
    } else if (sentAt >= this.previous.openedAt) {
      this.previous.accepted += 1;
      if (this.quota !== undefined && this.previous.accepted > this.quota) this.quota = this.previous.accepted;
    }
  }

  private onRefused(sentAt: number, now: number, retryAfterMs: number | undefined): void {
    this.counts.throttled += 1;
    this.last429At = now;
    if (retryAfterMs !== undefined && retryAfterMs > 0) this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
    if (this.phase === "paced") {
      // Too fast (429s for requests sent before the last slow-down are echoes of the same overload).
      if (sentAt < this.baseAt) return;
      this.counts.decreases += 1;
      this.base = Math.max(this.options.minRate, (this.paceAt(now) ?? 0) * this.options.decreaseFactor);
      this.baseAt = now;
      this.nextAt = now + 1000 / this.base;
      return;
    }
    if (this.phase === "free") {
      // The first 429: the window the run started in is spent, from wherever it began.
      this.index = 0;
      this.openedAt = Math.min(this.freeSince, sentAt);
      this.accepted = this.freeAccepted;
      this.sent = this.freeAccepted;
      this.whole = false;
      this.quota = this.freeAccepted > 0 ? this.freeAccepted : undefined;
      this.spend(now, sentAt, true);
      return;
    }
    if (this.phase === "spent") {
      // A request of the spent window, or a probe: the next window opens after it was sent.
      if (sentAt >= this.openedAt || sentAt >= this.probeFloor) this.after = Math.max(this.after, sentAt);
      if (this.probeSentAt !== undefined && sentAt >= this.probeSentAt) {
        this.probeSentAt = undefined;
        // A test of the hold refused: the hold stands until the next test.
        if (this.verifySentAt !== undefined) return this.nextVerify(now);
        const next = this.predict(this.index + 1);
        // Refused after the latest predicted opening (or the second window's earliest): it is near;
        // search from here in small steps.
        const past = next !== undefined ? sentAt >= next.hi : sentAt >= this.secondSearchFrom && this.searchFrom < this.secondSearchFrom;
        if (past) this.searchFrom = now;
        this.probeAt = now + this.probeGap(now);
      }
      return;
    }
    if (sentAt < this.openedAt) return; // an echo of an earlier window
    if (this.beyondSentAt !== undefined && sentAt >= this.beyondSentAt) {
      // The request beyond the quota was refused: the quota is right. Foreseen only for a quota
      // measured before; an estimate's test is its first measure, so probes find the next window.
      this.beyondSentAt = undefined;
      const foreseen = this.quotaWhole;
      this.tested(now);
      this.spend(now, sentAt, !foreseen);
      return;
    }
    // Any other 429 in an open window was not foreseen: the window opens again sooner than learned
    // (a silent roll predicted too early), or the 429s are not the window's. Probes find out.
    if (this.accepted === 0) {
      // Nothing of this window got through: it had not opened yet (a silent roll predicted too early).
      this.index -= 1;
      this.openedAt = this.previous.openedAt;
      this.accepted = this.previous.accepted;
      this.spend(now, sentAt, true);
      return;
    }
    // The window's quota ran out under the requests sent: it is what was accepted (and perhaps
    // counted of those whose answer was lost).
    const used = this.accepted + this.unanswered;
    if (this.quota !== undefined && used < this.quota) this.counts.decreases += 1;
    this.quota = used;
    if (this.whole) this.tested(now);
    this.spend(now, sentAt, true);
  }

  /** From windows to an even pace: the learned quota per window, as a rate. */
  private pace(now: number): void {
    const length = this.learnedPeriodMs ?? Math.max(1, now - this.openedAt);
    this.phase = "paced";
    this.base = Math.max(this.options.minRate, ((this.quota ?? 1) * 1000) / length);
    this.baseAt = now;
    this.nextAt = now;
  }

  /** The quota was confirmed by a refusal in a window seen whole: test it less often. */
  private tested(now: number): void {
    if (this.quotaWhole) this.testEvery = Math.min(this.testEvery * 2, 1024);
    this.testsPassed = 0;
    this.quotaWhole = true;
    this.quotaTestedAt = now;
    this.windowsSinceTest = 0;
  }

  /**
   * Holds everything until the next window opens (known to be after `after`). `searching`: after a
   * 429 that was not foreseen, probes search from now, whatever was learned (the opener still goes
   * at a predicted opening); otherwise the hold rests on what was learned, tested now and then.
   */
  private spend(now: number, after: number, searching = false): void {
    this.counts.pauses += 1;
    this.phase = "spent";
    this.after = after;
    this.probeSentAt = undefined;
    this.probeFloor = Infinity;
    this.beyondSentAt = undefined;
    this.searchFrom = now;
    this.probeAt = now + this.options.basePauseMs;
    this.searching = searching;
    this.verifyAt = now + this.options.verifyAfterMs;
    this.verifySentAt = undefined;
    this.secondSearchFrom = -Infinity;
    // The second search: the window lasts at least as long as the first one was seen to, unless that
    // one accepted more than a quota (windows passed unseen). It likely opens soon after: small gaps.
    // The first window's start is a guess (the run's first request), so the hold is tested too.
    const second = this.openings.seen && this.openings.lengthBounds === undefined;
    if (second && this.secondFrom > this.probeAt && this.quota !== undefined && this.freeAccepted <= this.quota) {
      this.secondSearchFrom = this.secondFrom;
      if (!searching) {
        this.probeAt = this.secondFrom;
        this.searchFrom = this.secondFrom;
      }
    }
  }

  /**
   * A test of the hold got no acceptance: the next one `verifyAfterMs` later. Not less often: were
   * the refusals a burst of them rather than the window's, the end of the burst is found within that.
   */
  private nextVerify(now: number): void {
    this.verifySentAt = undefined;
    this.verifyAt = now + this.options.verifyAfterMs;
  }

  /** A probe (or opener) sent at `sentAt` was accepted: the next window is open. */
  private open(sentAt: number): void {
    this.probeSentAt = undefined;
    this.verifySentAt = undefined;
    // Open before it could be by what was learned: that was wrong (or the 429s were not the
    // window's). Nothing is held back on it any longer; the quota is tested again at once.
    const contradicted = sentAt < this.earliestOpening() - this.slack();
    if (contradicted) {
      this.quotaWhole = false;
      this.testsPassed = 0;
      this.testEvery = 1;
    }
    // Nothing waiting for a while (idle): windows may have passed unseen in between.
    if (!contradicted) for (let next = this.predict(this.index + 2); next !== undefined && next.hi + this.margin() <= sentAt; next = this.predict(this.index + 2)) this.index += 1;
    // Without a known length, an opening found long after a probe was due (nothing was waiting)
    // may be any of several: start learning the length afresh from it.
    const idle = this.openings.lengthBounds === undefined && this.probeLateBy > 2 * this.options.maxPauseMs;
    const relearn = idle || contradicted;
    if (relearn) this.openings.clear();
    // The first window lasted at least from the first request to the last refusal before it ended.
    this.secondFrom = this.openings.seen || relearn ? 0 : 2 * this.after - this.freeSince;
    this.openings.observe({ index: this.index + 1, lo: this.after, hi: sentAt });
    this.startWindow(sentAt);
    this.sent = 1;
    this.accepted = 1;
  }

  private startWindow(openedAt: number): void {
    this.previous = { openedAt: this.openedAt, accepted: this.accepted };
    this.phase = "open";
    this.index += 1;
    this.openedAt = openedAt;
    this.sent = 0;
    this.accepted = 0;
    this.unanswered = 0;
    this.whole = true;
    this.windowsSinceTest += 1;
    // A request beyond the last window's quota tells nothing about this one.
    this.beyondSentAt = undefined;
  }

  /** While open: at a narrowly predicted opening the next window begins even without a wait. False: limiting lifted. */
  private roll(now: number): boolean {
    for (;;) {
      const next = this.narrow(this.index + 1);
      if (next === undefined) break;
      const at = next.hi + this.margin();
      if (now < at) break;
      this.startWindow(at);
    }
    if (this.quota !== undefined || now - this.last429At < this.options.releaseAfterMs) return true;
    this.release();
    return false;
  }

  /** While open: whether the next request is within the quota ("go"), a test beyond it, or too many. */
  private openTurn(now: number): "go" | "test" | "done" {
    if (this.quota === undefined || this.sent < this.quota) return "go";
    // One request beyond a quota finds out whether it is larger: at once for an estimate, then
    // after 1, 2, 4... windows while the tests are refused, and at least every `releaseAfterMs`.
    if (this.sent !== this.quota) return "done";
    const due = !this.quotaWhole || this.windowsSinceTest >= this.testEvery || now - this.quotaTestedAt >= this.options.releaseAfterMs;
    return due ? "test" : "done";
  }

  /** When the next probe, opener or test of the hold may go. */
  private nextProbeAt(): number {
    const opener = this.openerAt();
    if (opener === undefined) return this.probeAt;
    if (this.searching) return Math.min(this.probeAt, opener);
    // Tests of the hold only well before the learned opening: one that could reach the server after
    // the window opened would pass for a wrong prediction.
    return this.verifyAt < this.earliestOpening() - this.slack() ? Math.min(this.verifyAt, opener) : opener;
  }

  /**
   * When the opener goes by what was learned (a predicted opening, or the second window's earliest
   * start), or `undefined` when nothing is predicted and probes search.
   */
  private openerAt(): number | undefined {
    const next = this.predict(this.index + 1);
    if (next !== undefined) {
      const lo = Math.max(next.lo, this.after);
      const margin = this.margin();
      if (lo < next.hi + margin) {
        // Vague: try the middle (halving the doubt either way); precise: just after the latest it can be.
        const vague = next.hi - lo > this.tolerance();
        return vague ? (lo + next.hi) / 2 : next.hi + margin;
      }
      // Refused after the latest predicted time: the prediction is off; search from here.
      return undefined;
    }
    if (this.secondSearchFrom === -Infinity) return undefined;
    // The second window's earliest start, then (refused there) the search after it.
    return this.after < this.secondSearchFrom ? this.secondSearchFrom : this.probeAt;
  }

  /** The earliest the next window opens by what was learned; -Infinity when nothing says. */
  private earliestOpening(): number {
    if (this.phase !== "spent") return -Infinity;
    const next = this.predict(this.index + 1);
    if (next !== undefined) return Math.max(next.lo, this.after);
    return this.secondSearchFrom;
  }

  /** Time kept from the learned opening: a request sent later may be counted in the next window. */
  private slack(): number {
    return this.tolerance() + this.rttSmooth;
  }

  private probeGap(now: number): number {
    const { basePauseMs, maxPauseMs, probeGrowth } = this.options;
    return Math.min(maxPauseMs, Math.max(basePauseMs, probeGrowth * (now - this.searchFrom)));
  }

  /** How long the others wait for a probe's answer: a lost one is given up after a while. */
  private probeWait(sentAt: number, now: number): number {
    const deadline = sentAt + this.options.maxPauseMs + 4 * this.rttSmooth;
    if (now < deadline) return deadline - now;
    if (this.probeSentAt === sentAt) this.onNoAnswer(sentAt, now);
    else this.beyondSentAt = undefined;
    return this.delayMs(now, 1);
  }

  private predict(index: number): Bounds | undefined {
    return this.openings.predict(index);
  }

  /**
   * The prediction of window `index`'s opening if it is narrow: a tenth of a window at most, so that
   * holding requests back across it costs little (a vaguer one is narrowed by openers first).
   */
  private narrow(index: number): Bounds | undefined {
    const next = this.predict(index);
    const doubt = Math.max(this.tolerance(), 0.1 * (this.openings.lengthBounds?.lo ?? 0));
    return next !== undefined && next.hi - next.lo <= doubt ? next : undefined;
  }

  /** Doubt worth halving with an opener in the middle. */
  private tolerance(): number {
    const length = this.openings.lengthBounds?.lo ?? 0;
    return Math.max(1, this.options.precision * length, 2 * this.margin());
  }

  /** Kept after a predicted opening, for requests that reach the server sooner than the one that saw it open. */
  private margin(): number {
    return this.rttSpread;
  }

  private sampleRtt(rtt: number): void {
    if (!(rtt >= 0)) return;
    this.rttMin = Math.min(this.rttMin, rtt);
    this.rttSmooth = this.rttSmooth === 0 ? rtt : this.rttSmooth + (rtt - this.rttSmooth) / 8;
    this.rttSpread += (rtt - this.rttMin - this.rttSpread) / 8;
  }

  /** No 429 for a long while and no quota in force: forget everything. */
  private release(): void {
    this.phase = "free";
    this.quota = undefined;
    this.quotaWhole = false;
    this.quotaTestedAt = -Infinity;
    this.testEvery = 1;
    this.windowsSinceTest = 0;
    this.testsPassed = 0;
    this.openings.clear();
    this.secondFrom = 0;
    this.freeAccepted = 0;
    this.freeSince = Infinity;
    this.index = 0;
    this.openedAt = -Infinity;
    this.sent = 0;
    this.accepted = 0;
    this.previous = { openedAt: -Infinity, accepted: 0 };
    this.pausedUntil = 0;
    this.probeSentAt = undefined;
    this.beyondSentAt = undefined;
    this.probeFloor = Infinity;
    this.searching = false;
    this.secondSearchFrom = -Infinity;
    this.verifySentAt = undefined;
  }
}

/**
 * Where a server's fixed rate-limit windows open, learned from single openings: each is known to
 * lie between a request refused and one accepted after it (client send times). Two openings bound
 * the window's length; every further one narrows it, and the next openings are predicted from the
 * most precise opening seen and the latest. Observations that contradict the prediction (the server
 * changed its limit, or windows passed unseen) restart the learning from the latest two.
 */

/** An opening of window `index` (windows counted by the caller), known to lie in (lo, hi]. */
export interface Opening {
  index: number;
  lo: number;
  hi: number;
}

/** A time known to lie in [lo, hi]. */
export interface Bounds {
  lo: number;
  hi: number;
}

export class WindowOpenings {
  /** The most precise opening seen: lengths are measured from it. */
  private anchor: Opening | undefined;
  private last: Opening | undefined;
  private length: Bounds | undefined;

  /** Bounds on the window's length, once two openings were seen. */
  get lengthBounds(): Bounds | undefined {
    return this.length;
  }

  /** The window's length (the middle of its bounds), once two openings were seen. */
  get lengthMs(): number | undefined {
    return this.length && (this.length.lo + this.length.hi) / 2;
  }

  /** Whether an opening was seen (since the last {@link clear}). */
  get seen(): boolean {
    return this.last !== undefined;
  }

  /** Records an opening and tightens what is known of the window's length. */
  observe(seen: Opening): void {
    const opening = { ...seen };
    if (this.anchor === undefined || this.last === undefined) {
      this.anchor = opening;
      this.last = opening;
      return;
    }
    const predicted = this.predict(opening.index);
    if (predicted !== undefined) {
      opening.lo = Math.max(opening.lo, predicted.lo);
      opening.hi = Math.min(opening.hi, predicted.hi);
      if (opening.lo > opening.hi) {
        // The opening fell outside the prediction: trust what was seen and relearn the length from it.
        opening.lo = seen.lo;
        opening.hi = seen.hi;
        this.anchor = this.last;
        this.length = undefined;
      }
    }
    let length = this.length ?? { lo: 0, hi: Infinity };
    for (const earlier of this.anchor === this.last ? [this.last] : [this.anchor, this.last]) {
      const n = opening.index - earlier.index;
      if (n < 1) continue;
      length = { lo: Math.max(length.lo, (opening.lo - earlier.hi) / n), hi: Math.min(length.hi, (opening.hi - earlier.lo) / n) };
    }
    if (length.lo > length.hi || !Number.isFinite(length.hi)) {
      // Inconsistent (the server changed, or windows passed unseen): relearn from the last two.
      const n = Math.max(1, opening.index - this.last.index);
      length = { lo: (opening.lo - this.last.hi) / n, hi: (opening.hi - this.last.lo) / n };
      this.anchor = this.last;
    }
    this.length = { lo: Math.max(0, length.lo), hi: length.hi };
    this.last = opening;
    // The bounds kept so far stay: measuring from a more precise opening only adds to them.
    if (opening.hi - opening.lo < this.anchor.hi - this.anchor.lo) this.anchor = opening;
  }

  /** Where window `index` opens, once the length is bounded. */
  predict(index: number): Bounds | undefined {
    const { length, anchor, last } = this;
    if (length === undefined || anchor === undefined || last === undefined || !(length.hi > 0)) return undefined;
    const fromLast = { lo: last.lo + (index - last.index) * length.lo, hi: last.hi + (index - last.index) * length.hi };
    const fromAnchor = { lo: anchor.lo + (index - anchor.index) * length.lo, hi: anchor.hi + (index - anchor.index) * length.hi };
    const lo = Math.max(fromLast.lo, fromAnchor.lo);
    const hi = Math.min(fromLast.hi, fromAnchor.hi);
    return lo <= hi ? { lo, hi } : fromLast;
  }

  /** Forgets everything learned. */
  clear(): void {
    this.anchor = undefined;
    this.last = undefined;
    this.length = undefined;
  }
}

/**
 * How long calls wait for a server's rate-limit window (each at most its own bound, counted from
 * when it began to wait) and how the wait is reported (one progress line per server at a modest
 * cadence), on the limiter's hand-driven clock: minutes of waiting run in milliseconds.
 */
import type { Ticket } from "../../../../provider/http/rate-limit/limiter";
import { setProgressSink, type ProgressSink } from "../../../../provider/http/rate-limit/progress";
import { rateLimitWaitOver } from "../../../../provider/http/transport/retry-policy";
import { PROGRESS_EVERY_MS, PROGRESS_FIRST_AFTER_MS, progressLine, type WindowWait } from "../../../../provider/http/rate-limit/window-waits";
import { manual, spendWindow, type Rig } from "../support/manual-limiter";

const ORIGIN = "https://chat.example.com";
const RTT_MS = 5;

/**
 * One call as the attempt gate runs it: each attempt waits its turn in the limiter, is answered
 * `RTT_MS` later (429 until `acceptFrom`, then 200), and after a 429 is repeated first in line
 * unless the call has waited its `maxWaitMs`.
 */
function call(r: Rig, maxWaitMs: number, acceptFrom = Infinity) {
  const wait: WindowWait = { maxWaitMs };
  const state = { attempts: 0, refused: 0, done: false, gaveUpAfterMs: undefined as number | undefined };
  const end = () => {
    r.limiter.doneWaiting(wait);
    state.done = true;
  };
  wait.onExpired = (waitedMs) => {
    state.gaveUpAfterMs = waitedMs;
    end();
  };
  const attempt = (first: boolean) =>
    r.limiter.whenAllowed(
      (ticket) => {
        state.attempts += 1;
        r.timers.push({
          at: r.clock.t + RTT_MS,
          id: -1,
          fn: () => {
            const status = r.clock.t >= acceptFrom ? 200 : 429;
            r.limiter.onAnswer(ticket, status, undefined, r.date());
            if (status === 200) {
              r.limiter.release();
              return end();
            }
            state.refused += 1;
            wait.since ??= ticket.sentAt;
            r.limiter.waitingForWindow(wait);
            r.limiter.release();
            const waited = r.clock.t - wait.since;
            if (!rateLimitWaitOver(waited, { rateLimitMaxWaitMs: maxWaitMs })) return attempt(true);
            state.gaveUpAfterMs = waited;
            end();
          },
        });
      },
      first,
      wait,
    );
  attempt(false);
  return state;
}

describe("the bound on a call's wait for the rate-limit window", () => {
  it("fails a call once it has waited its maxWaitMs, counted from when it was held back, and it sends nothing after", () => {
    const r = manual();
    spendWindow(r, 20);
    const start = r.clock.t;
    const c = call(r, 3_000);
    r.advance(2_999);
    expect(c.done).toBe(false);
    r.advance(1);
    expect(c).toMatchObject({ done: true, gaveUpAfterMs: 3_000, attempts: 0 });
    r.advance(120_000);
    expect(c.attempts).toBe(0);
    expect(r.limiter.stats()).toMatchObject({ waiting: 0, inFlight: 0, waitingForWindow: 0 });
    expect(r.clock.t - start).toBe(123_000);
  });

  it("fails the calls held together at their own bounds; one whose wait spans an opening sends only requests alone there", () => {
    const r = manual({}, 16);
    spendWindow(r, 10);
    const start = r.clock.t;
    const opening = r.nextOpening();
    const short = Array.from({ length: 10 }, () => call(r, 3_000));
    // Longer than the wait for the next window: it goes alone there, is refused (the server refuses
    // everything), goes alone once more after probeAfterMs, is refused again, and waits for the next.
    const long = call(r, opening - start + 20_000);
    r.advance(3_000);
    expect(short.every((c) => c.done && c.attempts === 0)).toBe(true);
    expect(long.done).toBe(false);
    r.advance(opening - start + 20_000);
    expect(long).toMatchObject({ done: true, attempts: 2, refused: 2, gaveUpAfterMs: opening - start + 20_000 });
    expect(r.limiter.stats()).toMatchObject({ probes: 2, waiting: 0, inFlight: 0, waitingForWindow: 0 });
  });

  it("does not count waiting for a connection while nothing is rate-limited", () => {
    const r = manual({}, 1);
    r.limiter.whenAllowed(() => undefined); // holds the only connection
    const c = call(r, 100);
    r.advance(10_000);
    expect(c).toMatchObject({ attempts: 0, done: false });
    expect(r.limiter.stats()).toMatchObject({ waiting: 1, waitingForWindow: 0 });
  });

  it("counts the wait of a call queued for a connection from the first 429 on", () => {
    const r = manual({}, 1);
    const out: Ticket[] = [];
    r.limiter.whenAllowed((ticket) => out.push(ticket)); // holds the only connection
    const c = call(r, 2_000);
    r.advance(5_000);
    expect(c.done).toBe(false);
    r.limiter.onAnswer(out[0] as Ticket, 429, undefined, r.date()); // another request's 429: the server limits requests now
    const limitedAt = r.clock.t;
    expect(r.limiter.stats()).toMatchObject({ waitingForWindow: 1 });
    r.advance(1_999);
    expect(c.done).toBe(false);
    r.advance(1);
    expect(c).toMatchObject({ done: true, attempts: 0, gaveUpAfterMs: 2_000 });
    expect(r.clock.t - limitedAt).toBe(2_000);
    expect(r.limiter.stats()).toMatchObject({ waiting: 0, waitingForWindow: 0 });
  });
});

describe("progress while calls wait for the window", () => {
  let lines: { at: number; line: string }[];
  let restore: ProgressSink;
  let r: Rig;
  beforeEach(() => {
    lines = [];
    r = manual({}, 16, ORIGIN);
    restore = setProgressSink((line) => lines.push({ at: r.clock.t, line }));
  });
  afterEach(() => setProgressSink(restore));

  it("reports one line for the server after PROGRESS_FIRST_AFTER_MS, then every PROGRESS_EVERY_MS, whatever the number of calls", () => {
    spendWindow(r, 10);
    const start = r.clock.t;
    const calls = Array.from({ length: 3 }, () => call(r, 180_000));
    r.advance(PROGRESS_FIRST_AFTER_MS + 3 * PROGRESS_EVERY_MS);
    expect(lines.map((l) => l.at - start)).toEqual([0, 1, 2, 3].map((i) => PROGRESS_FIRST_AFTER_MS + i * PROGRESS_EVERY_MS));
    expect(lines[0]?.line).toBe(`chatwoot: ${progressLine(ORIGIN, PROGRESS_FIRST_AFTER_MS, 180_000, calls.length)}`);
    expect(lines[0]?.line).toBe(`chatwoot: waiting for the rate window of ${ORIGIN} (5 s so far; up to 180 s; 3 requests held)`);
  });

  it("reports nothing for a wait shorter than PROGRESS_FIRST_AFTER_MS, and counts a new wait from its own start", () => {
    spendWindow(r, 0, 1); // a lone 429: the retry goes alone a moment later
    const first = call(r, 180_000, r.clock.t);
    r.advance(PROGRESS_FIRST_AFTER_MS + PROGRESS_EVERY_MS);
    expect(first.done).toBe(true);
    expect(lines).toEqual([]);
    // Later, the server limits again: the next line comes PROGRESS_FIRST_AFTER_MS into the new wait
    // (which lasts until the server's next window: the retry alone is refused too).
    spendWindow(r, 0, 1);
    const again = r.clock.t;
    const second = call(r, 180_000, again + PROGRESS_FIRST_AFTER_MS + 1.5 * PROGRESS_EVERY_MS);
    r.advance(3 * PROGRESS_EVERY_MS);
    expect(second.done).toBe(true);
    expect(lines.map((l) => l.at - again)).toEqual([PROGRESS_FIRST_AFTER_MS, PROGRESS_FIRST_AFTER_MS + PROGRESS_EVERY_MS]);
    expect(lines[1]?.line).toContain(`(${(PROGRESS_FIRST_AFTER_MS + PROGRESS_EVERY_MS) / 1000} s so far; up to 180 s)`);
  });

  it("stops reporting when the last waiting call gives up", () => {
    spendWindow(r, 10);
    const c = call(r, PROGRESS_FIRST_AFTER_MS + PROGRESS_EVERY_MS / 2);
    r.advance(10 * PROGRESS_EVERY_MS);
    expect(c.done).toBe(true);
    expect(lines).toHaveLength(1);
  });

  it("reports nothing for a limiter without an origin", () => {
    const quiet = manual({}, 16);
    spendWindow(quiet, 10);
    call(quiet, 180_000);
    quiet.advance(60_000);
    expect(lines).toEqual([]);
  });
});

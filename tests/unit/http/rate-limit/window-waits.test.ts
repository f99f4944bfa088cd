/**
 * How long calls wait for a server's rate-limit window (each at most its own bound, counted from
 * when it began to wait) and how the wait is reported (one progress line per server at a modest
 * cadence), on the limiter's hand-driven clock: minutes of waiting run in milliseconds.
 */
import { setProgressSink, type ProgressSink } from "../../../../provider/http/rate-limit/progress";
import { rateLimitWaitOver } from "../../../../provider/http/transport/retry-policy";
import { PROGRESS_EVERY_MS, PROGRESS_FIRST_AFTER_MS, progressLine, type WindowWait } from "../../../../provider/http/rate-limit/window-waits";
import { OPTIONS, manual, spendFirstWindow } from "../support/manual-limiter";

const ORIGIN = "https://chat.example.com";
const RTT_MS = 5;

type Rig = ReturnType<typeof manual>;

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
      () => {
        state.attempts += 1;
        const sentAt = r.limiter.clock();
        r.timers.push({
          at: r.clock.t + RTT_MS,
          id: -1,
          fn: () => {
            const status = r.clock.t >= acceptFrom ? 200 : 429;
            r.limiter.onAnswer(sentAt, status);
            r.limiter.release();
            if (status === 200) return end();
            state.refused += 1;
            wait.since ??= sentAt;
            r.limiter.waitingForWindow(wait);
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
  it("fails a call once it has waited its maxWaitMs for a server that refuses everything, and it sends nothing after", () => {
    const r = manual();
    spendFirstWindow(r.limiter);
    const start = r.clock.t;
    const c = call(r, 3_000);
    r.advance(10_000);
    expect(c.done).toBe(true);
    // Counted from when it was first held back; it ends at the bound or at the answer of the probe out then.
    expect(c.gaveUpAfterMs).toBeGreaterThanOrEqual(3_000);
    expect(c.gaveUpAfterMs).toBeLessThanOrEqual(3_000 + OPTIONS.maxPauseMs + RTT_MS);
    expect(c.attempts).toBe(c.refused);
    const attempts = c.attempts;
    r.advance(60_000);
    expect(c.attempts).toBe(attempts);
    expect(r.limiter.stats()).toMatchObject({ waiting: 0, inFlight: 0, waitingForWindow: 0 });
    expect(r.clock.t - start).toBe(70_000);
  });

  it("fails the calls held together at their own bounds, together rather than one after another, each sending only its probes", () => {
    const r = manual({}, 16);
    spendFirstWindow(r.limiter);
    const start = r.clock.t;
    const short = Array.from({ length: 10 }, () => call(r, 3_000));
    const long = call(r, 8_000);
    r.advance(3_000 + OPTIONS.maxPauseMs + RTT_MS);
    expect(short.every((c) => c.done)).toBe(true);
    expect(long.done).toBe(false);
    r.advance(20_000);
    expect(long.gaveUpAfterMs).toBeGreaterThanOrEqual(8_000);
    expect(long.gaveUpAfterMs).toBeLessThanOrEqual(8_000 + OPTIONS.maxPauseMs + RTT_MS);
    // Every attempt was a probe sent alone: the calls that gave up while held took no turn.
    const attempts = [...short, long].reduce((n, c) => n + c.attempts, 0);
    expect(attempts).toBe(r.limiter.stats().probes);
    expect(r.clock.t - start).toBeGreaterThan(8_000);
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
    let sentAt = 0;
    r.limiter.whenAllowed(() => (sentAt = r.limiter.clock())); // out, and never answered
    const c = call(r, 2_000);
    r.advance(5_000);
    expect(c.done).toBe(false);
    r.limiter.onAnswer(sentAt, 429); // another request's 429: the server limits requests now
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
    spendFirstWindow(r.limiter);
    const start = r.clock.t;
    const calls = Array.from({ length: 3 }, () => call(r, 180_000));
    r.advance(PROGRESS_FIRST_AFTER_MS + 3 * PROGRESS_EVERY_MS);
    expect(lines.map((l) => l.at - start)).toEqual([0, 1, 2, 3].map((i) => PROGRESS_FIRST_AFTER_MS + i * PROGRESS_EVERY_MS));
    expect(lines[0]?.line).toBe(`chatwoot: ${progressLine(ORIGIN, PROGRESS_FIRST_AFTER_MS, 180_000, calls.length)}`);
    expect(lines[0]?.line).toBe(`chatwoot: waiting for the rate window of ${ORIGIN} (5 s so far; up to 180 s; 3 requests held)`);
  });

  it("reports nothing for a wait shorter than PROGRESS_FIRST_AFTER_MS, and counts a new wait from its own start", () => {
    spendFirstWindow(r.limiter);
    const first = call(r, 180_000, r.clock.t + PROGRESS_FIRST_AFTER_MS - 1_000);
    r.advance(PROGRESS_FIRST_AFTER_MS + PROGRESS_EVERY_MS);
    expect(first.done).toBe(true);
    expect(lines).toEqual([]);
    // Later, the server limits again: the next line comes PROGRESS_FIRST_AFTER_MS into the new wait.
    r.limiter.onAnswer(r.limiter.clock(), 429);
    const again = r.clock.t;
    const second = call(r, 180_000, again + PROGRESS_FIRST_AFTER_MS + 1.5 * PROGRESS_EVERY_MS);
    r.advance(3 * PROGRESS_EVERY_MS);
    expect(second.done).toBe(true);
    expect(lines.map((l) => l.at - again)).toEqual([PROGRESS_FIRST_AFTER_MS, PROGRESS_FIRST_AFTER_MS + PROGRESS_EVERY_MS]);
    expect(lines[1]?.line).toContain(`(${(PROGRESS_FIRST_AFTER_MS + PROGRESS_EVERY_MS) / 1000} s so far; up to 180 s)`);
  });

  it("stops reporting when the last waiting call gives up", () => {
    spendFirstWindow(r.limiter);
    const c = call(r, PROGRESS_FIRST_AFTER_MS + PROGRESS_EVERY_MS / 2);
    r.advance(10 * PROGRESS_EVERY_MS);
    expect(c.done).toBe(true);
    expect(lines).toHaveLength(1);
  });

  it("reports nothing for a limiter without an origin", () => {
    const quiet = manual({}, 16);
    spendFirstWindow(quiet.limiter);
    call(quiet, 180_000);
    quiet.advance(60_000);
    expect(lines).toEqual([]);
  });
});

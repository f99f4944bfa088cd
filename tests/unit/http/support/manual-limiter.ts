/**
 * A Limiter on a clock and timers the test moves by hand, next to a server clock of its own: what
 * the limiter and its waits do over minutes of simulated time runs in milliseconds and the same
 * way every time.
 */
import { DEFAULT_LIMITER_OPTIONS, Limiter, type LimiterOptions, type Ticket } from "../../../../provider/http/rate-limit/limiter";

/** The default tuning (without its clocks, which `manual` replaces), for tests that compute with it. */
export const OPTIONS: Omit<LimiterOptions, "now" | "wallClock"> = (({ now: _now, wallClock: _wall, ...tuning }) => tuning)(DEFAULT_LIMITER_OPTIONS);

/** The local clock's start, and the server's epoch time then: `START_INTO_WINDOW_MS` into a minute. */
export const LOCAL_START = 100_000;
export const START_INTO_WINDOW_MS = 10_000;
const SERVER_START = 1_800_000_000_000 + START_INTO_WINDOW_MS;

/**
 * A Limiter with hand-driven timers and clock; `soon` callbacks run at the next `advance`, even
 * `advance(0)`. The server's clock runs `server.offsetMs` ahead of the local one; the machine's
 * wall clock agrees with the server's unless `wallSkewMs` says otherwise.
 */
export function manual(options: Partial<LimiterOptions> = {}, maxInFlight = Infinity, origin?: string, wallSkewMs = 0) {
  const clock = { t: LOCAL_START };
  const server = { offsetMs: SERVER_START - LOCAL_START };
  const timers: { at: number; fn: () => void; id: number }[] = [];
  const delays: number[] = [];
  let ids = 0;
  const limiter = new Limiter(
    { ...OPTIONS, ...options, now: () => clock.t, wallClock: () => clock.t + server.offsetMs + wallSkewMs },
    maxInFlight,
    {
      set: (fn, ms) => {
        delays.push(ms);
        timers.push({ at: clock.t + ms, fn, id: ++ids });
        return ids;
      },
      soon: (fn) => void timers.push({ at: clock.t, fn, id: ++ids }),
      clear: (id) => {
        const i = timers.findIndex((x) => x.id === id);
        if (i >= 0) timers.splice(i, 1);
      },
    },
    origin,
  );
  const advance = (ms: number) => {
    const end = clock.t + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = timers[0];
      if (next === undefined || next.at > end) break;
      timers.shift();
      clock.t = next.at;
      next.fn();
    }
    clock.t = end;
  };
  /** The server's clock now, epoch milliseconds. */
  const serverNow = () => clock.t + server.offsetMs;
  /** The server's `Date` header now: an HTTP date, to the second. */
  const date = () => new Date(serverNow()).toUTCString();
  /** Local time at which the server's next window (a whole minute of its clock) opens. */
  const nextOpening = (periodMs = OPTIONS.periodMs) => (Math.floor(serverNow() / periodMs) + 1) * periodMs - server.offsetMs;
  /** Answers `ticket` now, dated by the server's clock, and gives its slot back. */
  const answer = (ticket: Ticket, status: number) => {
    limiter.onAnswer(ticket, status, undefined, date());
    limiter.release();
  };
  return { limiter, clock, server, timers, delays, advance, serverNow, date, nextOpening, answer };
}

export type Rig = ReturnType<typeof manual>;

/**
 * Spends the server's window as a burst does: `accepted + refused` requests sent together (the
 * limiter must admit them all at once) and answered at once, the first `accepted` with 200 and the
 * rest with 429. Returns the tickets of the refused ones.
 */
export function spendWindow(r: Rig, accepted: number, refused = 2): Ticket[] {
  const sent: Ticket[] = [];
  for (let i = 0; i < accepted + refused; i++) r.limiter.whenAllowed((ticket) => sent.push(ticket));
  if (sent.length !== accepted + refused) throw new Error(`the limiter admitted ${sent.length} of ${accepted + refused} requests`);
  sent.forEach((ticket, i) => r.answer(ticket, i < accepted ? 200 : 429));
  return sent.slice(accepted);
}

/**
 * A Limiter on a clock and timers the test moves by hand: what the limiter, its window learning and
 * its waits do over minutes of simulated time runs in milliseconds and the same way every time.
 */
import { DEFAULT_LIMITER_OPTIONS, Limiter, type LimiterOptions } from "../../../../provider/http/rate-limit/limiter";

/** The default tuning (without its clock, which `manual` replaces), for tests that compute with it. */
export const OPTIONS: Omit<LimiterOptions, "now"> = (({ now: _now, ...tuning }) => tuning)(DEFAULT_LIMITER_OPTIONS);

/** A Limiter with hand-driven timers and clock; `soon` callbacks run at the next `advance`, even `advance(0)`. */
export function manual(options: Partial<LimiterOptions> = {}, maxInFlight = Infinity, origin?: string) {
  const clock = { t: 100_000 };
  const timers: { at: number; fn: () => void; id: number }[] = [];
  const delays: number[] = [];
  let ids = 0;
  const limiter = new Limiter(
    { ...OPTIONS, ...options, now: () => clock.t },
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
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (next === undefined || next.at > end) break;
      timers.shift();
      clock.t = next.at;
      next.fn();
    }
    clock.t = end;
  };
  return { limiter, clock, timers, delays, advance };
}

/** The first window spent: `accepted` answers, then a 429, as the limiter sees them. */
export function spendFirstWindow(limiter: Limiter, accepted = 20) {
  for (let i = 0; i < accepted; i++) limiter.onAnswer(limiter.clock(), 200);
  limiter.onAnswer(limiter.clock(), 429);
}

/** Timer functions of the limiter and its waits (the tests drive a virtual clock instead). */
export interface LimiterTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  /** Runs `fn` soon, after the current call stack: how a freed slot wakes the queue without a timer's delay. */
  soon(fn: () => void): void;
}

export const REAL_TIMERS: LimiterTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
  soon: (fn) => queueMicrotask(fn),
};

/**
 * The sandbox's rate limit as the benchmarks use it (fixed windows, every request counted, like
 * rack-attack): using up part of a window before a run, and the earliest a run could finish
 * under the limit.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { BareClient } from "./bare-client";
import type { SandboxProcess } from "./sandbox-process";

/** Requests per fixed window. */
export interface WindowLimit {
  requests: number;
  periodMs: number;
}

/**
 * Sets the sandbox's limit and returns when (this process's `performance.now()`) the window the
 * run starts in began. Windows start at multiples of the period since the epoch (the sandbox's
 * clock is this machine's), as rack-attack's do. `align`: first wait for the next window to start,
 * so that a run whose limit binds starts at the start of a window, wherever the clock stands.
 */
export async function setWindowLimit(sandbox: SandboxProcess, limit: WindowLimit, align: boolean): Promise<number> {
  await sandbox.setRateLimit({ limit: limit.requests, periodMs: limit.periodMs });
  if (align) await sleep(limit.periodMs - (Date.now() % limit.periodMs));
  return performance.now() - (Date.now() % limit.periodMs);
}

/** Requests sent at once while using up a window: enough to do it in a few seconds. */
const SPEND_LANES = 32;

/**
 * Sends `n` cheap requests (as the same client as the run that follows, other tooling on the same
 * IP) so that they count against the current window.
 * @throws Error when one is not answered 200 (the window ran out: `n` exceeds what is left of it).
 */
export async function spendWindow(bare: BareClient, accountId: number, n: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < n) {
      next += 1;
      const status = await bare.send({ method: "GET", path: `/api/v1/accounts/${accountId}/custom_attribute_definitions`, query: {}, body: null, status: 200 });
      if (status !== 200) throw new Error(`using up the window: answer ${status} after ${next} requests`);
    }
  };
  await Promise.all(Array.from({ length: SPEND_LANES }, lane));
}

/**
 * The earliest a run can finish under `limit`, from its start: 0 when `quotaLeft` (what the window
 * it starts in would still accept) covers the `needed` requests; otherwise the start of the first
 * window by which enough quota has accrued (windows are fixed, so no client can do better).
 * `windowOffsetMs`: from the start of the first window to the start of the run.
 */
export function limitBoundMs(limit: WindowLimit, quotaLeft: number, needed: number, windowOffsetMs: number): number {
  if (needed <= quotaLeft) return 0;
  const windows = Math.ceil((needed - quotaLeft) / limit.requests);
  const windowOfStart = Math.floor(windowOffsetMs / limit.periodMs);
  return (windowOfStart + windows) * limit.periodMs - windowOffsetMs;
}

/**
 * 429s through a resource's lifecycle against the sandbox: a 429 that persists ends in a clear
 * error once `rateLimitMaxWaitMs` has passed, a lone one costs a moment, a window's wait ends when
 * the server's clock (its Date header) starts the next window, and the resources of one process
 * share what a request learned about the server's window.
 */
import { resources } from "../../../provider";
import { closeApiClients, limiterStats } from "../../../provider/http/transport/origins";
import { create } from "../support/engine";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const LABELS = "/api/v1/accounts/:account/labels";
const MINUTE_MS = 60_000;

async function labels(): Promise<{ title: string }[]> {
  const res = await ctx.admin("GET", `/api/v1/accounts/${ctx.account.id}/labels`);
  return (res.body as { payload: { title: string }[] }).payload;
}

const posts = () => ctx.requests().filter((e) => e.method === "POST");

/**
 * Sets the sandbox's clock so that its minute ends `inMs` from now (or a few seconds later), at
 * least 5 s from a minute of this machine's clock, so that waiting by the wrong clock shows.
 * Returns the machine's time at which the server's minute ends, and the offset set.
 */
function serverMinuteEndsIn(inMs: number): { endsAt: number; offsetMs: number } {
  let endsAt = Date.now() + inMs;
  while (endsAt % MINUTE_MS < 5_000 || endsAt % MINUTE_MS > MINUTE_MS - 5_000) endsAt += 2_500;
  // Any whole minute of the server's clock: here, half an hour and a minute from the machine's.
  const offsetMs = Math.ceil(endsAt / MINUTE_MS) * MINUTE_MS + 30 * MINUTE_MS - endsAt;
  ctx.sb.control.setClockOffset(offsetMs);
  return { endsAt, offsetMs };
}

// Each test runs as a new process would: a window waited for in one test is not the next one's.
beforeEach(() => closeApiClients());
afterEach(() => {
  ctx.sb.control.clearFaults();
  ctx.sb.control.setRateLimit(null);
  ctx.sb.control.setClockOffset(0);
  ctx.connect();
});

describe("a create under 429s", () => {
  it("fails once rateLimitMaxWaitMs has passed when the 429s persist, naming the setting, the wait and the 429s; nothing is applied", async () => {
    const before = await labels();
    ctx.connect({ rateLimitMaxWaitMs: "3000" });
    ctx.sb.control.inject({ kind: "status", status: 429, method: "POST", path: LABELS, times: 10_000 });
    const err = await create(resources.Label, { title: "vip" }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(Error);
    const message = (err as Error).message;
    const refused = posts().filter((e) => e.status === 429).length;
    expect(refused).toBeGreaterThan(1);
    expect(message).toContain(`POST /api/v1/accounts/${ctx.account.id}/labels: 429 still rate limited after waiting`);
    expect(Number(/after waiting (\d+) s/.exec(message)?.[1])).toBeGreaterThanOrEqual(3);
    expect(message).toContain(`(${refused} answers 429)`);
    expect(message).toContain("chatwoot:rateLimitMaxWaitMs (or environment variable CHATWOOT_RATE_LIMIT_MAX_WAIT_MS), now 3000 ms");
    for (const secret of ctx.sb.control.secrets()) expect(message).not.toContain(secret);
    expect(posts().filter((e) => e.status !== 429)).toEqual([]);
    expect(await labels()).toEqual(before);
  });

  it("succeeds after a lone 429 (not the window's: the retry, sent alone a moment later, is accepted), with exactly one object", async () => {
    const before = await labels();
    ctx.sb.control.inject({ kind: "status", status: 429, method: "POST", path: LABELS, times: 1 });
    const state = await create(resources.Label, { title: "vip" });
    expect(posts().map((e) => e.status)).toEqual([429, 200]);
    const after = await labels();
    expect(after.filter((l) => l.title === "vip")).toHaveLength(1);
    expect(after).toHaveLength(before.length + 1);
    expect(state.outs).toMatchObject({ title: "vip" });
    expect(limiterStats(ctx.sb.url)).toMatchObject({ throttled: 1, holds: 0 });
  });

  it("after two 429s (the window's), retries when the server's clock starts its next minute, by its Date header, not the machine's clock", async () => {
    const { endsAt } = serverMinuteEndsIn(2_000);
    ctx.sb.control.inject({ kind: "status", status: 429, method: "POST", path: LABELS, times: 2 });
    const state = await create(resources.Label, { title: "vip" });
    // The retry went once the server's minute had turned: earlier, it would have been refused
    // again (a third 429); by this machine's minute, it would have gone 5 s or more off.
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt);
    expect(posts().map((e) => e.status)).toEqual([429, 429, 200]);
    expect(state.outs).toMatchObject({ title: "vip" });
    expect(limiterStats(ctx.sb.url)).toMatchObject({ throttled: 2, holds: 1 });
  });
});

describe("many resources against the server's rate window", () => {
  it("share one limiter, across configure() calls: the 429s are what one discovery costs, not one per resource", async () => {
    // Creates in flight together list the labels once, then post one each: 81 requests for the
    // first 80, some 41 for the other 40. The server's minute ends 5 s from now and takes 60: the
    // first ones run into its limit, and the next minute takes the rest.
    const count = 120;
    const firstPart = 80;
    serverMinuteEndsIn(5_000);
    ctx.sb.control.setRateLimit({ limit: 60, periodMs: MINUTE_MS });
    const titles = Array.from({ length: count }, (_, i) => `shared-${i}`);
    const first = titles.slice(0, firstPart).map((title) => create(resources.Label, { title }));
    const second = (async () => {
      // Once the first 429 came, the shim's configure() runs again with a setting changed (the
      // settings are read anew), and the other half starts.
      while (!((limiterStats(ctx.sb.url)?.throttled ?? 0) > 0)) await new Promise((resolve) => setTimeout(resolve, 5));
      ctx.connect({ requestTimeoutMs: "2999" });
      return Promise.all(titles.slice(firstPart).map((title) => create(resources.Label, { title })));
    })();
    const firstDone = Promise.all(first);
    await Promise.all([firstDone, second]);

    const refused = ctx.requests().filter((e) => e.status === 429).length;
    const stats = limiterStats(ctx.sb.url);
    // One limiter saw every 429 of the run (a second one would have started its own count).
    expect(stats?.throttled).toBe(refused);
    expect(refused).toBeGreaterThan(0);
    // The requests out when the window's quota ran out (at most the pool's 16 connections), and
    // none after: the next window was waited for by all, not discovered by each resource.
    expect(refused).toBeLessThanOrEqual(16);
    expect(stats).toMatchObject({ quota: 60, holds: 1 });
    ctx.sb.control.setRateLimit(null);
    const created = (await labels()).filter((l) => l.title.startsWith("shared-"));
    expect(created).toHaveLength(count);
  });
});

/**
 * 429 storms through a resource's lifecycle against the sandbox: a 429 that persists ends in a clear
 * error once `rateLimitMaxWaitMs` has passed, a burst of them costs what learning the window needs,
 * and the resources of one process share what a request learned about the server's window.
 */
import { resources } from "../../../provider";
import { closeApiClients, limiterStats } from "../../../provider/http/transport/origins";
import { create } from "../support/engine";
import { useSandbox } from "../support/sandbox";

const ctx = useSandbox();
const LABELS = "/api/v1/accounts/:account/labels";

async function labels(): Promise<{ title: string }[]> {
  const res = await ctx.admin("GET", `/api/v1/accounts/${ctx.account.id}/labels`);
  return (res.body as { payload: { title: string }[] }).payload;
}

const posts = () => ctx.requests().filter((e) => e.method === "POST");

afterEach(() => {
  ctx.sb.control.clearFaults();
  ctx.sb.control.setRateLimit(null);
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

  it("succeeds after a burst of eight 429s, with exactly one object", async () => {
    const before = await labels();
    ctx.sb.control.inject({ kind: "status", status: 429, method: "POST", path: LABELS, times: 8 });
    const state = await create(resources.Label, { title: "vip" });
    expect(posts().map((e) => e.status)).toEqual([...Array<number>(8).fill(429), 200]);
    const after = await labels();
    expect(after.filter((l) => l.title === "vip")).toHaveLength(1);
    expect(after).toHaveLength(before.length + 1);
    expect(state.outs).toMatchObject({ title: "vip" });
  });
});

describe("many resources against the server's rate window", () => {
  // A process that has not met the limit yet, as a fresh `pulumi up` (the earlier tests used the same server).
  beforeEach(() => closeApiClients());

  it("share one limiter, across configure() calls: the 429s are what one discovery costs, not one per resource", async () => {
    const count = 120;
    ctx.sb.control.setRateLimit({ limit: 40, periodMs: 1_000 });
    const titles = Array.from({ length: count }, (_, i) => `shared-${i}`);
    const first = titles.slice(0, count / 2).map((title) => create(resources.Label, { title }));
    // Once the first 429 came, the shim's configure() runs again with a setting changed (the
    // settings are read anew), and the other half starts.
    while (!((limiterStats(ctx.sb.url)?.throttled ?? 0) > 0)) await new Promise((resolve) => setTimeout(resolve, 5));
    ctx.connect({ requestTimeoutMs: "2999" });
    const second = titles.slice(count / 2).map((title) => create(resources.Label, { title }));
    await Promise.all([...first, ...second]);

    const refused = ctx.requests().filter((e) => e.status === 429).length;
    const stats = limiterStats(ctx.sb.url);
    // One limiter saw every 429 of the run (a second one would have started its own count).
    expect(stats?.throttled).toBe(refused);
    expect(refused).toBeGreaterThan(0);
    // Each 429 is a request sent alone to find the window, or one of those out (at most the pool's
    // 16 connections) when a window's quota ran out before the quota was known (the first window,
    // and the next if the first was not seen whole): no resource discovered the limit for itself.
    expect(refused).toBeLessThanOrEqual((stats?.probes ?? 0) + 2 * 16);
    expect(refused).toBeLessThan(count);
    ctx.sb.control.setRateLimit(null);
    const created = (await labels()).filter((l) => l.title.startsWith("shared-"));
    expect(created).toHaveLength(count);
  });
});

import { setTimeout as sleep } from "node:timers/promises";
import { startSandbox } from "../../../sdk/sandbox/index";
import { request, seedClients, useSandbox } from "./http";

const BOTS = "/platform/api/v1/agent_bots";

describe("rate limit", () => {
  const sandbox = useSandbox();
  const { platform1 } = seedClients(sandbox);
  const MINUTE_MS = 60_000;
  /** Short enough to wait out once. */
  const SHORT_PERIOD_MS = 2_500;

  /**
   * Sets the server's clock `intoWindowMs` past the start of one of its windows (at a multiple of
   * `periodMs` since the epoch), so that a test sees no window roll over unless it waits for one.
   * Returns the offset set and the machine's time at which that window ends.
   */
  function startOfWindow(periodMs: number, intoWindowMs = 100): { offsetMs: number; windowEnd: number } {
    const now = Date.now();
    const offsetMs = Math.ceil(now / periodMs) * periodMs + intoWindowMs - now;
    sandbox().control.setClockOffset(offsetMs);
    return { offsetMs, windowEnd: now + periodMs - intoWindowMs };
  }

  it("is off by default", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => platform1.get(BOTS)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it("answers like rack-attack once a client is over the limit: 429, text/plain, no Retry-After", async () => {
    startOfWindow(MINUTE_MS);
    sandbox().control.setRateLimit({ limit: 3, periodMs: MINUTE_MS });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await platform1.get(BOTS)).status);
    const throttled = await platform1.post(BOTS, { name: "Throttled" });
    expect(statuses).toEqual([200, 200, 200]);
    expect([throttled.status, throttled.type, throttled.text]).toEqual([429, "text/plain", "Retry later\n"]);
    for (const header of ["retry-after", "x-ratelimit-limit", "x-ratelimit-remaining", "ratelimit-limit"]) expect(throttled.headers.get(header)).toBeNull();
    expect(sandbox().control.snapshot().agent_bots).toHaveLength(2);
    expect(sandbox().control.log().map((e) => e.status)).toEqual([200, 200, 200, 429]);
  });

  it("counts per fixed window and lets the client through in the next one", async () => {
    const { windowEnd } = startOfWindow(SHORT_PERIOD_MS);
    sandbox().control.setRateLimit({ limit: 2, periodMs: SHORT_PERIOD_MS });
    expect((await platform1.get(BOTS)).status).toBe(200);
    expect((await platform1.get(BOTS)).status).toBe(200);
    expect((await platform1.get(BOTS)).status).toBe(429);
    await sleep(windowEnd - Date.now() + 50);
    expect((await platform1.get(BOTS)).status).toBe(200);
  });

  it("starts its windows at multiples of the period since the epoch by its own clock, not when the limit was set", async () => {
    // The limit set 10 s before the server's window ends: two requests fill it, and its clock moved
    // 11 s on (as time would move it) lets the client through again.
    const { offsetMs } = startOfWindow(MINUTE_MS, MINUTE_MS - 10_000);
    sandbox().control.setRateLimit({ limit: 2, periodMs: MINUTE_MS });
    const statuses = async () => [(await platform1.get(BOTS)).status, (await platform1.get(BOTS)).status, (await platform1.get(BOTS)).status];
    expect(await statuses()).toEqual([200, 200, 429]);
    sandbox().control.setClockOffset(offsetMs + 11_000);
    expect(await statuses()).toEqual([200, 200, 429]);
  });

  it("sends a Date header from its clock: an HTTP date, to the second, on 429s too", async () => {
    const { offsetMs } = startOfWindow(MINUTE_MS, 30_000);
    sandbox().control.setRateLimit({ limit: 1, periodMs: MINUTE_MS });
    const before = Date.now() + offsetMs;
    const answers = [await platform1.get(BOTS), await platform1.get(BOTS)];
    const after = Date.now() + offsetMs;
    expect(answers.map((a) => a.status)).toEqual([200, 429]);
    for (const answer of answers) {
      const header = answer.headers.get("date") ?? "";
      expect(header).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/);
      const date = Date.parse(header);
      expect(date).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(date).toBeLessThanOrEqual(after);
    }
  });

  it("counts per client (request.ip, which honours X-Forwarded-For from a loopback proxy)", async () => {
    startOfWindow(MINUTE_MS);
    sandbox().control.setRateLimit({ limit: 1, periodMs: MINUTE_MS });
    const as = (ip: string) => request(sandbox().url, "GET", BOTS, { token: sandbox().info.platformTokens[0] ?? "", headers: { "x-forwarded-for": `10.0.0.9, ${ip}` } });
    expect((await as("192.0.2.1")).status).toBe(200);
    expect((await as("192.0.2.1")).status).toBe(429);
    expect((await as("192.0.2.2")).status).toBe(200);
  });

  it("leaves control requests alone and can be switched off", async () => {
    startOfWindow(MINUTE_MS);
    sandbox().control.setRateLimit({ limit: 1, periodMs: MINUTE_MS });
    await platform1.get(BOTS);
    expect((await platform1.get(BOTS)).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await request(sandbox().url, "GET", "/__sandbox/log")).status).toBe(200);
    sandbox().control.setRateLimit(null);
    expect((await platform1.get(BOTS)).status).toBe(200);
  });

  it("treats a bare number as requests per minute (the CLI's --rate-limit)", async () => {
    const now = Date.now();
    // 100 ms into a minute of its clock, so that the three requests share one window.
    const limited = await startSandbox({ rateLimit: 2, clockOffsetMs: Math.ceil(now / MINUTE_MS) * MINUTE_MS + 100 - now });
    try {
      const token = limited.info.platformTokens[0] ?? "";
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await request(limited.url, "GET", BOTS, { token })).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await request(limited.url, "GET", "/__sandbox/rate-limit")).body).toEqual({ limit: 2, periodMs: 60_000 });
    } finally {
      await limited.close();
    }
  });
});

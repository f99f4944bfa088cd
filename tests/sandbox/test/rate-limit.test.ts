import { setTimeout as sleep } from "node:timers/promises";
import { startSandbox } from "../../../sdk/sandbox/index";
import { request, seedClients, useSandbox } from "./http";

const BOTS = "/platform/api/v1/agent_bots";

describe("rate limit", () => {
  const sandbox = useSandbox();
  const { platform1 } = seedClients(sandbox);
  /** Long enough that a loaded machine cannot roll the window over mid-test. */
  const LONG_PERIOD_MS = 60_000;
  /** Short enough to wait out once. */
  const SHORT_PERIOD_MS = 2_500;

  it("is off by default", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => platform1.get(BOTS)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it("answers like rack-attack once a client is over the limit: 429, text/plain, no Retry-After", async () => {
    sandbox().control.setRateLimit({ limit: 3, periodMs: LONG_PERIOD_MS });
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
    sandbox().control.setRateLimit({ limit: 2, periodMs: SHORT_PERIOD_MS });
    const windowStart = Date.now();
    expect((await platform1.get(BOTS)).status).toBe(200);
    expect((await platform1.get(BOTS)).status).toBe(200);
    expect((await platform1.get(BOTS)).status).toBe(429);
    await sleep(SHORT_PERIOD_MS - (Date.now() - windowStart) + 50);
    expect((await platform1.get(BOTS)).status).toBe(200);
  });

  it("counts per client (request.ip, which honours X-Forwarded-For from a loopback proxy)", async () => {
    sandbox().control.setRateLimit({ limit: 1, periodMs: LONG_PERIOD_MS });
    const as = (ip: string) => request(sandbox().url, "GET", BOTS, { token: sandbox().info.platformTokens[0] ?? "", headers: { "x-forwarded-for": `10.0.0.9, ${ip}` } });
    expect((await as("192.0.2.1")).status).toBe(200);
    expect((await as("192.0.2.1")).status).toBe(429);
    expect((await as("192.0.2.2")).status).toBe(200);
  });

  it("leaves control requests alone and can be switched off", async () => {
    sandbox().control.setRateLimit({ limit: 1, periodMs: LONG_PERIOD_MS });
    await platform1.get(BOTS);
    expect((await platform1.get(BOTS)).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await request(sandbox().url, "GET", "/__sandbox/log")).status).toBe(200);
    sandbox().control.setRateLimit(null);
    expect((await platform1.get(BOTS)).status).toBe(200);
  });

  it("treats a bare number as requests per minute (the CLI's --rate-limit)", async () => {
    const limited = await startSandbox({ rateLimit: 2 });
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

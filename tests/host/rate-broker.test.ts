/**
 * One rate budget for several processes: client processes (the built package's API client, as a
 * provider process runs it) sending to one rate-limited sandbox stay within its limit together
 * when a rate broker runs (they find it in their environment), where each alone with the same
 * quota takes the whole budget for itself and draws 429s; a process that is killed gives back what
 * it held, and one whose broker is gone limits alone again and says so.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import { RateBroker } from "../../provider/http/rate-limit/broker";
import { BROKER_CLIENT_ENV, BROKER_ENV } from "../../provider/http/rate-limit/broker-protocol";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, "../..");
const PERIOD_MS = 2_000;
const LIMIT = 12;
const PROCESSES = 3;
const PER_PROCESS = 16;

/**
 * A process creating `count` labels one after the other through the package's client, then
 * printing how many it made; its own limiter (without a broker) reckons in the sandbox's windows.
 */
const CLIENT = `
const { apiClient } = require(${JSON.stringify(path.join(ROOT, "dist/provider/http/index.js"))});
const client = apiClient(undefined, { limiter: { periodMs: ${PERIOD_MS} } });
(async () => {
  let made = 0;
  for (let i = 0; i < Number(process.env.COUNT); i++) {
    await client.send({ method: "POST", path: "/api/v1/accounts/1/labels", json: { title: process.env.PREFIX + "-" + i, color: "#112233" } });
    made += 1;
  }
  process.stdout.write(String(made));
})().catch((err) => { process.stderr.write(err.message); process.exitCode = 1; });
`;

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: { limit: LIMIT, periodMs: PERIOD_MS } });
});
afterEach(() => sandbox.close());

/** Starts a client process creating `count` labels titled `prefix-N`. */
function client(prefix: string, count: number, env: Record<string, string>): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const [account] = sandbox.info.accounts;
  const child = spawn(process.execPath, ["-e", CLIENT], {
    env: {
      PATH: process.env.PATH,
      CHATWOOT_URL: sandbox.url,
      CHATWOOT_API_ACCESS_TOKEN: account?.adminToken,
      CHATWOOT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      CHATWOOT_RATE_LIMIT_MAX_WAIT_MS: "60000",
      COUNT: String(count),
      PREFIX: prefix,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

const refused = () => sandbox.control.log().filter((e) => e.status === 429).length;
const labels = () => sandbox.control.snapshot().labels.length;

test(`${PROCESSES} processes with one broker stay within the limit together (a handful of 429s), where each alone takes the whole budget`, async () => {
  // Each process alone: its own limiter, configured with the server's quota, takes all of it.
  const alone = await Promise.all(Array.from({ length: PROCESSES }, (_, i) => client(`alone-${i}`, PER_PROCESS, {}).done));
  for (const run of alone) expect(run).toMatchObject({ code: 0, stdout: String(PER_PROCESS) });
  const aloneRefused = refused();
  sandbox.control.clearLog();

  const broker = await RateBroker.start({ limiter: { periodMs: PERIOD_MS } });
  try {
    broker.setQuota(new URL(sandbox.url).origin, LIMIT);
    const started = Date.now();
    const shared = await Promise.all(Array.from({ length: PROCESSES }, (_, i) => client(`shared-${i}`, PER_PROCESS, broker.env(`client-${i}`)).done));
    const took = Date.now() - started;
    for (const run of shared) expect(run).toMatchObject({ code: 0, stdout: String(PER_PROCESS) });
    const sharedRefused = refused();
    const requests = sandbox.control.log().length;
    console.log(`${PROCESSES} processes x ${PER_PROCESS} creates, ${LIMIT} requests per ${PERIOD_MS} ms: each alone drew ${aloneRefused} 429s; with one broker ${sharedRefused} (${requests} requests in ${took} ms)`);
    expect(labels()).toBe(2 * PROCESSES * PER_PROCESS);
    expect(sharedRefused).toBeLessThanOrEqual(3);
    expect(aloneRefused).toBeGreaterThan(sharedRefused + PROCESSES);
    // The broker counted every request of each process under its name.
    const counted = Array.from({ length: PROCESSES }, (_, i) => broker.clientCounts(`client-${i}`).requests);
    expect(counted.reduce((a, b) => a + b, 0)).toBe(requests);
    for (const n of counted) expect(n).toBeGreaterThanOrEqual(PER_PROCESS);
    // Within the budget, requests take at least the windows they need.
    expect(took).toBeGreaterThanOrEqual(Math.floor(PROCESSES * PER_PROCESS / LIMIT - 1) * PERIOD_MS);
  } finally {
    await broker.close();
  }
});

test("a process killed with requests out gives back its slots: the others finish", async () => {
  const broker = await RateBroker.start({ limiter: { periodMs: PERIOD_MS }, maxInFlight: 1 });
  try {
    broker.setQuota(new URL(sandbox.url).origin, LIMIT);
    // Every POST waits at the server, so the victim holds the one slot when it dies.
    sandbox.control.inject({ name: "slow", method: "POST", path: "/api/v1/accounts/:account/labels", kind: "delay", delayMs: 400, times: 1_000 });
    const victim = client("victim", 50, broker.env("victim"));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    victim.child.kill("SIGKILL");
    await victim.done;
    const survivor = await client("survivor", 3, broker.env("survivor")).done;
    expect(survivor).toMatchObject({ code: 0, stdout: "3" });
  } finally {
    sandbox.control.removeFault("slow");
    await broker.close();
  }
});

test("a process whose broker is gone limits alone again, and says so", async () => {
  const run = await client("orphan", 3, { [BROKER_ENV]: path.join(ROOT, "no-such-broker.sock"), [BROKER_CLIENT_ENV]: "orphan" }).done;
  expect(run).toMatchObject({ code: 0, stdout: "3" });
  expect(run.stderr).toMatch(/chatwoot: the fleet's rate broker \(.*no-such-broker\.sock\) is gone; requests to http:\/\/127\.0\.0\.1:\d+ are limited by this process alone from now on/);
});

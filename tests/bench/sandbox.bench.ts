/**
 * Sandbox throughput: how many small requests per second it serves over keep-alive.
 *   npm run bench:sandbox -- [--seconds 5] [--connections 4] [--pipelining 4]
 * The sandbox runs in this process; the load generator (an undici Pool) runs in a forked child
 * process, so the two do not share a CPU. Each scenario is warmed up, then measured; the request
 * log is used to check that the sandbox saw exactly the requests the generator counted.
 */
import { fork } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Pool } from "undici";

/** What the load generator runs: one request shape, repeated for `seconds`. */
interface Scenario {
  name: string;
  method: "GET" | "PATCH" | "POST";
  path: string;
  token: string;
  body?: string;
}

interface LoadSettings {
  url: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  pipelining: number;
}

interface LoadResult {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  p50: number;
  p99: number;
}

const TARGET_RPS = 5_000;

// ---------------------------------------------------------------- load generator (child process)

async function generate(settings: LoadSettings, scenario: Scenario): Promise<LoadResult> {
  const pool = new Pool(settings.url, { connections: settings.connections, pipelining: settings.pipelining });
  const headers: Record<string, string> = { api_access_token: scenario.token };
  if (scenario.body !== undefined) headers["content-type"] = "application/json";
  const once = async (): Promise<number> => {
    const response = await pool.request({ method: scenario.method, path: scenario.path, headers, body: scenario.body });
    await response.body.text();
    return response.statusCode;
  };
  const run = async (seconds: number, record: boolean) => {
    const statuses: Record<string, number> = {};
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + seconds * 1000;
    const lane = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          const status = await once();
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (record) latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: settings.connections * settings.pipelining }, lane));
    return { statuses, latencies, errors, seconds: (performance.now() - started) / 1000 };
  };
  await run(settings.warmupSeconds, false);
  process.send?.({ type: "warmed" });
  await new Promise<void>((resolve) => process.once("message", () => resolve()));
  const measured = await run(settings.seconds, true);
  await pool.close();
  const sorted = measured.latencies.sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const requests = Object.values(measured.statuses).reduce((a, b) => a + b, 0);
  return { requests, errors: measured.errors, statuses: measured.statuses, seconds: measured.seconds, p50: pick(0.5), p99: pick(0.99) };
}

function childMain(): void {
  process.once("message", (message: { settings: LoadSettings; scenario: Scenario }) => {
    generate(message.settings, message.scenario).then(
      (result) => process.send?.({ type: "result", result }, () => process.exit(0)),
      (error: unknown) => {
        process.stderr.write(`load generator: ${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}

// ---------------------------------------------------------------- benchmark driver (this process)

/**
 * Forks the generator, lets it warm up, clears the sandbox log, then measures. Also measures the
 * CPU time this process (the sandbox) spent: on a shared machine, CPU per request says more about
 * the sandbox's own cost than wall-clock throughput does.
 */
function measure(settings: LoadSettings, scenario: Scenario, clearLog: () => void): Promise<LoadResult & { cpuMicros: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ["--generator"], { execArgv: ["-r", "ts-node/register/transpile-only"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let cpuStart = process.cpuUsage();
    child.on("message", (message: { type: string; result?: LoadResult }) => {
      if (message.type === "warmed") {
        clearLog();
        cpuStart = process.cpuUsage();
        child.send({ type: "go" });
      } else if (message.result) {
        const cpu = process.cpuUsage(cpuStart);
        resolve({ ...message.result, cpuMicros: cpu.user + cpu.system });
      }
    });
    child.on("exit", (code) => (code === 0 ? undefined : reject(new Error(`load generator exited with ${code}`))));
    child.send({ settings, scenario });
  });
}

async function driverMain(): Promise<void> {
  const { values } = parseArgs({
    options: { seconds: { type: "string", default: "5" }, connections: { type: "string", default: "4" }, pipelining: { type: "string", default: "4" } },
  });
  const { startSandbox } = await import("../../sdk/sandbox");
  const sandbox = await startSandbox();
  const settings: LoadSettings = {
    url: sandbox.url,
    seconds: Number(values.seconds),
    warmupSeconds: 1,
    connections: Number(values.connections),
    pipelining: Number(values.pipelining),
  };
  const [account] = sandbox.info.accounts;
  const admin = account?.adminToken ?? "";
  const rule = await fetch(`${sandbox.url}/api/v1/accounts/1/automation_rules`, {
    method: "POST",
    headers: { api_access_token: admin, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench", event_name: "conversation_created", conditions: [{ attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: null }], actions: [{ action_name: "add_label", action_params: ["bench"] }] }),
  }).then((r) => r.json() as Promise<{ id: number }>);
  const scenarios: Scenario[] = [
    { name: "GET platform agent bots", method: "GET", path: "/platform/api/v1/agent_bots", token: sandbox.info.platformTokens[0] ?? "" },
    { name: "GET inbox (web widget)", method: "GET", path: "/api/v1/accounts/1/inboxes/1", token: admin },
    { name: "PATCH automation rule", method: "PATCH", path: `/api/v1/accounts/1/automation_rules/${rule.id}`, token: admin, body: JSON.stringify({ active: true, description: "benchmark" }) },
    { name: "GET custom attributes", method: "GET", path: "/api/v1/accounts/1/custom_attribute_definitions", token: admin },
  ];

  process.stdout.write(`sandbox benchmark: ${settings.seconds} s per scenario, ${settings.connections} keep-alive connections x pipelining ${settings.pipelining}, load generator in a separate process\n\n`);
  const rows: string[][] = [["scenario", "requests", "req/s", "p50 ms", "p99 ms", "CPU us/req", "req/CPU-s", "non-2xx", "errors", "logged"]];
  let slowest = Number.POSITIVE_INFINITY;
  for (const scenario of scenarios) {
    const result = await measure(settings, scenario, () => sandbox.control.clearLog());
    const rps = result.requests / result.seconds;
    slowest = Math.min(slowest, rps);
    const non2xx = Object.entries(result.statuses).filter(([status]) => !status.startsWith("2")).reduce((sum, [, n]) => sum + n, 0);
    const logged = sandbox.control.log().length;
    const cpuPerRequest = result.cpuMicros / Math.max(1, result.requests);
    rows.push([
      scenario.name,
      String(result.requests),
      rps.toFixed(0),
      result.p50.toFixed(2),
      result.p99.toFixed(2),
      cpuPerRequest.toFixed(1),
      (1e6 / cpuPerRequest).toFixed(0),
      String(non2xx),
      String(result.errors),
      logged === result.requests ? "ok" : `${logged} (mismatch)`,
    ]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  for (const row of rows) process.stdout.write(`${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ")}\n`);
  process.stdout.write(`\nslowest scenario: ${slowest.toFixed(0)} req/s (target ${TARGET_RPS}: ${slowest >= TARGET_RPS ? "met" : "NOT met"})\n`);
  process.stdout.write(`machine load average (1 min): ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} cores; req/CPU-s is the sandbox's capacity per core\n`);
  await sandbox.close();
}

if (process.argv.includes("--generator")) childMain();
else
  driverMain().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });

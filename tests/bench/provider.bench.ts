/**
 * The provider benchmark:
 *   npm run bench -- [--quick] [--reps N] [--resources N] [--spent N] [--only ID,...] [--skip-operations] [--skip-fleet]
 *
 * 1. Per resource and operation (create, update, no-op, refresh, delete): the requests the provider
 *    makes, counted from the sandbox's request log, and its time as a ratio to a bare undici client
 *    sending the same requests (see support/operations.ts for the method).
 * 2. A fleet of `--resources` resources (default 1,000, the five kinds mixed) created concurrently,
 *    then deleted concurrently, in these scenarios (ids for `--only`, which runs only those):
 *    - `unlimited`: no rate limit;
 *    - `fresh`: 6,000 requests/min (fixed one-minute windows, like rack-attack) starting in a fresh
 *      window, where the whole fleet fits in the window's quota;
 *    - `spent`: the same limit with `--spent` requests of the window already used, so that the run
 *      must wait for the next window;
 *    - `windows`: 800/min, so that each phase spans several windows;
 *    - `windows-set`: the same, with the limit set as `chatwoot:rateLimitPerMinute` (not learned);
 *    - `chatwoot`: Chatwoot's default, 3,000/min, with 20-50 ms of server latency per request and
 *      all but 500 of the window already used.
 *    `--quick` leaves out the last four. Each rate-limited phase is reported against its
 *    limit-bound time: the earliest any client could finish under the limit. Windows start at
 *    multiples of the period since the epoch, as rack-attack's do; a scenario whose limit binds
 *    first waits for the next window to start.
 *
 * The sandbox runs in a child process, so this process's CPU is the client's. Figures only: nothing
 * here passes or fails on timing; the run fails only when the benchmark itself cannot proceed.
 */
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { configure } from "../../provider";
import { BareClient } from "./support/bare-client";
import { fleetSeed } from "./support/fleet-fixture";
import { runFleetScenario, type FleetScenario, type PhaseFigures } from "./support/fleet-run";
import { limitBoundMs as windowBoundMs } from "./support/rate-limit";
import { measureOperations, OPERATIONS, type OperationFigures } from "./support/operations";
import { startSeededSandbox } from "./support/sandbox-process";
import { fixed, median, printTable, quantile } from "./support/table";
import { fleet, samples } from "./support/workload";

const RATE_LIMIT_PER_MINUTE = 6_000;
/** Chatwoot's default (`RACK_ATTACK_LIMIT`). */
const CHATWOOT_LIMIT_PER_MINUTE = 3_000;
/** A limit under which each phase of the fleet spans several windows. */
const SEVERAL_WINDOWS_PER_MINUTE = 800;
const SLOW_SCENARIOS = new Set(["spent", "windows", "windows-set", "chatwoot"]);

const out = (line = "") => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`  .. ${line}\n`);

function readOptions() {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      reps: { type: "string" },
      resources: { type: "string", default: "1000" },
      spent: { type: "string", default: "5500" },
      "skip-operations": { type: "boolean", default: false },
      "skip-fleet": { type: "boolean", default: false },
      only: { type: "string" },
    },
  });
  const integer = (name: string, text: string | undefined, fallback: number) => {
    const value = text === undefined ? fallback : Number(text);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
    return value;
  };
  const quick = values.quick === true;
  return {
    quick,
    reps: integer("reps", values.reps, quick ? 15 : 80),
    warmup: quick ? 3 : 10,
    resources: integer("resources", values.resources, 1000),
    spent: Math.min(integer("spent", values.spent, 5500), RATE_LIMIT_PER_MINUTE),
    operations: values["skip-operations"] !== true,
    fleet: values["skip-fleet"] !== true,
    only: values.only === undefined ? undefined : new Set(values.only.split(",").map((id) => id.trim())),
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  const started = performance.now();
  const seed = fleetSeed(Math.ceil(options.resources / 5) + 1, 24);
  const sandbox = await startSeededSandbox(seed.fixture);
  const { account, platformToken: platform } = sandbox;
  const connection = { url: sandbox.url, apiAccessToken: account.adminToken, platformAccessToken: platform, accountId: String(account.id) };
  configure(connection);
  const bare = new BareClient(sandbox.url, { api: account.adminToken, platform });

  out(`provider benchmark: node ${process.version}, ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  out(`sandbox in a child process (${sandbox.url}); provider and bare undici client in this process`);
  try {
    if (options.operations) {
      out();
      out(`1. Per operation: ${options.reps} measured repetitions (after ${options.warmup} warm-up), provider and baseline interleaved`);
      const figures = await measureOperations({ sandbox, bare, samples: samples(seed), reps: options.reps, warmup: options.warmup, progress: note });
      printOperations(figures);
    }
    if (options.fleet) {
      out();
      const members = fleet(options.resources, seed);
      const kinds = [...new Set(members.map((m) => m.kind))].map((k) => `${members.filter((m) => m.kind === k).length} ${k}`).join(", ");
      out(`2. Fleet: ${members.length} resources (${kinds}) created concurrently, then deleted concurrently`);
      const minute = { requests: RATE_LIMIT_PER_MINUTE, periodMs: 60_000 };
      const all: FleetScenario[] = [
        { id: "unlimited", label: "no rate limit", limit: null, spent: 0, binds: false },
        { id: "fresh", label: `${RATE_LIMIT_PER_MINUTE}/min, fresh window`, limit: minute, spent: 0, binds: false },
        { id: "spent", label: `${RATE_LIMIT_PER_MINUTE}/min, ${options.spent} spent`, limit: minute, spent: options.spent, binds: true },
        {
          id: "windows",
          label: `${SEVERAL_WINDOWS_PER_MINUTE}/min, several windows`,
          limit: { requests: SEVERAL_WINDOWS_PER_MINUTE, periodMs: 60_000 },
          spent: 0,
          binds: true,
        },
        {
          id: "windows-set",
          label: `${SEVERAL_WINDOWS_PER_MINUTE}/min set in config, several windows`,
          limit: { requests: SEVERAL_WINDOWS_PER_MINUTE, periodMs: 60_000 },
          spent: 0,
          binds: true,
          rateLimitPerMinute: SEVERAL_WINDOWS_PER_MINUTE,
        },
        {
          id: "chatwoot",
          label: `${CHATWOOT_LIMIT_PER_MINUTE}/min, 20-50 ms latency, ${CHATWOOT_LIMIT_PER_MINUTE - 500} spent`,
          limit: { requests: CHATWOOT_LIMIT_PER_MINUTE, periodMs: 60_000 },
          spent: CHATWOOT_LIMIT_PER_MINUTE - 500,
          binds: true,
          latency: { minMs: 20, maxMs: 50 },
        },
      ];
      const unknown = [...(options.only ?? [])].filter((id) => !all.some((sc) => sc.id === id));
      if (unknown.length > 0) throw new Error(`--only: unknown scenario ${unknown.join(", ")} (known: ${all.map((sc) => sc.id).join(", ")})`);
      const scenarios = all.filter((sc) => (options.only ? options.only.has(sc.id) : !(options.quick && SLOW_SCENARIOS.has(sc.id))) && !(sc.id === "spent" && options.spent === 0));
      const seedCounts = await sandbox.counts();
      const results: [FleetScenario, PhaseFigures[]][] = [];
      for (const scenario of scenarios) {
        configure({ ...connection, rateLimitPerMinute: scenario.rateLimitPerMinute?.toString() });
        results.push([scenario, await runFleetScenario({ sandbox, bare, fleet: members, seedCounts, progress: note }, scenario)]);
      }
      printFleet(results);
      if (options.quick && !options.only) out(`(--quick leaves out the scenarios ${[...SLOW_SCENARIOS].join(", ")})`);
    }
  } finally {
    await bare.close();
    await sandbox.close();
  }
  out();
  out(`total ${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
}

/** `GET+POST`, `0` for none. */
const shape = (requests: readonly { method: string }[]) => (requests.length === 0 ? "none" : requests.map((r) => r.method).join("+"));

function printOperations(figures: OperationFigures[]): void {
  const byKind = new Map<string, Map<string, OperationFigures>>();
  for (const f of figures) byKind.set(f.kind, (byKind.get(f.kind) ?? new Map()).set(f.op, f));

  out();
  out("Requests per operation (from the sandbox request log; no-op = check + diff of unchanged inputs):");
  const counts: string[][] = [["resource", ...OPERATIONS]];
  for (const [kind, ops] of byKind) {
    counts.push([
      kind,
      ...OPERATIONS.map((op) => {
        const f = ops.get(op);
        if (!f) return "-";
        const varied = f.counts.size > 1 ? ` (varied: ${[...f.counts].join("/")})` : "";
        const failed = f.failedRequests > 0 ? ` (${f.failedRequests} failed)` : "";
        return `${f.requests.length} ${shape(f.requests)}${varied}${failed}`;
      }),
    ]);
  }
  printTable(counts, out);

  out();
  out("Time per operation, provider vs bare undici sending the same requests (medians; ratio = median of paired ratios):");
  const rows: string[][] = [["resource", "op", "baseline", "provider ms", "bare ms", "ratio", "ratio p25-p75", "client CPU us", "bare CPU us", "CPU ratio"]];
  const ordered = [...byKind.values()].flatMap((ops) => OPERATIONS.flatMap((op) => ops.get(op) ?? []));
  for (const f of ordered) {
    const n = f.providerMs.length;
    const providerCpu = f.providerCpuUs / n;
    const bareCpu = f.bareCpuUs / n;
    rows.push([
      f.kind,
      f.op,
      shape(f.baseline),
      fixed(median(f.providerMs), 2),
      fixed(median(f.bareMs), 2),
      fixed(median(f.ratios), 2),
      `${fixed(quantile(f.ratios, 0.25), 2)}-${fixed(quantile(f.ratios, 0.75), 2)}`,
      fixed(providerCpu, 0),
      fixed(bareCpu, 0),
      fixed(providerCpu / bareCpu, 2),
    ]);
  }
  printTable(rows, out);
  out("(client CPU: user+system time of this process per operation, mean; the no-op's baseline is the refresh's GET)");
}

/** The earliest a phase can finish under the limit; `undefined` without one, or when the quota left at its start is unknown. */
function limitBoundMs(scenario: FleetScenario, p: PhaseFigures): number | undefined {
  if (!scenario.limit || p.quotaLeft === undefined) return undefined;
  return windowBoundMs(scenario.limit, p.quotaLeft, p.requests - p.throttled, p.windowOffsetMs);
}

function printFleet(results: [FleetScenario, PhaseFigures[]][]): void {
  out();
  const rows: string[][] = [
    ["scenario", "phase", "load", "resources", "failed", "requests", "per resource", "429s", "wall s", "limit-bound s", "ratio", "client CPU s", "accepted/s", "of limit", "limiter", "server state"],
  ];
  for (const [scenario, phases] of results) {
    for (const p of phases) {
      const accepted = p.requests - p.throttled;
      const rate = accepted / (p.wallMs / 1000);
      const bound = limitBoundMs(scenario, p);
      const perSecond = scenario.limit && (scenario.limit.requests * 1000) / scenario.limit.periodMs;
      rows.push([
        p.phase === "apply" ? scenario.label : "",
        p.phase,
        fixed(p.load, 2),
        String(p.resources),
        String(p.failed),
        String(p.requests),
        fixed(p.requests / p.resources, 2),
        String(p.throttled),
        fixed(p.wallMs / 1000, 1),
        bound === undefined ? "-" : fixed(bound / 1000, 1),
        bound === undefined || bound === 0 ? "-" : `${fixed(p.wallMs / bound, 3)}x`,
        fixed(p.cpuMs / 1000, 2),
        fixed(rate, 0),
        perSecond ? fixed(rate / perSecond, 2) : "-",
        limiterSummary(p),
        p.stateProblems.length === 0 ? "ok" : `${p.stateProblems.length} problem(s)`,
      ]);
    }
  }
  printTable(rows, out);
  out("per resource: requests (429s included) over the resources of the phase; an apply of creates aims at 1.1 at most.");
  out("load: one-minute load average when the phase started. limit-bound: the earliest the phase could finish under the limit");
  out("(0: the quota left in its window covered it; -: no limit). ratio: wall time over the limit-bound time, when the limit");
  out('binds. accepted/s: answers other than 429 per second of wall time; "of limit" divides it by the limit\'s rate (a run that');
  out("fits in its window's quota may average more). limiter: the quota per window it used (configured, measured, or an");
  out("estimate from the window the run started in), the waits for a window, and the requests it sent alone. server state: one object per resource after the apply (no duplicate, every listed");
  out("member present), nothing left after the destroy (no orphan).");
  for (const [scenario, phases] of results) {
    for (const p of phases) {
      const methods = Object.entries(p.byMethod).map(([m, n]) => `${n} ${m}`).join(", ");
      out(`  ${scenario.label}, ${p.phase}: ${methods}`);
      if (scenario.limit) {
        const at = (q: number) => fixed(quantile(p.finishedAtMs, q) / 1000, 1);
        let line = `    started ${fixed(p.windowOffsetMs / 1000, 1)} s into the first window; resources finished: 10% by ${at(0.1)} s, 50% by ${at(0.5)} s, 90% by ${at(0.9)} s, all by ${at(1)} s`;
        const bound = limitBoundMs(scenario, p);
        // Having to wait for a window to open: how long after the last one needed opened did the run end?
        if (bound !== undefined && bound > 0) line += `; ended ${fixed((p.wallMs - bound) / 1000, 2)} s after the last window needed opened`;
        out(line);
      }
      for (const [message, n] of p.failures) out(`    ${n} x ${message}`);
      for (const problem of p.stateProblems.slice(0, 10)) out(`    state: ${problem}`);
    }
  }
}

function limiterSummary(p: PhaseFigures): string {
  const l = p.limiter;
  if (!l || l.throttled === 0) return l?.quota === undefined ? "never throttled" : `quota ${l.quota} (${l.quotaSource}); never throttled`;
  const quota = l.quota === undefined ? "no quota learned" : `quota ${l.quota} (${l.quotaSource})`;
  return `${quota}; ${l.holds} waits, ${l.probes} sent alone`;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

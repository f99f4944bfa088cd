/**
 * The provider benchmark:
 *   npm run bench -- [--quick] [--reps N] [--resources N] [--spent N] [--skip-operations] [--skip-fleet]
 *
 * 1. Per resource and operation (create, update, no-op, refresh, delete): the requests the provider
 *    makes, counted from the sandbox's request log, and its time as a ratio to a bare undici client
 *    sending the same requests (see support/operations.ts for the method).
 * 2. A fleet of `--resources` resources (default 1,000, the five kinds mixed) created concurrently,
 *    then deleted concurrently: without a rate limit; under 6,000 requests/min (fixed one-minute
 *    windows, like rack-attack) starting in a fresh window, where the whole fleet fits in the
 *    window's quota; under the same limit with `--spent` requests of the window already used, so
 *    that the run must wait for the next window; and under the same rate in one-second windows
 *    (100 per second), where the run is paced throughout. `--quick` leaves out the last two.
 *
 * The sandbox runs in a child process, so this process's CPU is the client's. Figures only: nothing
 * here passes or fails on timing; the run fails only when the benchmark itself cannot proceed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { configure } from "../../provider";
import { BareClient } from "./support/bare-client";
import { fleetSeed } from "./support/fleet-fixture";
import { runFleetScenario, type FleetScenario, type PhaseFigures } from "./support/fleet-run";
import { measureOperations, OPERATIONS, type OperationFigures } from "./support/operations";
import { startSandboxProcess } from "./support/sandbox-process";
import { fixed, median, printTable, quantile } from "./support/table";
import { fleet, samples } from "./support/workload";

const RATE_LIMIT_PER_MINUTE = 6_000;

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
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  const started = performance.now();
  const seed = fleetSeed(Math.ceil(options.resources / 5) + 1, 24);
  const dir = mkdtempSync(join(tmpdir(), "chatwoot-bench-"));
  const fixturePath = join(dir, "fixture.json");
  writeFileSync(fixturePath, JSON.stringify(seed.fixture));
  const sandbox = await startSandboxProcess(["--fixture", fixturePath]);
  const account = sandbox.info.accounts[0];
  const platform = sandbox.info.platformTokens[0];
  if (!account || !platform) throw new Error("the sandbox seed has no account or platform app");
  configure({ url: sandbox.url, apiAccessToken: account.adminToken, platformAccessToken: platform, accountId: String(account.id) });
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
      const scenarios: FleetScenario[] = [
        { label: "no rate limit", limit: null, spent: 0 },
        { label: `${RATE_LIMIT_PER_MINUTE}/min, fresh window`, limit: minute, spent: 0 },
      ];
      // The two slow runs: one waits for the next one-minute window, one is paced for many seconds.
      if (!options.quick) {
        if (options.spent > 0) scenarios.push({ label: `${RATE_LIMIT_PER_MINUTE}/min, ${options.spent} spent`, limit: minute, spent: options.spent });
        scenarios.push({ label: `${RATE_LIMIT_PER_MINUTE / 60}/s windows`, limit: { requests: RATE_LIMIT_PER_MINUTE / 60, periodMs: 1_000 }, spent: 0 });
      }
      const seedCounts = await sandbox.counts();
      const results: [FleetScenario, PhaseFigures[]][] = [];
      for (const scenario of scenarios) {
        results.push([scenario, await runFleetScenario({ sandbox, bare, fleet: members, seedCounts, progress: note }, scenario)]);
      }
      printFleet(results);
      if (options.quick) out(`(--quick leaves out the runs that start with ${options.spent} of the window's ${RATE_LIMIT_PER_MINUTE} requests spent and with ${RATE_LIMIT_PER_MINUTE / 60}/s windows)`);
    }
  } finally {
    await bare.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
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

/**
 * The earliest an apply can finish under the limit: 0 when the quota left in its window covers
 * every request it needed; otherwise the start of the first window by which enough quota has
 * accrued (windows are fixed, so no client can do better), from the start of the phase.
 */
function limitBoundMs(scenario: FleetScenario, p: PhaseFigures): number | undefined {
  if (!scenario.limit || p.phase !== "apply") return undefined;
  const { requests: limit, periodMs } = scenario.limit;
  const needed = p.requests - p.throttled;
  const left = limit - scenario.spent;
  if (needed <= left) return 0;
  const windows = Math.ceil((needed - left) / limit);
  const windowOfStart = Math.floor(p.windowOffsetMs / periodMs);
  return (windowOfStart + windows) * periodMs - p.windowOffsetMs;
}

function printFleet(results: [FleetScenario, PhaseFigures[]][]): void {
  const perSecond = RATE_LIMIT_PER_MINUTE / 60;
  out();
  const rows: string[][] = [
    ["scenario", "phase", "resources", "failed", "requests", "429s", "wall s", "client CPU s", "accepted/s", `of ${perSecond}/s`, "limit-bound s", "limiter", "server state"],
  ];
  for (const [scenario, phases] of results) {
    for (const p of phases) {
      const accepted = p.requests - p.throttled;
      const rate = accepted / (p.wallMs / 1000);
      const bound = limitBoundMs(scenario, p);
      const limiter = p.limiter && p.limiter.throttled > 0 ? `${p.limiter.decreases} slow-downs, ${p.limiter.pauses} pauses` : "never throttled";
      rows.push([
        p.phase === "apply" ? scenario.label : "",
        p.phase,
        String(p.resources),
        String(p.failed),
        String(p.requests),
        String(p.throttled),
        fixed(p.wallMs / 1000, 1),
        fixed(p.cpuMs / 1000, 2),
        fixed(rate, 0),
        fixed(rate / perSecond, 2),
        bound === undefined ? "-" : fixed(bound / 1000, 1),
        limiter,
        p.stateProblems.length === 0 ? "ok" : `${p.stateProblems.length} problem(s)`,
      ]);
    }
  }
  printTable(rows, out);
  out(`accepted/s: answers other than 429 per second of wall time; "of ${perSecond}/s" divides it by the limit's rate. The limit counts`);
  out("fixed windows, so a run that fits in its window's quota may average more than the rate. limit-bound: the earliest the");
  out("apply could finish under the limit (0: the quota left in the window covered it). server state: one object per resource");
  out("after the apply (no duplicate, every listed member present), nothing left after the destroy (no orphan).");
  for (const [scenario, phases] of results) {
    for (const p of phases) {
      const methods = Object.entries(p.byMethod).map(([m, n]) => `${n} ${m}`).join(", ");
      out(`  ${scenario.label}, ${p.phase}: ${methods}`);
      if (scenario.limit) {
        const at = (q: number) => fixed(quantile(p.finishedAtMs, q) / 1000, 1);
        let line = `    started ${fixed(p.windowOffsetMs / 1000, 1)} s into the first window; resources finished: 10% by ${at(0.1)} s, 50% by ${at(0.5)} s, 90% by ${at(0.9)} s, all by ${at(1)} s`;
        const bound = limitBoundMs(scenario, p);
        // Having to wait for a window to open, how soon after it opened did the run resume?
        if (bound !== undefined && bound > 0 && scenario.spent > 0) {
          const after = p.finishedAtMs.find((t) => t >= bound);
          if (after !== undefined) line += `; first to finish after the window opened: +${fixed((after - bound) / 1000, 1)} s`;
        }
        out(line);
      }
      for (const [message, n] of p.failures) out(`    ${n} x ${message}`);
      for (const problem of p.stateProblems.slice(0, 10)) out(`    state: ${problem}`);
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

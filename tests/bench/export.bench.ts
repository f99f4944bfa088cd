/**
 * The export benchmark (`npm run bench` runs it with its defaults before the provider benchmark):
 *   npm run bench:export -- [--objects N] [--reps N] [--quick] [--only ID,...]
 *
 * A sandbox process seeded with account 1 holding `--objects` objects (default 1,000) of every
 * kind an export covers (support/export-fixture.ts) is exported in this process through the
 * export engine (sdk/clone: read the account with the provider's HTTP client, build the model,
 * generate the project's files), as `pulumi-chatwoot export --platform` does, in these scenarios
 * (ids for `--only`):
 *   - `unlimited`: no rate limit;
 *   - `chatwoot`: Chatwoot's default, 3,000 requests/min, starting in a fresh window;
 *   - `tight`: a third of the requests the export needs per minute, so that it must wait for two
 *     more windows;
 *   - `chatwoot-spent`: 3,000/min with all but half of the export's requests of the window used
 *     already (other tooling on the same IP), so that it must wait for the next minute. `--quick`
 *     leaves it out.
 * Windows start at multiples of the period since the epoch, as rack-attack's do; a scenario whose
 * limit binds first waits for the next window to start. Each run starts with a fresh connection
 * pool and limiter, as a new command would; the scenarios
 * whose limit does not bind run `--reps` times (medians), the others once. Per scenario it prints
 * the objects exported, the requests sent (and how many an export needs: one list per kind, one
 * read per team, capacity policy and assignment policy, two per inbox, per portal and per Captain assistant), the 429s, the wall time, the time of the same answered requests
 * replayed one after another with bare undici (support/bare-client.ts, without a limit), their
 * ratio, and the limit-bound time.
 *
 * Figures are not judged; the run fails (exit 1) when an export fails (a 429 that the client gave
 * up on included), misses or adds objects, or takes longer than its deadline.
 */
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { closeApiClients } from "../../provider/http/transport/origins";
import type { LogEntry } from "../../sdk/sandbox";
import { readAccount } from "../../sdk/clone/account";
import { buildModel } from "../../sdk/clone/model";
import { projectFiles } from "../../sdk/clone/project";
import { RESOURCE_TYPES, type TypeName } from "../../sdk/clone/resource-types";
import { clientFor, selectionFrom, SOURCE_NAMES } from "../../sdk/cli/clone-options";
import { BareClient } from "./support/bare-client";
import { exportSeed, type ExportSeed } from "./support/export-fixture";
import { limitBoundMs, setWindowLimit, spendWindow, type WindowLimit } from "./support/rate-limit";
import { startSeededSandbox, type SandboxProcess } from "./support/sandbox-process";
import { fixed, median, printTable } from "./support/table";

/** Chatwoot's default (`RACK_ATTACK_LIMIT` per minute). */
const CHATWOOT_LIMIT: WindowLimit = { requests: 3_000, periodMs: 60_000 };
/** Longest one export may take before the run counts as failed (the slowest scenario needs about two minutes). */
const DEADLINE_MS = 4 * 60_000;
const SLOW_SCENARIOS = new Set(["chatwoot-spent"]);

const out = (line = "") => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`  .. ${line}\n`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");

interface Scenario {
  id: string;
  label: string;
  limit: WindowLimit | null;
  /** Requests already counted in the window when the export starts. */
  spent: number;
  /** Exports measured (the limit-bound scenarios: one, since each waits for windows). */
  runs: number;
}

/** One export, measured. */
interface Run {
  wallMs: number;
  readMs: number;
  cpuMs: number;
  /** The sandbox's log of the export's requests (429s included). */
  log: LogEntry[];
  windowOffsetMs: number;
  load: number;
  /** What went wrong (empty: the export succeeded with every object). */
  failures: string[];
  objects: number;
}

interface Context {
  sandbox: SandboxProcess;
  bare: BareClient;
  seed: ExportSeed;
  accountId: number;
  tokens: { api: string; platform: string };
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      objects: { type: "string", default: "1000" },
      reps: { type: "string", default: "5" },
      quick: { type: "boolean", default: false },
      only: { type: "string" },
    },
  });
  const integer = (name: string, text: string, min: number, max: number) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < min || value > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
    return value;
  };
  return {
    objects: integer("objects", values.objects, 20, 20_000),
    reps: integer("reps", values.reps, 1, 50),
    quick: values.quick === true,
    only: values.only === undefined ? undefined : new Set(values.only.split(",").map((id) => id.trim())),
  };
}

async function main(): Promise<number> {
  const options = readOptions();
  const started = performance.now();
  const seed = exportSeed(options.objects);
  const sandbox = await startSeededSandbox(seed.fixture);
  const { account } = sandbox;
  const tokens = { api: account.adminToken, platform: sandbox.platformToken };
  const bare = new BareClient(sandbox.url, tokens);
  const ctx: Context = { sandbox, bare, seed, accountId: account.id, tokens };

  const needed = seed.neededRequests;
  const all: Scenario[] = [
    { id: "unlimited", label: "no rate limit", limit: null, spent: 0, runs: options.reps },
    { id: "chatwoot", label: `${CHATWOOT_LIMIT.requests}/min, fresh window`, limit: CHATWOOT_LIMIT, spent: 0, runs: options.reps },
    {
      id: "tight",
      label: `${Math.ceil(needed / 3)}/min, fresh window`,
      limit: { requests: Math.ceil(needed / 3), periodMs: 60_000 },
      spent: 0,
      runs: 1,
    },
    {
      id: "chatwoot-spent",
      label: `${CHATWOOT_LIMIT.requests}/min, ${CHATWOOT_LIMIT.requests - Math.ceil(needed / 2)} spent`,
      limit: CHATWOOT_LIMIT,
      spent: CHATWOOT_LIMIT.requests - Math.ceil(needed / 2),
      runs: 1,
    },
  ];
  const unknown = [...(options.only ?? [])].filter((id) => !all.some((sc) => sc.id === id));
  if (unknown.length > 0) throw new Error(`--only: unknown scenario ${unknown.join(", ")} (known: ${all.map((sc) => sc.id).join(", ")})`);
  const scenarios = all.filter((sc) => (options.only ? options.only.has(sc.id) : !(options.quick && SLOW_SCENARIOS.has(sc.id))));

  const total = Object.values(seed.expected).reduce((a, b) => a + b, 0);
  out(`export benchmark: node ${process.version}, ${availableParallelism()} cores, load average ${load()}`);
  out(`sandbox in a child process (${sandbox.url}); export engine and bare undici client in this process`);
  out(`account ${account.id}: ${total} objects (${RESOURCE_TYPES.map((t) => `${seed.expected[t.sdkClass]} ${t.option}`).join(", ")})`);
  const results: [Scenario, Run[], number[]][] = [];
  try {
    // One export and replay before measuring, so that the first scenario does not pay for loading and compiling the code.
    const warmUp = await exportOnce(ctx, all[0] as Scenario);
    if (warmUp.failures.length === 0) await replayMs(ctx, warmUp.log);
    note(`warm-up export: ${fixed(warmUp.wallMs, 0)} ms`);
    for (const scenario of scenarios) {
      const runs: Run[] = [];
      for (let i = 0; i < scenario.runs; i++) runs.push(await exportOnce(ctx, scenario));
      const bareMs: number[] = [];
      const answered = answeredRequests(runs[0] as Run);
      if (runs.every((r) => r.failures.length === 0)) for (let i = 0; i < options.reps; i++) bareMs.push(await replayMs(ctx, answered));
      note(`${scenario.label}: ${runs.map((r) => fixed(r.wallMs / 1000, 2)).join(", ")} s; bare ${bareMs.map((ms) => fixed(ms / 1000, 3)).join(", ")} s`);
      results.push([scenario, runs, bareMs]);
    }
  } finally {
    await closeApiClients();
    await bare.close();
    await sandbox.close();
  }
  const failed = report(results, seed);
  out();
  out(`total ${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${load()}`);
  return failed ? 1 : 0;
}

/**
 * Exports the account once under the scenario's limit: a fresh pool and limiter (a new command),
 * the limit set (a new window), the window used up as the scenario says, then read, model and files.
 */
async function exportOnce(ctx: Context, scenario: Scenario): Promise<Run> {
  const { sandbox } = ctx;
  await closeApiClients();
  // The scenarios whose limit binds run once: they start at the start of a window.
  const windowStart = scenario.limit ? await setWindowLimit(sandbox, scenario.limit, scenario.runs === 1) : performance.now();
  if (scenario.spent > 0) await spendWindow(ctx.bare, ctx.accountId, scenario.spent);
  await sandbox.clearLog();

  const failures: string[] = [];
  let objects = 0;
  const loadAtStart = loadavg()[0] ?? 0;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  let readMs = NaN;
  let deadline: NodeJS.Timeout | undefined;
  try {
    const { client } = clientFor({ url: sandbox.url, urlFlag: "--url", names: SOURCE_NAMES, apiAccessToken: ctx.tokens.api, platformAccessToken: ctx.tokens.platform, platform: true });
    const work = (async () => {
      const snapshot = await readAccount(client, ctx.accountId, { types: selectionFrom({}).types, platform: true });
      readMs = performance.now() - t0;
      const model = buildModel(snapshot);
      projectFiles(model);
      return model;
    })();
    const timedOut = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => reject(new Error(`no result after ${DEADLINE_MS / 1000} s`)), DEADLINE_MS);
    });
    const model = await Promise.race([work, timedOut]);
    objects = model.objects.length;
    const found = new Map<TypeName, number>();
    for (const object of model.objects) found.set(object.type, (found.get(object.type) ?? 0) + 1);
    for (const t of RESOURCE_TYPES) {
      const expected = ctx.seed.expected[t.sdkClass];
      const got = found.get(t.sdkClass) ?? 0;
      if (got !== expected) failures.push(`${got} ${t.plural} exported, the account has ${expected}`);
    }
  } catch (error) {
    failures.push(`export failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(deadline);
  }
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const log = await sandbox.log();
  await sandbox.setRateLimit(null);
  return { wallMs, readMs, cpuMs: (used.user + used.system) / 1000, log, windowOffsetMs: t0 - windowStart, load: loadAtStart, failures, objects };
}

/** The requests of a run that the server answered (not with 429): the work any client must do. */
function answeredRequests(run: Run): LogEntry[] {
  return run.log.filter((entry) => entry.status !== 429);
}

/** Sends `requests` again with the bare client, one after another, with no limit; milliseconds. */
async function replayMs(ctx: Context, requests: readonly LogEntry[]): Promise<number> {
  const t0 = performance.now();
  await ctx.bare.replay(requests);
  return performance.now() - t0;
}

/** `GET /api/v1/accounts/N/inboxes/N/agent_bot` */
const endpointOf = (entry: LogEntry) => `${entry.method} ${entry.path.replace(/\/\d+(?=\/|$)/g, "/N")}`;

/** Prints the figures; true when a scenario failed. */
function report(results: readonly [Scenario, Run[], number[]][], seed: ExportSeed): boolean {
  out();
  const rows: string[][] = [["scenario", "load", "runs", "objects", "requests", "needed", "429s", "wall s", "read s", "client CPU s", "bare s", "ratio", "limit-bound s", "of bound", "result"]];
  let failed = false;
  for (const [scenario, runs, bareMs] of results) {
    const middle = [...runs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((runs.length - 1) / 2)] as Run;
    const wall = median(runs.map((r) => r.wallMs));
    const bare = median(bareMs);
    const bounds = scenario.limit
      ? runs.map((r) => limitBoundMs(scenario.limit as WindowLimit, (scenario.limit as WindowLimit).requests - scenario.spent, answeredRequests(r).length, r.windowOffsetMs))
      : [];
    const problems = runs.flatMap((r) => r.failures);
    failed ||= problems.length > 0;
    const requests = new Set(runs.map((r) => r.log.length));
    rows.push([
      scenario.label,
      fixed(middle.load, 2),
      String(runs.length),
      String(middle.objects),
      [...requests].join("/"),
      String(seed.neededRequests),
      String(Math.max(...runs.map((r) => r.log.filter((e) => e.status === 429).length))),
      fixed(wall / 1000, 2),
      fixed(median(runs.map((r) => r.readMs)) / 1000, 2),
      fixed(median(runs.map((r) => r.cpuMs)) / 1000, 2),
      fixed(bare / 1000, 3),
      Number.isFinite(wall / bare) ? `${fixed(wall / bare, 2)}x` : "-",
      bounds.length === 0 ? "-" : fixed(median(bounds) / 1000, 1),
      bounds.length === 0 || median(bounds) === 0 ? "-" : `${fixed(wall / median(bounds), 3)}x`,
      problems.length === 0 ? "ok" : "FAILED",
    ]);
  }
  printTable(rows, out);
  out("load: one-minute load average when the (median) run started. requests: sent, 429s included (several values: they varied");
  out("between runs); needed: one list per kind (three for custom attributes, one per model), one read per team, capacity");
  out("policy (its members) and assignment policy (its inboxes), two per inbox (its bot and its members), per portal (its");
  out("categories and articles, a page of each) and per Captain assistant (its scenarios and inboxes). wall: the export (read,");
  out("model, files in memory), median; read: its HTTP part. bare: the");
  out("answered requests of the first run sent one after another with bare undici and no limit, median of the replays; ratio:");
  out("wall / bare (the export reads a few teams' and inboxes' details at once, so it can beat a serial replay). limit-bound: the");
  out("earliest any client could finish under the limit (0: the quota left in its window covers it; -: no limit); of bound:");
  out("wall / limit-bound, where the limit binds.");
  const first = results[0]?.[1][0];
  if (first) {
    const byEndpoint = new Map<string, number>();
    for (const entry of answeredRequests(first)) byEndpoint.set(endpointOf(entry), (byEndpoint.get(endpointOf(entry)) ?? 0) + 1);
    out();
    out(`requests of one export by endpoint (${results[0]?.[0].label}):`);
    printTable([["endpoint", "requests"], ...[...byEndpoint].sort((a, b) => b[1] - a[1]).map(([endpoint, n]) => [endpoint, String(n)])], out);
  }
  for (const [scenario, runs] of results) {
    const extra = Math.max(...runs.map((r) => answeredRequests(r).length)) - seed.neededRequests;
    if (extra > 0) out(`${scenario.label}: ${extra} answered requests more than needed`);
    for (const problem of new Set(runs.flatMap((r) => r.failures))) out(`${scenario.label}: FAILED: ${problem}`);
  }
  return failed;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

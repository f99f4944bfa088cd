/**
 * The engine benchmark (`npm run bench` runs it after the provider benchmark):
 *   npm run bench:engine -- [--resources N] [--reps N] [--quick] [--only DOOR,...]
 *
 * What the real `pulumi` CLI (`.pulumi-cli/bin`, `npm run setup:pulumi`) adds to the provider's
 * own cost, through each of the package's front doors. A fleet of `--resources` resources (default
 * 1,000; `--quick` 200; the provider benchmark's workload, five kinds mixed) is applied against a
 * sandbox process:
 *   - by the provider alone, in this process (as the provider benchmark's fleet does: every
 *     create at once, then every read at once, as a refresh reads);
 *   - through the CLI, as a user runs it: `pulumi up` of a new stack, then a no-op `pulumi
 *     preview` without and with `--refresh` (a file backend, a passphrase, default parallelism),
 *     once per door (support/front-door-projects.ts): `dynamic`, the package's classes as dynamic
 *     resources in a Node.js program with the package installed from its `npm pack` tarball;
 *     `typescript-plugin`, the same program on the plugin the package carries
 *     (`chatwoot:usePlugin`); `native`, the plugin (installed from the tarball of `npm run
 *     build:plugin`) in a Pulumi YAML program declaring the same resources with the same inputs;
 *     and `floor`, the engine's floor: the same names and inputs as dynamic resources of a provider
 *     that only echoes its inputs, which reaches no server and loads no package.
 * Each run (`--reps`, default 2, `--quick` 1) does the provider alone and then every door, in
 * turns (the next run in the reverse order), so that a slow spell of the machine does not fall on
 * one door only. For each it prints the wall time, the requests, and the engine's overhead per
 * resource: (CLI time - provider time) / resources; then each door's figures side by side, its
 * `up` as a ratio to the floor's of the same run (the goal: at most 1.10 on either TypeScript
 * door), and each stack's checkpoint per resource, split by where its bytes come from (with and
 * without the language host's stack frames, which no provider can leave out). Medians, with the
 * range over the runs in brackets. Figures only: nothing passes or fails on timing; the run fails
 * when a phase fails or the fleet does not end up on the server exactly once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { configure, resources } from "../../provider";
import { closeApiClients } from "../../provider/http/transport/origins";
import type { LogEntry } from "../../sdk/sandbox";
import { pulumiBinary, tail, type Operation } from "../harness/pulumi-cli";
import { create, refresh, type State } from "../provider/support/engine";
import { checkpointFigures, checkpointFileOf, PARTS, type CheckpointFigures } from "./support/checkpoint-bytes";
import { fleetSeed } from "./support/fleet-fixture";
import { checkApplied } from "./support/fleet-run";
import { FRONT_DOORS, frontDoorProject, installables, isProgramType, projectName, reachesServer, type FrontDoor, type Installables } from "./support/front-door-projects";
import { startSeededSandbox, type SeededSandbox } from "./support/sandbox-process";
import { fixed, median, printTable } from "./support/table";
import { fleet, type FleetMember } from "./support/workload";

const out = (line = "") => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`  .. ${line}\n`);

const STACK = "bench";
const STEPS = ["up", "preview", "refreshed"] as const;
type StepName = (typeof STEPS)[number];
const STEP_LABELS: Record<StepName, string> = {
  up: "pulumi up (new stack)",
  preview: "pulumi preview (no change)",
  refreshed: "pulumi preview --refresh (no change)",
};

interface Figures {
  wallMs: number;
  /** CPU seconds of the command and its processes (a CLI step, where `/usr/bin/time` is). */
  cpuS?: number;
  requests: number;
  byMethod: string;
  /** One-minute load average when it started. */
  load: number;
}

/** One front door's run through the CLI. */
type DoorRun = Record<StepName, Figures> & { checkpoint: CheckpointFigures };

/** One run of the benchmark: the provider alone, then each front door. */
interface Run {
  apply: Figures;
  reread: Figures;
  doors: Partial<Record<FrontDoor, DoorRun>>;
}

interface Options {
  count: number;
  reps: number;
  doors: readonly FrontDoor[];
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: { resources: { type: "string" }, reps: { type: "string" }, quick: { type: "boolean", default: false }, only: { type: "string" } },
  });
  const count = values.resources === undefined ? (values.quick ? 200 : 1000) : Number(values.resources);
  if (!Number.isSafeInteger(count) || count < 5) throw new Error("--resources must be a whole number of at least 5");
  const reps = values.reps === undefined ? (values.quick ? 1 : 2) : Number(values.reps);
  if (!Number.isSafeInteger(reps) || reps < 1 || reps > 20) throw new Error("--reps must be a whole number from 1 to 20");
  const doors = values.only === undefined ? FRONT_DOORS : (values.only.split(",").map((d) => d.trim()) as FrontDoor[]);
  if (doors.length === 0 || !doors.every((d) => FRONT_DOORS.includes(d))) throw new Error(`--only must name doors among ${FRONT_DOORS.join(", ")} (comma-separated)`);
  return { count, reps, doors };
}

const byMethod = (log: readonly LogEntry[]) => {
  const counts = new Map<string, number>();
  for (const entry of log) counts.set(entry.method, (counts.get(entry.method) ?? 0) + 1);
  return [...counts].map(([method, n]) => `${method} ${n}`).join(", ");
};

async function timed(sandbox: SeededSandbox, run: () => Promise<void>): Promise<Figures> {
  await sandbox.clearLog();
  const load = loadavg()[0] ?? 0;
  const started = performance.now();
  await run();
  const wallMs = performance.now() - started;
  const log = await sandbox.log();
  return { wallMs, requests: log.length, byMethod: byMethod(log), load };
}

/** The fleet through the provider alone: every create at once, then every read at once. */
async function providerRun(sandbox: SeededSandbox, members: readonly FleetMember[]): Promise<Pick<Run, "apply" | "reread">> {
  await sandbox.reset();
  await closeApiClients();
  configure({ url: sandbox.url, apiAccessToken: sandbox.account.adminToken, platformAccessToken: sandbox.platformToken, accountId: String(sandbox.account.id) });
  const states: State[] = [];
  const apply = await timed(sandbox, async () => {
    states.push(...(await Promise.all(members.map((m) => create(resources[m.kind], m.inputs)))));
  });
  const reread = await timed(sandbox, async () => {
    await Promise.all(states.map((state, i) => refresh(resources[(members[i] as FleetMember).kind], state)));
  });
  await closeApiClients();
  return { apply, reread };
}

/** The fleet through the CLI and one front door: `up` of a new stack, then no-op previews without and with a refresh. */
async function engineRun(door: FrontDoor, sandbox: SeededSandbox, members: readonly FleetMember[], from: Installables): Promise<DoorRun> {
  await sandbox.reset();
  const seedCounts = await sandbox.counts();
  const { project, cpu } = await frontDoorProject(door, members, from, sandbox);
  try {
    const step = async (name: StepName, run: () => Promise<Operation>): Promise<Figures> => {
      const figures = await timed(sandbox, async () => {
        const op = await run();
        if (op.code !== 0) throw new Error(`${door}: ${STEP_LABELS[name]} exited ${op.code}:\n${tail(op)}`);
        note(`${door}: ${STEP_LABELS[name]}: ${JSON.stringify(op.changes)}`);
      });
      const used = cpu();
      return used ? { ...figures, cpuS: used.userS + used.systemS } : figures;
    };
    const up = await step("up", () => project.up());
    const problems = reachesServer(door) ? await checkApplied({ sandbox, fleet: members, seedCounts }) : [];
    if (problems.length > 0) throw new Error(`${door}: after pulumi up, the server does not hold the fleet once:\n${problems.slice(0, 10).join("\n")}`);
    const preview = await step("preview", () => project.preview("--expect-no-changes"));
    const refreshed = await step("refreshed", () => project.preview("--refresh", "--expect-no-changes"));
    const backend = fileURLToPath(project.env.PULUMI_BACKEND_URL as string);
    const checkpoint = checkpointFigures(await project.exportText(), checkpointFileOf(backend, projectName(door), STACK), (type) => isProgramType(door, type));
    if (checkpoint.resources !== members.length) throw new Error(`${door}: the stack holds ${checkpoint.resources} resources, not ${members.length}`);
    return { up, preview, refreshed, checkpoint };
  } finally {
    project.dispose();
  }
}

/** The median of `values`, with their range in brackets when it shows at `digits`. */
function spread(values: readonly number[], digits: number): string {
  const [m, low, high] = [median(values), Math.min(...values), Math.max(...values)].map((v) => fixed(v, digits));
  return low === high ? (m as string) : `${m} (${low}-${high})`;
}

const distinct = (values: readonly number[]) => [...new Set(values)].join("/");

/** The engine's time per resource: the CLI's wall time less the provider's for the same requests (none for a preview without refresh, nor for the floor). */
function engineMsPerResource(run: Run, door: FrontDoor, step: StepName, count: number): number {
  const cli = (run.doors[door] as DoorRun)[step].wallMs;
  const provider = !reachesServer(door) ? 0 : step === "up" ? run.apply.wallMs : step === "refreshed" ? run.reread.wallMs : 0;
  return (cli - provider) / count;
}

/** A checkpoint's program resources in bytes, with or without the language host's stack frames. */
const programBytes = (c: CheckpointFigures, frames: boolean) =>
  Object.entries(c.parts).reduce((sum, [part, bytes]) => sum + (frames || part !== "sourcePosition and stackTrace" ? bytes : 0), 0);

function report(runs: readonly Run[], options: Options): void {
  const { count, doors } = options;
  const of = (door: FrontDoor) => runs.map((r) => r.doors[door] as DoorRun);
  out();
  const rows: string[][] = [["run", "front door", "wall s", "requests", "by method", "engine ms/resource"]];
  for (const [key, label] of [["apply", "provider: create all"], ["reread", "provider: read all (a refresh)"]] as const) {
    rows.push([label, "-", spread(runs.map((r) => r[key].wallMs / 1000), 1), distinct(runs.map((r) => r[key].requests)), runs[0]?.[key].byMethod ?? "", ""]);
  }
  for (const step of STEPS) {
    for (const door of doors) {
      const figures = of(door).map((d) => d[step]);
      rows.push([
        STEP_LABELS[step],
        door,
        spread(figures.map((f) => f.wallMs / 1000), 1),
        distinct(figures.map((f) => f.requests)),
        figures[0]?.byMethod ?? "",
        spread(runs.map((r) => engineMsPerResource(r, door, step, count)), 1),
      ]);
    }
  }
  printTable(rows, out);
  out("engine ms/resource: the CLI's wall time less the provider's for the same requests (none for a preview without refresh, nor for the floor), per resource.");

  out();
  const doorOf = (r: Run, d: FrontDoor) => r.doors[d] as DoorRun;
  const row = (label: string, get: (run: Run, d: FrontDoor) => number, digits: number) => [label, ...doors.map((d) => spread(runs.map((r) => get(r, d)), digits))];
  const sideRows: string[][] = [["figure", ...doors]];
  for (const step of STEPS) sideRows.push(row(`${STEP_LABELS[step]}: wall s`, (r, d) => doorOf(r, d)[step].wallMs / 1000, 1));
  const cpuOf = (r: Run, d: FrontDoor, step: StepName) => doorOf(r, d)[step].cpuS ?? Number.NaN;
  for (const step of STEPS) sideRows.push(row(`${STEP_LABELS[step]}: CPU s`, (r, d) => cpuOf(r, d, step), 1));
  if (doors.includes("floor")) {
    sideRows.push(row("pulumi up, as a ratio to the floor's", (r, d) => doorOf(r, d).up.wallMs / doorOf(r, "floor").up.wallMs, 2));
    sideRows.push(row("no-op preview, as a ratio to the floor's", (r, d) => doorOf(r, d).preview.wallMs / doorOf(r, "floor").preview.wallMs, 2));
    sideRows.push(row("pulumi up's CPU, as a ratio to the floor's", (r, d) => cpuOf(r, d, "up") / cpuOf(r, "floor", "up"), 2));
  }
  sideRows.push(row("requests per created resource (up)", (r, d) => doorOf(r, d).up.requests / count, 2));
  sideRows.push(row("checkpoint file, bytes per resource", (r, d) => doorOf(r, d).checkpoint.fileBytes / count, 0));
  sideRows.push(row("program's resources, bytes per resource", (r, d) => programBytes(doorOf(r, d).checkpoint, true) / count, 0));
  sideRows.push(row("the same without the stack frames", (r, d) => programBytes(doorOf(r, d).checkpoint, false) / count, 0));
  printTable(sideRows, out);
  out("ratio to the floor: the door's wall time over the floor's in the same run (median, range over the runs); the goal is at most 1.10.");
  out("CPU s: user and system time of the pulumi command and of every process it waited for (language host, plugins), from /usr/bin/time.");
  out("stack frames: each resource's sourcePosition and stackTrace, which the language host records and no provider can leave out.");
  if (doors.includes("floor")) {
    const over = doors.filter((d) => d !== "floor" && d !== "native").map((d) => `${d} ${fixed(median(runs.map((r) => doorOf(r, d).up.wallMs / doorOf(r, "floor").up.wallMs)), 2)}x`);
    out(`pulumi up against the floor: ${over.join(", ")}.`);
  }

  out();
  const partRows: string[][] = [["checkpoint bytes per resource, by part", ...doors]];
  const perResource = (door: FrontDoor, bytesOf: (c: CheckpointFigures) => number) => spread(of(door).map((d) => bytesOf(d.checkpoint) / count), 0);
  for (const part of PARTS) partRows.push([part, ...doors.map((d) => perResource(d, (c) => c.parts[part]))]);
  partRows.push(["the program's resources (sum of the above)", ...doors.map((d) => perResource(d, (c) => Object.values(c.parts).reduce((a, b) => a + b, 0)))]);
  partRows.push(["the checkpoint file, per resource", ...doors.map((d) => perResource(d, (c) => c.fileBytes))]);
  printTable(partRows, out);
  out("parts: compact JSON of the program's resources in `pulumi stack export`, as the checkpoint file holds them; the file also holds the");
  out("stack, its default provider (with the encrypted tokens) and the secrets provider's settings.");
}

async function main(): Promise<void> {
  const options = readOptions();
  const { count, reps, doors } = options;
  if (!pulumiBinary()) throw new Error("no Pulumi CLI in .pulumi-cli/bin: run `npm run setup:pulumi` first");
  const seed = fleetSeed(Math.ceil(count / 5) + 5, 20);
  const members = fleet(count, seed);
  const work = mkdtempSync(join(tmpdir(), "chatwoot-bench-engine-"));
  // The provider's create journal of this process: a temporary one, never the user's (the CLI's runs keep theirs under their own PULUMI_HOME).
  process.env.CHATWOOT_CREATE_JOURNAL_DIR = join(work, "journal");
  const from = installables(work, doors);
  const sandbox = await startSeededSandbox(seed.fixture);
  try {
    out(`Engine benchmark: ${count} resources, ${reps} run${reps === 1 ? "" : "s"} of ${doors.join(" and ")} (${availableParallelism()} cores, load ${fixed(loadavg()[0] ?? 0, 2)})`);
    const runs: Run[] = [];
    for (let rep = 0; rep < reps; rep++) {
      note(`run ${rep + 1} of ${reps}: the provider alone`);
      const run: Run = { ...(await providerRun(sandbox, members)), doors: {} };
      // Turns: the first run starts with the dynamic resources, the next with the plugin, and so on.
      const order = rep % 2 === 0 ? doors : [...doors].reverse();
      for (const door of order) {
        note(`run ${rep + 1} of ${reps}: through the pulumi CLI, ${door}`);
        run.doors[door] = await engineRun(door, sandbox, members, from);
      }
      runs.push(run);
    }
    const loads = runs.flatMap((r) => [r.apply.load, ...Object.values(r.doors).flatMap((d) => STEPS.map((s) => d[s].load))]);
    report(runs, options);
    out(`load average at the start of the timed steps: ${fixed(Math.min(...loads), 2)} to ${fixed(Math.max(...loads), 2)}.`);
  } finally {
    await sandbox.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`engine benchmark failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});

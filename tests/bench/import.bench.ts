/**
 * The import benchmark (`npm run bench` runs it first):
 *   npm run bench:import -- [--reps N]
 *
 * What a program pays for `require("pulumi-chatwoot")` before it declares anything: every
 * `pulumi preview` and `pulumi up` starts the program, and so pays it. The package is installed as
 * a user installs it (the `npm pack` tarball of the build, unpacked into a project's node_modules;
 * `npm run build` must have run), and each figure is taken in a fresh Node process (`--expose-gc`),
 * `--reps` times (default 9), in turns:
 *   - `@pulumi/pulumi`: the SDK alone, the floor every Pulumi program pays;
 *   - `pulumi-chatwoot`: the package's index (every resource class and data source);
 *   - `pulumi-chatwoot/provider`: the provider's code (every resource implementation, the HTTP
 *     client, zod), which the provider host loads, and which the index loaded too before its data
 *     sources loaded their readers when they run.
 * Per scenario it prints the time of the `require` (ms), the heap it keeps after a garbage
 * collection and the growth of the process's resident set (MB), the modules loaded, and how many
 * of them are zod's: medians, with the range over the runs in brackets. Figures only: nothing
 * passes or fails on timing; the run fails when a process fails.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { installCopy, packPackage } from "../harness/packed";
import { fixed, median, printTable } from "./support/table";

const out = (line = "") => process.stdout.write(`${line}\n`);

const SCENARIOS = [
  { id: "@pulumi/pulumi", what: "the Pulumi SDK alone" },
  { id: "pulumi-chatwoot", what: "the package's index" },
  { id: "pulumi-chatwoot/provider", what: "the provider's code" },
] as const;

/** One measurement: a fresh process requires `id` and reports what it cost. */
interface Sample {
  ms: number;
  heapMb: number;
  rssMb: number;
  modules: number;
  zod: number;
}

/** Run in the project directory with `node --expose-gc -e`: the module to require is argv[1]. */
const PROBE = `
const collect = globalThis.gc;
collect();
const before = process.memoryUsage();
const start = process.hrtime.bigint();
require(process.argv[1]);
const ms = Number(process.hrtime.bigint() - start) / 1e6;
collect();
const after = process.memoryUsage();
const modules = Object.keys(require.cache);
const mb = (bytes) => bytes / 1024 / 1024;
process.stdout.write(JSON.stringify({
  ms,
  heapMb: mb(after.heapUsed - before.heapUsed),
  rssMb: mb(after.rss - before.rss),
  modules: modules.length,
  zod: modules.filter((m) => /[\\\\/]node_modules[\\\\/]zod[\\\\/]/.test(m)).length,
}));
`;

function sample(project: string, id: string): Sample {
  const text = execFileSync(process.execPath, ["--expose-gc", "-e", PROBE, id], { cwd: project, encoding: "utf8", env: { PATH: process.env.PATH } });
  return JSON.parse(text) as Sample;
}

/** `median [min-max]` of one figure. */
function figure(samples: readonly Sample[], pick: (s: Sample) => number, digits: number): string {
  const values = samples.map(pick);
  const range = `${fixed(Math.min(...values), digits)}-${fixed(Math.max(...values), digits)}`;
  return `${fixed(median(values), digits)} [${range}]`;
}

function main(): void {
  const { values } = parseArgs({ options: { reps: { type: "string", default: "9" } } });
  const reps = Number(values.reps);
  if (!Number.isInteger(reps) || reps < 1) throw new Error("--reps takes a whole number from 1");

  const work = mkdtempSync(join(tmpdir(), "chatwoot-bench-import-"));
  try {
    const { tarball } = packPackage(work);
    const project = join(work, "project");
    installCopy(tarball, project);

    out(`import of the package: ${reps} fresh processes per scenario, in turns (Node ${process.version}, ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(2)).join(" ")})`);
    const samples = new Map<string, Sample[]>(SCENARIOS.map((s) => [s.id, []]));
    for (let rep = 0; rep < reps; rep++) for (const { id } of SCENARIOS) samples.get(id)!.push(sample(project, id));

    const rows = [
      ["require(...)", "what it loads", "time (ms)", "heap kept (MB)", "RSS growth (MB)", "modules", "zod modules"],
      ...SCENARIOS.map(({ id, what }) => {
        const s = samples.get(id)!;
        return [id, what, figure(s, (x) => x.ms, 0), figure(s, (x) => x.heapMb, 1), figure(s, (x) => x.rssMb, 1), figure(s, (x) => x.modules, 0), figure(s, (x) => x.zod, 0)];
      }),
    ];
    out();
    printTable(rows, out);
    out();
    out("Medians [range]. The package's own share is its row less the Pulumi SDK's.");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();

/**
 * `npm run bench`: the benchmarks one after another, each in a process of its own, whatever the
 * others did, so that one that fails does not hide the others' figures:
 *   npm run bench -- [--only import,export,provider,engine,fleet] [--quick]
 *
 * Each prints its figures as it goes; at the end a line per benchmark says whether it passed. The
 * exit status says which failed: the sum of 1 (import), 2 (export), 4 (provider), 8 (engine) and 16 (fleet)
 * over the failed ones, 0 when none did (so 6: export and provider). `--quick` is passed to the
 * benchmarks that take it (all but import); each one's own flags are described at its top, and its
 * `npm run bench:<name>` runs it alone. A wrong flag exits 32, before any benchmark runs.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

/** One benchmark: its name, its script (beside this file), its bit of the exit status, and whether it takes `--quick`. */
export interface Bench {
  name: string;
  file: string;
  bit: number;
  quick: boolean;
}

/** The benchmarks in the order they run. */
const BENCHES: readonly Bench[] = [
  { name: "import", file: "import.bench.ts", bit: 1, quick: false },
  { name: "export", file: "export.bench.ts", bit: 2, quick: true },
  { name: "provider", file: "provider.bench.ts", bit: 4, quick: true },
  { name: "engine", file: "engine.bench.ts", bit: 8, quick: true },
  { name: "fleet", file: "fleet.bench.ts", bit: 16, quick: true },
];

/** The benchmarks `--only` names (all without it). */
export function selectBenches(only: string | undefined): Bench[] {
  if (only === undefined) return [...BENCHES];
  const names = only.split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !BENCHES.some((b) => b.name === name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`--only: ${unknown.length > 0 ? `unknown benchmark ${unknown.join(", ")}` : "no benchmark named"} (known: ${BENCHES.map((b) => b.name).join(", ")})`);
  }
  return BENCHES.filter((b) => names.includes(b.name));
}

/** The exit status of a run whose `failed` benchmarks failed: the sum of their bits. */
export const exitStatus = (failed: readonly { bit: number }[]): number => failed.reduce((sum, b) => sum | b.bit, 0);

/**
 * Runs `benches` (scripts in `dir`) one after another, each to its end whatever the one before did,
 * and prints the summary; returns the exit status.
 */
export function runBenches(benches: readonly Bench[], options: { dir?: string; quick?: boolean } = {}): number {
  const dir = options.dir ?? __dirname;
  const results: { bench: Bench; code: number | null; signal: string | null; seconds: number }[] = [];
  for (const bench of benches) {
    process.stdout.write(`\n=== ${bench.name} (${bench.file}) ===\n`);
    const started = performance.now();
    const args = ["-r", "ts-node/register/transpile-only", join(dir, bench.file), ...(options.quick && bench.quick ? ["--quick"] : [])];
    // Its output goes straight to ours, as it would run alone.
    const run = spawnSync(process.execPath, args, { stdio: "inherit" });
    results.push({ bench, code: run.status, signal: run.signal, seconds: (performance.now() - started) / 1000 });
  }
  const failed = results.filter((r) => r.code !== 0).map((r) => r.bench);
  process.stdout.write("\n=== benchmarks ===\n");
  for (const { bench, code, signal, seconds } of results) {
    const outcome = code === 0 ? "ok" : `FAILED (${signal === null ? `exit ${code}` : `killed by ${signal}`})`;
    process.stdout.write(`${bench.name.padEnd(9)} ${outcome}, ${seconds.toFixed(0)} s\n`);
  }
  const status = exitStatus(failed);
  process.stdout.write(failed.length === 0 ? "every benchmark passed\n" : `exit status ${status}: ${failed.map((b) => `${b.name} (${b.bit})`).join(" + ")} failed\n`);
  return status;
}

if (require.main === module) {
  try {
    const { values } = parseArgs({ options: { only: { type: "string" }, quick: { type: "boolean", default: false } } });
    process.exitCode = runBenches(selectBenches(values.only), { quick: values.quick });
  } catch (error) {
    process.stderr.write(`npm run bench: ${(error as Error).message}\n`);
    process.exitCode = 32;
  }
}

/**
 * `npm run bench`'s runner (tests/bench/run.ts): every benchmark runs and prints whatever the ones
 * before it did, the summary names each one's outcome, and the exit status is the sum of the failed
 * ones' bits. Run on stand-in scripts in a child process, as npm runs the runner.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { exitStatus, selectBenches, type Bench } from "../../bench/run";

const RUNNER = path.join(__dirname, "../../bench/run.ts");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-bench-runner-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in benchmark that prints its figures and the flags it was given, then exits with `code`. */
function stand(name: string, code: number): Bench & { file: string } {
  const file = `${name}.bench.ts`;
  fs.writeFileSync(path.join(dir, file), `process.stdout.write("figures of ${name} " + JSON.stringify(process.argv.slice(2)) + "\\n");\nprocess.exitCode = ${code};\n`);
  return { name, file, bit: 0, quick: false };
}

function run(benches: Bench[], quick: boolean) {
  const script = `process.exitCode = require(${JSON.stringify(RUNNER)}).runBenches(${JSON.stringify(benches)}, { dir: ${JSON.stringify(dir)}, quick: ${quick} });`;
  return spawnSync(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], { encoding: "utf8" });
}

test("a failing benchmark does not stop the ones after it; the summary and the exit status say which failed", () => {
  const benches = [
    { ...stand("first", 1), bit: 1 },
    { ...stand("second", 0), bit: 2, quick: true },
    { ...stand("third", 3), bit: 4 },
  ];
  const { status, stdout } = run(benches, true);
  expect(stdout).toContain('figures of first []\n');
  expect(stdout).toContain('figures of second ["--quick"]\n');
  expect(stdout).toContain('figures of third []\n');
  expect(stdout).toMatch(/^first {5}FAILED \(exit 1\), \d+ s$/m);
  expect(stdout).toMatch(/^second {4}ok, \d+ s$/m);
  expect(stdout).toMatch(/^third {5}FAILED \(exit 3\), \d+ s$/m);
  expect(stdout).toContain("exit status 5: first (1) + third (4) failed\n");
  expect(status).toBe(5);
});

test("when every benchmark passes, the status is 0", () => {
  const { status, stdout } = run([{ ...stand("alone", 0), bit: 2 }], false);
  expect([status, stdout.trim().split("\n").pop()]).toEqual([0, "every benchmark passed"]);
});

test.each([
  [undefined, ["import", "export", "provider", "engine", "fleet"]],
  ["engine, export", ["export", "engine"]],
])("--only %s runs %j, in the order of npm run bench", (only, names) => {
  expect(selectBenches(only).map((b) => b.name)).toEqual(names);
});

test.each([["fleets"], [" , "]])("--only %j is refused, naming the known benchmarks", (only) => {
  expect(() => selectBenches(only)).toThrow(/--only: .*\(known: import, export, provider, engine, fleet\)/);
});

test("each benchmark has a bit of its own", () => {
  const benches = selectBenches(undefined);
  expect(exitStatus(benches)).toBe(2 ** benches.length - 1);
});

/** The seconds per tier and per file that the file-times reporter prints after a run. */
const { fileTimes, renderFileTimes } = require("../../harness/file-times-reporter") as {
  fileTimes(jestResults: unknown, rootDir: string): { tier: string; file: string; seconds: number; failed: boolean }[];
  renderFileTimes(times: unknown[], listed: string[]): string;
};

const file = (tier: string, name: string, start: number, end: number, numFailingTests = 0) => ({
  displayName: { name: tier, color: "white" },
  testFilePath: `/repo/tests/${tier}/${name}`,
  perfStats: { start, end },
  numFailingTests,
});
const jestResults = {
  testResults: [
    file("unit", "a.test.ts", 0, 1_500),
    file("program", "quick.test.ts", 1_000, 13_250),
    file("program", "slow.test.ts", 2_000, 95_000, 1),
    file("unit", "b.test.ts", 0, 500),
  ],
};

it("reads each file's tier, path under the root, seconds and failure from jest's jestResults", () => {
  expect(fileTimes(jestResults, "/repo")).toEqual([
    { tier: "unit", file: "tests/unit/a.test.ts", seconds: 1.5, failed: false },
    { tier: "program", file: "tests/program/quick.test.ts", seconds: 12.25, failed: false },
    { tier: "program", file: "tests/program/slow.test.ts", seconds: 93, failed: true },
    { tier: "unit", file: "tests/unit/b.test.ts", seconds: 0.5, failed: false },
  ]);
});

it("sums each tier and lists the listed tiers' files slowest first", () => {
  const lines = renderFileTimes(fileTimes(jestResults, "/repo"), ["program"]).split("\n");
  expect(lines).toEqual([
    "Seconds per tier (summed over its files; files run in parallel):",
    "  unit: 2 files, 2.0 s",
    "  program: 2 files, 105.3 s",
    "Seconds per file, program tier (slowest first):",
    "  93.0  tests/program/slow.test.ts  (failed)",
    "  12.3  tests/program/quick.test.ts",
  ]);
});

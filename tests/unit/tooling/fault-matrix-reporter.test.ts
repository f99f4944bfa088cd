/** The grid the fault-matrix reporter prints after a run, from jest's own result shape. */
const { matrixCells, renderMatrix } = require("../../harness/fault-matrix-reporter") as {
  matrixCells(results: unknown): { kind: string; fault: string; step: string; status: string }[];
  renderMatrix(cells: unknown[]): string;
};

type Status = "passed" | "failed" | "pending";
const testResult = (ancestorTitles: string[], title: string, status: Status) => ({ ancestorTitles, title, status });
const run = (...tests: ReturnType<typeof testResult>[]) => ({ testResults: [{ testResults: tests }] });

const results = run(
  testResult(["Label under a fault: 500"], "create ends right", "passed"),
  testResult(["Label under a fault: 500"], "delete ends right", "failed"),
  testResult(["Label under a fault: 429"], "create ends right", "passed"),
  testResult(["Team under a fault: 500"], "create ends right", "passed"),
  testResult(["Team under a fault: 500"], "delete ends right", "pending"),
  testResult(["check rejects bad inputs", "Label"], "empty title", "passed"),
);

it("takes only the matrix's tests that ran, as type x fault x step cells", () => {
  expect(matrixCells(results)).toEqual([
    { kind: "Label", fault: "500", step: "create ends right", status: "passed" },
    { kind: "Label", fault: "500", step: "delete ends right", status: "failed" },
    { kind: "Label", fault: "429", step: "create ends right", status: "passed" },
    { kind: "Team", fault: "500", step: "create ends right", status: "passed" },
  ]);
});

it("prints one row per type with a mark per step in each fault's column, and names failed cells", () => {
  const text = renderMatrix(matrixCells(results));
  const lines = text.split("\n");
  expect(lines[0]).toBe("Fault matrix: 2 resource types x 2 fault kinds x 2 steps; 4 cells ran, 3 passed, 1 failed");
  // Columns: 1 = "500", 2 = "429"; marks: create, delete.
  expect(lines.find((l) => l.startsWith("Label"))?.split(/\s+/).slice(1)).toEqual(["✓✗", "✓·"]);
  expect(lines.find((l) => l.startsWith("Team"))?.split(/\s+/).slice(1)).toEqual(["✓·", "··"]);
  expect(lines).toContain("  ✗ Label / 500 / delete ends right");
});

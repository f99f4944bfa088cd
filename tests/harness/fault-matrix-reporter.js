// @ts-check
/**
 * Prints the fault matrix as a grid after a jest run: one row per resource type, one column per
 * fault kind, and in each cell one mark per lifecycle step (✓ passed, ✗ failed, · skipped or not
 * run), so a reader sees every cell of "type x fault x step" at a glance instead of searching a
 * list of ~900 test names. It reads the titles `faultMatrix` gives its tests
 * ("<Kind> under a fault: <fault>" > "<step ...>"); other tests are ignored, and nothing is printed
 * when no matrix test ran. Plain JavaScript because jest loads reporters untransformed.
 */

const MATRIX_TITLE = /^(\w+) under a fault: (.+)$/;
const MARKS = { passed: "✓", failed: "✗" };

/** The grid's text: the step legend, one line per type, and the failed cells spelled out. */
function renderMatrix(cells) {
  const kinds = [...new Set(cells.map((c) => c.kind))].sort();
  const faults = [...new Set(cells.map((c) => c.fault))];
  const steps = [...new Set(cells.map((c) => c.step))];
  const at = new Map(cells.map((c) => [`${c.kind}\u0000${c.fault}\u0000${c.step}`, c.status]));
  const cellText = (kind, fault) => steps.map((s) => MARKS[at.get(`${kind}\u0000${fault}\u0000${s}`)] ?? "·").join("");
  const width = Math.max(...kinds.map((k) => k.length));
  const columns = faults.map((f, i) => ({ fault: f, width: Math.max(steps.length, String(i + 1).length) }));
  const lines = [];
  const passed = cells.filter((c) => c.status === "passed").length;
  const failed = cells.filter((c) => c.status === "failed");
  lines.push(`Fault matrix: ${kinds.length} resource types x ${faults.length} fault kinds x ${steps.length} steps; ${cells.length} cells ran, ${passed} passed, ${failed.length} failed`);
  lines.push("Steps, in each cell's order:");
  steps.forEach((s, i) => lines.push(`  ${i + 1}. ${s}`));
  lines.push("Fault kinds (columns):");
  faults.forEach((f, i) => lines.push(`  ${i + 1}. ${f}`));
  lines.push(`${"".padEnd(width)}  ${columns.map((c, i) => String(i + 1).padEnd(c.width)).join(" ")}`);
  for (const kind of kinds) lines.push(`${kind.padEnd(width)}  ${columns.map((c) => cellText(kind, c.fault).padEnd(c.width)).join(" ")}`);
  for (const c of failed) lines.push(`  ✗ ${c.kind} / ${c.fault} / ${c.step}`);
  return lines.map((l) => l.trimEnd()).join("\n");
}

/** The matrix cells among a run's test results. */
function matrixCells(results) {
  const cells = [];
  for (const file of results.testResults) {
    for (const test of file.testResults) {
      const match = test.ancestorTitles.map((t) => MATRIX_TITLE.exec(t)).find((m) => m !== null);
      if (!match || (test.status !== "passed" && test.status !== "failed")) continue;
      cells.push({ kind: match[1], fault: match[2], step: test.title, status: test.status });
    }
  }
  return cells;
}

class FaultMatrixReporter {
  onRunComplete(_contexts, results) {
    const cells = matrixCells(results);
    if (cells.length > 0) process.stdout.write(`\n${renderMatrix(cells)}\n`);
  }
}

module.exports = FaultMatrixReporter;
module.exports.renderMatrix = renderMatrix;
module.exports.matrixCells = matrixCells;

/** Plain-text tables and the few statistics the benchmarks print. */

/** Prints rows as aligned columns: the first column left-aligned, the others right-aligned. */
export function printTable(rows: readonly (readonly string[])[], write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): void {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  rows.forEach((row, r) => {
    write(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ").trimEnd());
    if (r === 0) write(widths.map((w) => "-".repeat(w)).join("  "));
  });
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The q-quantile (0..1) by nearest rank. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

export const fixed = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : "-");

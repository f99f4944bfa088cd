/**
 * The table a run ends with, one row per member: its result, created / updated / deleted /
 * unchanged resources (for `drift`: what drifted), its requests, its duration and the first line of
 * its error. Printed as text on the terminal, and as Markdown for `--summary FILE` (a CI job's
 * summary), with the orphans and each drifted member's resources and properties after it.
 */
import { duration, firstLine } from "./progress";
import type { FleetReport } from "./report";

type Table = { head: string[]; rows: string[][]; right: Set<number> };

function table(report: FleetReport): Table {
  const drift = report.command === "drift";
  const head = drift
    ? ["member", "result", "drifted", "requests", "duration", "error"]
    : ["member", "result", "created", "updated", "deleted", "unchanged", "requests", "duration", "error"];
  const rows = report.members.map((m) => {
    const requests = m.throttled > 0 ? `${m.requests} (${m.throttled}×429)` : String(m.requests);
    const took = m.result === "skipped" ? "" : duration(m.durationMs);
    const error = firstLine(m.error);
    if (drift) return [m.name, m.result, m.drift.map((d) => d.resource).join(", "), requests, took, error];
    const { created, updated, deleted, unchanged } = m.counts;
    return [m.name, m.result, ...[created, updated, deleted, unchanged].map(String), requests, took, error];
  });
  return { head, rows, right: new Set(drift ? [3] : [2, 3, 4, 5, 6]) };
}

/** What the run did, in a sentence: `3 succeeded, 1 failed` (and the orphans). */
export function tally(report: FleetReport): string {
  const by = new Map<string, number>();
  for (const m of report.members) by.set(m.result, (by.get(m.result) ?? 0) + 1);
  const parts = [...by].map(([result, n]) => `${n} ${result}`);
  return parts.join(", ") || "no member";
}

/** The table as aligned text, then the orphans and the drift. */
export function textTable(report: FleetReport): string {
  const { head, rows, right } = table(report);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : right.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const out = [line(head), ...rows.map(line)];
  out.push("", `${report.command}: ${tally(report)} in ${duration(report.durationMs)}${report.shard ? ` (shard ${report.shard})` : ""}.`);
  out.push(...details(report, (text) => `  ${text}`));
  return `${out.join("\n")}\n`;
}

/** The table as Markdown, for a CI job's summary. */
export function markdownTable(report: FleetReport): string {
  const { head, rows, right } = table(report);
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const out = [
    `### pulumi-chatwoot fleet ${report.command}: ${tally(report)}`,
    "",
    `| ${head.join(" | ")} |`,
    `| ${head.map((_, i) => (right.has(i) ? "---:" : "---")).join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
    "",
    `${duration(report.durationMs)}${report.shard ? `, shard ${report.shard}` : ""}; state: \`${report.backend}\`.`,
  ];
  const more = details(report, (text) => `- ${text.replace(/\|/g, "\\|")}`);
  if (more.length > 0) out.push("", ...more);
  return `${out.join("\n")}\n`;
}

/** The orphans, each drifted member's resources and properties, and each installation's requests. */
function details(report: FleetReport, item: (text: string) => string): string[] {
  const out: string[] = [];
  for (const m of report.members) {
    for (const d of m.drift) out.push(item(`${m.name}: ${d.resource} (${d.type}) drifted: ${d.properties.join(", ")}`));
  }
  if (report.orphans.length > 0) {
    out.push(item(`orphans (stacks the fleet file no longer names; \`fleet destroy --only NAME\` removes one): ${report.orphans.join(", ")}`));
  }
  for (const i of report.installations) {
    if (i.requests === 0) continue;
    out.push(item(`${i.name} (${i.url}): ${i.requests} requests, ${i.throttled} answered 429; budget ${i.budgetPerMinute} per minute`));
  }
  return out;
}

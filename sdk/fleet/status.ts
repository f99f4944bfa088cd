/**
 * `fleet status`: each selected member's stack as the backend lists it (none yet, its last update,
 * its resources, a run in progress), and the orphans: stacks of the template the fleet file no
 * longer names. `up` never destroys an orphan; `fleet destroy --only NAME` removes one on purpose.
 */
import type { StackSummary } from "@pulumi/pulumi/automation";
import type { FleetMember } from "./fleet";
import { shortName } from "./fleet-stacks";

/** A member's stack as the backend has it. */
export interface MemberStatus {
  name: string;
  installation: string;
  account: number | "new";
  /** Whether the backend has its stack. */
  exists: boolean;
  lastUpdate?: string;
  resources?: number;
  /** A run holds its lock now (or a killed run left it). */
  updating: boolean;
}

/** What `fleet status` shows (and `--json` writes). */
export interface StatusReport {
  members: MemberStatus[];
  orphans: { name: string; lastUpdate?: string; resources?: number }[];
}

/** The status of `members` and the orphans, from the backend's list of stacks. */
export function fleetStatus(members: readonly FleetMember[], orphans: readonly string[], stacks: readonly StackSummary[]): StatusReport {
  const byName = new Map(stacks.map((s) => [shortName(s.name), s]));
  return {
    members: members.map((m) => {
      const s = byName.get(m.stack);
      return { name: m.name, installation: m.installation.name, account: m.account, exists: s !== undefined, lastUpdate: s?.lastUpdate, resources: s?.resourceCount, updating: s?.updateInProgress === true };
    }),
    orphans: orphans.map((name) => ({ name, lastUpdate: byName.get(name)?.lastUpdate, resources: byName.get(name)?.resourceCount })),
  };
}

/** The status as aligned text. */
export function statusText(report: StatusReport): string {
  const head = ["member", "installation", "account", "stack", "last update", "resources"];
  const rows = report.members.map((m) => [m.name, m.installation, String(m.account), m.exists ? (m.updating ? "locked (a run in progress, or a killed run's lock)" : "yes") : "not yet", m.lastUpdate ?? "", m.resources === undefined ? "" : String(m.resources)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  const out = [line(head), ...rows.map(line)];
  if (report.orphans.length > 0) {
    out.push("", "Orphans (stacks of the template the fleet file no longer names; `fleet destroy --only NAME` removes one, `up` never does):");
    for (const o of report.orphans) out.push(`  ${o.name}${o.lastUpdate ? `  last update ${o.lastUpdate}` : ""}${o.resources === undefined ? "" : `  ${o.resources} resources`}`);
  } else {
    out.push("", "No orphans.");
  }
  return `${out.join("\n")}\n`;
}

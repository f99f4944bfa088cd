/**
 * A fleet run's report: every member's outcome, the orphans (stacks of the template the fleet file
 * no longer names), each installation's requests against its budget, and the exit code. `--json
 * FILE` writes it as it is (machine-readable; no token or secret is ever in it: errors are
 * redacted, config is named by key only).
 */
import type { MemberOutcome } from "./member-run";

/** One installation's share of the run. */
export interface InstallationFigures {
  name: string;
  url: string;
  /** Requests per minute this run allowed itself (the installation's limit, divided by the shards). */
  budgetPerMinute: number;
  requests: number;
  /** Of them, answered 429. */
  throttled: number;
}

/** The run, as `--json` writes it. */
export interface FleetReport {
  /** `up`, `drift`, ... */
  command: string;
  /** The fleet file, as given. */
  fleetFile: string;
  backend: string;
  /** `I/N`, when the run was one shard. */
  shard?: string;
  startedAt: string;
  durationMs: number;
  members: MemberOutcome[];
  /** Stacks of the template the fleet file no longer names. */
  orphans: string[];
  installations: InstallationFigures[];
  /** 0 every member succeeded (drift: none drifted), 2 drift: some member drifted, 1 a member failed. */
  exitCode: number;
}

/** The exit code of a run: 1 when any member failed or was skipped, else for drift 2 when any drifted, else 0. */
export function exitCodeOf(command: string, members: readonly MemberOutcome[]): number {
  if (members.some((m) => m.result === "failed" || m.result === "skipped")) return 1;
  if (command === "drift" && members.some((m) => m.result === "drifted")) return 2;
  return 0;
}

/** The report as `--json` writes it. */
export function reportJson(report: FleetReport): string {
  const members = report.members.map((m) => ({ ...m, durationMs: Math.round(m.durationMs) }));
  return `${JSON.stringify({ ...report, durationMs: Math.round(report.durationMs), members }, null, 2)}\n`;
}

/**
 * What a fleet run shows while it runs: a line per member as it ends (its result, its changes, its
 * requests and the error's first line, once), and how far the run is (members done of all,
 * resources, requests, calls waiting for an installation's rate window). On a terminal that is a
 * live block (./terminal-progress.ts); in CI and logs plain timestamped lines (./plain-progress.ts).
 */
import type { MemberOutcome, MemberProgress } from "./member-run";

/** The run's figures so far, as the progress shows them. */
export interface RunFigures {
  membersDone: number;
  members: number;
  /** Resources whose step is done, every member together. */
  resources: number;
  requests: number;
  /** Calls waiting for an installation's rate window now. */
  waiting: number;
}

/** A progress display: told as members start and end. */
export interface FleetProgress {
  /** A member starts. */
  member(name: string): MemberProgress;
  /** A member ended (ran, failed, or was skipped). */
  finished(outcome: MemberOutcome): void;
  /** The run is over: stop any redrawing. */
  end(): void;
}

/** `1.2 s`, `3 min 4 s`. */
export function duration(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** The first line of a text. */
export function firstLine(text: string | undefined): string {
  return (text ?? "").split("\n").find((line) => line.trim() !== "")?.trim() ?? "";
}

/** `acme: succeeded in 12.3 s: 3 created, 1 updated, 0 deleted, 8 unchanged; 25 requests`: a member's end, on one line. */
export function outcomeLine(outcome: MemberOutcome): string {
  const { counts } = outcome;
  const changes = `${counts.created} created, ${counts.updated} updated, ${counts.deleted} deleted, ${counts.unchanged} unchanged`;
  const requests = `${outcome.requests} requests${outcome.throttled > 0 ? ` (${outcome.throttled} answered 429)` : ""}`;
  const took = `in ${duration(outcome.durationMs)}`;
  switch (outcome.result) {
    case "skipped":
      return `${outcome.name}: skipped: ${firstLine(outcome.error)}`;
    case "failed":
      return `${outcome.name}: failed ${took}: ${firstLine(outcome.error)}`;
    case "drifted":
      return `${outcome.name}: drifted (${took}; ${requests}): ${outcome.drift.map((d) => `${d.resource} (${d.properties.join(", ")})`).join(", ")}`;
    case "in sync":
      return `${outcome.name}: in sync (${took}; ${requests})`;
    case "succeeded":
      return `${outcome.name}: succeeded ${took}: ${changes}; ${requests}`;
  }
}

/** `3/10 members · 120 resources · 430 requests · 2 waiting for the rate window`. */
export function figuresLine(f: RunFigures): string {
  const waiting = f.waiting > 0 ? ` · ${f.waiting} waiting for the rate window` : "";
  return `${f.membersDone}/${f.members} members · ${f.resources} resources · ${f.requests} requests${waiting}`;
}

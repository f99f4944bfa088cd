/**
 * Runs a fleet command over the selected members: at most `concurrency` at a time, each member's
 * failure its own (unless `--fail-fast`), a canary of the first N members first when asked (the
 * rest only if every one of them succeeded), and one rate budget per installation for every
 * process of every member: a rate broker this run starts, whose address each member's Pulumi
 * processes get in their environment (provider/http/rate-limit/broker.ts). Its budget is the
 * installation's `rateLimitPerMinute` divided by the number of shards, so that N jobs on N machines
 * stay within it together.
 */
import type { PulumiCommand } from "@pulumi/pulumi/automation";
import { RateBroker, type BrokerOptions } from "../../provider/http/rate-limit/broker";
import { shownBackend } from "./backend";
import type { Fleet } from "./fleet";
import { fullKey } from "./template";
import { runMember, skipped, type MemberCommand, type MemberOutcome, type MemberTask } from "./member-run";
import type { StackHost } from "./member-stack";
import type { FleetProgress, RunFigures } from "./progress";
import { exitCodeOf, type FleetReport, type InstallationFigures } from "./report";
import type { Shard } from "./selection";

/** What a run takes: the command, the members and how to run them. */
export interface RunOptions {
  command: MemberCommand;
  fleet: Fleet;
  /** The fleet file as the command line gave it (for the report). */
  fleetFile: string;
  /** The members to run (orphans too, for `destroy --only`), in order. */
  tasks: readonly MemberTask[];
  orphans: readonly string[];
  /** The stacks the backend has (names). */
  existing: Iterable<string>;
  cli: PulumiCommand;
  concurrency: number;
  /** `up` applies to this many members first, and goes on only if all of them succeed. */
  canary?: number;
  failFast: boolean;
  shard?: Shard;
  /** The progress display, given the run's figures to show. */
  progress: (figures: () => RunFigures) => FleetProgress;
  /** Environment of the members' programs (see ./typescript-check.ts). */
  programEnv?: Record<string, string>;
  /** Tuning of the broker's limiters (tests shorten the server's window). */
  broker?: BrokerOptions;
  /** Aborted (Ctrl-C): running members are cancelled by Pulumi, the others are not started. */
  signal?: AbortSignal;
}

/** The budget of each installation's origin for this run: its limit divided by the shards (the lowest, where installations share a server). */
function budgets(fleet: Fleet, shards: number): Map<string, number> {
  const byOrigin = new Map<string, number>();
  for (const inst of fleet.installations.values()) {
    const share = Math.max(1, Math.floor(inst.rateLimitPerMinute / shards));
    byOrigin.set(inst.origin, Math.min(byOrigin.get(inst.origin) ?? Infinity, share));
  }
  return byOrigin;
}

/** Runs the command over the members; resolves to the report (each member's failure is in it, never thrown). */
export async function runFleet(options: RunOptions): Promise<FleetReport> {
  const { fleet, command, tasks } = options;
  const startedAt = new Date();
  const started = performance.now();
  const broker = await RateBroker.start(options.broker);
  const budget = budgets(fleet, options.shard?.count ?? 1);
  for (const [origin, quota] of budget) broker.setQuota(origin, quota);
  const host: StackHost = {
    command: options.cli,
    templateDir: fleet.template.dir,
    project: fleet.template.name,
    defaults: new Map(
      [...(fleet.template.declared ?? [])].filter(([, d]) => d.default !== undefined).map(([key, d]) => [fullKey(fleet.template.name, key), d.default]),
    ),
    backend: fleet.backend,
    secretsProvider: fleet.secretsProvider,
    brokerEnv: (member) => broker.env(member),
    existing: new Set(options.existing),
    programEnv: options.programEnv ?? {},
  };
  const outcomes = new Map<string, MemberOutcome>();
  let resources = 0;
  const figures = (): RunFigures => ({
    membersDone: outcomes.size,
    members: tasks.length,
    resources,
    requests: tasks.reduce((n, t) => n + broker.clientCounts(t.name).requests, 0),
    waiting: broker.origins().reduce((n, o) => n + (broker.originStats(o)?.waitingForWindow ?? 0), 0),
  });
  const progress = options.progress(figures);
  let stop: string | undefined;
  const onAbort = () => (stop ??= "not run: the run was interrupted");
  options.signal?.addEventListener("abort", onAbort);

  const runOne = async (task: MemberTask): Promise<MemberOutcome> => {
    if (stop !== undefined) return skipped(task, stop);
    const shown = progress.member(task.name);
    const counted = { ...shown, step: () => ((resources += 1), shown.step()) };
    return runMember(host, task, command, counted, () => broker.clientCounts(task.name), options.signal);
  };
  const pool = async (batch: readonly MemberTask[]) => {
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const task = batch[next++] as MemberTask;
        const outcome = await runOne(task);
        outcomes.set(task.name, outcome);
        progress.finished(outcome);
        if (outcome.result === "failed" && options.failFast) stop ??= `not run: --fail-fast stopped the run when ${outcome.name} failed`;
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, batch.length) }, worker));
  };

  try {
    const canary = command === "up" && options.canary !== undefined ? tasks.slice(0, options.canary) : [];
    if (canary.length > 0) {
      await pool(canary);
      const failed = canary.filter((t) => outcomes.get(t.name)?.result !== "succeeded").map((t) => t.name);
      if (failed.length > 0) stop ??= `not run: the canary (${canary.map((t) => t.name).join(", ")}) did not succeed (${failed.join(", ")} failed)`;
    }
    await pool(tasks.slice(canary.length));
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    progress.end();
    await broker.close();
  }

  const members = tasks.map((t) => outcomes.get(t.name) as MemberOutcome);
  const installations: InstallationFigures[] = [...fleet.installations.values()].map((inst) => {
    const mine = members.filter((m) => m.installation === inst.name);
    return {
      name: inst.name,
      url: inst.url,
      budgetPerMinute: budget.get(inst.origin) ?? inst.rateLimitPerMinute,
      requests: mine.reduce((n, m) => n + m.requests, 0),
      throttled: mine.reduce((n, m) => n + m.throttled, 0),
    };
  });
  return {
    command,
    fleetFile: options.fleetFile,
    backend: shownBackend(fleet.backend),
    shard: options.shard ? `${options.shard.index}/${options.shard.count}` : undefined,
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - started,
    members,
    orphans: [...options.orphans],
    installations,
    exitCode: exitCodeOf(command, members),
  };
}

/**
 * The fleet figures: every resource of the fleet created at once (as `pulumi up` does for a new
 * stack with unbounded parallelism, all in one provider process), then all deleted at once, against
 * the sandbox with or without its rate limit. Each phase starts with fresh connection pools and a
 * fresh limiter, as a new `pulumi` process would; the server's rate-limit window carries on (with
 * short windows the destroy starts at the next one, so that its bound is known). Windows start at
 * multiples of the period since the epoch, as rack-attack's do.
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { resources } from "../../../provider";
import { closeApiClients, limiterStats } from "../../../provider/http/transport/origins";
import type { LimiterStats } from "../../../provider/http/rate-limit/limiter";
import type { LogEntry } from "../../../sdk/sandbox";
import { create, destroy, type State } from "../../provider/support/engine";
import type { BareClient } from "./bare-client";
import { setWindowLimit, spendWindow, type WindowLimit } from "./rate-limit";
import type { SandboxProcess } from "./sandbox-process";
import type { FleetMember } from "./workload";

/** One run of the fleet. */
export interface FleetScenario {
  /** Short name for `--only`. */
  id: string;
  label: string;
  /** Requests per fixed window, counted like rack-attack; null: no limit. */
  limit: WindowLimit | null;
  /** Requests already counted in the window when the apply starts (another run, other tooling on the same IP). */
  spent: number;
  /** Whether the limit binds: the run starts at the start of one of the server's windows (see setWindowLimit). */
  binds: boolean;
  /** `chatwoot:rateLimitPerMinute` for the run (unset: the limiter learns the quota from a 429). */
  rateLimitPerMinute?: number;
  /** Server latency added to every request, uniformly between the two (the sandbox's delay fault). */
  latency?: { minMs: number; maxMs: number };
}

/** What one phase (apply or destroy) measured. */
export interface PhaseFigures {
  phase: "apply" | "destroy";
  resources: number;
  failed: number;
  /** Failure messages (shortened) with their counts. */
  failures: Map<string, number>;
  requests: number;
  throttled: number;
  /** Requests by method, e.g. { GET: 200, POST: 1000 }. */
  byMethod: Record<string, number>;
  wallMs: number;
  /** CPU (user + system) this process spent during the phase, milliseconds. */
  cpuMs: number;
  /** When each resource finished, in milliseconds from the start of the phase, ascending. */
  finishedAtMs: number[];
  /** Milliseconds from the start of the first rate-limit window to the start of the phase. */
  windowOffsetMs: number;
  /**
   * Requests the server would still accept in the window the phase starts in (at least), or
   * `undefined` when unknown; with no limit, `undefined`.
   */
  quotaLeft: number | undefined;
  /** One-minute load average when the phase started. */
  load: number;
  limiter: LimiterStats | undefined;
  /** Problems found in the server's state afterwards: duplicates, orphans, missing members. */
  stateProblems: string[];
}

export interface FleetContext {
  sandbox: SandboxProcess;
  bare: BareClient;
  fleet: readonly FleetMember[];
  /** Row counts of the seed (the state after a reset). */
  seedCounts: Record<string, number>;
  progress?: (line: string) => void;
}

const TABLE_OF: Record<string, string> = {
  AgentBot: "agent_bots",
  Portal: "portals",
  AutomationRule: "automation_rules",
  CustomAttributeDefinition: "custom_attribute_definitions",
};

export async function runFleetScenario(ctx: FleetContext, scenario: FleetScenario): Promise<PhaseFigures[]> {
  const { sandbox, fleet } = ctx;
  await closeApiClients();
  await sandbox.reset();
  if (scenario.limit && scenario.binds) ctx.progress?.(`${scenario.label}: waiting for the start of the server's next window`);
  const windowStart = scenario.limit ? await setWindowLimit(sandbox, scenario.limit, scenario.binds) : performance.now();
  if (scenario.spent > 0) await spendWindow(ctx.bare, sandbox.info.accounts[0]?.id ?? 1, scenario.spent);
  if (scenario.latency) await addLatency(sandbox, scenario.latency);
  await sandbox.clearLog();

  const { limit } = scenario;
  const states: (State | undefined)[] = new Array(fleet.length);
  const apply = await phase(ctx, "apply", windowStart, limit && limit.requests - scenario.spent, (i) => {
    const member = fleet[i] as FleetMember;
    return create(resources[member.kind], member.inputs).then((state) => void (states[i] = state));
  });
  apply.stateProblems = await checkApplied(ctx);
  ctx.progress?.(`${scenario.label}: apply done in ${(apply.wallMs / 1000).toFixed(1)} s`);

  await closeApiClients();
  let destroyQuota: number | undefined;
  if (limit && limit.periodMs <= 5_000) {
    // Start the destroy with a window of its own: what the apply left of the current one is unknown.
    const elapsed = performance.now() - windowStart;
    await sleep(Math.ceil(elapsed / limit.periodMs) * limit.periodMs - elapsed);
    destroyQuota = limit.requests;
  } else if (limit) {
    // What the apply left of the window the destroy starts in, had it used each earlier window it
    // waited for in full (had it used less there, it left less now: the bound errs on the short side).
    const accepted = apply.requests - apply.throttled;
    const firstLeft = limit.requests - scenario.spent;
    const endWindow = Math.floor((apply.windowOffsetMs + apply.wallMs) / limit.periodMs);
    const nowWindow = Math.floor((performance.now() - windowStart) / limit.periodMs);
    const usedInEnd = endWindow === 0 ? scenario.spent + accepted : accepted - firstLeft - (endWindow - 1) * limit.requests;
    destroyQuota = nowWindow > endWindow ? limit.requests : Math.max(0, limit.requests - Math.min(limit.requests, Math.max(0, usedInEnd)));
  }
  const created = states.flatMap((state, i) => (state ? [{ state, kind: (fleet[i] as FleetMember).kind }] : []));
  const remove = await phase(ctx, "destroy", windowStart, limit && destroyQuota, (i) => {
    const item = created[i];
    return item ? destroy(resources[item.kind], item.state) : Promise.resolve();
  }, created.length);
  remove.stateProblems = await checkDestroyed(ctx);
  ctx.progress?.(`${scenario.label}: destroy done in ${(remove.wallMs / 1000).toFixed(1)} s`);
  await closeApiClients();
  await sandbox.setRateLimit(null);
  return [apply, remove];
}

/** Delays every request by `minMs` to `maxMs`: one delay fault per path depth (a pattern segment matches one). */
async function addLatency(sandbox: SandboxProcess, latency: { minMs: number; maxMs: number }): Promise<void> {
  for (let depth = 1; depth <= 10; depth++) {
    const path = "/*".repeat(depth);
    await sandbox.injectFault({ name: "latency", path, kind: "delay", delayMs: latency.minMs, jitterMs: latency.maxMs - latency.minMs, times: 1_000_000_000 });
  }
}

async function phase(
  ctx: FleetContext,
  name: PhaseFigures["phase"],
  windowStart: number,
  quotaLeft: number | null | undefined,
  run: (i: number) => Promise<void>,
  count = ctx.fleet.length,
): Promise<PhaseFigures> {
  await ctx.sandbox.clearLog();
  const load = loadavg()[0] ?? 0;
  const failures = new Map<string, number>();
  const finishedAtMs: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: count }, (_, i) => run(i).finally(() => finishedAtMs.push(performance.now() - started))));
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  for (const result of results) {
    if (result.status === "fulfilled") continue;
    const message = result.reason instanceof Error ? result.reason.message : String(result.reason);
    const key = message.replace(/\d+/g, "N").slice(0, 160);
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
  const log = await ctx.sandbox.log();
  return {
    phase: name,
    resources: count,
    failed: results.filter((r) => r.status === "rejected").length,
    failures,
    requests: log.length,
    throttled: log.filter((e) => e.status === 429).length,
    byMethod: countBy(log, (e) => e.method),
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    finishedAtMs: finishedAtMs.sort((a, b) => a - b),
    windowOffsetMs: started - windowStart,
    quotaLeft: quotaLeft ?? undefined,
    load,
    limiter: limiterStats(ctx.sandbox.url),
    stateProblems: [],
  };
}

function countBy(log: readonly LogEntry[], key: (e: LogEntry) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of log) counts[key(entry)] = (counts[key(entry)] ?? 0) + 1;
  return counts;
}

/** Every resource exists exactly once: one row per object, every listed user a member. */
export async function checkApplied(ctx: Pick<FleetContext, "sandbox" | "fleet" | "seedCounts">): Promise<string[]> {
  const problems: string[] = [];
  const counts = await ctx.sandbox.counts();
  for (const [kind, table] of Object.entries(TABLE_OF)) {
    const expected = (ctx.seedCounts[table] ?? 0) + ctx.fleet.filter((m) => m.kind === kind).length;
    if (counts[table] !== expected) problems.push(`${table}: ${counts[table]} rows, expected ${expected}`);
  }
  const members = await ctx.sandbox.inboxMembers();
  for (const m of ctx.fleet) {
    if (m.kind !== "InboxMembership") continue;
    const wanted = [...(m.inputs.userIds as number[])].sort((a, b) => a - b);
    const actual = members.get(m.inputs.inboxId as number) ?? [];
    const ok = m.inputs.exclusive ? actual.join() === wanted.join() : wanted.every((id) => actual.includes(id));
    if (!ok) problems.push(`inbox ${String(m.inputs.inboxId)}: members ${actual.join(",")}, expected ${wanted.join(",")}`);
  }
  return problems;
}

/** The state is the seed's again: no object of the fleet left, no fleet inbox with members. */
async function checkDestroyed(ctx: FleetContext): Promise<string[]> {
  const problems: string[] = [];
  const counts = await ctx.sandbox.counts();
  for (const table of Object.values(TABLE_OF)) {
    if (counts[table] !== ctx.seedCounts[table]) problems.push(`${table}: ${counts[table]} rows, the seed has ${ctx.seedCounts[table]}`);
  }
  const members = await ctx.sandbox.inboxMembers();
  for (const m of ctx.fleet) {
    if (m.kind !== "InboxMembership") continue;
    const left = members.get(m.inputs.inboxId as number) ?? [];
    if (left.length > 0) problems.push(`inbox ${String(m.inputs.inboxId)}: members ${left.join(",")} left`);
  }
  return problems;
}

/**
 * Per-operation figures: for each resource and lifecycle operation, the requests the provider makes
 * (from the sandbox's request log) and its time against a bare undici client sending the very same
 * requests against the very same server state.
 *
 * One repetition of an operation, for the provider and then the baseline (or the other way round,
 * alternating, so that drift of the machine hits both alike):
 * - reset the sandbox, bring it to the operation's starting state through the provider (creating
 *   the resource for update, no-op, refresh and delete), time the operation, keep its request log;
 * - reset again, replay the set-up requests (ids restart after a reset, so the same objects come
 *   back under the same ids), time the bare replay of the operation's requests.
 * The ratio of each pair is kept; the table shows medians. A no-op makes no request: its baseline
 * is the bare request of a refresh (one GET of the object).
 */
import { performance } from "node:perf_hooks";
import { resources } from "../../../provider";
import { create, destroy, refresh, up, type State } from "../../provider/support/engine";
import type { BareClient, Logged } from "./bare-client";
import type { SandboxProcess } from "./sandbox-process";
import type { Sample } from "./workload";

export const OPERATIONS = ["create", "update", "no-op", "refresh", "delete"] as const;
export type Operation = (typeof OPERATIONS)[number];
/** The no-op's baseline is the refresh's request, so the refresh is measured first. */
const MEASURING_ORDER: readonly Operation[] = ["create", "update", "refresh", "no-op", "delete"];

/** What one operation of one resource measured. */
export interface OperationFigures {
  kind: string;
  op: Operation;
  /** The requests of the operation, e.g. `GET+POST` (from the last repetition). */
  requests: Logged[];
  /** Request counts seen over all repetitions (more than one value means the count varied). */
  counts: Set<number>;
  /** The requests of the baseline. */
  baseline: Logged[];
  providerMs: number[];
  bareMs: number[];
  /** provider / bare, per repetition. */
  ratios: number[];
  /** Client CPU (user + system) summed over the measured repetitions, microseconds. */
  providerCpuUs: number;
  bareCpuUs: number;
  /** Answers of 300 or more among the operation's requests (should be none). */
  failedRequests: number;
}

export interface OperationBenchOptions {
  sandbox: SandboxProcess;
  bare: BareClient;
  samples: readonly Sample[];
  reps: number;
  warmup: number;
  progress?: (line: string) => void;
}

/** How each operation runs through the engine's calls; `setup` gives it the resource to work on. */
const RUNNERS: Record<Operation, (sample: Sample, state: State | undefined) => Promise<void>> = {
  create: async (sample) => void (await create(resources[sample.kind], sample.inputs)),
  update: async (sample, state) => expectOp(await up(resources[sample.kind], required(state), sample.changed), "update"),
  "no-op": async (sample, state) => expectOp(await up(resources[sample.kind], required(state), sample.inputs), "same"),
  refresh: async (sample, state) => {
    if ((await refresh(resources[sample.kind], required(state))) === undefined) throw new Error(`${sample.kind}: refresh reported the object gone`);
  },
  delete: async (sample, state) => destroy(resources[sample.kind], required(state)),
};

function required(state: State | undefined): State {
  if (!state) throw new Error("operation needs a created resource");
  return state;
}

function expectOp(result: { op: string }, wanted: string): void {
  if (result.op !== wanted) throw new Error(`expected a ${wanted}, the diff planned a ${result.op}`);
}

const cpuMicros = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

/** Times `fn`: wall milliseconds and client CPU microseconds. */
async function timed(fn: () => Promise<void>): Promise<{ ms: number; cpuUs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const ms = performance.now() - start;
  return { ms, cpuUs: cpuMicros(cpu) };
}

export async function measureOperations(options: OperationBenchOptions): Promise<OperationFigures[]> {
  const { sandbox, bare, samples, reps, warmup } = options;
  const figures: OperationFigures[] = [];
  for (const sample of samples) {
    let refreshRequests: Logged[] = [];
    for (const op of MEASURING_ORDER) {
      const f: OperationFigures = {
        kind: sample.kind,
        op,
        requests: [],
        counts: new Set(),
        baseline: [],
        providerMs: [],
        bareMs: [],
        ratios: [],
        providerCpuUs: 0,
        bareCpuUs: 0,
        failedRequests: 0,
      };
      const needsObject = op !== "create";
      // Set-up and operation requests are the same in every repetition (the counts confirm it), so
      // the provider's first repetition, which runs before any baseline, supplies the replays.
      let setup: Logged[] = [];
      const providerHalf = async () => {
        await sandbox.reset();
        const state = needsObject ? await create(resources[sample.kind], sample.inputs) : undefined;
        setup = await sandbox.log();
        await sandbox.clearLog();
        const t = await timed(() => RUNNERS[op](sample, state));
        const log = await sandbox.log();
        f.requests = log;
        f.counts.add(log.length);
        f.failedRequests += log.filter((e) => e.status >= 300).length;
        return t;
      };
      const bareHalf = async () => {
        await sandbox.reset();
        await bare.replay(setup);
        f.baseline = op === "no-op" ? refreshRequests : f.requests;
        return timed(() => bare.replay(f.baseline));
      };
      for (let rep = 0; rep < warmup + reps; rep++) {
        const measured = rep >= warmup;
        let p: { ms: number; cpuUs: number };
        let b: { ms: number; cpuUs: number };
        if (rep % 2 === 0) {
          p = await providerHalf();
          b = await bareHalf();
        } else {
          b = await bareHalf();
          p = await providerHalf();
        }
        if (!measured) continue;
        f.providerMs.push(p.ms);
        f.bareMs.push(b.ms);
        f.ratios.push(p.ms / b.ms);
        f.providerCpuUs += p.cpuUs;
        f.bareCpuUs += b.cpuUs;
      }
      if (op === "refresh") refreshRequests = f.requests;
      options.progress?.(`${sample.kind} ${op}: ${f.requests.length} request(s)`);
      figures.push(f);
    }
  }
  return figures;
}

/**
 * The engine benchmark (`npm run bench` runs it after the provider benchmark):
 *   npm run bench:engine -- [--resources N] [--quick]
 *
 * What the real `pulumi` CLI (`.pulumi-cli/bin`, `npm run setup:pulumi`) adds to the provider's
 * own cost. A fleet of `--resources` resources (default 1,000; `--quick` 200; the provider
 * benchmark's workload, five kinds mixed) is applied twice against a sandbox process:
 *   - by the provider alone, in this process (as the provider benchmark's fleet does: every
 *     create at once, then every read at once, as a refresh reads);
 *   - through the CLI, as a user runs it: `pulumi up` of a new stack, then a no-op `pulumi
 *     preview` without and with `--refresh` (a file backend, a passphrase, default parallelism).
 * For each it prints the wall time, the requests by method, and the engine's overhead per
 * resource: (CLI time - provider time) / resources. Also the checkpoint's size. Figures only:
 * nothing passes or fails on timing; the run fails when a phase fails or the fleet does not end
 * up on the server exactly once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { configure, resources } from "../../provider";
import { closeApiClients } from "../../provider/http/transport/origins";
import type { LogEntry } from "../../sdk/sandbox";
import { pulumiBinary, PulumiProject, tail, type Operation } from "../harness/pulumi-cli";
import { create, refresh, type State } from "../provider/support/engine";
import { fleetSeed } from "./support/fleet-fixture";
import { startSeededSandbox, type SeededSandbox } from "./support/sandbox-process";
import { fixed, printTable } from "./support/table";
import { fleet, type FleetMember } from "./support/workload";

const out = (line = "") => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`  .. ${line}\n`);

/** A program that declares the fleet from `fleet.json`, as a user's program declares resources. */
const PROGRAM = `"use strict";
const chatwoot = require("pulumi-chatwoot");
for (const { kind, name, inputs } of require("./fleet.json")) new chatwoot[kind](name, inputs);
`;
const PULUMI_YAML = "name: engine-bench\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n";

interface Figures {
  what: string;
  wallMs: number;
  requests: LogEntry[];
}

function readOptions() {
  const { values } = parseArgs({ options: { resources: { type: "string" }, quick: { type: "boolean", default: false } } });
  const count = values.resources === undefined ? (values.quick ? 200 : 1000) : Number(values.resources);
  if (!Number.isSafeInteger(count) || count < 5) throw new Error("--resources must be a whole number of at least 5");
  return { count };
}

const byMethod = (log: readonly LogEntry[]) => {
  const counts = new Map<string, number>();
  for (const entry of log) counts.set(entry.method, (counts.get(entry.method) ?? 0) + 1);
  return [...counts].map(([method, n]) => `${method} ${n}`).join(", ");
};

async function timed(sandbox: SeededSandbox, what: string, run: () => Promise<void>): Promise<Figures> {
  await sandbox.clearLog();
  const started = performance.now();
  await run();
  const wallMs = performance.now() - started;
  return { what, wallMs, requests: await sandbox.log() };
}

/** The fleet through the provider alone: every create at once, then every read at once. */
async function providerRun(sandbox: SeededSandbox, members: readonly FleetMember[]): Promise<Figures[]> {
  await sandbox.reset();
  await closeApiClients();
  configure({ url: sandbox.url, apiAccessToken: sandbox.account.adminToken, platformAccessToken: sandbox.platformToken, accountId: String(sandbox.account.id) });
  const states: State[] = [];
  const apply = await timed(sandbox, "provider: create all", async () => {
    states.push(...(await Promise.all(members.map((m) => create(resources[m.kind], m.inputs)))));
  });
  const reread = await timed(sandbox, "provider: read all (a refresh)", async () => {
    await Promise.all(states.map((state, i) => refresh(resources[(members[i] as FleetMember).kind], state)));
  });
  await closeApiClients();
  return [apply, reread];
}

/** The fleet through the CLI: `up` of a new stack, then no-op previews without and with a refresh. */
async function engineRun(sandbox: SeededSandbox, members: readonly FleetMember[]): Promise<{ figures: Figures[]; checkpointBytes: number }> {
  await sandbox.reset();
  const project = new PulumiProject({ "Pulumi.yaml": PULUMI_YAML, "index.js": PROGRAM, "fleet.json": JSON.stringify(members) });
  try {
    await project.init("bench", {
      config: {
        "chatwoot:url": sandbox.url,
        "chatwoot:accountId": String(sandbox.account.id),
        "chatwoot:apiAccessToken": sandbox.account.adminToken,
        "chatwoot:platformAccessToken": sandbox.platformToken,
      },
      secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"],
    });
    const step = async (what: string, run: () => Promise<Operation>, expectCode = 0) =>
      timed(sandbox, what, async () => {
        const op = await run();
        if (op.code !== expectCode) throw new Error(`${what} exited ${op.code}:\n${tail(op)}`);
        note(`${what}: ${JSON.stringify(op.changes)}`);
      });
    const figures = [
      await step("pulumi up (new stack)", () => project.up()),
      await step("pulumi preview (no change)", () => project.preview("--expect-no-changes")),
      await step("pulumi preview --refresh (no change)", () => project.preview("--refresh", "--expect-no-changes")),
    ];
    const state = await project.resources();
    if (state.size !== members.length) throw new Error(`the stack holds ${state.size} resources, not ${members.length}`);
    return { figures, checkpointBytes: Buffer.byteLength(await project.exportText()) };
  } finally {
    project.dispose();
  }
}

async function main(): Promise<void> {
  const { count } = readOptions();
  if (!pulumiBinary()) throw new Error("no Pulumi CLI in .pulumi-cli/bin: run `npm run setup:pulumi` first");
  const seed = fleetSeed(Math.ceil(count / 5) + 5, 20);
  const members = fleet(count, seed);
  const sandbox = await startSeededSandbox(seed.fixture);
  // The provider's create journal of this process: a temporary one, never the user's (the CLI's runs keep theirs under their own PULUMI_HOME).
  const journal = mkdtempSync(join(tmpdir(), "chatwoot-bench-journal-"));
  process.env.CHATWOOT_CREATE_JOURNAL_DIR = journal;
  try {
    out(`Engine benchmark: ${count} resources (${availableParallelism()} cores, load ${fixed(loadavg()[0] ?? 0, 2)})`);
    note("the provider alone");
    const [apply, reread] = await providerRun(sandbox, members);
    note("through the pulumi CLI");
    const { figures, checkpointBytes } = await engineRun(sandbox, members);
    const [up, preview, refreshed] = figures as [Figures, Figures, Figures];
    const perResource = (engine: Figures, provider?: Figures) => fixed((engine.wallMs - (provider?.wallMs ?? 0)) / count, 1);
    out();
    printTable(
      [
        ["run", "wall s", "requests", "by method", "engine ms/resource"],
        ...[apply, reread].map((f) => [f.what, fixed(f.wallMs / 1000, 1), String(f.requests.length), byMethod(f.requests), ""]),
        [up.what, fixed(up.wallMs / 1000, 1), String(up.requests.length), byMethod(up.requests), perResource(up, apply)],
        [preview.what, fixed(preview.wallMs / 1000, 1), String(preview.requests.length), byMethod(preview.requests), perResource(preview)],
        [refreshed.what, fixed(refreshed.wallMs / 1000, 1), String(refreshed.requests.length), byMethod(refreshed.requests), perResource(refreshed, reread)],
      ],
      out,
    );
    out();
    out(`engine ms/resource: the CLI's wall time less the provider's for the same requests (none for a preview without refresh), per resource.`);
    out(`checkpoint: ${fixed(checkpointBytes / 1024, 0)} KiB (${fixed(checkpointBytes / count, 0)} bytes per resource)`);
  } finally {
    await sandbox.close();
    rmSync(journal, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`engine benchmark failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});

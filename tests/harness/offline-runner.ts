/**
 * A small Pulumi "engine" for machines without the Pulumi CLI. It runs a program in this process
 * under a resource monitor that sees the SDK's real registrations, drives Pulumi's real
 * dynamic-provider host for every `pulumi-nodejs:dynamic/...` resource, and keeps a JSON state
 * file. `up`, `preview`, `refresh` and `destroy` are {@link runProgram} (with and without
 * `preview`), {@link refreshStack} and {@link destroyStack}.
 *
 * Like Pulumi, it deletes and refreshes with the provider text stored in state, never the
 * program's current one, and keeps secrets encrypted in the state with a key outside it (a
 * passphrase or a key file next to the state file, see `state-secrets.ts`). Unlike Pulumi, it
 * supports only dynamic resources, no transforms, hooks, invokes or aliases.
 */
import { Deployment, removeFromStack } from "./deployment";
import { dependencyOrder } from "./dependency-order";
import { startHost, type HostClient } from "./host";
import { loadProgram, type ProgramEntry } from "./program-loader";
import { ProgramMonitor } from "./program-monitor";
import { runUnderMonitor } from "./program-run";
import { emptyState, loadState, matchesStored, saveState, seal, secretOutputKeys, unseal, type ResourceState, type StackState } from "./state";
import { passphraseFrom, StateSecrets } from "./state-secrets";
import { displayOutputs, formatSummary, type ResourceChange, type RunSummary } from "./summary";
import { ROOT_STACK_TYPE } from "./urn";

export { formatSummary, type ResourceChange, type RunSummary };

/** Options shared by every operation on a stack. */
export interface StackOptions {
  /**
   * Directory the provider host runs in: `require()` inside serialized providers resolves from
   * here, as the engine runs the host in the project directory. Default `process.cwd()`.
   */
  cwd?: string;
  /** Stack config: `ns:key` → value (a bare key gets `<project>:`), as `pulumi config set` stores it. */
  config?: Record<string, string>;
  /** Config keys whose values are secrets (`pulumi config set --secret`). */
  secretKeys?: readonly string[];
  /** The JSON state file; created by the first run. */
  statePath: string;
  /** Extra environment variables for the provider host. */
  env?: NodeJS.ProcessEnv;
  /**
   * Passphrase that encrypts the state's secrets; default `PULUMI_CONFIG_PASSPHRASE` (or
   * `PULUMI_CONFIG_PASSPHRASE_FILE`). Without one, a new stack gets a key file next to the state
   * file (`<statePath>.key`).
   */
  secretsPassphrase?: string;
}

/** Options of {@link runProgram}. */
export interface RunProgramOptions extends StackOptions {
  /** Entry file (`.ts` or `.js`) or directory of the program, or a function that is the program. */
  program: ProgramEntry;
  project: string;
  stack: string;
  /** Check and diff only: no create, update or delete, and the state file is left alone. */
  preview?: boolean;
}

/** An operation that failed for some resources; `summary` shows what was done anyway. */
export class OfflineRunError extends Error {
  constructor(
    readonly summary: RunSummary,
    readonly errors: Error[],
  ) {
    super(`offline ${summary.operation} of stack ${summary.stack} failed:\n${errors.map((e) => `  - ${e.message}`).join("\n")}`);
    this.name = "OfflineRunError";
  }
}

/**
 * Runs a program like `pulumi up` (or `pulumi preview` with `preview: true`): check, then create
 * or diff and update / replace each resource through the real host, then delete what the program
 * no longer declares. The state file is written even when some resources fail.
 * @throws {OfflineRunError} when a resource or the program failed.
 */
export async function runProgram(options: RunProgramOptions): Promise<RunSummary> {
  const { project, stack } = options;
  const preview = options.preview ?? false;
  const stored = loadState(options.statePath);
  if (stored && (stored.project !== project || stored.stack !== stack)) {
    throw new Error(`${options.statePath} belongs to ${stored.project}/${stored.stack}, not ${project}/${stack}`);
  }
  const passphrase = passphraseFrom(options.secretsPassphrase);
  const secrets = stored ? StateSecrets.forState(options.statePath, stored.secrets, passphrase) : StateSecrets.forNewStack(options.statePath, passphrase);
  const previous = stored ?? emptyState(project, stack, secrets);
  const program = loadProgram(options.program);
  const { config, secretKeys } = qualifyConfig(options, project);
  return withHost(options, previous, async (host) => {
    const deployment = new Deployment(host, previous, preview, secrets);
    await deployment.start();
    const monitor = new ProgramMonitor({
      register: (registration) => deployment.register(registration),
      read: (registration) => deployment.read(registration),
      registerOutputs: (urn, outputs) => deployment.registerOutputs(urn, outputs),
    });
    const programErrors = await runUnderMonitor(monitor, { project, stack, preview, config, secretKeys, halted: deployment.halted }, program);
    await deployment.finish(programErrors.length > 0);
    if (!preview) saveState(options.statePath, deployment.state(), secrets);
    const summary: RunSummary = {
      operation: preview ? "preview" : "update",
      project,
      stack,
      resources: deployment.changes(),
      outputs: displayOutputs(deployment.outputs() ?? {}),
      hostCalls: host.callCounts(),
    };
    // The engine's own errors name the failing resource; the program's rejections only echo them.
    const errors = deployment.errors.length > 0 ? deployment.errors : programErrors;
    if (errors.length > 0) throw new OfflineRunError(summary, errors);
    return summary;
  });
}

/**
 * Like `pulumi refresh`: reads every resource with the provider text stored in state, records
 * drift, and drops resources whose provider reports them gone (empty id).
 * @throws {OfflineRunError} when some reads failed (those resources are left as they were).
 */
export async function refreshStack(options: StackOptions): Promise<RunSummary> {
  const { state: previous, secrets } = requireState(options);
  return withHost(options, previous, async (host) => {
    const errors: Error[] = [];
    const rows: ResourceChange[] = [];
    const refreshed = await Promise.all(
      previous.resources.map(async (record): Promise<ResourceState | undefined> => {
        if (!record.custom || !record.id) return record;
        try {
          const result = await host.read(record.urn, record.id, unseal(record.outputs, secrets), unseal(record.inputs, secrets));
          const row: ResourceChange = { urn: record.urn, type: record.type, name: record.name, id: record.id, op: "read" };
          rows.push(row);
          if (!result.id) {
            Object.assign(row, { op: "delete", detail: "gone: removed from state" });
            return undefined;
          }
          const keys = new Set([...Object.keys(record.outputs), ...Object.keys(result.properties)]);
          row.changedKeys = [...keys].filter((k) => k !== "__provider" && !matchesStored(record.outputs[k], result.properties[k], secrets)).sort();
          return {
            ...record,
            id: result.id,
            outputs: seal(result.properties, secretOutputKeys(record), secrets),
            inputs: result.inputs ? seal(result.inputs, record.secretInputKeys, secrets) : record.inputs,
          };
        } catch (err) {
          errors.push(err as Error);
          return record;
        }
      }),
    );
    const order = new Map(previous.resources.map((r, i) => [r.urn, i]));
    rows.sort((a, b) => (order.get(a.urn) ?? 0) - (order.get(b.urn) ?? 0));
    const next: StackState = { ...previous, resources: refreshed.filter((r): r is ResourceState => r !== undefined) };
    saveState(options.statePath, next, secrets);
    return finishSummary("refresh", previous, rows, host, errors);
  });
}

/**
 * Like `pulumi destroy`: deletes every resource, dependents first, with the provider text stored
 * in state (`retainOnDelete` and read-by-id resources are only forgotten). Refuses to start when a
 * resource is protected.
 * @throws {OfflineRunError} when a delete failed (it and what depends on it stay in state).
 */
export async function destroyStack(options: StackOptions): Promise<RunSummary> {
  const { state: previous, secrets } = requireState(options);
  const protectedOnes = previous.resources.filter((r) => r.protect);
  if (protectedOnes.length > 0) {
    throw new Error(`cannot destroy ${previous.stack}: protected resources ${protectedOnes.map((r) => r.name).join(", ")}; set protect: false and run the program first`);
  }
  return withHost(options, previous, async (host) => {
    const ordered = dependencyOrder(previous.resources).reverse();
    const rows: ResourceChange[] = [];
    const errors: Error[] = [];
    let remaining: ResourceState[] = [];
    for (const [i, record] of ordered.entries()) {
      try {
        const detail = await removeFromStack(host, record, secrets, false);
        if (record.type !== ROOT_STACK_TYPE) rows.push({ urn: record.urn, type: record.type, name: record.name, id: record.id, op: "delete", ...(detail ? { detail } : {}) });
      } catch (err) {
        errors.push(err as Error);
        remaining = ordered.slice(i).reverse();
        break;
      }
    }
    saveState(options.statePath, { ...previous, resources: remaining, outputs: remaining.length > 0 ? previous.outputs : {} }, secrets);
    return finishSummary("destroy", previous, rows, host, errors);
  });
}

/** The state of a stack that has run, and the key that opens its secrets. */
function requireState(options: StackOptions): { state: StackState; secrets: StateSecrets } {
  const state = loadState(options.statePath);
  if (!state) throw new Error(`no state at ${options.statePath}: run the program first`);
  return { state, secrets: StateSecrets.forState(options.statePath, state.secrets, passphraseFrom(options.secretsPassphrase)) };
}

function finishSummary(operation: "refresh" | "destroy", state: StackState, rows: ResourceChange[], host: HostClient, errors: Error[]): RunSummary {
  const summary: RunSummary = {
    operation,
    project: state.project,
    stack: state.stack,
    resources: rows,
    outputs: operation === "destroy" ? {} : displayOutputs(state.outputs),
    hostCalls: host.callCounts(),
  };
  if (errors.length > 0) throw new OfflineRunError(summary, errors);
  return summary;
}

/** Starts a host for the stack, sends it the stack config once, and always stops it. */
async function withHost<T>(options: StackOptions, state: StackState, body: (host: HostClient) => Promise<T>): Promise<T> {
  const { config, secretKeys } = qualifyConfig(options, state.project);
  const host = await startHost({ cwd: options.cwd, env: options.env, project: state.project, stack: state.stack });
  try {
    await host.configure(config, secretKeys);
    return await body(host);
  } finally {
    await host.close();
  }
}

/** Gives bare config keys the project namespace, as `pulumi config set key` does. */
function qualifyConfig(options: StackOptions, project: string): { config: Record<string, string>; secretKeys: string[] } {
  const qualify = (key: string) => (key.includes(":") ? key : `${project}:${key}`);
  return {
    config: Object.fromEntries(Object.entries(options.config ?? {}).map(([k, v]) => [qualify(k), v])),
    secretKeys: (options.secretKeys ?? []).map(qualify),
  };
}

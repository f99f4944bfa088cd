/**
 * The offline runner's state file: per resource what Pulumi keeps in its checkpoint (URN, type,
 * name, id, inputs and outputs both with `__provider`, dependencies, options that matter later).
 *
 * Secrets are never written in plaintext: like Pulumi, the runner encrypts each secret value
 * (secret inputs, outputs named in `additionalSecretOutputs` or under a secret input's key, and
 * secret stack outputs) with a key kept outside this file (see `state-secrets.ts`). So a later run
 * gets every value back, generated secrets (a bot's access token) included.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { sameValue } from "../../provider/diff/normalize/canonical";
import { isSealed, SecretsSettings, type StateSecrets } from "./state-secrets";
import type { PropertyMap } from "./wire";

const Properties = z.record(z.string(), z.unknown());

/** One resource in the state file. */
export const ResourceState = z.object({
  urn: z.string(),
  type: z.string(),
  name: z.string(),
  /** False for components and the root stack. */
  custom: z.boolean(),
  parent: z.string().optional(),
  /** Provider id; absent for components. */
  id: z.string().optional(),
  /** Read with an explicit id (`get`): never deleted, only forgotten. */
  external: z.boolean().optional(),
  /** The old half of a create-before-delete replacement whose deletion has not happened yet. */
  pendingDelete: z.boolean().optional(),
  /** Reasons of an initialisation failure: the next run updates the resource even without a diff. */
  initErrors: z.array(z.string()).optional(),
  inputs: Properties,
  outputs: Properties,
  /** Top-level input keys that held secrets (their values are encrypted in inputs and outputs). */
  secretInputKeys: z.array(z.string()),
  additionalSecretOutputs: z.array(z.string()),
  dependencies: z.array(z.string()),
  propertyDependencies: z.record(z.string(), z.array(z.string())),
  protect: z.boolean(),
  retainOnDelete: z.boolean(),
  deleteBeforeReplace: z.boolean().optional(),
});
export type ResourceState = z.infer<typeof ResourceState>;

/** The whole state file. */
export const StackState = z.object({
  version: z.literal(2),
  project: z.string(),
  stack: z.string(),
  /** Which key encrypts the secrets (the key itself is never here). */
  secrets: SecretsSettings,
  /** In dependency order: a resource comes after everything it depends on. */
  resources: z.array(ResourceState),
  /** Stack outputs in wire form, secrets encrypted. */
  outputs: Properties,
});
export type StackState = z.infer<typeof StackState>;

/** A fresh state for a stack that has never run. */
export function emptyState(project: string, stack: string, secrets: StateSecrets): StackState {
  return { version: 2, project, stack, secrets: secrets.settings, resources: [], outputs: {} };
}

/** Reads and validates the state file; `undefined` when it does not exist. */
export function loadState(file: string): StackState | undefined {
  if (!fs.existsSync(file)) return undefined;
  const json = JSON.parse(fs.readFileSync(file, "utf8")) as { version?: unknown };
  if (json.version === 1) {
    throw new Error(`${file} was written by an earlier offline runner, which kept only hashes of secrets: remove it and run again (the objects it recorded stay on the server: adopt them, or reset the sandbox)`);
  }
  const parsed = StackState.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not an offline-runner state file: ${parsed.error.message}`);
  return parsed.data;
}

/** Writes the state file atomically (write aside, then rename), after the key file of a new stack. */
export function saveState(file: string, state: StackState, secrets: StateSecrets): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  secrets.persist();
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(temp, file);
}

/** Keys whose output values are secret: secret inputs' keys plus `additionalSecretOutputs`. */
export function secretOutputKeys(record: Pick<ResourceState, "secretInputKeys" | "additionalSecretOutputs">): string[] {
  return [...new Set([...record.secretInputKeys, ...record.additionalSecretOutputs])];
}

/** Encrypts the values under `keys`. */
export function seal(props: PropertyMap, keys: readonly string[], secrets: StateSecrets): PropertyMap {
  const out: PropertyMap = { ...props };
  for (const key of keys) {
    if (out[key] !== undefined && !isSealed(out[key])) out[key] = secrets.seal(out[key]);
  }
  return out;
}

/** Turns stored properties back into plain values, as the host and the program see them. */
export function unseal(props: PropertyMap, secrets: StateSecrets): PropertyMap {
  return Object.fromEntries(Object.entries(props).map(([key, value]) => [key, isSealed(value) ? secrets.open(value) : value]));
}

/** True when a stored value (plain or sealed) equals `fresh`. */
export function matchesStored(stored: unknown, fresh: unknown, secrets: StateSecrets): boolean {
  return sameValue(isSealed(stored) ? secrets.open(stored) : stored, fresh);
}

/**
 * The offline runner's state file: per resource what Pulumi keeps in its checkpoint (URN, type,
 * name, id, inputs and outputs both with `__provider`, dependencies, options that matter later).
 *
 * Secrets are never written in plaintext. Pulumi encrypts them; this file has no key to encrypt
 * with, so each secret value (secret inputs, and outputs named in `additionalSecretOutputs` or under
 * a secret input's key) is replaced by a redaction marker holding a salted SHA-256 of the value.
 * The hash lets a later run tell whether a secret input changed without storing it; redacted keys
 * are stripped again before state goes back to the host. The catch: a secret output that is not
 * also an input (a generated token) cannot be handed back to the program when nothing changed.
 */
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { canonical } from "../../provider/diff/normalize/canonical";
import { SECRET_SIG, SIG_KEY, type PropertyMap } from "./wire";

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
  /** Top-level input keys that held secrets (their values are redacted in inputs and outputs). */
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
  version: z.literal(1),
  project: z.string(),
  stack: z.string(),
  /** Random salt for the redaction hashes, fixed for the life of the stack. */
  secretsSalt: z.string(),
  /** In dependency order: a resource comes after everything it depends on. */
  resources: z.array(ResourceState),
  /** Stack outputs in wire form, secrets redacted. */
  outputs: Properties,
});
export type StackState = z.infer<typeof StackState>;

/** A fresh state for a stack that has never run. */
export function emptyState(project: string, stack: string): StackState {
  return { version: 1, project, stack, secretsSalt: randomBytes(16).toString("hex"), resources: [], outputs: {} };
}

/** Reads and validates the state file; `undefined` when it does not exist. */
export function loadState(file: string): StackState | undefined {
  if (!fs.existsSync(file)) return undefined;
  const parsed = StackState.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not an offline-runner state file: ${parsed.error.message}`);
  return parsed.data;
}

/** Writes the state file atomically (write aside, then rename). */
export function saveState(file: string, state: StackState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(temp, file);
}

/** Keys whose output values are secret: secret inputs' keys plus `additionalSecretOutputs`. */
export function secretOutputKeys(record: Pick<ResourceState, "secretInputKeys" | "additionalSecretOutputs">): string[] {
  return [...new Set([...record.secretInputKeys, ...record.additionalSecretOutputs])];
}

const REDACTED = "redacted";

/** True for a redaction marker `{ [SIG_KEY]: SECRET_SIG, redacted: "sha256:…" }`. */
export function isRedacted(value: unknown): value is Record<typeof REDACTED, string> {
  return typeof value === "object" && value !== null && (value as PropertyMap)[SIG_KEY] === SECRET_SIG && REDACTED in value;
}

function fingerprint(value: unknown, salt: string): string {
  return `sha256:${createHash("sha256").update(salt).update(JSON.stringify(canonical(value))).digest("hex")}`;
}

/** Replaces the values under `keys` by redaction markers. */
export function redact(props: PropertyMap, keys: readonly string[], salt: string): PropertyMap {
  const out: PropertyMap = { ...props };
  for (const key of keys) {
    if (key in out && !isRedacted(out[key])) out[key] = { [SIG_KEY]: SECRET_SIG, [REDACTED]: fingerprint(out[key], salt) };
  }
  return out;
}

/** True when a stored value (plain or redacted) equals `fresh`. */
export function matchesStored(stored: unknown, fresh: unknown, salt: string): boolean {
  return isRedacted(stored) ? stored[REDACTED] === fingerprint(fresh, salt) : JSON.stringify(canonical(stored)) === JSON.stringify(canonical(fresh));
}

/**
 * Turns stored properties back into what the host may see: a redacted key gets the plaintext from
 * `known` when `known` holds a value with the same fingerprint (an unchanged secret input), and is
 * dropped otherwise.
 */
export function reveal(props: PropertyMap, salt: string, known: PropertyMap = {}): PropertyMap {
  const out: PropertyMap = {};
  for (const [key, value] of Object.entries(props)) {
    if (!isRedacted(value)) out[key] = value;
    else if (key in known && matchesStored(value, known[key], salt)) out[key] = known[key];
  }
  return out;
}

/**
 * A member's stack config made what the fleet file says: values it sets are set, values it no
 * longer sets are removed, a secret the stack holds (`fromStackSecret`) is kept. Only what differs
 * is written, so an unchanged member's stack file is left as it is. Secrets go to `pulumi config set
 * --secret` on its standard input, never on a command line (which other users of the machine can
 * read); the values read back to compare stay in this process. A key the template declares with a
 * default, which Pulumi shows as the stack's, is left alone.
 */
import { spawn } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import type { ConfigMap, Stack } from "@pulumi/pulumi/automation";
import { registerSecret } from "../../provider/http/redaction/secrets";
import type { StackValue } from "./fleet";

/** What the fleet changed in a stack's config (keys only). */
export interface ConfigChange {
  set: string[];
  removed: string[];
}

/** A config value the member's stack should hold but cannot get. */
export class StackConfigError extends Error {
  override name = "StackConfigError";
}

/**
 * Makes `stack`'s config `desired`. Secrets from the environment are read from `env` (the run's).
 * @throws {StackConfigError} when a `fromStackSecret` key is missing from the stack, or a variable is not set.
 */
export async function applyConfig(
  stack: Stack,
  desired: ReadonlyMap<string, StackValue>,
  defaults: ReadonlyMap<string, unknown>,
  env: NodeJS.ProcessEnv,
  runEnv: Record<string, string>,
): Promise<ConfigChange> {
  let blind: string[] = [];
  let current = await readConfig(stack);
  if (current === undefined) {
    // Pulumi will not show a stack's config that lacks a key the project requires (a new stack):
    // the plain values go in first, after which it does.
    const all = plainValues(desired, {});
    await stack.setAllConfigJson(JSON.stringify(all));
    blind = Object.keys(all);
    current = (await readConfig(stack)) ?? {};
  }
  for (const entry of Object.values(current)) if (entry.secret) registerSecret(entry.value);
  const plain = plainValues(desired, current);
  const secrets: [string, string][] = [];
  for (const [key, value] of desired) {
    const now = current[key];
    if (value.kind === "plain") continue;
    if (value.kind === "env") {
      const secret = env[value.env];
      if (secret === undefined || secret === "") throw new StackConfigError(`${key} comes from environment variable ${value.env}, which is not set`);
      registerSecret(secret);
      if (!(now?.secret && now.value === secret)) secrets.push([key, secret]);
    } else if (!now?.secret) {
      throw new StackConfigError(
        `${key} is the stack's own secret (fromStackSecret), which stack ${stack.name} does not hold: set it in the template directory with \`pulumi config set --secret ${key} --stack ${stack.name}\``,
      );
    }
  }
  // Pulumi shows a key the project declares with a default as the stack's: that is no value to remove.
  const removed = Object.keys(current).filter((key) => !desired.has(key) && !(defaults.has(key) && isDeepStrictEqual(valueOf(current[key]), defaults.get(key))));
  if (Object.keys(plain).length > 0) await stack.setAllConfigJson(JSON.stringify(plain));
  for (const [key, secret] of secrets) await setSecret(stack, key, secret, runEnv);
  if (removed.length > 0) await stack.removeAllConfig(removed);
  return { set: [...new Set([...blind, ...Object.keys(plain), ...secrets.map(([key]) => key)])].sort(), removed: removed.sort() };
}

/** The stack's config, secrets shown; `undefined` when Pulumi refuses to show it because a key the project requires is missing. */
async function readConfig(stack: Stack): Promise<ConfigMap | undefined> {
  try {
    return await stack.getAllConfig();
  } catch (err) {
    if (/missing configuration value/.test((err as Error).message)) return undefined;
    throw err;
  }
}

/** The plain values of `desired` that `current` does not hold as they are, as `pulumi config set-all --json` takes them. */
function plainValues(desired: ReadonlyMap<string, StackValue>, current: ConfigMap): Record<string, { value: string; objectValue?: unknown; secret: false }> {
  const plain: Record<string, { value: string; objectValue?: unknown; secret: false }> = {};
  for (const [key, value] of desired) {
    if (value.kind !== "plain") continue;
    const now = current[key] as (ConfigMap[string] & { objectValue?: unknown }) | undefined;
    const same = now !== undefined && !now.secret && (value.object !== undefined ? isDeepStrictEqual(now.objectValue ?? parse(now.value), value.object) : now.value === value.text);
    if (!same) plain[key] = { value: value.text, ...(value.object !== undefined ? { objectValue: value.object } : {}), secret: false };
  }
  return plain;
}

/** A shown config value as data: its structure, or its text read as JSON where it is (numbers, true/false), else the text. */
function valueOf(entry: ConfigMap[string] | undefined): unknown {
  const structured = (entry as { objectValue?: unknown } | undefined)?.objectValue;
  if (structured !== undefined) return structured;
  const text = entry?.value ?? "";
  return parse(text) ?? text;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `pulumi config set --secret KEY --stack S`, the value on standard input. */
function setSecret(stack: Stack, key: string, value: string, runEnv: Record<string, string>): Promise<void> {
  const workspace = stack.workspace as Stack["workspace"] & { pulumiCommand: { command: string } };
  return new Promise((resolve, reject) => {
    const child = spawn(workspace.pulumiCommand.command, ["config", "set", "--secret", key, "--stack", stack.name, "--non-interactive"], {
      cwd: workspace.workDir,
      env: { ...process.env, ...runEnv },
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new StackConfigError(`pulumi config set --secret ${key} failed: ${stderr.trim().split("\n")[0] ?? ""}`))));
    child.stdin.on("error", () => undefined);
    child.stdin.end(value);
  });
}

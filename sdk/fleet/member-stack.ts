/**
 * A member's stack through Pulumi's Automation API: a `LocalWorkspace` on the template directory
 * (the stacks' project) with the member's environment, and its `Stack`. The environment is where
 * the connection's tokens go (never the stack config, unless the fleet file says the stack holds
 * them): the installation's tokens from the run's environment, the rate broker's address, the
 * backend; every `CHATWOOT_*` connection variable of the run's own environment is blanked, so the
 * stack's config is the connection and a token left in a shell never reaches a member.
 */
import { LocalWorkspace, Stack, type PulumiCommand } from "@pulumi/pulumi/automation";
import { SETTING_SOURCES } from "../../provider/config";
import type { FleetInstallation } from "./fleet";

/** What every member's workspace shares in a run. */
export interface StackHost {
  /** The Pulumi CLI. */
  command: PulumiCommand;
  /** The template project's directory: every member's workDir. */
  templateDir: string;
  /** The template project's name: the stacks' project. */
  project: string;
  /** The defaults of the keys the template declares (full keys), which Pulumi shows as a stack's own. */
  defaults: ReadonlyMap<string, unknown>;
  backend: string;
  secretsProvider?: string;
  /** The environment the rate broker gives a process counted under a member's name. */
  brokerEnv(member: string): Record<string, string>;
  /** The stacks of the project the backend has: these are selected without `pulumi stack select`. */
  existing: Set<string>;
  /** Environment of the members' programs (a TypeScript template checked once runs transpiled only). */
  programEnv: Record<string, string>;
}

/** The environment variables of the installation's tokens, as the provider reads them. */
const TOKEN_ENV = { apiAccessToken: SETTING_SOURCES.apiAccessToken.env, platformAccessToken: SETTING_SOURCES.platformAccessToken.env } as const;

/** The environment of a member's Pulumi commands (over the run's own). */
export function memberEnvironment(host: Pick<StackHost, "backend" | "brokerEnv" | "programEnv">, member: string, installation: FleetInstallation | undefined): Record<string, string> {
  const env: Record<string, string> = { ...host.programEnv };
  for (const { env: name } of Object.values(SETTING_SOURCES)) if (process.env[name] !== undefined) env[name] = "";
  // The Automation API confirms what it runs itself; the shell's skip-confirmations setting would
  // only make Pulumi refuse a refresh preview (`--yes and --preview-only cannot be used together`).
  if (process.env.PULUMI_SKIP_CONFIRMATIONS !== undefined) env.PULUMI_SKIP_CONFIRMATIONS = "false";
  env.PULUMI_BACKEND_URL = host.backend;
  Object.assign(env, host.brokerEnv(member));
  for (const key of ["apiAccessToken", "platformAccessToken"] as const) {
    const ref = installation?.[key];
    if (ref !== undefined && "fromEnv" in ref) env[TOKEN_ENV[key]] = process.env[ref.fromEnv] ?? "";
  }
  return env;
}

/** Stack creation goes one at a time: `pulumi stack init` also writes the workspace's settings file, which concurrent runs would garble. */
let creating: Promise<unknown> = Promise.resolve();

/**
 * The member's stack, created when the backend has none. An existing one is taken as it is: every
 * command of the Automation API names its stack (`--stack`), so nothing needs selecting.
 */
export async function memberStack(host: StackHost, stackName: string, env: Record<string, string>): Promise<Stack> {
  const workspace = await LocalWorkspace.create({ workDir: host.templateDir, pulumiCommand: host.command, envVars: env, secretsProvider: host.secretsProvider });
  if (host.existing.has(stackName)) {
    // Selecting writes the current stack into the workspace's settings file, which every run shares.
    workspace.selectStack = async () => undefined;
    return Stack.select(stackName, workspace);
  }
  const made = creating.then(() => Stack.createOrSelect(stackName, workspace));
  creating = made.catch(() => undefined);
  const stack = await made;
  host.existing.add(stackName);
  return stack;
}

/**
 * The stacks of the fleet's template project on its backend, listed once per run (one `pulumi stack
 * ls`): which members have a stack already, and which stacks the fleet file no longer names (its
 * orphans, which only `fleet destroy --only NAME` removes).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, PulumiCommand, type StackSummary } from "@pulumi/pulumi/automation";
import { fileBackendDir } from "./backend";
import type { Fleet, FleetInstallation } from "./fleet";

/** The Pulumi CLI on the PATH (as the Automation API finds it), or a sentence saying how to get one. */
export async function pulumiCli(): Promise<PulumiCommand> {
  try {
    return await PulumiCommand.get();
  } catch (err) {
    throw new Error(`the fleet runs the Pulumi CLI, which could not be started: ${(err as Error).message.split("\n")[0]}; install it (https://www.pulumi.com/docs/install/) and put it on the PATH`);
  }
}

/**
 * Every stack of the template's project on the fleet's backend (a file backend's folder is made
 * first). Two things a listing can meet once and not again are handled here, each said through
 * `note`: a checkpoint's empty checksum file that a killed run left on a file backend (`failed to
 * load checkpoint: EOF`; deleted, as the lost-answers guide says to do by hand), and PostgreSQL's
 * answer to two shard jobs making the backend's table at the same moment (a duplicate key of
 * `pg_type`), after which the table is there: the listing is tried once more.
 */
export async function listStacks(fleet: Fleet, command: PulumiCommand, note: (line: string) => void = () => undefined): Promise<StackSummary[]> {
  const dir = fileBackendDir(fleet.backend);
  if (dir !== undefined) fs.mkdirSync(dir, { recursive: true });
  const workspace = await LocalWorkspace.create({ workDir: fleet.template.dir, pulumiCommand: command, envVars: { PULUMI_BACKEND_URL: fleet.backend } });
  try {
    return await workspace.listStacks();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/failed to create table .*duplicate key value/.test(message)) {
      note("the backend's table was being made by another job at the same moment: listed again");
    } else {
      const emptied = dir === undefined || !/\bEOF\b/.test(message) ? [] : emptyChecksums(path.join(dir, ".pulumi", "stacks"));
      if (emptied.length === 0) throw err;
      for (const file of emptied) fs.rmSync(file);
      note(`deleted the empty checksum file${emptied.length > 1 ? "s" : ""} a killed run left (${emptied.map((f) => path.basename(f)).join(", ")}): the checkpoint${emptied.length > 1 ? "s" : ""} beside ${emptied.length > 1 ? "them are" : "it is"} whole`);
    }
    return workspace.listStacks();
  }
}

/** The empty `<stack>.json.attrs` files below a file backend's stacks folder. */
function emptyChecksums(stacksDir: string): string[] {
  if (!fs.existsSync(stacksDir)) return [];
  return (fs.readdirSync(stacksDir, { recursive: true }) as string[])
    .map((f) => path.join(stacksDir, f))
    .filter((f) => f.endsWith(".json.attrs") && fs.statSync(f).size === 0);
}

/** The stacks no member names, by name (sorted). */
export function orphansOf(fleet: Fleet, stacks: readonly StackSummary[]): string[] {
  const members = new Set(fleet.members.map((m) => m.stack));
  return stacks
    .map((s) => shortName(s.name))
    .filter((name) => !members.has(name))
    .sort();
}

/** A stack's own name: a DIY backend lists `organization/project/name`, Pulumi Cloud `org/project/name`, or the name alone for the current project. */
export function shortName(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1);
}

/**
 * The installation an orphan's stack ran on, by the `chatwoot:url` the fleet set in its config (its
 * tokens come from that installation), or a sentence saying why it cannot be known.
 */
export async function orphanInstallation(fleet: Fleet, command: PulumiCommand, stack: string): Promise<FleetInstallation | string> {
  const workspace = await LocalWorkspace.create({ workDir: fleet.template.dir, pulumiCommand: command, envVars: { PULUMI_BACKEND_URL: fleet.backend } });
  let url: string;
  try {
    url = (await workspace.getConfig(stack, "chatwoot:url")).value.replace(/\/+$/, "");
  } catch {
    return `stack ${stack} has no chatwoot:url in its config (Pulumi.${stack}.yaml in the template directory), so its installation is unknown: run the fleet where it last ran, or set it with \`pulumi config set chatwoot:url URL --stack ${stack}\``;
  }
  const found = [...fleet.installations.values()].find((inst) => inst.url === url);
  return found ?? `stack ${stack} ran on ${url}, which no installation of the fleet file has: declare it to destroy the stack with its tokens`;
}

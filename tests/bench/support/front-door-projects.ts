/**
 * A Pulumi project of the fleet for each front door, installed as a user installs it, each with a
 * new stack whose `chatwoot:*` config points at the sandbox:
 *   - dynamic: the Node.js program, with the package unpacked from the tarball `npm pack` writes
 *     into the project's node_modules (its dependencies linked from this checkout's);
 *   - native: the Pulumi YAML program, with the plugin installed from the tarball
 *     `npm run build:plugin` writes (`pulumi plugin install resource chatwoot <version> --file`)
 *     into the project's own PULUMI_HOME, and Pulumi's YAML language host from `.pulumi-cli/bin`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { installCopy, packPackage } from "../../harness/packed";
import { PulumiProject, yamlHostBinary } from "../../harness/pulumi-cli";
import { REPO_ROOT } from "../../pulumi-cli/install";
import { pluginTarballName } from "../../../provider/plugin/naming";
import { dynamicProgram, nativeProgram } from "./fleet-programs";
import type { SeededSandbox } from "./sandbox-process";
import type { FleetMember } from "./workload";

export const FRONT_DOORS = ["dynamic", "native"] as const;
export type FrontDoor = (typeof FRONT_DOORS)[number];

/** The project's name, which names its stack's directory in the backend. */
export const projectName = (door: FrontDoor) => `engine-bench-${door}`;

/** Whether a resource type of the checkpoint is one of the program's (not the stack or its default provider). */
export const isProgramType = (door: FrontDoor, type: string) => type.startsWith(door === "dynamic" ? "pulumi-nodejs:dynamic/chatwoot:" : "chatwoot:index:");

/** What both front doors install from, made once per benchmark run. */
export interface Installables {
  /** The package's `npm pack` tarball. */
  packageTarball: string;
  /** The plugin's tarball and version. */
  pluginTarball: string;
  pluginVersion: string;
}

/** Packs the package into `dir` and finds the plugin's tarball; fails saying what to run when something is missing. */
export function installables(dir: string): Installables {
  const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
  const pluginTarball = path.join(REPO_ROOT, "dist", "plugin", pluginTarballName(version));
  if (!fs.existsSync(pluginTarball)) throw new Error(`no ${path.relative(REPO_ROOT, pluginTarball)}: run \`npm run build:plugin\` first`);
  if (!yamlHostBinary()) throw new Error("no Pulumi YAML language host in .pulumi-cli/bin: run `npm run setup:pulumi` (it needs Go) first");
  return { packageTarball: packPackage(dir).tarball, pluginTarball, pluginVersion: version };
}

/** A new project of `members` for `door`, its stack `bench` initialised against the sandbox. */
export async function frontDoorProject(door: FrontDoor, members: readonly FleetMember[], from: Installables, sandbox: SeededSandbox): Promise<PulumiProject> {
  const name = projectName(door);
  const project = new PulumiProject(door === "dynamic" ? dynamicProgram(name, members) : nativeProgram(name, members));
  try {
    // The harness links the checkout's node_modules; a user's project has the package unpacked in its own.
    fs.rmSync(path.join(project.dir, "node_modules"));
    if (door === "dynamic") installCopy(from.packageTarball, project.dir);
    else await project.ok(["plugin", "install", "resource", "chatwoot", from.pluginVersion, "--file", from.pluginTarball]);
    await project.init("bench", {
      config: {
        "chatwoot:url": sandbox.url,
        "chatwoot:accountId": String(sandbox.account.id),
        "chatwoot:apiAccessToken": sandbox.account.adminToken,
        "chatwoot:platformAccessToken": sandbox.platformToken,
      },
      secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"],
    });
    return project;
  } catch (err) {
    project.dispose();
    throw err;
  }
}

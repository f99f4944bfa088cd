/**
 * A Pulumi project of the fleet for each front door, installed as a user installs it, each with a
 * new stack whose `chatwoot:*` config points at the sandbox:
 *   - dynamic: the Node.js program, with the package unpacked from the tarball `npm pack` writes
 *     into the project's node_modules (its dependencies linked from this checkout's);
 *   - typescript-plugin: the same program and package, on the plugin the package carries
 *     (`chatwoot:usePlugin` and the `plugins:` entry of its Pulumi.yaml);
 *   - native: the Pulumi YAML program, with the plugin installed from the tarball
 *     `npm run build:plugin` writes (`pulumi plugin install resource chatwoot <version> --file`)
 *     into the project's own PULUMI_HOME, and Pulumi's YAML language host from `.pulumi-cli/bin`;
 *   - floor: the engine's floor, the Node.js program of a dynamic provider that only echoes its
 *     inputs (the same node_modules, none of it loaded but `@pulumi/pulumi`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { installCopy, packPackage } from "../../harness/packed";
import { pulumiBinary, PulumiProject, yamlHostBinary } from "../../harness/pulumi-cli";
import { timedPulumi, type CpuTime } from "./cpu-time";
import { REPO_ROOT } from "../../pulumi-cli/install";
import { pluginTarballName } from "../../../provider/plugin/naming";
import { classesProgram, floorProgram, nativeProgram, type ProgramFiles } from "./fleet-programs";
import type { SeededSandbox } from "./sandbox-process";
import type { FleetMember } from "./workload";

export const FRONT_DOORS = ["dynamic", "typescript-plugin", "native", "floor"] as const;
export type FrontDoor = (typeof FRONT_DOORS)[number];

/** The project's name, which names its stack's directory in the backend. */
export const projectName = (door: FrontDoor) => `engine-bench-${door}`;

/** The type tokens of each door's program resources. */
const TYPE_PREFIX: Record<FrontDoor, string> = {
  dynamic: "pulumi-nodejs:dynamic/chatwoot:",
  "typescript-plugin": "chatwoot:index:",
  native: "chatwoot:index:",
  floor: "pulumi-nodejs:dynamic/floor:",
};

/** Whether a resource type of the checkpoint is one of the program's (not the stack or its default provider). */
export const isProgramType = (door: FrontDoor, type: string) => type.startsWith(TYPE_PREFIX[door]);

/** Whether a door's resources reach the server (the floor's do not). */
export const reachesServer = (door: FrontDoor) => door !== "floor";

/** Each door's program. */
const PROGRAMS: Record<FrontDoor, (project: string, members: readonly FleetMember[]) => ProgramFiles> = {
  dynamic: (project, members) => classesProgram(project, members),
  "typescript-plugin": (project, members) => classesProgram(project, members, true),
  native: nativeProgram,
  floor: floorProgram,
};

/** What both front doors install from, made once per benchmark run. */
export interface Installables {
  /** The benchmark's working directory. */
  dir: string;
  /** The package's `npm pack` tarball. */
  packageTarball: string;
  /** The plugin's tarball and version. */
  pluginTarball: string;
  pluginVersion: string;
}

/**
 * Packs the package into `dir` and, for the `native` door among `doors`, finds the plugin's tarball;
 * fails saying what to run when something is missing.
 */
export function installables(dir: string, doors: readonly FrontDoor[]): Installables {
  const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
  const pluginTarball = path.join(REPO_ROOT, "dist", "plugin", pluginTarballName(version));
  if (doors.includes("native")) {
    if (!fs.existsSync(pluginTarball)) throw new Error(`no ${path.relative(REPO_ROOT, pluginTarball)}: run \`npm run build:plugin\` first`);
    if (!yamlHostBinary()) throw new Error("no Pulumi YAML language host in .pulumi-cli/bin: run `npm run setup:pulumi` (it needs Go) first");
  }
  return { dir, packageTarball: packPackage(dir).tarball, pluginTarball, pluginVersion: version };
}

/** A door's project, and the CPU time of the last command run in it (see ./cpu-time.ts). */
export interface DoorProject {
  project: PulumiProject;
  cpu(): CpuTime | undefined;
}

/** A new project of `members` for `door`, its stack `bench` initialised against the sandbox. */
export async function frontDoorProject(door: FrontDoor, members: readonly FleetMember[], from: Installables, sandbox: SeededSandbox): Promise<DoorProject> {
  const name = projectName(door);
  const timed = timedPulumi(fs.mkdtempSync(path.join(from.dir, `cpu-${door}-`)), pulumiBinary() ?? "pulumi");
  const project = new PulumiProject(PROGRAMS[door](name, members), timed.binary);
  try {
    // The harness links the checkout's node_modules; a user's project has the package unpacked in its own.
    fs.rmSync(path.join(project.dir, "node_modules"));
    if (door === "native") await project.ok(["plugin", "install", "resource", "chatwoot", from.pluginVersion, "--file", from.pluginTarball]);
    else installCopy(from.packageTarball, project.dir);
    await project.init("bench", {
      config: {
        "chatwoot:url": sandbox.url,
        "chatwoot:accountId": String(sandbox.account.id),
        "chatwoot:apiAccessToken": sandbox.account.adminToken,
        "chatwoot:platformAccessToken": sandbox.platformToken,
      },
      secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"],
    });
    return { project, cpu: timed.last };
  } catch (err) {
    project.dispose();
    throw err;
  }
}

/**
 * The demo with a Pulumi CLI on the PATH: real `pulumi up`, non-interactive, with a local file
 * backend and a passphrase secrets provider in a temporary directory. The example's files are
 * copied into a project directory there whose `node_modules` links to this checkout's, so nothing
 * is written into the repository (no `Pulumi.<stack>.yaml`) and the program loads the built package
 * by name, as in a user's project.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import type { DemoEngine, UpResult } from "./engine";
import { REPO_ROOT, type ExampleSpec, type StackConfig } from "./examples";
import type { StackResource } from "./resource-table";

const STACK = "demo";
const PAST: Record<string, string> = { create: "created", update: "updated", replace: "replaced", delete: "deleted", same: "unchanged" };

/** A `pulumi` that answers `pulumi version`, or why there is none. */
export type PulumiLookup = { found: true; path: string; version: string } | { found: false; reason: string };

/** Looks for an executable `pulumi` on the PATH and asks it for its version. */
export async function locatePulumi(env: NodeJS.ProcessEnv = process.env): Promise<PulumiLookup> {
  const names = process.platform === "win32" ? ["pulumi.exe", "pulumi.cmd"] : ["pulumi"];
  const candidates = (env.PATH ?? "").split(path.delimiter).filter(Boolean).flatMap((dir) => names.map((n) => path.join(dir, n)));
  const executable = candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
  if (!executable) return { found: false, reason: "no `pulumi` CLI on the PATH" };
  try {
    const { stdout } = await run(executable, ["version"], { env: { ...env, PULUMI_SKIP_UPDATE_CHECK: "true" } });
    return { found: true, path: executable, version: stdout.trim() };
  } catch (err) {
    return { found: false, reason: `${executable} did not answer \`pulumi version\` (${(err as Error).message.split("\n")[0]})` };
  }
}

export class PulumiCliEngine implements DemoEngine {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-demo-"));
  private readonly project = path.join(this.dir, "project");
  private readonly env: NodeJS.ProcessEnv;
  private prepared = false;

  constructor(
    private readonly pulumi: string,
    private readonly spec: ExampleSpec,
    private readonly stack: StackConfig,
  ) {
    const backend = path.join(this.dir, "backend");
    fs.mkdirSync(backend);
    this.env = {
      ...process.env,
      PULUMI_BACKEND_URL: pathToFileURL(backend).href,
      // Encrypts this throw-away stack's secrets; it never leaves the process.
      PULUMI_CONFIG_PASSPHRASE: randomBytes(24).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
    };
  }

  async up(): Promise<UpResult> {
    if (!this.prepared) await this.prepare();
    await this.cli(["up", "--yes", "--non-interactive", "--skip-preview", "--stack", STACK]);
    const history = JSON.parse((await this.cli(["stack", "history", "--json", "--stack", STACK])).stdout) as { resourceChanges?: Record<string, number> }[];
    const changes = history[0]?.resourceChanges ?? {};
    const counts: Record<string, number> = {};
    for (const [op, n] of Object.entries(changes)) counts[PAST[op] ?? op] = n;
    return { counts, changed: Object.entries(changes).some(([op, n]) => op !== "same" && n > 0) };
  }

  async resources(): Promise<StackResource[]> {
    type Exported = { deployment?: { resources?: { urn: string; type: string; custom?: boolean; id?: string; outputs?: Record<string, unknown> }[] } };
    const state = JSON.parse((await this.cli(["stack", "export", "--stack", STACK])).stdout) as Exported;
    return (state.deployment?.resources ?? [])
      .filter((r) => r.custom && r.id && r.type.startsWith("pulumi-nodejs:dynamic/"))
      .map((r) => ({ type: r.type, name: r.urn.slice(r.urn.lastIndexOf("::") + 2), id: r.id as string, outputs: r.outputs ?? {} }));
  }

  async outputs(): Promise<Record<string, unknown>> {
    // Without --show-secrets, secret outputs come back as "[secret]".
    return JSON.parse((await this.cli(["stack", "output", "--json", "--stack", STACK])).stdout) as Record<string, unknown>;
  }

  async dispose(): Promise<void> {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Copies the example, links node_modules, creates the stack and sets its config. */
  private async prepare(): Promise<void> {
    fs.mkdirSync(this.project);
    for (const entry of fs.readdirSync(this.spec.dir, { withFileTypes: true })) {
      if (entry.isFile() && !/^Pulumi\..+\.ya?ml$/.test(entry.name)) fs.copyFileSync(path.join(this.spec.dir, entry.name), path.join(this.project, entry.name));
    }
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(this.project, "node_modules"), "junction");
    await this.cli(["stack", "init", STACK, "--non-interactive"]);
    const secret = new Set(this.stack.secretKeys);
    for (const [key, value] of Object.entries(this.stack.config)) {
      // Secrets go through stdin, never the command line (visible to other processes).
      if (secret.has(key)) await this.cli(["config", "set", "--secret", "--stack", STACK, key], value);
      else await this.cli(["config", "set", "--stack", STACK, key, "--", value]);
    }
    this.prepared = true;
  }

  private cli(args: string[], input?: string) {
    return run(this.pulumi, args, { cwd: this.project, env: this.env, input });
  }
}

/** Runs a command to completion; rejects with the end of its output when it fails. */
function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string }): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) return resolve({ stdout, stderr });
      const tail = `${stdout}\n${stderr}`.trim().split("\n").slice(-25).join("\n");
      reject(new Error(`pulumi ${args.join(" ")} failed (exit ${code}):\n${tail}`));
    });
    if (child.stdin) {
      // A command that exits without reading its input closes the pipe; its exit code tells the story.
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.input);
    }
  });
}

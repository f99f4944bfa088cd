/**
 * examples/fleet as a user runs it, through `pulumi-chatwoot fleet` (the built command) and the
 * real `pulumi` of `.pulumi-cli/bin`, against sandboxes standing for its installations: the example
 * copied into a temporary directory (the template's `node_modules` linked to this checkout's, where
 * `npm run build` installs the package), its installations' URLs replaced by the sandboxes', the
 * tokens and passwords in the environment variables the fleet file names, a Pulumi home and a
 * passphrase of its own. Commands never throw for a non-zero exit: tests look at `code`.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Sandbox } from "../../sdk/sandbox";
import type { FleetReport } from "../../sdk/fleet/report";
import { EXAMPLES_DIR, REPO_ROOT } from "../demo/examples";
import { CLI_DIR } from "../pulumi-cli/install";

/** The example's installations, by name, and the URL its fleet file gives each. */
export const EXAMPLE_INSTALLATIONS = { eu: "https://chat-eu.example.com", us: "https://chat-us.example.com" } as const;
export type InstallationName = keyof typeof EXAMPLE_INSTALLATIONS;

/** The example's members' administrator passwords, by the variable the fleet file reads them from. */
export const PASSWORDS = { NORTHWIND_ADMIN_PASSWORD: "N0rthw1nd-secret!", CONTOSO_ADMIN_PASSWORD: "C0nt0so-secret!", INITECH_ADMIN_PASSWORD: "In1tech-secret!" };

/** How a fleet command ended. */
export interface FleetRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The `--json` report, when the command wrote one. */
  report?: FleetReport;
}

const MAIN = path.join(REPO_ROOT, "dist", "sdk", "cli", "main.js");

export class FleetProject {
  /** The temporary directory: the copy, the Pulumi home. */
  readonly work: string;
  /** The copy of examples/fleet: the fleet file's directory, where commands run. */
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  private runs = 0;

  /**
   * @param sandboxes the sandbox standing for each installation
   * @param edit changes to the fleet file's text after the URLs are replaced (a backend line, members)
   */
  constructor(
    readonly sandboxes: Record<InstallationName, Pick<Sandbox, "url" | "info">>,
    edit: (text: string) => string = (text) => text,
    work?: string,
  ) {
    this.work = work ?? fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-fleet-"));
    this.dir = path.join(this.work, "fleet");
    if (!fs.existsSync(this.dir)) {
      fs.cpSync(path.join(EXAMPLES_DIR, "fleet"), this.dir, { recursive: true, filter: (src) => !/(^|\/)(node_modules|Pulumi\.[^/]+\.yaml|[^/]+\.state)$/.test(src) });
      fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(this.dir, "template", "node_modules"), "junction");
      let text = fs.readFileSync(path.join(this.dir, "fleet.yaml"), "utf8");
      for (const [name, url] of Object.entries(EXAMPLE_INSTALLATIONS)) text = text.replace(url, sandboxes[name as InstallationName].url);
      this.writeFleet(edit(text));
    }
    const home = path.join(this.work, "home");
    fs.mkdirSync(home, { recursive: true });
    const tokens: Record<string, string> = {};
    for (const name of Object.keys(EXAMPLE_INSTALLATIONS) as InstallationName[]) {
      const { info } = sandboxes[name];
      tokens[`CHATWOOT_${name.toUpperCase()}_API_TOKEN`] = info.accounts[0]?.adminToken ?? "";
      tokens[`CHATWOOT_${name.toUpperCase()}_PLATFORM_TOKEN`] = info.platformTokens[0] ?? "";
    }
    this.env = {
      ...process.env,
      PATH: `${CLI_DIR}${path.delimiter}${process.env.PATH ?? ""}`,
      PULUMI_HOME: home,
      PULUMI_CONFIG_PASSPHRASE: randomBytes(24).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      NO_COLOR: "1",
      CI: "true",
      ...tokens,
      ...PASSWORDS,
    };
    for (const name of Object.keys(this.env)) if (name.startsWith("CHATWOOT_") && !(name in tokens)) delete this.env[name];
  }

  /** The fleet file's text. */
  fleetText(): string {
    return fs.readFileSync(path.join(this.dir, "fleet.yaml"), "utf8");
  }

  writeFleet(text: string): void {
    fs.writeFileSync(path.join(this.dir, "fleet.yaml"), text);
  }

  /** Replaces a file of the template (an edit rolled out to the fleet). */
  writeTemplate(file: string, text: string): void {
    fs.writeFileSync(path.join(this.dir, "template", file), text);
  }

  templateText(file: string): string {
    return fs.readFileSync(path.join(this.dir, "template", file), "utf8");
  }

  /**
   * `pulumi-chatwoot fleet ARGS` in the fleet's directory, with `--json` (read into `report`);
   * `onSpawn` gets the process id (it leads a process group of its own, for a test that kills it).
   */
  fleet(args: readonly string[], options: { env?: NodeJS.ProcessEnv; onSpawn?: (pid: number) => void; json?: boolean } = {}): Promise<FleetRun> {
    const json = options.json === false ? undefined : path.join(this.work, `report-${++this.runs}.json`);
    const argv = [MAIN, "fleet", ...args, ...(json ? ["--json", json] : [])];
    // A variable given as undefined is left out of the command's environment.
    const env = Object.fromEntries(Object.entries({ ...this.env, ...options.env }).filter(([, value]) => value !== undefined));
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, argv, { cwd: this.dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
      child.on("error", reject);
      child.on("close", (code, signal) => {
        const report = json && fs.existsSync(json) ? (JSON.parse(fs.readFileSync(json, "utf8")) as FleetReport) : undefined;
        resolve({ code, signal, stdout, stderr, report });
      });
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
    });
  }

  dispose(): void {
    fs.rmSync(this.work, { recursive: true, force: true });
  }
}

/** A run's output for failure messages. */
export function output(run: Pick<FleetRun, "stdout" | "stderr" | "code">): string {
  return `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
}

/**
 * A Pulumi project driven through the real `pulumi` CLI (`.pulumi-cli/bin`, see
 * tests/pulumi-cli/install.ts), the way a user runs it, entirely offline: a `file://` backend and
 * `PULUMI_HOME` in a temporary directory, a passphrase secrets provider, no update check, no plugin
 * downloads. The program's files are copied into a project directory there whose `node_modules`
 * links to this checkout's (where `npm run build` installs the package), so the program loads
 * `pulumi-chatwoot` by name as in a user's project and nothing is written into the repository.
 *
 * Every command that changes or reads a stack writes Pulumi's engine events (`--event-log`), which
 * {@link Operation} reads: the steps with their operation and changed properties, and the
 * diagnostics. Commands never throw for a non-zero exit: tests look at `code`.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { CLI_DIR, REPO_ROOT, YAML_HOST_NAME } from "../pulumi-cli/install";
import { pluginInstallArgs } from "./plugin";

/** Stack config as `pulumi config set` takes it: `ns:key` (or a bare key of the project) → value. */
export interface StackSettings {
  config: Record<string, string>;
  /** Keys set with `--secret` (their values go through stdin, never the command line). */
  secretKeys?: readonly string[];
}

/** How a command ended. */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** One resource step of an operation, from the engine's events. */
export interface Step {
  op: string;
  /** The resource's name (the last part of its URN). */
  name: string;
  type: string;
  /** The properties the engine lists as changed (`[diff: ~a ~b]`), where it knows them. */
  diffs: string[];
  /** The properties that force a replacement. */
  replaces: string[];
}

/** A `pulumi up`, `preview`, `refresh` or `destroy`, with what the engine reported. */
export interface Operation extends Finished {
  /** Every step the engine took or planned (`same` included), in the order it reported them. */
  steps: Step[];
  /** Resources per operation from the summary, e.g. `{ create: 5 }`. */
  changes: Record<string, number>;
  /** The text of the error diagnostics. */
  errors: string[];
}

type EngineEvent = {
  resourcePreEvent?: { metadata: StepMetadata };
  resOutputsEvent?: { metadata: StepMetadata };
  diagnosticEvent?: { severity: string; message: string; urn?: string };
  summaryEvent?: { resourceChanges?: Record<string, number> };
};
type StepMetadata = { op: string; urn: string; type: string; diffs?: string[]; keys?: string[] };

// eslint-disable-next-line no-control-regex -- the escape character starts a colour code
const ANSI = /\u001b\[[0-9;]*m/g;
const STACK_TYPE = "pulumi:pulumi:Stack";

/** Runs a command to its end without blocking this process (a sandbox in it may have to answer). */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; input?: string; onSpawn?: (pid: number) => void; timeoutMs?: number },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = options.timeoutMs ? setTimeout(() => child.kill("SIGKILL"), options.timeoutMs) : undefined;
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    if (child.stdin) {
      // A command that exits without reading its input closes the pipe; its exit code tells the story.
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.input);
    }
  });
}

/** The languages of the projects the tests run: TypeScript on Node.js, and Pulumi YAML, Python and Go on the native plugin. */
export type ProgramRuntime = "nodejs" | "yaml" | "python" | "go";

/** The runtime of the project at `dir` (its Pulumi.yaml's `runtime:` or `runtime: { name: }`). */
export function programRuntime(dir: string): ProgramRuntime {
  const text = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
  const name = /^runtime:[ \t]*(?:\{\s*name:\s*)?(\w+)|^runtime:[ \t]*\n\s+name:\s*(\w+)/m.exec(text);
  const runtime = name?.[1] ?? name?.[2];
  if (runtime !== "nodejs" && runtime !== "yaml" && runtime !== "python" && runtime !== "go") throw new Error(`${dir}/Pulumi.yaml: runtime ${JSON.stringify(runtime)} is none the tests run`);
  return runtime;
}

/** Whether the project at `dir` is a Pulumi YAML program (`runtime: yaml`), which runs on the native plugin. */
export function isYamlProgram(dir: string): boolean {
  return programRuntime(dir) === "yaml";
}

/** The files of a project that may refer into the checkout by a relative path (its plugin, its SDK). */
const CHECKOUT_REFERENCES = new Set(["Pulumi.yaml", "requirements.txt", "go.mod"]);

/** The checkout's Python SDK, which pip builds where it is (writing `build/` and `*.egg-info` there). */
const PYTHON_SDK = path.join(REPO_ROOT, "sdk", "python");

/**
 * A copy of the checkout's Python SDK in `dir` (without an earlier build's files), for a project to
 * install from: pip builds a directory in place, and two projects building the checkout's at once
 * (test files run in parallel) would write the same files.
 */
export function pythonSdkCopy(dir: string): string {
  const copy = path.join(dir, "sdk-python");
  fs.cpSync(PYTHON_SDK, copy, { recursive: true, filter: (file) => !/(^|\/)(build|dist|__pycache__|[^/]*\.egg-info)$/.test(path.relative(PYTHON_SDK, file)) });
  return copy;
}

/**
 * A project file's relative paths into the checkout (`../../provider/plugin`) made absolute from
 * the directory it was copied from, so that the copy refers where the original does; the Python
 * SDK's to a copy of it in `work` ({@link pythonSdkCopy}).
 */
function rebased(name: string, text: string, from: string, work: string): string {
  if (!CHECKOUT_REFERENCES.has(name)) return text;
  return text.replace(/(^|[\s:=>])((?:\.\.\/)+[\w./-]*)/gm, (_m, before: string, relative: string) => {
    const target = path.resolve(from, relative);
    return `${before}${target === PYTHON_SDK ? pythonSdkCopy(work) : target}`;
  });
}

/** The name of the project at `dir` (its Pulumi.yaml's top-level `name`). */
export function projectName(dir: string): string {
  const name = /^name:\s*(\S+)\s*$/m.exec(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8"))?.[1];
  if (!name) throw new Error(`${dir}/Pulumi.yaml has no top-level name`);
  return name;
}

/** The `pulumi` of `.pulumi-cli/bin`, or `undefined` when `npm run setup:pulumi` has not put one there. */
export function pulumiBinary(): string | undefined {
  const pulumi = path.join(CLI_DIR, "pulumi");
  return fs.existsSync(pulumi) ? pulumi : undefined;
}

/** Pulumi's YAML language host beside that `pulumi`, or `undefined` when there is none (no Go to build it). */
export function yamlHostBinary(): string | undefined {
  const host = path.join(CLI_DIR, YAML_HOST_NAME);
  return fs.existsSync(host) ? host : undefined;
}

export class PulumiProject {
  /** The temporary directory: the project, the backend and PULUMI_HOME. */
  readonly work: string;
  /** The project directory the CLI runs in. */
  readonly dir: string;
  /** The environment of every command (offline, and `PATH` starting with `.pulumi-cli/bin`). */
  readonly env: NodeJS.ProcessEnv;
  private eventLogs = 0;

  /**
   * @param source a program directory to copy (its `Pulumi.<stack>.yaml` files are left behind,
   *   its relative paths into the checkout made absolute), or the files of one by name
   */
  constructor(
    source: string | Record<string, string>,
    private readonly pulumi: string = pulumiBinary() ?? "pulumi",
    work?: string,
  ) {
    this.work = work ?? fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-pulumi-"));
    this.dir = path.join(this.work, "project");
    fs.mkdirSync(this.dir, { recursive: true });
    const files =
      typeof source === "string"
        ? Object.fromEntries(
            fs
              .readdirSync(source, { withFileTypes: true })
              .filter((e) => e.isFile() && !/^Pulumi\..+\.ya?ml$/.test(e.name))
              .map((e) => [e.name, rebased(e.name, fs.readFileSync(path.join(source, e.name), "utf8"), source, this.work)]),
          )
        : source;
    this.write(files);
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(this.dir, "node_modules"), "junction");
    const backend = path.join(this.work, "backend");
    const home = path.join(this.work, "home");
    fs.mkdirSync(backend, { recursive: true });
    fs.mkdirSync(home, { recursive: true });
    this.env = {
      ...process.env,
      PATH: `${CLI_DIR}${path.delimiter}${process.env.PATH ?? ""}`,
      PULUMI_HOME: home,
      PULUMI_BACKEND_URL: pathToFileURL(backend).href,
      // Encrypts this throw-away stack's secrets; it never leaves the process.
      PULUMI_CONFIG_PASSPHRASE: randomBytes(24).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_SKIP_CONFIRMATIONS: "true",
      // Enables --event-log, as Pulumi's Automation API does for the same purpose.
      PULUMI_DEBUG_COMMANDS: "true",
      NO_COLOR: "1",
      FORCE_COLOR: "0",
    };
    // The provider's create journal goes under this PULUMI_HOME, as a user's does; the connection is
    // the stack's config alone (a token left in the shell running the tests would win over it).
    for (const name of Object.keys(this.env)) if (name.startsWith("CHATWOOT_")) delete this.env[name];
  }

  /** Writes (or replaces) files of the project, e.g. an edited `index.ts`. */
  write(files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(this.dir, name), text);
  }

  /** `pulumi ARGS` in the project directory. */
  cli(args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv; onSpawn?: (pid: number) => void; timeoutMs?: number } = {}): Promise<Finished> {
    return runCommand(this.pulumi, args, { cwd: this.dir, env: { ...this.env, ...options.env }, input: options.input, onSpawn: options.onSpawn, timeoutMs: options.timeoutMs });
  }

  /** `pulumi ARGS`, failing with its output when it does not exit 0. */
  async ok(args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Finished> {
    const done = await this.cli(args, options);
    if (done.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${done.code}:\n${tail(done)}`);
    return done;
  }

  /** Installs the native plugin from its tarball into this project's Pulumi home, as users install it. */
  async installPlugin(): Promise<void> {
    await this.ok(pluginInstallArgs());
  }

  /** `pulumi stack init` and `pulumi config set` of every setting. */
  async init(stack: string, settings: StackSettings): Promise<void> {
    await this.ok(["stack", "init", stack, "--non-interactive"]);
    await this.setConfig(settings);
  }

  /**
   * The settings in the selected stack: the plain ones with one `pulumi config set-all`, each
   * secret with its own `pulumi config set --secret` (through stdin, never the command line).
   */
  async setConfig(settings: StackSettings): Promise<void> {
    const secret = new Set(settings.secretKeys ?? []);
    // A Pulumi YAML program types its config: a list or a map is given as one, as `pulumi config set --path` makes it.
    const structured = ([key, value]: [string, string]) => isYamlProgram(this.dir) && !secret.has(key) && /^\s*[[{]/.test(value);
    const plain = Object.entries(settings.config).filter(([key, value]) => !secret.has(key) && !structured([key, value]));
    if (plain.length > 0) await this.ok(["config", "set-all", ...plain.flatMap(([key, value]) => ["--plaintext", `${key}=${value}`])]);
    const objects = Object.entries(settings.config).filter(structured);
    if (objects.length > 0) {
      const json = Object.fromEntries(objects.map(([key, value]) => [key.includes(":") ? key : `${projectName(this.dir)}:${key}`, { value, objectValue: JSON.parse(value) as unknown, secret: false }]));
      await this.ok(["config", "set-all", "--json", JSON.stringify(json)]);
    }
    for (const [key, value] of Object.entries(settings.config)) {
      if (secret.has(key)) await this.ok(["config", "set", "--secret", key], { input: value });
    }
  }

  /** An engine operation (`up --yes`, `preview`, `refresh --yes`, `destroy --yes` and their flags). */
  async operation(args: readonly string[], options: { env?: NodeJS.ProcessEnv; onSpawn?: (pid: number) => void } = {}): Promise<Operation> {
    const eventLog = path.join(this.work, `events-${++this.eventLogs}.jsonl`);
    const done = await this.cli([...args, "--non-interactive", "--event-log", eventLog], options);
    const events = readEvents(eventLog);
    fs.rmSync(eventLog, { force: true });
    return { ...done, ...summarize(events) };
  }

  up(...flags: string[]): Promise<Operation> {
    return this.operation(["up", "--yes", "--skip-preview", ...flags]);
  }

  preview(...flags: string[]): Promise<Operation> {
    return this.operation(["preview", ...flags]);
  }

  refresh(...flags: string[]): Promise<Operation> {
    return this.operation(["refresh", "--yes", "--skip-preview", ...flags]);
  }

  destroy(...flags: string[]): Promise<Operation> {
    return this.operation(["destroy", "--yes", "--skip-preview", ...flags]);
  }

  /** `pulumi stack export`: the checkpoint as the backend holds it (secrets encrypted). */
  async exportText(): Promise<string> {
    return (await this.ok(["stack", "export"])).stdout;
  }

  /** The stack's resources of this package's types (dynamic, or the native plugin's), by name. */
  async resources(): Promise<Map<string, { id: string; type: string; inputs: Record<string, unknown>; outputs: Record<string, unknown> }>> {
    type Exported = { deployment?: { resources?: { urn: string; type: string; custom?: boolean; id?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[] } };
    const state = JSON.parse(await this.exportText()) as Exported;
    return new Map(
      (state.deployment?.resources ?? [])
        .filter((r) => r.custom && (r.type.startsWith("pulumi-nodejs:dynamic/") || r.type.startsWith("chatwoot:index:")))
        .map((r) => [nameOf(r.urn), { id: r.id ?? "", type: r.type, inputs: r.inputs ?? {}, outputs: r.outputs ?? {} }]),
    );
  }

  /** `pulumi stack output --json`: secret outputs as `"[secret]"`. */
  async outputs(): Promise<Record<string, unknown>> {
    return JSON.parse((await this.ok(["stack", "output", "--json"])).stdout) as Record<string, unknown>;
  }

  dispose(): void {
    fs.rmSync(this.work, { recursive: true, force: true });
  }
}

const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

function readEvents(file: string): EngineEvent[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as EngineEvent);
}

/** The steps (one per resource, the last report winning), the summary's counts and the errors. */
function summarize(events: EngineEvent[]): Pick<Operation, "steps" | "changes" | "errors"> {
  const steps = new Map<string, Step>();
  let changes: Record<string, number> = {};
  const errors: string[] = [];
  for (const event of events) {
    const metadata = event.resOutputsEvent?.metadata ?? event.resourcePreEvent?.metadata;
    // The stack itself and the default provider (which Pulumi updates when the stack's config changes) are not resources of the program.
    if (metadata && metadata.type !== STACK_TYPE && !metadata.type.startsWith("pulumi:providers:")) {
      steps.set(`${metadata.urn}\u0000${metadata.op}`, {
        op: metadata.op,
        name: nameOf(metadata.urn),
        type: metadata.type,
        diffs: metadata.diffs ?? [],
        replaces: metadata.keys ?? [],
      });
    }
    if (event.diagnosticEvent?.severity === "error") errors.push(event.diagnosticEvent.message.replace(ANSI, "").trim());
    if (event.summaryEvent) changes = event.summaryEvent.resourceChanges ?? {};
  }
  return { steps: [...steps.values()], changes, errors };
}

/** The last lines of a command's output, for failure messages. */
export function tail(done: Pick<Finished, "stdout" | "stderr">, lines = 30): string {
  return `${done.stdout}\n${done.stderr}`.trim().split("\n").slice(-lines).join("\n");
}

/** Resources of the program per operation, e.g. `{ create: 5 }` (the summary's counts include the stack itself). */
export function countsOf(operation: Operation): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const op of Object.values(opsOf(operation))) counts[op] = (counts[op] ?? 0) + 1;
  return counts;
}

/** `{ name: op }` of an operation's steps (the last step of each resource). */
export const opsOf = (operation: Operation): Record<string, string> => Object.fromEntries(operation.steps.map((s) => [s.name, s.op]));

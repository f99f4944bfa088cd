/**
 * Every `pulumi` command of the README (and of its guides in docs/guides and CONTRIBUTING.md, read
 * as its continuation) runs as written, through the real CLI, against a sandbox: the lines of their
 * bash blocks that run `pulumi` and the inline `pulumi ...` spans (the GitOps recipe's among them). {@link HANDLED} says, for each, which scenario runs it or why it cannot
 * run here; a command added to the README, or changed, fails the first test until it is handled.
 *
 * Each line runs with bash in the scenario's directory and environment: the CLI of
 * `.pulumi-cli/bin` first on the PATH, `HOME` and `PULUMI_HOME` in a temporary directory, no
 * update check or plugin download, and `PULUMI_SKIP_CONFIRMATIONS`, which the README gives for
 * running the bare `pulumi up` / `refresh` / `destroy` in a script.
 * Two things differ from a reader's machine, and only these: the sandbox's URL stands for
 * `https://chat.example.com` and `http://127.0.0.1:3000` (it listens on a free port), and a token
 * a line reads from the terminal (`pulumi config set --secret KEY`) comes on its standard input.
 * npm keeps the machine's cache, so `npm install` reaches the registry only for what it lacks.
 * The sandbox guide's block runs whole, in one shell, as written, in a project outside the checkout
 * that installed the package's tarball with npm as the Quick start does (from the machine's cache),
 * with npm's registry a closed loopback port; its sandbox is the package's own, on a free port for 3000.
 * The adoption guide's `pulumi import` of a TypeScript class runs in the GitOps scenario's project,
 * and must fail with the output the guide quotes.
 * The cloning scenario's reader works in a directory outside the checkout, in a project that has
 * the package installed from its tarball (unpacked there, its dependencies linked: no network).
 * The plugin scenario installs the plugin from the tarball of this checkout's dist/plugin (the
 * program tier's setup writes it) into its own PULUMI_HOME, and runs the README's Pulumi YAML
 * program on it, through Pulumi's YAML language host.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { CLONE_FIXTURE, OPENAI_KEY, TARGET_EMAIL_INBOX, TARGET_WHATSAPP_INBOX, TOOL_TOKEN } from "../demo/clone-fixture";
import { writesIn } from "../demo/requests";
import { installCopy, packPackage } from "../harness/packed";
import { runCommand, tail, yamlHostBinary, type Finished } from "../harness/pulumi-cli";
import { temporaryDir } from "../harness/temp-dir";
import { blockGroup, freePort, runBlock } from "../harness/shell-block";
import { bashBlockAfter, userDoc, userDocs } from "../harness/user-docs";
import { REPO_ROOT } from "../pulumi-cli/install";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { readmeEnv } from "./support/readme-shell";
import { realEngine } from "./support/real-engine";

jest.setTimeout(300_000);

// The guides and CONTRIBUTING.md (the development notes the README links to) count as the README.
const README = [...userDocs().map((doc) => doc.text), fs.readFileSync(path.join(REPO_ROOT, "CONTRIBUTING.md"), "utf8")].join("\n");

type Scenario = "sandbox" | "gitops" | "dynamic-import" | "clone" | "plugin";
type Handling = { run: Scenario } | { notRun: string };

/**
 * The YAML cloning lines run in tests/program/clone-yaml.test.ts, with the same arguments against the
 * sandbox's accounts 1 and 2 (the tarball's path aside: the build's), which adds the plugin's
 * installation to one project only.
 */
const YAML_CLONE = "tests/program/clone-yaml.test.ts runs it as written (the tarball from this checkout's dist/plugin), in the sandbox's accounts 1 and 2";

/** The stand-in language hosts' commands, which their own tests run in each language against the sandbox. */
const SDK_HOSTS = "tests/program/sdk-hosts.test.ts runs it, in a TypeScript, a Python and a Go project, against the sandbox with the plugin from this checkout";
/** The door switch's lines run in tests/program/door-switch.test.ts, which reads them from the guide, on a stack of every type. */
const DOOR_SWITCH = "tests/program/door-switch.test.ts reads it from the guide and runs it as written, on a stack of every type";

/** Each command of the README, and who runs it (or why nothing can here). */
const HANDLED: Record<string, Handling> = {
  // Quick start: configuring a stack (the GitOps scenario's stack).
  "pulumi config set chatwoot:url https://chat.example.com": { run: "gitops" },
  "pulumi config set chatwoot:accountId 1": { run: "gitops" },
  "pulumi config set --secret chatwoot:apiAccessToken": { run: "gitops" },
  "pulumi config set --secret chatwoot:platformAccessToken": { run: "gitops" },
  "pulumi login --local": {
    notRun:
      "would log the machine's own CLI in to a backend under the real home directory (Pulumi takes it from the system's user database, " +
      "not $HOME); the sandbox guide's block, which the sandbox scenario runs, keeps its stack in a file backend in $PWD/.pulumi-state",
  },
  // The sandbox guide's block, run whole as written in a project that installed the packed package.
  "pulumi stack init sandbox": { run: "sandbox" },
  "pulumi config set chatwoot:url http://127.0.0.1:3000": { run: "sandbox" },
  "node -p 'require(\"./sandbox.json\").accounts[0].adminToken' | pulumi config set --secret chatwoot:apiAccessToken": { run: "sandbox" },
  "node -p 'require(\"./sandbox.json\").platformTokens[0]' | pulumi config set --secret chatwoot:platformAccessToken": { run: "sandbox" },
  "pulumi up --yes": { run: "sandbox" },
  // The GitOps recipe, and the bare commands the text names.
  "pulumi stack init prod": { run: "gitops" },
  "pulumi preview --diff --non-interactive": { run: "gitops" },
  "pulumi up --yes --non-interactive": { run: "gitops" },
  "pulumi refresh --yes": { run: "gitops" },
  "pulumi preview --expect-no-changes": { run: "gitops" },
  "pulumi preview": { run: "gitops" },
  "pulumi up": { run: "gitops" },
  "pulumi refresh": { run: "gitops" },
  "pulumi destroy": { run: "gitops" },
  "pulumi config set": { notRun: "names the command; the README's lines that give it arguments run" },
  // The adoption guide's import of a TypeScript class, which Pulumi's dynamic-provider host cannot do.
  "pulumi import 'pulumi-nodejs:dynamic/chatwoot:Label' vip 5": { run: "dynamic-import" },
  // Cloning: the exported project applied to account 2.
  "pulumi stack init globex": { run: "clone" },
  "pulumi config set chatwoot:accountId 2": { run: "clone" },
  "pulumi config set adopt false": { run: "clone" },
  "pulumi config set portalSuffix globex": { run: "clone" },
  "pulumi config set inboxSupportEmailId 5": { run: "clone" },
  "pulumi config set --secret hookOpenaiApiKey": { run: "clone" },
  // The plugin: installed from its tarball, a Pulumi YAML program on it, and `pulumi import`.
  "pulumi plugin install resource chatwoot 0.1.0 --file dist/plugin/pulumi-resource-chatwoot-v0.1.0-linux-amd64.tar.gz": { run: "plugin" },
  "pulumi import chatwoot:index:Label vip 5": { run: "plugin" },
  "pulumi up --expect-no-changes": { run: "plugin" },
  // Cloning in Pulumi YAML and adopting with `pulumi import --file`.
  "pulumi plugin install resource chatwoot 0.1.0 --file pulumi-resource-chatwoot-v0.1.0-linux-amd64.tar.gz": { notRun: YAML_CLONE },
  "pulumi stack init acme": { notRun: YAML_CLONE },
  "pulumi config set inboxAcmeSupportEmailId 3": { notRun: YAML_CLONE },
  "pulumi import --file import.json --generate-code=false --protect=false --yes": { notRun: YAML_CLONE },
  "pulumi config set inboxAcmeSupportEmailId 5": { notRun: YAML_CLONE },
  "pulumi config set slugSuffix -- -globex": { notRun: YAML_CLONE },
  "pulumi config set portalAcmeHelpDomain help.globex.test": { notRun: YAML_CLONE },
  // Moving a stack between the front doors (docs/guides/two-doors.md).
  "pulumi config set chatwoot:usePlugin true": { notRun: DOOR_SWITCH },
  "pulumi config set chatwoot:usePlugin false": { notRun: DOOR_SWITCH },
  "pulumi stack": { notRun: "names the command; tests/program/door-switch.test.ts runs it and finds the plugin's types in what it lists" },
  "pulumi import --provider staging=<its URN>": {
    notRun: "names the flag; tests/program/yaml-two-installations.test.ts imports through a provider with it (`--provider production=<its URN>`)",
  },
  // Not here.
  "pulumi env run chatwoot/prod -- <command>": { notRun: "Pulumi ESC environments are kept by Pulumi Cloud, which an offline machine cannot reach" },
  "pulumi import": {
    notRun:
      "names the command; the plugin scenario runs `pulumi import chatwoot:index:Label vip 5`, and tests/program/clone-yaml.test.ts " +
      "the cloning section's `pulumi import --file` (dynamic resources cannot be imported, as the README says)",
  },
  "pulumi stack export": { notRun: "names the command; every example's lifecycle test runs it (tests/program/support/lifecycle.ts) and checks that no credential is in it in plain text" },
  "pulumi cancel": { notRun: "only means something after a killed run: tests/program/interrupted-up.test.ts runs it on the stack a SIGKILL left locked" },
  // Using the package in a project of one's own: tests/program/own-project.test.ts runs that block whole.
  // Also a line of the own-project block, which tests/program/own-project.test.ts runs as written, outside the checkout.
  "pulumi stack init dev": { run: "plugin" },
  "pulumi login": { notRun: "would log the machine's own CLI in to Pulumi Cloud, which an offline machine cannot reach" },
  "pulumi refresh --run-program": { notRun: "only differs from `pulumi refresh` after a token was rotated: tests/program/token-rotation.test.ts runs it after one" },
  "pulumi destroy --run-program": { notRun: "only differs from `pulumi destroy` after a token was rotated: tests/program/token-rotation.test.ts runs it after one" },
  // The stand-in language hosts' commands: tests/program/sdk-hosts.test.ts runs each in a TypeScript, a Python and a Go project.
  "pulumi convert --from yaml --language python": { notRun: SDK_HOSTS },
  "pulumi convert --from yaml": { notRun: SDK_HOSTS },
  "pulumi convert": { notRun: SDK_HOSTS },
  "pulumi package gen-sdk": { notRun: SDK_HOSTS },
  "pulumi install": { notRun: SDK_HOSTS },
  "pulumi about": { notRun: SDK_HOSTS },
  "pulumi new": { notRun: SDK_HOSTS },
  "pulumi package add": { notRun: SDK_HOSTS },
  "pulumi package pack-sdk": { notRun: SDK_HOSTS },
  "pulumi up --target-replace <urn>": {
    notRun: "names a limit with a placeholder: tests/provider/key-in-use.test.ts drives the check the engine makes for such a replacement, through both doors",
  },
  "pulumi state unprotect": { notRun: "names the command a resource imported with protection needs before destroy; the tests import with --protect=false instead (tests/program/support/lifecycle.ts)" },
  "pulumi refresh --clear-pending-creates": { notRun: "only means something after a killed run: tests/program/interrupted-up.test.ts runs it on the pending creates a SIGKILL left" },
  // The fleet guide.
  "pulumi config set --secret KEY --stack MEMBER": { notRun: "the fleet guide's form of a secret a member's stack holds (fromStackSecret): tests/program/fleet.test.ts sets a member's token so and runs the member" },
};

/** A line of a bash block without its trailing comment, or `undefined` when it runs no `pulumi`. */
function commandOf(line: string): string | undefined {
  const command = line.replace(/\s+#\s.*$/, "").trim();
  return /(^|[|;&]\s*)pulumi\s/.test(command) ? command : undefined;
}

/** The README's `pulumi` commands: bash-block lines that run it, and inline spans that start with it. */
function readmeCommands(): string[] {
  const found = new Set<string>();
  const prose: string[] = [];
  let fence: string | undefined;
  for (const line of README.split("\n")) {
    const opening = /^```(\w*)/.exec(line);
    if (opening) {
      fence = fence === undefined ? opening[1] : undefined;
      continue;
    }
    if (fence === "bash") {
      const command = commandOf(line);
      if (command) found.add(command);
    } else if (fence === undefined) prose.push(line);
  }
  for (const [, span] of prose.join("\n").matchAll(/`(pulumi [^`]+)`/g)) found.add((span ?? "").replace(/\s+/g, " "));
  return [...found];
}

test("every pulumi command of the README is run by a scenario here, or says why it cannot run", () => {
  const commands = readmeCommands();
  expect(commands.filter((c) => !(c in HANDLED))).toEqual([]);
  expect(Object.keys(HANDLED).filter((c) => !commands.includes(c))).toEqual([]);
});

/** Lines run so far, to check that each scenario ran every line it is down for. */
const ran = new Set<string>();

/** A shell in a directory, running README lines one by one. */
class Shell {
  constructor(
    public cwd: string,
    readonly env: NodeJS.ProcessEnv,
    private readonly substitutions: [string, string][],
  ) {}

  /** Runs a README line (it must be one) as written, but for the substitutions; `input` on stdin. */
  async line(text: string, input?: string): Promise<Finished> {
    if (!README.includes(text)) throw new Error(`not a line of the README: ${text}`);
    ran.add(commandOf(text) ?? text);
    let command = text;
    for (const [from, to] of this.substitutions) command = command.split(from).join(to);
    return runCommand("bash", ["-c", command], { cwd: this.cwd, env: this.env, input: input ?? "" });
  }

  /**
   * Runs README text (a line, or the command a line's comment gives) as `source` would: the
   * variables it exports stay set for the lines after it.
   */
  async source(text: string): Promise<void> {
    if (!README.includes(text)) throw new Error(`not in the README: ${text}`);
    const done = await runCommand("bash", ["-c", `set -e\n${text}\nenv -0`], { cwd: this.cwd, env: this.env });
    if (done.code !== 0) throw new Error(`\`${text}\` exited ${done.code}:\n${done.stderr}`);
    for (const entry of done.stdout.split("\0")) {
      const at = entry.indexOf("=");
      if (at > 0) this.env[entry.slice(0, at)] = entry.slice(at + 1);
    }
  }

  /** Runs a README line and fails with its output unless it exits 0. */
  async ok(text: string, input?: string): Promise<Finished> {
    const done = await this.line(text, input);
    if (done.code !== 0) throw new Error(`\`${text}\` exited ${done.code}:\n${done.stdout}\n${done.stderr}`);
    return done;
  }
}

/**
 * Whether `output` holds each line of `quote`, as a page quotes a command's output: `...` in a line
 * stands for any text, and a line that is only `...` for lines left out. The order is not held to:
 * Pulumi prints a resource's diagnostics from the engine and from a plugin's stderr as they come.
 */
function quotedIn(quote: string, output: string): boolean {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const printed = output.split("\n");
  const lines = quote.replace(/\n$/, "").split("\n").filter((line) => line !== "..." && line !== "");
  return lines.every((line) => {
    const pattern = new RegExp(`^${line.split("...").map(escape).join(".*")}$`);
    return printed.some((p) => pattern.test(p));
  });
}

test.each([
  ["a\n...\nc", "x\na\nb\nb\nc\n", true],
  ["c\na", "a\nb\nc\n", true],
  ["a\nd", "a\nb\nc\n", false],
  ["  at f (.../index.ts:1:2)", "  at f (/home/x/index.ts:1:2)\n", true],
  ["  at f (.../index.ts:1:2)", "  at f (/home/x/index.ts:1:3)\n", false],
  ["b", "ab\n", false],
])("a quote %j is in an output %j: %s", (quote, output, expected) => {
  expect(quotedIn(quote, output)).toBe(expected);
});

/** The machine's npm cache: `npm install` fetches from the registry only what it does not hold yet. */
const NPM_CACHE = process.env.npm_config_cache || execFileSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).trim();

/** The @pulumi/pulumi this checkout is built with, which the Quick start pins. */
const SDK_VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")) as { version: string }).version;

/** The environment of every scenario (see the file's comment). */
const baseEnv = readmeEnv;

const PROGRAM = `"use strict";
const chatwoot = require("pulumi-chatwoot");
new chatwoot.Label("vip", { title: "vip", color: "#7c3aed" });
new chatwoot.Team("billing", { name: "billing", description: "Invoices" });
`;

realEngine.describe("the README's pulumi commands, as written", () => {
  const work = temporaryDir("chatwoot-readme-");
  // Where the cloning scenario's reader works: no directory of the checkout is above it.
  const outside = temporaryDir("chatwoot-readme-clone-");
  let sandbox: Sandbox;
  let shell: Shell;
  const writes = (from: number) => writesIn(sandbox.control.log().slice(from));

  beforeAll(async () => {
    sandbox = await startSandbox();
    const project = path.join(work, "my-chatwoot");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: my-chatwoot\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
    fs.writeFileSync(path.join(project, "index.js"), PROGRAM);
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(project, "node_modules"), "junction");
    fs.mkdirSync(path.join(work, "home"));
    shell = new Shell(work, baseEnv(path.join(work, "home")), [
      ["http://127.0.0.1:3000", sandbox.url],
      ["https://chat.example.com", sandbox.url],
    ]);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  test("the GitOps recipe: a stack per account, preview --diff, up, a repeat that writes nothing, drift reported and repaired", async () => {
    shell.cwd = path.join(work, "my-chatwoot");
    // The sandbox guide's backend and passphrase (each line runs in a shell of its own: `source` keeps what they export).
    await shell.source("mkdir -p .pulumi-state && export PULUMI_BACKEND_URL=file://$PWD/.pulumi-state   # the stack beside the project");
    await shell.source("export PULUMI_CONFIG_PASSPHRASE=sandbox   # the local backend's secrets passphrase");
    await shell.ok("pulumi stack init prod");
    await shell.ok("pulumi config set chatwoot:url https://chat.example.com");
    await shell.ok("pulumi config set chatwoot:accountId 1");
    await shell.ok("pulumi config set --secret chatwoot:apiAccessToken", sandbox.info.accounts[0].adminToken);
    await shell.ok("pulumi config set --secret chatwoot:platformAccessToken", sandbox.info.platformTokens[0]);

    const preview = await shell.ok("pulumi preview --diff --non-interactive");
    expect(preview.stdout).toMatch(/\+ pulumi-nodejs:dynamic\/chatwoot:Label: \(create\)\s+\[urn=\S+::vip\]/);
    expect(writes(0)).toEqual([]);
    await shell.ok("pulumi up --yes --non-interactive");
    const before = sandbox.control.log().length;
    await shell.ok("pulumi up --yes --non-interactive");
    expect(writes(before)).toEqual([]);

    const label = sandbox.control.snapshot().labels.find((l) => l.title === "vip");
    const patched = await fetch(`${sandbox.url}/api/v1/accounts/1/labels/${label?.id}`, {
      method: "PATCH",
      headers: { api_access_token: sandbox.info.accounts[0].adminToken, "content-type": "application/json" },
      body: JSON.stringify({ color: "#000000" }),
    });
    expect(patched.status).toBe(200);
    await shell.ok("pulumi refresh --yes");
    const drift = await shell.line("pulumi preview --expect-no-changes");
    expect(drift.code).not.toBe(0);
    // The drifted property is named (the refresh stored the server's value as its input).
    expect(drift.stdout).toMatch(/~ .*vip.*update.*\[diff: ~color\]/);

    await shell.ok("pulumi up");
    expect(sandbox.control.snapshot().labels.find((l) => l.title === "vip")?.color).toBe("#7c3aed");
    await shell.ok("pulumi preview");
    await shell.ok("pulumi refresh");
    await shell.ok("pulumi destroy");
    expect(sandbox.control.snapshot().labels.map((l) => l.title)).not.toContain("vip");
  });

  test("the adoption guide's `pulumi import` of a TypeScript class fails as the guide quotes it, and writes nothing", async () => {
    const guide = userDoc("docs/guides/adopting-and-importing.md");
    const quote = /^```text\n(Diagnostics:\n[\s\S]*?)^```$/m.exec(guide.slice(guide.indexOf("## `pulumi import` of a TypeScript class")))?.[1];
    if (!quote) throw new Error("the adoption guide quotes no Diagnostics of the failed import");
    const before = sandbox.control.log().length;
    const done = await shell.line("pulumi import 'pulumi-nodejs:dynamic/chatwoot:Label' vip 5");
    expect(done.code).not.toBe(0);
    // The output beside the verdict, so that a failure shows what Pulumi printed instead.
    expect({ quoted: quotedIn(quote, done.stdout), output: done.stdout }).toEqual({ quoted: true, output: done.stdout });
    expect(writes(before)).toEqual([]);
    const state = JSON.parse((await runCommand("pulumi", ["stack", "export"], { cwd: shell.cwd, env: shell.env })).stdout) as { deployment: { resources?: { type: string }[] } };
    expect((state.deployment.resources ?? []).filter((r) => r.type.endsWith(":Label"))).toEqual([]);
  });

  test("cloning: the README's export, `npm install` and commands, in a directory outside the checkout, applied to account 2", async () => {
    const source = await startSandbox({ fixture: CLONE_FIXTURE });
    try {
      // A reader's project that installed the package from its tarball (without the network here).
      const project = path.join(outside, "my-project");
      fs.mkdirSync(project);
      installCopy(packPackage(outside).tarball, project);
      fs.mkdirSync(path.join(project, "node_modules", ".bin"));
      fs.symlinkSync("../pulumi-chatwoot/dist/sdk/cli/main.js", path.join(project, "node_modules", ".bin", "pulumi-chatwoot"));
      const env = { ...baseEnv(path.join(work, "home")), npm_config_cache: NPM_CACHE, PULUMI_CONFIG_PASSPHRASE: "clone" };
      const reader = new Shell(project, { ...env, CHATWOOT_URL: source.url, CHATWOOT_API_ACCESS_TOKEN: source.info.accounts[0]?.adminToken }, []);
      await reader.ok("npx pulumi-chatwoot export --account-id 1 --out acme-config   # also: --include labels,teams or --exclude macros, --platform, --package SPEC");
      // Installs as written: the Pulumi SDK and TypeScript from the registry, the package from the tarball beside it.
      await reader.ok("cd acme-config && npm install");
      const config = path.join(project, "acme-config");
      const installed = path.join(config, "node_modules", "pulumi-chatwoot");
      expect(fs.lstatSync(installed).isSymbolicLink()).toBe(false);
      expect(JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")).version).toBe(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).version);

      const clone = new Shell(config, env, [["https://chat.example.com", source.url]]);
      await clone.source("mkdir -p .pulumi-state && export PULUMI_BACKEND_URL=file://$PWD/.pulumi-state");
      await clone.ok("pulumi stack init globex");
      await clone.ok("pulumi config set chatwoot:url https://chat.example.com");
      await clone.ok("pulumi config set chatwoot:accountId 2");
      await clone.ok("pulumi config set --secret chatwoot:apiAccessToken", source.info.accounts[1]?.adminToken);
      await clone.ok("pulumi config set --secret chatwoot:platformAccessToken   # with Platform agent bots (--platform)", source.info.platformTokens[0]);
      await clone.ok("pulumi config set adopt false                            # create rather than adopt");
      await clone.ok('pulumi config set portalSuffix globex                    # same installation only: slug "help" becomes "help-globex" (portals and articles)');
      await clone.ok("pulumi config set --secret hookOpenaiApiKey              # each credential of a hook or custom tool (the project's README lists them)", OPENAI_KEY);
      // The README's example of the key an e-mail inbox needs; this export names it after its inbox.
      await clone.ok("pulumi config set inboxSupportEmailId 5");
      expect(fs.readFileSync(path.join(config, "index.ts"), "utf8")).toContain('config.requireNumber("inboxAcmeSupportEmailId")');
      await runCommand("pulumi", ["config", "set", "inboxAcmeSupportEmailId", String(TARGET_EMAIL_INBOX)], { cwd: config, env: clone.env });
      // The credentials the export names but never writes (a custom tool's token), as secrets of the stack.
      await runCommand("pulumi", ["config", "set", "--secret", "toolOrderStatusToken", TOOL_TOKEN], { cwd: config, env: clone.env });
      // And the WhatsApp number's (the fixture's second inbox that can only be adopted).
      await runCommand("pulumi", ["config", "set", "inboxAcmeWhatsAppId", String(TARGET_WHATSAPP_INBOX)], { cwd: config, env: clone.env });
      const before = source.control.log().length;
      // The program type-checks as Pulumi runs it, against the installed package and TypeScript.
      await clone.ok("pulumi up");
      const created = writesIn(source.control.log().slice(before)).filter((w) => w.method === "POST");
      expect(created.length).toBeGreaterThan(10);
      expect(created.every((w) => w.path.startsWith("/api/v1/accounts/2/") || w.path.startsWith("/platform/"))).toBe(true);
    } finally {
      await source.close();
    }
  });
});

/** The sandbox guide's block that points `pulumi up` at a sandbox it starts and stops. */
const SANDBOX_BLOCK = bashBlockAfter(userDoc("docs/guides/sandbox.md"), "## Pointing `pulumi up` at it");

/** Whether something answers HTTP at `url`. */
const answers = (url: string) => fetch(url).then(() => true, () => false);

realEngine.describe("the sandbox guide's block, as written, in a project outside the checkout that installed the packed package", () => {
  const outside = temporaryDir("chatwoot-readme-sandbox-");
  // The block's shell is a process group of its own, so that nothing it starts outlives the test.
  const group = blockGroup();

  test("starts the package's sandbox, points a new stack at it, creates the program's objects, stops it, and reaches no registry", async () => {
    const project = path.join(outside, "my-chatwoot");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: my-chatwoot\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "my-chatwoot", private: true, main: "index.js" }));
    fs.writeFileSync(path.join(project, "index.js"), PROGRAM);
    const home = path.join(outside, "home");
    fs.mkdirSync(home);
    const env = { ...baseEnv(home), npm_config_cache: NPM_CACHE, npm_config_update_notifier: "false" };
    // The package installed as the Quick start installs it: its tarball and the pinned SDK, through npm
    // (from the machine's cache where it holds them), so that node_modules/.bin has its command.
    const { tarball } = packPackage(outside);
    const install = await runCommand("npm", ["install", "--save-exact", "--prefer-offline", "--no-audit", "--no-fund", `@pulumi/pulumi@${SDK_VERSION}`, tarball], { cwd: project, env });
    if (install.code !== 0) throw new Error(`npm install exited ${install.code}:\n${tail(install, 30)}`);
    expect(fs.lstatSync(path.join(project, "node_modules", "pulumi-chatwoot")).isSymbolicLink()).toBe(false);

    // The block whole, in one shell, in order; its port is a free one. npm's registry is a closed
    // loopback port: a line that asked it (npx outside a project that has the package) would fail.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const script = SANDBOX_BLOCK.join("\n").split("--port 3000").join(`--port ${port}`).split("http://127.0.0.1:3000").join(url);
    const done = await runBlock(script, { cwd: project, env: { ...env, npm_config_registry: "http://127.0.0.1:9/" }, timeoutMs: 180_000, onSpawn: group.onSpawn });
    if (done.code !== 0) throw new Error(`the block exited ${done.code}:\n${tail(done, 40)}`);
    for (const line of SANDBOX_BLOCK) {
      const command = commandOf(line);
      if (command) ran.add(command);
    }

    // The sandbox wrote its ready line where the block reads it, and created what the program declares.
    const info = JSON.parse(fs.readFileSync(path.join(project, "sandbox.json"), "utf8")) as Sandbox["info"];
    expect(info.url).toBe(url);
    expect(done.stdout).toMatch(/\+ +pulumi-nodejs:dynamic\/chatwoot:Label +vip +created/);
    expect(done.stdout).toMatch(/\+ +pulumi-nodejs:dynamic\/chatwoot:Team +billing +created/);
    const checkpoint = fs.readFileSync(path.join(project, ".pulumi-state", ".pulumi", "stacks", "my-chatwoot", "sandbox.json"), "utf8");
    type Checkpoint = { checkpoint: { latest: { resources: { type: string; id?: string; outputs?: { title?: string; name?: string } }[] } } };
    const made = (JSON.parse(checkpoint) as Checkpoint).checkpoint.latest.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/chatwoot:"));
    // In the order the creates finished, which varies.
    expect(made.map((r) => [r.type.split(":").at(-1), r.outputs?.title ?? r.outputs?.name, /^\d+$/.test(r.id ?? "")]).sort()).toEqual([
      ["Label", "vip", true],
      ["Team", "billing", true],
    ]);
    // Its tokens are in no file of the stack and no output of the block.
    const config = fs.readFileSync(path.join(project, "Pulumi.sandbox.yaml"), "utf8");
    expect(config).toContain(url);
    for (const token of [info.platformTokens, info.accounts.map((a) => a.adminToken)].flat()) expect(`${config}${checkpoint}${done.stdout}${done.stderr}`).not.toContain(token);

    // `kill %1` stopped the sandbox (it closes its port as it exits).
    const stopped = Date.now() + 10_000;
    while ((await answers(url)) && Date.now() < stopped) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await answers(url)).toBe(false);
  });
});

/** The README's Pulumi YAML program: the `yaml` block that declares a `chatwoot:index:Label`. */
function readmeYamlProgram(): string {
  const block = [...README.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? "").find((code) => /^runtime: yaml$/m.test(code) && code.includes("type: chatwoot:index:Label"));
  if (!block) throw new Error("the README has no Pulumi YAML program of a chatwoot:index:Label");
  return block;
}

/** Whether the plugin scenario can run here: it needs the YAML language host beside the CLI. */
const yamlHost = Boolean(realEngine.binary && yamlHostBinary());

realEngine.describeYaml("the README's plugin: installed from its tarball, a Pulumi YAML program, `pulumi import`", () => {
  const work = temporaryDir("chatwoot-readme-plugin-");
  let sandbox: Sandbox;
  afterAll(async () => {
    await sandbox?.close();
  });

  test("the plugin installed as written, a label made by hand imported as `vip`, then an up that changes nothing", async () => {
    sandbox = await startSandbox();
    const [account] = sandbox.info.accounts;
    // The account's labels made in the dashboard: `vip` is the fifth, so its id is the README's 5.
    const made: { id: number; title: string }[] = [];
    for (const title of ["support", "billing", "urgent", "refund", "vip"]) {
      const res = await fetch(`${sandbox.url}/api/v1/accounts/${account!.id}/labels`, {
        method: "POST",
        headers: { api_access_token: account!.adminToken, "content-type": "application/json" },
        body: JSON.stringify({ title, color: "#7c3aed" }),
      });
      expect(res.status).toBe(200);
      made.push((await res.json()) as { id: number; title: string });
    }
    expect(made.at(-1)).toMatchObject({ id: 5, title: "vip" });

    const home = path.join(work, "home");
    fs.mkdirSync(home);
    const env = baseEnv(home);
    // In the checkout: the tarball of dist/plugin, into this scenario's PULUMI_HOME.
    const checkout = new Shell(REPO_ROOT, env, []);
    await checkout.ok("pulumi plugin install resource chatwoot 0.1.0 --file dist/plugin/pulumi-resource-chatwoot-v0.1.0-linux-amd64.tar.gz");
    expect(fs.existsSync(path.join(env.PULUMI_HOME!, "plugins", "resource-chatwoot-v0.1.0", "pulumi-resource-chatwoot"))).toBe(true);

    // The README's program in an empty directory, its stack kept beside it (the sandbox section's file backend).
    const project = path.join(work, "my-chatwoot-yaml");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), readmeYamlProgram());
    const shell = new Shell(project, env, [["https://chat.example.com", sandbox.url]]);
    await shell.source("mkdir -p .pulumi-state && export PULUMI_BACKEND_URL=file://$PWD/.pulumi-state");
    await shell.source("export PULUMI_CONFIG_PASSPHRASE=sandbox   # the local backend's secrets passphrase");
    await shell.ok("pulumi stack init dev");
    await shell.ok("pulumi config set chatwoot:url https://chat.example.com");
    await shell.ok("pulumi config set chatwoot:accountId 1");
    await shell.ok("pulumi config set --secret chatwoot:apiAccessToken        # an administrator's access token", account!.adminToken);

    const before = sandbox.control.log().length;
    const imported = await shell.ok("pulumi import chatwoot:index:Label vip 5");
    // Pulumi prints the declaration to put in the program: the one the README's program has.
    expect(imported.stdout).toMatch(/^ {2}vip:\n {4}type: chatwoot:Label\n {4}properties:\n(?: {6}.*\n)*? {6}title: vip\n/m);
    const state = JSON.parse((await runCommand("pulumi", ["stack", "export"], { cwd: project, env: shell.env })).stdout) as {
      deployment: { resources: { type: string; id?: string; urn: string }[] };
    };
    expect(state.deployment.resources.filter((r) => r.type === "chatwoot:index:Label").map((r) => [r.urn.split("::").at(-1), r.id])).toEqual([["vip", "5"]]);

    await shell.ok("pulumi up --expect-no-changes");
    expect(writesIn(sandbox.control.log().slice(before))).toEqual([]);
    expect(sandbox.control.snapshot().labels.map((l) => l.title).sort()).toEqual(["billing", "refund", "support", "urgent", "vip"]);
  });
});

realEngine.describe("the README's pulumi commands, all of them", () => {
  test("each scenario ran every line it is down for", () => {
    // Without the YAML language host the plugin scenario is skipped (loudly; a failure under CI).
    const expected = Object.entries(HANDLED).filter(([, how]) => "run" in how && (how.run !== "plugin" || yamlHost)).map(([line]) => line);
    expect(expected.filter((line) => !ran.has(line))).toEqual([]);
  });
});

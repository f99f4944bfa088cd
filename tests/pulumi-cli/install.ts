/**
 * Puts a real Pulumi CLI in `.pulumi-cli/bin` (ignored by git): `pulumi`, the language hosts
 * `pulumi-language-nodejs`, `pulumi-language-python` and `pulumi-language-go`, and the
 * dynamic-provider plugin `pulumi-resource-pulumi-nodejs`, side by side, which is where the CLI
 * looks for its bundled plugins. `npm run setup:pulumi` runs it;
 * the demo and the program tier call it too. Quick when everything is there already.
 * `npm run setup:pulumi` also puts Pulumi's YAML language host `pulumi-language-yaml` there
 * ({@link ensureYamlHost}), which only Pulumi YAML programs need, and the stand-in hosts' Go half
 * `language-tools` ({@link ensureLanguageTools}).
 *
 * Where the CLI comes from, in order:
 * 1. A `pulumi` on the PATH (an installed Pulumi): linked, with the plugins beside it.
 * 2. Built from the Go module proxy with the wrapper module in this folder (go.mod pins
 *    `github.com/pulumi/pulumi/pkg/v3` and `sdk/v3` at the version of our `@pulumi/pulumi`), as
 *    Pulumi's release builds it. The Go modules of Pulumi's own Node.js, Python and Go language
 *    hosts are not served by the proxy, so ./language-host.js, ./python-language-host.js and
 *    ./go-language-host.js stand in for them (see there), with ./language-tools (Go) for what
 *    Pulumi's hosts do with Pulumi's Go packages.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { goSourcesHash } from "../../provider/build/go-sources";

export const REPO_ROOT = path.resolve(__dirname, "../..");
export const CLI_DIR = path.join(REPO_ROOT, ".pulumi-cli", "bin");
const WRAPPER_MODULE = __dirname;
const DYNAMIC_PROVIDER = path.join(__dirname, "dynamic-provider.js");
const LANGUAGE_HOST_NAME = "pulumi-language-nodejs";
/**
 * The language hosts beside the CLI and the stand-in of each (see there), for where the CLI does not
 * come with Pulumi's own: Node.js for TypeScript programs, Python and Go for programs on the SDKs
 * generated from the plugin's schema.
 */
const LANGUAGE_HOSTS = [
  { name: LANGUAGE_HOST_NAME, standIn: path.join(__dirname, "language-host.js") },
  { name: "pulumi-language-python", standIn: path.join(__dirname, "python-language-host.js") },
  { name: "pulumi-language-go", standIn: path.join(__dirname, "go-language-host.js") },
] as const;
const PLUGIN_NAME = "pulumi-resource-pulumi-nodejs";
const YAML_MODULE = path.join(__dirname, "yaml-host");
export const YAML_HOST_NAME = "pulumi-language-yaml";
/** The stand-in hosts' Go half, a package of the wrapper module. */
const LANGUAGE_TOOLS = { name: "language-tools", pkg: "pulumi-chatwoot/tests/pulumi-cli/language-tools" } as const;
/** What the Go half is built from: its package, the wrapper module's pins, and the module of Go fixes it shares with provider/build/sdkgen. */
const LANGUAGE_TOOLS_SOURCES = [path.join(__dirname, "language-tools"), path.join(WRAPPER_MODULE, "go.mod"), path.join(WRAPPER_MODULE, "go.sum"), path.join(REPO_ROOT, "provider/build/sdkgen/shared")];

/** How to get a CLI when this machine can neither link nor build one: one sentence. */
export const NO_CLI =
  "No Pulumi CLI: neither `pulumi` nor `go` is on the PATH. Install Pulumi (https://www.pulumi.com/docs/iac/download-install/) " +
  "or Go 1.25 or newer (then `npm run setup:pulumi` builds the CLI from the Go module proxy).";

/** Why Pulumi YAML programs will not run with the CLI that is there: one sentence. */
export const NO_YAML_HOST =
  "Pulumi YAML programs will not run with this CLI: its YAML language host (pulumi-language-yaml) is built with Go, and `go` is not on the PATH " +
  "(install Go 1.25 or newer, then run `npm run setup:pulumi` again).";

export type CliSource = "already there" | "linked from the PATH" | "built from the Go module proxy";
export type CliLookup = { found: true; pulumi: string; version: string; source: CliSource } | { found: false; reason: string };
/** `version` is what Go's build info in the host says, when it says (an installed Pulumi's host may not). */
/** `hash` names the sources the tool was built from. */
export type LanguageToolsLookup = { found: true; tools: string; source: "already there" | "built"; hash: string } | { found: false; reason: string };
export type YamlHostLookup = { found: true; host: string; version: string | undefined; source: CliSource } | { found: false; reason: string };

/** The Pulumi version the wrapper module pins (`github.com/pulumi/pulumi/pkg/v3 => ... vX.Y.Z`). */
export function pinnedVersion(): string {
  const goMod = fs.readFileSync(path.join(WRAPPER_MODULE, "go.mod"), "utf8");
  const pin = /github\.com\/pulumi\/pulumi\/pkg\/v3 => github\.com\/pulumi\/pulumi\/pkg\/v3 (v\d+\.\d+\.\d+)/.exec(goMod);
  if (!pin) throw new Error(`${path.join(WRAPPER_MODULE, "go.mod")} pins no version of github.com/pulumi/pulumi/pkg/v3`);
  return pin[1];
}

/** The pulumi-yaml version the YAML host's module requires (`github.com/pulumi/pulumi-yaml vX.Y.Z`). */
export function pinnedYamlVersion(): string {
  const goMod = fs.readFileSync(path.join(YAML_MODULE, "go.mod"), "utf8");
  const pin = /^\s*github\.com\/pulumi\/pulumi-yaml (v\d+\.\d+\.\d+)/m.exec(goMod);
  if (!pin) throw new Error(`${path.join(YAML_MODULE, "go.mod")} requires no version of github.com/pulumi/pulumi-yaml`);
  return pin[1];
}

/** Where to put the CLI and where to look for one. */
export interface Place {
  /** The directory that receives `pulumi` and its plugins (default `.pulumi-cli/bin`). */
  dir: string;
  /** The environment whose PATH is searched for an installed `pulumi` and for `go`. */
  env: NodeJS.ProcessEnv;
}

/** The executable `name` in a directory of the PATH, leaving out the CLI directory itself. */
function onPath(name: string, { dir: cliDir, env }: Place): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (!dir || path.resolve(dir) === path.resolve(cliDir)) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** What `pulumi version` prints, or `undefined` when it does not answer. */
function versionOf(pulumi: string): string | undefined {
  const answer = spawnSync(pulumi, ["version"], { encoding: "utf8", env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" }, timeout: 30_000 });
  const version = answer.status === 0 ? answer.stdout.trim() : "";
  return version || undefined;
}

/** Where Go's build info starts in a binary; the module lines of `go version -m` follow it as text. */
const BUILD_INFO = Buffer.from("\xff Go buildinf:", "latin1");

/**
 * The pulumi-yaml version a `pulumi-language-yaml` was built from, as Go's build info in the binary
 * records it (`mod` or `dep github.com/pulumi/pulumi-yaml vX.Y.Z`). The host prints no version (it
 * tells its stamped one only to the engine, over gRPC), and reading the binary needs no Go.
 */
export function yamlHostVersion(file: string): string | undefined {
  let binary: Buffer;
  try {
    binary = fs.readFileSync(file);
  } catch {
    return undefined; // not there, or a link whose target is gone
  }
  const start = binary.indexOf(BUILD_INFO);
  if (start < 0) return undefined;
  // The module lines of a few hundred dependencies take some tens of KB.
  const info = binary.toString("latin1", start, start + 1024 * 1024);
  return /\n(?:mod|dep)\tgithub\.com\/pulumi\/pulumi-yaml\t(v[^\t\n]+)/.exec(info)?.[1];
}

/** Makes `dir/name` a symbolic link to `target`. */
function link(dir: string, target: string, name: string): void {
  const file = path.join(dir, name);
  fs.rmSync(file, { force: true });
  fs.symlinkSync(target, file);
}

/** A two-line launcher of a Node.js script of this folder, with `args` before the engine's. */
const launcher = (script: string, args: readonly string[]) => `#!/bin/sh\nexec node ${[script, ...args].map((a) => JSON.stringify(a)).join(" ")} "$@"\n`;

/** Makes `dir/name` the launcher of `script`, unless it is that already (other runs may be using it). */
function placeLauncher(dir: string, script: string, name: string, args: readonly string[] = []): void {
  const file = path.join(dir, name);
  const text = launcher(script, args);
  if (!fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() && fs.existsSync(file) && fs.readFileSync(file, "utf8") === text) return;
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, text, { mode: 0o755 });
}

/**
 * The plugins beside `pulumi`: the dynamic-provider plugin (Pulumi's host script, through
 * ./dynamic-provider.js, which ends it with its engine) and the language hosts (an installed
 * Pulumi's own where `installed`, the CLI's real path, has it beside it; else the stand-in).
 */
function placePlugins(dir: string, installed: string | undefined): void {
  placeLauncher(dir, DYNAMIC_PROVIDER, PLUGIN_NAME);
  for (const { name, standIn } of LANGUAGE_HOSTS) {
    const real = installed && sibling(installed, name);
    if (!real) {
      // The stand-in finds its Go half beside it, where ensureLanguageTools builds it.
      placeLauncher(dir, standIn, name, [`--language-tools=${path.join(path.resolve(dir), LANGUAGE_TOOLS.name)}`]);
      continue;
    }
    const host = path.join(dir, name);
    const current = fs.existsSync(host) ? fs.realpathSync(host) : undefined;
    if (current !== fs.realpathSync(real)) link(dir, real, name);
  }
}

/** Whether the CLI directory holds a working CLI of the right kind, with both plugins in place. */
function present(dir: string): CliLookup | undefined {
  const pulumi = path.join(dir, "pulumi");
  if (!fs.existsSync(pulumi)) return undefined; // also a link whose target is gone
  const version = versionOf(pulumi);
  if (!version) return undefined;
  const linked = fs.lstatSync(pulumi).isSymbolicLink();
  // A build of another version (the pin moved) is built again; a linked CLI is the user's choice.
  if (!linked && version !== pinnedVersion()) return undefined;
  // Kept as they are when they are right already: an older setup's plugins are replaced.
  placePlugins(dir, linked ? fs.realpathSync(pulumi) : undefined);
  return { found: true, pulumi, version, source: "already there" };
}

/** The plugin `name` beside an installed `pulumi` (its real path), if it ships one. */
function sibling(pulumi: string, name: string): string | undefined {
  const plugin = path.join(path.dirname(pulumi), name);
  return fs.existsSync(plugin) ? plugin : undefined;
}

/** Runs a command in `cwd`, passing each line of its output to `onLine`; rejects with its last lines on failure. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const tail: string[] = [];
    let partial = "";
    const take = (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        tail.push(line);
        if (tail.length > 30) tail.shift();
        onLine(line);
      }
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (exit ${code}):\n${tail.join("\n")}`))));
  });
}

/** A binary built from a Go module of this folder, whose go.mod and go.sum pin all it is made of. */
interface GoBinary {
  module: string;
  /** The main package; the binary takes the last part of its path as its name. */
  pkg: string;
  /** The `-X` flag that stamps the version the binary reports, if it reports one. */
  stamp?: string;
  tags?: string;
}

/**
 * Builds a binary into `dir` as Pulumi's releases do (`CGO_ENABLED=0`, `-trimpath`, `-s -w`, the
 * version stamped with `-X`), reusing Go's module and build caches; progress lines go to `log`.
 */
async function goBuild(dir: string, binary: GoBinary, log: (line: string) => void, baseEnv: NodeJS.ProcessEnv): Promise<void> {
  const env = { ...baseEnv, CGO_ENABLED: "0", GOFLAGS: "-mod=readonly" };
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
  let modules = 0;
  await run("go", ["mod", "download", "-json"], binary.module, env, (line) => {
    if (line.startsWith('\t"Path":')) modules += 1;
  });
  log(`  ${modules} modules in Go's module cache (${elapsed()}).`);
  let packages = 0;
  const ticker = setInterval(() => log(`  compiling: ${packages} packages so far (${elapsed()})`), 15_000);
  try {
    await run(
      "go",
      ["build", "-v", "-trimpath", ...(binary.tags ? ["-tags", binary.tags] : []), "-ldflags", `-s -w${binary.stamp ? ` ${binary.stamp}` : ""}`, "-o", `${dir}${path.sep}`, binary.pkg],
      binary.module,
      env,
      (line) => {
        if (line && !line.startsWith("go: ")) packages += 1;
      },
    );
  } finally {
    clearInterval(ticker);
  }
  const built = path.join(dir, path.posix.basename(binary.pkg));
  log(`  built ${path.relative(REPO_ROOT, built)} in ${elapsed()} (${packages} packages compiled, the rest from Go's build cache).`);
}

/** `pulumi` as Pulumi's release builds it (its `.goreleaser.yml`: these tags, the version stamped). */
async function build(dir: string, version: string, log: (line: string) => void, baseEnv: NodeJS.ProcessEnv): Promise<void> {
  log(`Building the Pulumi CLI ${version} from the Go module proxy (a cold build takes several minutes on 2 cores; Go's caches make the next one quick).`);
  const binary = {
    module: WRAPPER_MODULE,
    pkg: "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi",
    tags: "osusergo,grpcnotrace",
    stamp: `-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=${version}`,
  };
  await goBuild(dir, binary, log, baseEnv);
}

/**
 * Makes sure the CLI directory holds a CLI and its plugins (see the file's comment), and says
 * where it came from; `{ found: false }` with {@link NO_CLI} when this machine has no way to one.
 */
export async function ensurePulumiCli(
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  place: Place = { dir: CLI_DIR, env: process.env },
): Promise<CliLookup> {
  const { dir } = place;
  const ready = present(dir);
  if (ready) return ready;
  fs.mkdirSync(dir, { recursive: true });
  const installed = onPath("pulumi", place);
  if (installed) {
    const real = fs.realpathSync(installed);
    const version = versionOf(real);
    if (version) {
      link(dir, real, "pulumi");
      placePlugins(dir, real);
      log(`Linked the Pulumi CLI ${version} from ${installed}.`);
      return { found: true, pulumi: path.join(dir, "pulumi"), version, source: "linked from the PATH" };
    }
    log(`${installed} does not answer \`pulumi version\`: building one instead.`);
  }
  if (!onPath("go", place)) return { found: false, reason: NO_CLI };
  const version = pinnedVersion();
  fs.rmSync(path.join(dir, "pulumi"), { force: true });
  await build(dir, version, log, place.env);
  placePlugins(dir, undefined);
  const built = versionOf(path.join(dir, "pulumi"));
  if (built !== version) throw new Error(`the CLI built from ${WRAPPER_MODULE} answers \`pulumi version\` with ${JSON.stringify(built ?? "")}, not ${version}`);
  return { found: true, pulumi: path.join(dir, "pulumi"), version, source: "built from the Go module proxy" };
}

/** The real path of the CLI directory's `pulumi` when it is a link to an installed Pulumi. */
function linkedCli(dir: string): string | undefined {
  const pulumi = path.join(dir, "pulumi");
  try {
    return fs.lstatSync(pulumi).isSymbolicLink() ? fs.realpathSync(pulumi) : undefined;
  } catch {
    return undefined; // no CLI, or a link whose target is gone
  }
}

/** What a symbolic link points to, or `undefined` for anything else. */
function linkTarget(file: string): string | undefined {
  try {
    return fs.readlinkSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Puts Pulumi's YAML language host beside the CLI, so Pulumi YAML programs run: beside a CLI linked
 * from the PATH, the installed Pulumi's own host (when it ships one); else one built from the Go
 * module proxy with the module in ./yaml-host, which is its own because pulumi-yaml requires older
 * `pkg/v3` and `sdk/v3` than the CLI's and does not compile against those (a host and the CLI talk
 * over gRPC, so any v3 CLI runs it). Quick when a host of the pinned version is there. Without Go
 * it changes nothing and says what that means ({@link NO_YAML_HOST}): the CLI itself still works.
 */
export async function ensureYamlHost(
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  place: Place = { dir: CLI_DIR, env: process.env },
): Promise<YamlHostLookup> {
  const { dir } = place;
  const host = path.join(dir, YAML_HOST_NAME);
  const cli = linkedCli(dir);
  const installed = cli && sibling(cli, YAML_HOST_NAME);
  if (installed) {
    if (linkTarget(host) === installed) return { found: true, host, version: yamlHostVersion(host), source: "already there" };
    link(dir, installed, YAML_HOST_NAME);
    log(`Linked Pulumi's YAML language host from ${installed}.`);
    return { found: true, host, version: yamlHostVersion(host), source: "linked from the PATH" };
  }
  const version = pinnedYamlVersion();
  const there = yamlHostVersion(host);
  if (there === version) return { found: true, host, version, source: "already there" };
  if (!onPath("go", place)) {
    if (!there) return { found: false, reason: NO_YAML_HOST };
    // Another version still runs YAML programs; only Go could replace it.
    log(`Kept ${host} ${there}: \`go\` is not on the PATH to build ${version}.`);
    return { found: true, host, version: there, source: "already there" };
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(host, { force: true });
  log(`Building Pulumi's YAML language host ${version} from the Go module proxy (one to two minutes cold on 2 cores, seconds with Go's caches).`);
  await goBuild(dir, { module: YAML_MODULE, pkg: "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml", stamp: `-X github.com/pulumi/pulumi-yaml/pkg/version.Version=${version}` }, log, place.env);
  const built = yamlHostVersion(host);
  if (built !== version) throw new Error(`the YAML language host built from ${YAML_MODULE} was built from pulumi-yaml ${JSON.stringify(built ?? "")}, not ${version}`);
  return { found: true, host, version, source: "built from the Go module proxy" };
}

/** Why the stand-in hosts cannot answer what their Go half does: one sentence. */
export const NO_LANGUAGE_TOOLS =
  "The stand-in language hosts cannot generate code (`pulumi import`, `pulumi convert`), install dependencies or link packages: their Go half (language-tools) is built with Go, and `go` is not on the PATH " +
  "(install Go 1.25 or newer, then run `npm run setup:pulumi` again).";

/**
 * Builds the stand-in hosts' Go half, `language-tools` (./language-tools), beside them in the CLI
 * directory, from the wrapper module (the CLI's pins) with Go's caches; again only when its sources
 * changed (their hash is kept beside it). Needed only where a stand-in host is placed: beside an
 * installed Pulumi that has all its hosts it does nothing.
 */
export async function ensureLanguageTools(
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  place: Place = { dir: CLI_DIR, env: process.env },
): Promise<LanguageToolsLookup | undefined> {
  const { dir } = place;
  const cli = linkedCli(dir);
  if (LANGUAGE_HOSTS.every(({ name }) => cli && sibling(cli, name))) return undefined;
  const tools = path.join(dir, LANGUAGE_TOOLS.name);
  const stampFile = `${tools}.sources`;
  const hash = goSourcesHash(REPO_ROOT, LANGUAGE_TOOLS_SOURCES);
  const built = fs.existsSync(tools) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8").trim() === hash;
  if (built) return { found: true, tools, source: "already there", hash };
  if (!onPath("go", place)) return { found: false, reason: NO_LANGUAGE_TOOLS };
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(tools, { force: true });
  log("Building the stand-in language hosts' Go half (language-tools: Pulumi's code generators, package managers and toolchains) with Go's caches.");
  await goBuild(dir, { module: WRAPPER_MODULE, pkg: LANGUAGE_TOOLS.pkg }, log, place.env);
  fs.writeFileSync(stampFile, `${hash}\n`);
  return { found: true, tools, source: "built", hash };
}

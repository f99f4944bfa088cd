/**
 * Puts a real Pulumi CLI in `.pulumi-cli/bin` (ignored by git): `pulumi`, a Node.js language host
 * `pulumi-language-nodejs`, and the dynamic-provider plugin `pulumi-resource-pulumi-nodejs`, side
 * by side, which is where the CLI looks for its bundled plugins. `npm run setup:pulumi` runs it;
 * the demo and the program tier call it too. Quick when everything is there already.
 *
 * Where the CLI comes from, in order:
 * 1. A `pulumi` on the PATH (an installed Pulumi): linked, with the plugins beside it.
 * 2. Built from the Go module proxy with the wrapper module in this folder (go.mod pins
 *    `github.com/pulumi/pulumi/pkg/v3` and `sdk/v3` at the version of our `@pulumi/pulumi`), as
 *    Pulumi's release builds it. The Go module of Pulumi's own Node.js language host is not served
 *    by the proxy, so ./language-host.js stands in for it (see there).
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

export const REPO_ROOT = path.resolve(__dirname, "../..");
export const CLI_DIR = path.join(REPO_ROOT, ".pulumi-cli", "bin");
const WRAPPER_MODULE = __dirname;
const LANGUAGE_HOST = path.join(__dirname, "language-host.js");
const DYNAMIC_PROVIDER = path.join(__dirname, "dynamic-provider.js");
const LANGUAGE_HOST_NAME = "pulumi-language-nodejs";
const PLUGIN_NAME = "pulumi-resource-pulumi-nodejs";

/** How to get a CLI when this machine can neither link nor build one: one sentence. */
export const NO_CLI =
  "No Pulumi CLI: neither `pulumi` nor `go` is on the PATH. Install Pulumi (https://www.pulumi.com/docs/iac/download-install/) " +
  "or Go 1.25 or newer (then `npm run setup:pulumi` builds the CLI from the Go module proxy).";

export type CliSource = "already there" | "linked from the PATH" | "built from the Go module proxy";
export type CliLookup = { found: true; pulumi: string; version: string; source: CliSource } | { found: false; reason: string };

/** The Pulumi version the wrapper module pins (`github.com/pulumi/pulumi/pkg/v3 => ... vX.Y.Z`). */
export function pinnedVersion(): string {
  const goMod = fs.readFileSync(path.join(WRAPPER_MODULE, "go.mod"), "utf8");
  const pin = /github\.com\/pulumi\/pulumi\/pkg\/v3 => github\.com\/pulumi\/pulumi\/pkg\/v3 (v\d+\.\d+\.\d+)/.exec(goMod);
  if (!pin) throw new Error(`${path.join(WRAPPER_MODULE, "go.mod")} pins no version of github.com/pulumi/pulumi/pkg/v3`);
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

/** Makes `dir/name` a symbolic link to `target`. */
function link(dir: string, target: string, name: string): void {
  const file = path.join(dir, name);
  fs.rmSync(file, { force: true });
  fs.symlinkSync(target, file);
}

/** A two-line launcher of a Node.js script of this folder. */
const launcher = (script: string) => `#!/bin/sh\nexec node ${JSON.stringify(script)} "$@"\n`;

/** Makes `dir/name` the launcher of `script`, unless it is that already (other runs may be using it). */
function placeLauncher(dir: string, script: string, name: string): void {
  const file = path.join(dir, name);
  const text = launcher(script);
  if (!fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() && fs.existsSync(file) && fs.readFileSync(file, "utf8") === text) return;
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, text, { mode: 0o755 });
}

/**
 * The plugins beside `pulumi`: the dynamic-provider plugin (Pulumi's host script, through
 * ./dynamic-provider.js, which ends it with its engine) and a language host (an installed
 * Pulumi's own, else ./language-host.js).
 */
function placePlugins(dir: string, realLanguageHost: string | undefined): void {
  placeLauncher(dir, DYNAMIC_PROVIDER, PLUGIN_NAME);
  if (!realLanguageHost) return placeLauncher(dir, LANGUAGE_HOST, LANGUAGE_HOST_NAME);
  const host = path.join(dir, LANGUAGE_HOST_NAME);
  const current = fs.existsSync(host) ? fs.realpathSync(host) : undefined;
  if (current !== fs.realpathSync(realLanguageHost)) link(dir, realLanguageHost, LANGUAGE_HOST_NAME);
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
  placePlugins(dir, linked ? siblingLanguageHost(fs.realpathSync(pulumi)) : undefined);
  return { found: true, pulumi, version, source: "already there" };
}

function siblingLanguageHost(pulumi: string): string | undefined {
  const host = path.join(path.dirname(pulumi), LANGUAGE_HOST_NAME);
  return fs.existsSync(host) ? host : undefined;
}

/** Runs a command, passing each line of its stderr to `onLine`; rejects with its last lines on failure. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: WRAPPER_MODULE, env, stdio: ["ignore", "pipe", "pipe"] });
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

/**
 * Builds `pulumi` as Pulumi's release does (`CGO_ENABLED=0`, `-trimpath`, tags
 * `osusergo,grpcnotrace`, the version stamped with `-X`), reusing Go's module and build caches.
 */
async function build(dir: string, version: string, log: (line: string) => void, baseEnv: NodeJS.ProcessEnv): Promise<void> {
  const env = { ...baseEnv, CGO_ENABLED: "0", GOFLAGS: "-mod=readonly" };
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
  log(`Building the Pulumi CLI ${version} from the Go module proxy (a cold build takes several minutes on 2 cores; Go's caches make the next one quick).`);
  let modules = 0;
  await run("go", ["mod", "download", "-json"], env, (line) => {
    if (line.startsWith('\t"Path":')) modules += 1;
  });
  log(`  ${modules} modules in Go's module cache (${elapsed()}).`);
  let packages = 0;
  const ticker = setInterval(() => log(`  compiling: ${packages} packages so far (${elapsed()})`), 15_000);
  try {
    await run(
      "go",
      [
        "build",
        "-v",
        "-trimpath",
        "-tags",
        "osusergo,grpcnotrace",
        "-ldflags",
        `-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=${version}`,
        "-o",
        `${dir}${path.sep}`,
        "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi",
      ],
      env,
      (line) => {
        if (line && !line.startsWith("go: ")) packages += 1;
      },
    );
  } finally {
    clearInterval(ticker);
  }
  log(`  built ${path.relative(REPO_ROOT, path.join(dir, "pulumi"))} in ${elapsed()} (${packages} packages compiled, the rest from Go's build cache).`);
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
      placePlugins(dir, siblingLanguageHost(real));
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

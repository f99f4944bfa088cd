/**
 * What the Python and Go language hosts beside the CLI (./python-language-host.js,
 * ./go-language-host.js) need from this machine, made ready by `npm run setup:pulumi` so that a
 * fresh clone with cold caches runs the Python and Go programs of the tests within their time:
 * - Python: `python3` with its venv module. The host makes each program's virtual environment and
 *   installs its requirements from PyPI; installing examples/quickstart-python's once into a
 *   throw-away environment fills pip's cache with Pulumi's SDK and its dependencies.
 * - Go: examples/quickstart-go built once (the binary thrown away), which downloads the modules of
 *   Pulumi's Go SDK from the Go module proxy and compiles them with the generated SDK into Go's
 *   build cache (with the host's flags of `go build`, ./go-build-flags.json, by which the cache keys
 *   them), so that the host's `go build` of a program takes seconds.
 * Each is done again only when what it was done from changed (a stamp in `.pulumi-cli` records it).
 * Without the tool it says so loudly and changes nothing: only Python or Go programs need it.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import GO_BUILD_FLAGS from "./go-build-flags.json";
import { CLI_DIR, REPO_ROOT, run } from "./install";

export type ToolchainLookup = { ready: true; what: string } | { ready: false; reason: string };

/** The example whose dependencies are installed or built, the files they come from, and the stamp of the last time. */
interface Warmup {
  example: string;
  inputs: string[];
  stamp: string;
}

const PYTHON: Warmup = {
  example: path.join(REPO_ROOT, "examples", "quickstart-python"),
  inputs: ["examples/quickstart-python/requirements.txt", "sdk/python/pyproject.toml"],
  stamp: "python-requirements",
};

const GO: Warmup = {
  example: path.join(REPO_ROOT, "examples", "quickstart-go"),
  inputs: ["examples/quickstart-go/go.mod", "examples/quickstart-go/go.sum", "sdk/go/chatwoot/go.mod", "tests/pulumi-cli/go-build-flags.json"],
  stamp: "go-build",
};

/** The hash of a warm-up's inputs and the tool's version: what its stamp holds once it is done. */
function fingerprint(warmup: Warmup, toolVersion: string): string {
  const hash = createHash("sha256").update(toolVersion);
  for (const input of warmup.inputs) hash.update(fs.readFileSync(path.join(REPO_ROOT, input)));
  return hash.digest("hex");
}

const stampFile = (warmup: Warmup) => path.join(path.dirname(CLI_DIR), `${warmup.stamp}.stamp`);
const isDone = (warmup: Warmup, print: string) => fs.existsSync(stampFile(warmup)) && fs.readFileSync(stampFile(warmup), "utf8") === print;

/** What `command args` prints (its first line), or undefined when it does not run. */
function answer(command: string, args: string[], env: NodeJS.ProcessEnv): string | undefined {
  const done = spawnSync(command, args, { encoding: "utf8", env, timeout: 30_000 });
  return done.status === 0 ? `${done.stdout}${done.stderr}`.trim().split("\n")[0] : undefined;
}

const seconds = (started: number) => `${Math.round((Date.now() - started) / 1000)} s`;

/** Checks `python3` and fills pip's cache with the Python example's requirements (see the file's comment). */
export async function ensurePythonToolchain(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`), env: NodeJS.ProcessEnv = process.env): Promise<ToolchainLookup> {
  const version = answer("python3", ["-c", "import venv, ensurepip, sys; print(sys.version.split()[0])"], env);
  if (!version) return { ready: false, reason: "Python programs will not run: no `python3` with the venv module on the PATH (install Python 3.9 or newer)." };
  const print = fingerprint(PYTHON, version);
  if (isDone(PYTHON, print)) return { ready: true, what: `Python ${version}` };
  const venv = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-venv-"));
  const started = Date.now();
  log(`Installing ${path.relative(REPO_ROOT, PYTHON.example)}'s requirements into a throw-away virtual environment (fills pip's cache from PyPI).`);
  try {
    await run("python3", ["-m", "venv", venv], PYTHON.example, env, () => undefined);
    await run(path.join(venv, "bin", "python"), ["-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", "requirements.txt"], PYTHON.example, env, () => undefined);
  } finally {
    fs.rmSync(venv, { recursive: true, force: true });
  }
  log(`  done in ${seconds(started)}.`);
  fs.writeFileSync(stampFile(PYTHON), print);
  return { ready: true, what: `Python ${version}` };
}

/** Fills Go's module and build caches by building the Go example once (see the file's comment). */
export async function ensureGoToolchain(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`), env: NodeJS.ProcessEnv = process.env): Promise<ToolchainLookup> {
  const version = answer("go", ["version"], env);
  if (!version) return { ready: false, reason: "Go programs will not run: `go` is not on the PATH (install Go 1.25 or newer)." };
  const print = fingerprint(GO, version);
  if (isDone(GO, print)) return { ready: true, what: version };
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-go-"));
  const started = Date.now();
  log(`Building ${path.relative(REPO_ROOT, GO.example)} once (fills Go's caches: a minute or more cold on 2 cores, seconds warm).`);
  try {
    // With the Go host's flags: they are part of what Go's build cache keys its packages by.
    await run("go", ["build", "-o", path.join(out, "program"), ...GO_BUILD_FLAGS, "."], GO.example, env, () => undefined);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
  log(`  done in ${seconds(started)}.`);
  fs.writeFileSync(stampFile(GO), print);
  return { ready: true, what: version };
}

/**
 * `npm run build:sdks`: the native plugin's Python and Go SDKs (sdk/python, the `pulumi_chatwoot`
 * package; sdk/go/chatwoot, a Go module), written from provider/plugin/schema.json by Pulumi's own
 * generators through ./sdkgen (a Go tool: `pulumi package gen-sdk` would ask a language host, which
 * this repository cannot build), then `go mod tidy` in the Go module; and the reference pages'
 * examples in Python and Go (./example-programs.ts), which `npm run generate` (run after) puts in the
 * pages. They are checked in.
 *
 * `--check` writes nothing and exits 1 naming each SDK file that is not what it would write (a test
 * runs it). Both need `go` on the PATH; the tools' binaries are cached by the hash of their sources.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Declarations } from "./declarations";
import { goSourcesHash } from "./go-sources";
import { EXAMPLE_PROGRAMS_FILE, exampleSources, type ExampleProgram } from "./example-programs";
import type { PackageSchema } from "./pulumi-schema";
import { referenceExamples } from "./reference-docs";

const ROOT = path.resolve(__dirname, "../..");
const SCHEMA = path.join(ROOT, "provider/plugin/schema.json");
const TOOL = path.join(ROOT, "provider/build/sdkgen");
/** The SDK folders, from the root: every file in them is generated (but build leftovers, which git ignores). */
export const SDK_FOLDERS = ["sdk/python", "sdk/go"];
const GO_MODULE = "go/chatwoot";
/** What `pip install ./sdk/python` and Python leave in the Python SDK (the generated .gitignore lists them): a file or folder's name. */
export const BUILD_LEFTOVERS = /^(build|dist|__pycache__|\.mypy_cache|.*\.egg-info)$/;
/** Where the tools' binaries (and the tests' Python environments) are kept between runs. */
export const CACHE_DIR = path.join(ROOT, "node_modules/.cache/pulumi-chatwoot-sdkgen");

/** Whether `go` is on the PATH: without it no SDK can be written or checked. */
export function goAvailable(): boolean {
  return spawnSync("go", ["version"], { stdio: "ignore" }).status === 0;
}

/** A tool's binary (`sdkgen`, or `yamlpcl` of the module of that name), built once per version of the tools' sources under node_modules/.cache. */
export function toolBinary(name: "sdkgen" | "yamlpcl"): string {
  // The SDK generator, the YAML converter and the module they share.
  const binary = path.join(CACHE_DIR, goSourcesHash(TOOL, [TOOL]), name);
  if (!fs.existsSync(binary)) {
    const module = name === "sdkgen" ? TOOL : path.join(TOOL, name);
    execFileSync("go", ["build", "-o", `${binary}.tmp`, "."], { cwd: module, stdio: ["ignore", "inherit", "inherit"] });
    fs.renameSync(`${binary}.tmp`, binary);
  }
  return binary;
}

/** Runs a tool that reads JSON on stdin and writes JSON on stdout. */
function jsonTool<T>(name: "sdkgen" | "yamlpcl", args: string[], input: unknown): T {
  const out = execFileSync(toolBinary(name), args, { input: JSON.stringify(input), encoding: "utf8", maxBuffer: 64 << 20, stdio: ["pipe", "pipe", "inherit"] });
  return JSON.parse(out) as T;
}

/**
 * The reference pages' examples in Python and Go (./example-programs.ts): each whole YAML program
 * to PCL (pulumi-yaml), then to Python and Go (pkg/v3), against the checked-in schema.
 */
export function examplePrograms(): Record<string, ExampleProgram> {
  const schema = JSON.parse(fs.readFileSync(SCHEMA, "utf8")) as PackageSchema;
  const sources = [...exampleSources(referenceExamples(schema, new Declarations(ROOT))).values()];
  const yaml = Object.fromEntries(sources.map(({ key, yaml }) => [key, yaml]));
  const pcl = jsonTool<Record<string, string>>("yamlpcl", [SCHEMA], yaml);
  const converted = jsonTool<Record<string, { python: string; go: string }>>("sdkgen", ["programs", SCHEMA], pcl);
  return Object.fromEntries(sources.map(({ key, yaml }) => [key, { yaml, ...converted[key]! }]));
}

/** The text of converted-examples.json. */
const programsText = (programs: Record<string, ExampleProgram>) => `${JSON.stringify(programs, null, 2)}\n`;

/** Writes the SDKs under `out` (`out/python`, `out/go/chatwoot`); the Go module's go.sum there is kept and tidied. */
export function writeSdks(out: string): void {
  execFileSync(toolBinary("sdkgen"), ["sdks", SCHEMA, out], { stdio: ["ignore", "inherit", "inherit"] });
  execFileSync("go", ["mod", "tidy"], { cwd: path.join(out, GO_MODULE), stdio: ["ignore", "ignore", "inherit"] });
}

/** The files of an SDK folder, relative to it, but build leftovers. */
function filesOf(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const files: string[] = [];
  const walk = (at: string): void => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      if (BUILD_LEFTOVERS.test(entry.name)) continue;
      if (entry.isDirectory()) walk(path.join(at, entry.name));
      else files.push(path.relative(dir, path.join(at, entry.name)).split(path.sep).join("/"));
    }
  };
  walk(dir);
  return files.sort();
}

/** The SDK files (from the root) that differ from what `npm run build:sdks` writes, are missing, or are left over. */
export function staleSdkFiles(): string[] {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-sdks-"));
  try {
    // The checked-in go.sum is where `go mod tidy` starts, as it is in sdk/.
    const goSum = path.join(ROOT, "sdk", GO_MODULE, "go.sum");
    if (fs.existsSync(goSum)) {
      fs.mkdirSync(path.join(scratch, GO_MODULE), { recursive: true });
      fs.copyFileSync(goSum, path.join(scratch, GO_MODULE, "go.sum"));
    }
    writeSdks(scratch);
    const programs = path.join(ROOT, EXAMPLE_PROGRAMS_FILE);
    const stalePrograms = fs.existsSync(programs) && fs.readFileSync(programs, "utf8") === programsText(examplePrograms()) ? [] : [EXAMPLE_PROGRAMS_FILE];
    return [...stalePrograms, ...SDK_FOLDERS.flatMap((folder) => {
      const fresh = path.join(scratch, path.relative("sdk", folder));
      const current = path.join(ROOT, folder);
      const names = [...new Set([...filesOf(fresh), ...filesOf(current)])].sort();
      return names
        .filter((name) => {
          const [a, b] = [path.join(fresh, name), path.join(current, name)];
          return !fs.existsSync(a) || !fs.existsSync(b) || !fs.readFileSync(a).equals(fs.readFileSync(b));
        })
        .map((name) => `${folder}/${name}`);
    })];
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (require.main === module) {
  if (!goAvailable()) {
    process.stderr.write("error: `go` is not on the PATH: the SDKs are written by Pulumi's generators, a Go tool (provider/build/sdkgen)\n");
    process.exitCode = 1;
  } else if (process.argv.includes("--check")) {
    const stale = staleSdkFiles();
    for (const file of stale) process.stderr.write(`${file} is stale: run npm run build:sdks\n`);
    process.exitCode = stale.length > 0 ? 1 : 0;
  } else {
    writeSdks(path.join(ROOT, "sdk"));
    fs.writeFileSync(path.join(ROOT, EXAMPLE_PROGRAMS_FILE), programsText(examplePrograms()));
    process.stderr.write(`wrote sdk/python, sdk/go/chatwoot and ${EXAMPLE_PROGRAMS_FILE}\n`);
  }
}

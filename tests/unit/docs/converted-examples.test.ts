/**
 * The reference pages' Python and Go examples (provider/build/converted-examples.json) are real
 * programs for the generated SDKs: every Go example passes `go vet` against sdk/go/chatwoot, and
 * every Python example runs, with sdk/python installed, under Pulumi's mocks, registering the
 * resources its YAML declares. Needs `go` and `python3` (and PyPI, once, for the Python SDK's
 * dependencies); CI has them.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { load } from "js-yaml";
import { readExamplePrograms } from "../../../provider/build/example-programs";
import type { PackageSchema, TypeSpec } from "../../../provider/build/pulumi-schema";
import { BUILD_LEFTOVERS, CACHE_DIR, goAvailable } from "../../../provider/build/sdks";
import { describeIf } from "../../harness/describe-if";
import { temporaryDir } from "../../harness/temp-dir";

const ROOT = path.resolve(__dirname, "../../..");
const GO_SDK = path.join(ROOT, "sdk/go/chatwoot");
const GO_MODULE = "github.com/pulumi-chatwoot/pulumi-chatwoot/sdk/go/chatwoot";
const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "provider/plugin/schema.json"), "utf8")) as PackageSchema;
const programs = Object.entries(readExamplePrograms(ROOT));

const python = spawnSync("python3", ["--version"], { stdio: "ignore" }).status === 0;
const missing = !goAvailable()
  ? { what: "Go", reason: "`go` is not on the PATH: the Go examples are vetted against the generated Go SDK." }
  : !python
    ? { what: "Python", reason: "`python3` is not on the PATH: the Python examples run with the generated Python SDK." }
    : undefined;

/** A YAML example's resources by name. */
function yamlResources(yaml: string): Record<string, { type: string; properties?: Record<string, unknown> }> {
  return (load(yaml) as { resources?: Record<string, { type: string; properties?: Record<string, unknown> }> }).resources ?? {};
}

/** "name type" of each resource a YAML example declares, sorted. */
const declaredResources = (yaml: string) =>
  Object.entries(yamlResources(yaml))
    .map(([name, r]) => `${name} ${r.type}`)
    .sort();

/** Invoke results for the mocks, one per data source, made from the schema. */
const invokeResults = () => Object.fromEntries(Object.entries(schema.functions).map(([token, fn]) => [token, sampleObject(fn.outputs.properties)]));

/** The environment a program runs in: its YAML's config set (`PULUMI_CONFIG`, project `examples`), and the invoke results. */
function programEnv(yaml: string): Record<string, string> {
  const config = Object.keys((load(yaml) as { config?: object }).config ?? {});
  return {
    PULUMI_CONFIG: JSON.stringify(Object.fromEntries(config.map((k) => [`examples:${k}`, `sample-${k}`]))),
    EXAMPLE_INVOKE_RESULTS: JSON.stringify(invokeResults()),
  };
}

/** A directory for a program to run in, with the files it reads (`fn::readFile` in YAML, found in its Python). */
function programDir(dir: string, python: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const [, file] of python.matchAll(/open\(path\)\.read\(\)\)\("([^"]+)"\)/g)) {
    fs.mkdirSync(path.dirname(path.join(dir, file!)), { recursive: true });
    fs.writeFileSync(path.join(dir, file!), "# sample\n");
  }
  return dir;
}

describeIf(missing, "the reference pages' Python and Go examples", () => {
  const scratch = temporaryDir("chatwoot-examples-");

  test("there is one for every example of the pages, in both languages", () => {
    expect(programs.length).toBeGreaterThanOrEqual(27);
    for (const [key, program] of programs) {
      expect([key, program.python]).toEqual([key, expect.stringContaining("import pulumi_chatwoot as chatwoot")]);
      expect([key, program.go]).toEqual([key, expect.stringContaining(`"${GO_MODULE}"`)]);
    }
  });

  test("every Go example passes go vet against the generated Go SDK, and runs under Pulumi's mocks registering the resources its YAML declares", () => {
    // Each program as it is (vetted), and all in one package, each main renamed (vetted, built once and
    // run), and each helper the generator adds (`readFileOrPanic`) too, which two programs may both have.
    const own = (go: string, i: number) => [...go.matchAll(/^func (\w+)\(/gm)].map((m) => m[1]!).filter((f) => f !== "main").reduce((text, f) => text.replace(new RegExp(`\\b${f}\\b`, "g"), `${f}${i}`), go);
    const module = path.join(scratch, "go");
    const run = path.join(module, "run");
    fs.mkdirSync(run, { recursive: true });
    const names = programs.map(([key], i) => [key, `example${i}`] as const);
    programs.forEach(([key, program], i) => {
      fs.mkdirSync(path.join(module, "vet", key), { recursive: true });
      fs.writeFileSync(path.join(module, "vet", key, "main.go"), program.go);
      fs.writeFileSync(path.join(run, `${key}.go`), own(program.go, i).replace("func main() {", `func example${i}() {`).replace("pulumi.Run(", "runWithMocks("));
    });
    fs.writeFileSync(path.join(run, "programs.go"), `package main\n\nfunc init() {\n${names.map(([key, fn]) => `\tprograms[${JSON.stringify(key)}] = ${fn}\n`).join("")}}\n`);
    fs.copyFileSync(path.join(ROOT, "tests/harness/run-go-with-mocks.go"), path.join(run, "mocks.go"));
    fs.writeFileSync(path.join(module, "go.mod"), `module chatwoot-examples\n\ngo 1.25\n\nrequire ${GO_MODULE} v0.0.0\n\nreplace ${GO_MODULE} => ${GO_SDK}\n`);
    fs.copyFileSync(path.join(GO_SDK, "go.sum"), path.join(module, "go.sum"));
    execFileSync("go", ["mod", "tidy"], { cwd: module, stdio: ["ignore", "ignore", "pipe"] });
    const vet = spawnSync("go", ["vet", "./..."], { cwd: module, encoding: "utf8" });
    expect(vet.stderr).toBe("");
    expect(vet.status).toBe(0);

    execFileSync("go", ["build", "-o", "examples", "./run"], { cwd: module, stdio: ["ignore", "ignore", "inherit"] });
    for (const [key, program] of programs) {
      const dir = programDir(path.join(scratch, "go-run", key), program.python);
      const result = spawnSync(path.join(module, "examples"), [key], { cwd: dir, encoding: "utf8", env: { ...process.env, ...programEnv(program.yaml) } });
      expect([key, result.stderr, result.status]).toEqual([key, "", 0]);
      const registered = result.stdout.split("\n").filter((line) => / chatwoot:/.test(line));
      expect([key, registered.sort()]).toEqual([key, declaredResources(program.yaml)]);
    }
  }, 300_000);

  test("every Python example runs under Pulumi's mocks and registers the resources its YAML declares", () => {
    const interpreter = pythonWithSdk(scratch);
    for (const [key, program] of programs) {
      const dir = programDir(path.join(scratch, "python", key), program.python);
      fs.writeFileSync(path.join(dir, "__main__.py"), program.python);
      const run = spawnSync(interpreter, [path.join(ROOT, "tests/harness/run-python-with-mocks.py"), "__main__.py"], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, ...programEnv(program.yaml) },
      });
      expect([key, run.stderr, run.status]).toEqual([key, "", 0]);
      const registered = (JSON.parse(run.stdout) as { type: string; name: string; inputs: Record<string, unknown> }[]).filter((r) => r.type.startsWith("chatwoot:"));
      expect([key, registered.map((r) => `${r.name} ${r.type}`).sort()]).toEqual([key, declaredResources(program.yaml)]);
      // Inputs of plain values arrive as the YAML writes them (camelCase on the wire).
      if (key === "Team-1") expect(registered[0]!.inputs).toEqual(yamlResources(program.yaml).billing!.properties);
    }
  }, 600_000);
});

/** A Python with the generated SDK installed, in a virtual environment cached by the hash of sdk/python. */
function pythonWithSdk(scratch: string): string {
  const sdk = path.join(ROOT, "sdk/python");
  const leftover = (file: string) => file.split(path.sep).some((part) => BUILD_LEFTOVERS.test(part));
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(sdk, { recursive: true, encoding: "utf8" }).filter((f) => !leftover(f)).sort()) {
    const at = path.join(sdk, file);
    if (fs.statSync(at).isFile()) hash.update(`${file}\0`).update(fs.readFileSync(at));
  }
  const venv = path.join(CACHE_DIR, `python-${hash.digest("hex").slice(0, 16)}`);
  const installed = path.join(venv, "installed");
  if (!fs.existsSync(installed)) {
    // Installed from a copy: building in sdk/python would leave build/ and *.egg-info there.
    const copy = path.join(scratch, "python-sdk");
    fs.cpSync(sdk, copy, { recursive: true, filter: (src) => !leftover(path.relative(sdk, src)) });
    fs.rmSync(venv, { recursive: true, force: true });
    execFileSync("python3", ["-m", "venv", venv]);
    execFileSync(path.join(venv, "bin/pip"), ["install", "--quiet", "--disable-pip-version-check", copy], { stdio: ["ignore", "ignore", "inherit"] });
    fs.writeFileSync(installed, "");
  }
  return path.join(venv, "bin/python");
}

/** A plausible value of a schema type, for invoke results: lists of one item, so examples may index them. */
function sample(spec: TypeSpec): unknown {
  if (spec.$ref?.startsWith("#/types/")) return sampleObject(schema.types[spec.$ref.slice("#/types/".length)]!.properties);
  if (spec.oneOf) return sample(spec.oneOf[0]!);
  switch (spec.type) {
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [sample(spec.items ?? {})];
    case "object":
      return {};
    default:
      return "sample";
  }
}

const sampleObject = (properties: Record<string, TypeSpec>) => Object.fromEntries(Object.entries(properties).map(([name, spec]) => [name, sample(spec)]));

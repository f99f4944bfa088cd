/**
 * The language hosts that `npm run setup:pulumi` puts beside the CLI (tests/pulumi-cli: the
 * Node.js, Python and Go stand-ins and their Go half), through the real `pulumi`, in a project of
 * each language, so that what is checked is the host's part of each command a user runs:
 * - `pulumi install` installs the project's dependencies (npm, the virtual environment, `go mod
 *   tidy`); `pulumi about` names the language's runtime, the program's dependencies and the
 *   plugins they need; `pulumi new` asks the host's questions;
 * - the engine's settings reach a program (the project, the stack, the config with its secret,
 *   `dry_run` in preview only); a program that fails shows its error once and fails the command; a
 *   Go program that does not compile shows the compiler's message (Python and Go: TypeScript
 *   programs run throughout the tier);
 * - `pulumi import` (one resource, and `--file` with several types) against a sandbox, the plugin
 *   installed from its tarball, prints code in the project's language that uses the package's SDK,
 *   and that code compiles (TypeScript, Go) or runs under Pulumi's mocks (Python);
 * - `pulumi convert --from yaml` of examples/yaml-quickstart writes a project in the language on
 *   the package's SDK (the Python one runs under the mocks);
 * - `pulumi package gen-sdk` writes the SDK the checkout has (Python, Go) or an npm package
 *   (TypeScript); `pulumi package pack-sdk go` packs the Go SDK, and `pulumi package add` links a
 *   local one into a Go module;
 * - a provider run from its folder of source starts through the Node.js host's `RunPlugin`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { load } from "js-yaml";
import { GO_IMPORT_PATH } from "../../provider/build/pulumi-schema";
import { pythonSdkCopy, PulumiProject, runCommand } from "../harness/pulumi-cli";
import { temporaryDir } from "../harness/temp-dir";
import { REPO_ROOT } from "../pulumi-cli/install";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { importedCode, printedProgram, type Imported, type SdkRuntime } from "./support/imported-code";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(300_000);

const { version: PACKAGE_VERSION } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };

const PYTHON_PROGRAM = `import pulumi

config = pulumi.Config()
if config.get_bool("fail"):
    raise ValueError("the program gave up on purpose")
pulumi.export("where", f"{pulumi.get_project()}/{pulumi.get_stack()}")
pulumi.export("dryRun", pulumi.runtime.is_dry_run())
pulumi.export("token", config.require_secret("token"))
`;

const GO_PROGRAM = `package main

import (
	"errors"

	_ "${GO_IMPORT_PATH}"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		if cfg.GetBool("fail") {
			return errors.New("the program gave up on purpose")
		}
		ctx.Export("where", pulumi.String(ctx.Project()+"/"+ctx.Stack()))
		ctx.Export("dryRun", pulumi.Bool(ctx.DryRun()))
		ctx.Export("token", cfg.RequireSecret("token"))
		return nil
	})
}
`;

/** The Go example's go.mod (its own module name, the SDK replaced by the checkout's) and go.sum. */
function goModule(): Record<string, string> {
  const example = path.join(REPO_ROOT, "examples/quickstart-go");
  const goMod = fs
    .readFileSync(path.join(example, "go.mod"), "utf8")
    .replace(/^module .*$/m, "module hostcheck")
    .replace(/^(replace \S+ => )(\S+)$/m, (_m, replace: string, dir: string) => `${replace}${path.resolve(example, dir)}`);
  return { "go.mod": goMod, "go.sum": fs.readFileSync(path.join(example, "go.sum"), "utf8") };
}

/** The package the TypeScript project installs: a folder of its own, so that `npm install` needs no registry. */
const LOCAL_PACKAGE = { name: "host-check-helper", version: "1.2.3" };

/** A project of each language: its files, what `pulumi install` leaves, and what `pulumi about` lists. */
interface Language {
  runtime: SdkRuntime;
  files(work: string): Record<string, string>;
  /** What a project needs before its first command (the TypeScript one installs its own node_modules). */
  prepare?(dir: string): void;
  installed(dir: string): boolean;
  /** A dependency `pulumi about` lists, and the plugins the installed packages need (`GetRequiredPackages`). */
  about: { dependency: { name: string; version: string }; plugins: { name: string; version: string; kind: string }[] };
  /** Whether the tests run a program of it (TypeScript programs run throughout the tier). */
  runs: boolean;
  /** The runtime options `pulumi new` sets from the host's questions, at their defaults. */
  newOptions: Record<string, string>;
}

const CHATWOOT_PLUGIN = { kind: "resource", name: "chatwoot", version: PACKAGE_VERSION };

const LANGUAGES: Language[] = [
  {
    runtime: "nodejs",
    files: () => ({
      "Pulumi.yaml": "name: nodejs-host-check\nruntime: nodejs\n",
      "package.json": `${JSON.stringify({ name: "nodejs-host-check", version: "1.0.0", dependencies: { [LOCAL_PACKAGE.name]: `file:./${LOCAL_PACKAGE.name}` } }, null, 2)}\n`,
      "index.ts": 'import * as pulumi from "@pulumi/pulumi";\n',
    }),
    prepare(dir) {
      fs.rmSync(path.join(dir, "node_modules"));
      fs.mkdirSync(path.join(dir, LOCAL_PACKAGE.name));
      fs.writeFileSync(path.join(dir, LOCAL_PACKAGE.name, "package.json"), JSON.stringify(LOCAL_PACKAGE));
    },
    installed: (dir) => fs.existsSync(path.join(dir, "node_modules", LOCAL_PACKAGE.name, "package.json")) && fs.existsSync(path.join(dir, "package-lock.json")),
    about: { dependency: LOCAL_PACKAGE, plugins: [] },
    runs: false,
    newOptions: { packagemanager: "npm" },
  },
  {
    runtime: "python",
    files: (work) => ({
      "Pulumi.yaml": "name: python-host-check\nruntime:\n  name: python\n  options:\n    toolchain: pip\n    virtualenv: venv\n",
      "requirements.txt": `pulumi>=3.139.0,<4.0.0\n${pythonSdkCopy(work)}\n`,
      "__main__.py": PYTHON_PROGRAM,
    }),
    installed: (dir) => fs.existsSync(path.join(dir, "venv", "bin", "python")),
    about: { dependency: { name: "pulumi-chatwoot", version: PACKAGE_VERSION }, plugins: [CHATWOOT_PLUGIN] },
    runs: true,
    // The toolchain first, then pip's environment.
    newOptions: { toolchain: "pip", virtualenv: "venv" },
  },
  {
    runtime: "go",
    files: () => ({ "Pulumi.yaml": "name: go-host-check\nruntime: go\n", "main.go": GO_PROGRAM, ...goModule() }),
    // The modules are in Go's module cache: listed without the proxy.
    installed: (dir) => spawnSync("go", ["list", "-m", "github.com/pulumi/pulumi/sdk/v3"], { cwd: dir, env: { ...process.env, GOPROXY: "off" } }).status === 0,
    // A module replaced by a folder has no version.
    about: { dependency: { name: GO_IMPORT_PATH, version: "" }, plugins: [CHATWOOT_PLUGIN] },
    runs: true,
    newOptions: {},
  },
];

/** The objects the projects import, made in the sandbox's account 1 as a user would in the dashboard. */
const OBJECTS: (Imported & { path: string; body: unknown })[] = [
  { type: "chatwoot:index:Label", name: "vip", path: "labels", body: { title: "vip", color: "#7c3aed", description: "Made by hand" } },
  { type: "chatwoot:index:Team", name: "support", path: "teams", body: { name: "support", description: "First line" } },
  { type: "chatwoot:index:CannedResponse", name: "greeting", path: "canned_responses", body: { short_code: "greeting", content: "Hello! How can we help?" } },
  { type: "chatwoot:index:Webhook", name: "events", path: "webhooks", body: { webhook: { url: "https://hooks.example.com/chatwoot", subscriptions: ["conversation_created"] } } },
];

/** The id in a create's answer (Chatwoot wraps some: `{ payload: { webhook: {...} } }`). */
function createdId(body: unknown): string {
  const found = JSON.stringify(body).match(/"id":(\d+)/);
  if (!found) throw new Error(`no id in ${JSON.stringify(body)}`);
  return found[1]!;
}

/**
 * A copy of examples/yaml-quickstart to convert, on the plugin the project installed. pulumi-yaml
 * 1.25's converter drops project config of `type: array` (its program then uses an undefined
 * variable); it reads the legacy `configuration:` block's `List<Integer>`, which the copy declares
 * instead.
 */
function quickstartToConvert(dir: string): string {
  const source = path.join(REPO_ROOT, "examples/yaml-quickstart");
  fs.cpSync(source, dir, { recursive: true, filter: (file) => !/Pulumi\.[^/]+\.yaml$/.test(file) });
  const program = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
  const converted = program
    .replace(/^plugins:\n(?: .*\n)+/m, "")
    .replace(/^ {2}agentUserIds:\n {4}type: array\n {4}items:\n {6}type: integer\n/m, "")
    .replace(/^config:\n/m, "configuration:\n  agentUserIds:\n    type: List<Integer>\nconfig:\n");
  if (!converted.includes("List<Integer>") || converted.includes("type: array")) throw new Error("examples/yaml-quickstart's config changed: update quickstartToConvert");
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), converted);
  return dir;
}

/** The YAML program's resources: type token and name. */
const QUICKSTART_RESOURCES: Imported[] = [
  { type: "chatwoot:index:CustomAttributeDefinition", name: "plan" },
  { type: "chatwoot:index:AutomationRule", name: "enterprise-first" },
  { type: "chatwoot:index:Portal", name: "help" },
  { type: "chatwoot:index:InboxMembership", name: "website-agents" },
  { type: "chatwoot:index:AgentBot", name: "support-bot" },
];

/** Runs a Python program under Pulumi's mocks in the project's environment; resolves with what it registered. */
function runWithMocks(python: string, program: string, config: Record<string, string>, invokes: Record<string, unknown> = {}): Imported[] {
  const out = execFileSync(python, [path.join(REPO_ROOT, "tests/harness/run-python-with-mocks.py"), program], {
    cwd: path.dirname(program),
    encoding: "utf8",
    env: { ...process.env, EXAMPLE_INVOKE_RESULTS: JSON.stringify(invokes), PULUMI_CONFIG: JSON.stringify(config) },
  });
  return (JSON.parse(out) as Imported[]).map(({ type, name }) => ({ type, name }));
}

const byName = (a: Imported, b: Imported) => a.name.localeCompare(b.name);

/** The files under `dir`, by their paths relative to it. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

let sandbox: Sandbox;
const ids = new Map<string, string>();
const home = temporaryDir("sdk-hosts-home-");

beforeAll(async () => {
  sandbox = await startSandbox();
  const admin = sandbox.info.accounts[0]!.adminToken;
  for (const object of OBJECTS) {
    const res = await fetch(`${sandbox.url}/api/v1/accounts/1/${object.path}`, { method: "POST", headers: { api_access_token: admin, "content-type": "application/json" }, body: JSON.stringify(object.body) });
    expect(res.status).toBe(200);
    ids.set(object.name, createdId(await res.json()));
  }
});
afterAll(() => sandbox?.close());

for (const language of LANGUAGES) {
  realEngine.describeRuntime(language.runtime, `the ${language.runtime} language host beside \`pulumi\``, () => {
    let project: PulumiProject;
    beforeAll(async () => {
      project = new PulumiProject({});
      project.write(language.files(project.work));
      language.prepare?.(project.dir);
      // One Pulumi home for the projects of the file, which run one after the other: the plugin is
      // installed once (each installation unpacks its 14 MB, tens of seconds on a busy machine),
      // first, as a user does: the Python and Go SDKs name it, which `pulumi install` would download.
      Object.assign(project.env, { PULUMI_HOME: home });
      if (!fs.existsSync(path.join(home, "plugins"))) await project.installPlugin();
    });
    afterAll(() => project?.dispose());

    test("`pulumi install` readies the program's dependencies", async () => {
      const install = await project.cli(["install"]);
      expectSuccess(install);
      expect(install.stdout).toContain("Finished installing dependencies");
      expect(language.installed(project.dir)).toBe(true);
    });

    test("`pulumi about` names the language's runtime, the program's dependencies and the plugins they need", async () => {
      const about = JSON.parse((await project.ok(["about", "--json"])).stdout) as {
        runtime: { language: string; executable: string; version: string; metadata?: Record<string, string> };
        dependencies: { name: string; version: string }[];
        plugins: { name: string; version: string; kind: string }[];
      };
      expect(about.runtime.language).toBe(language.runtime);
      expect(fs.existsSync(about.runtime.executable)).toBe(true);
      expect(about.runtime.version).toMatch(/\d+\.\d+/);
      expect(about.dependencies).toContainEqual(language.about.dependency);
      expect(about.plugins.filter((p) => p.kind !== "language")).toEqual(language.about.plugins);
    });

    if (language.runs) {
      test("the engine's settings and the stack's config reach the program; dry_run only in preview; the secret stays secret", async () => {
        await project.init("dev", { config: { token: "not-a-real-token" }, secretKeys: ["token"] });
        const preview = await project.preview();
        expectSuccess(preview);
        expect(preview.stdout).toMatch(/^ *dryRun *: *true$/m);
        const up = await project.up();
        expectSuccess(up);
        const outputs = await project.outputs();
        const name = `${language.runtime}-host-check`;
        expect(outputs).toEqual({ where: `${name}/dev`, dryRun: false, token: "[secret]" });
        expect(await project.exportText()).not.toContain("not-a-real-token");
      });

      test("a program that fails shows its error once and fails the command", async () => {
        await project.setConfig({ config: { fail: "true" } });
        const preview = await project.preview();
        expect(preview.code).not.toBe(0);
        const shown = preview.errors.join("\n");
        // Once (in Python's traceback, besides the line of source that raised it).
        expect(shown.match(/(?<!raise ValueError\(")the program gave up on purpose/g)).toHaveLength(1);
        // Reported by the program, so the host answers with a bail, not "exited with non-zero exit code".
        expect(shown).not.toContain("non-zero exit code");
        await project.ok(["config", "rm", "fail"]);
      });
    }

    if (language.runtime === "go") {
      test("a `pulumi install` that fails ends at once with the host's error (the stream carries it)", async () => {
        const failing = new PulumiProject({ "Pulumi.yaml": "name: install-fails\nruntime: go\n", "go.mod": "module installfails\n\ngo 1.25\n", "main.go": 'package main\n\nimport _ "example.invalid/nothing"\n\nfunc main() {}\n' });
        try {
          const install = await failing.cli(["install"], { env: { GOPROXY: "off" }, timeoutMs: 60_000 });
          expect(install.signal).toBeNull();
          expect(install.code).not.toBe(0);
          expect(`${install.stdout}${install.stderr}`).toMatch(/`go mod tidy` failed to install dependencies: .*\n?.*example\.invalid\/nothing/);
        } finally {
          failing.dispose();
        }
      });
    }

    if (language.runtime === "go") {
      test("a program that does not compile shows the compiler's message", async () => {
        project.write({ "main.go": GO_PROGRAM.replace("return nil\n", "return nil + 1\n") });
        const preview = await project.preview();
        expect(preview.code).not.toBe(0);
        expect(`${preview.errors.join("\n")}\n${preview.stdout}`).toMatch(/unable to run `go build`: [\s\S]*main\.go:\d+:\d+: /);
        project.write({ "main.go": GO_PROGRAM });
      });
    }

    describe("`pulumi import` against a sandbox, in a stack of its own", () => {
      let printed = "";
      beforeAll(async () => {
        const [account] = sandbox.info.accounts;
        await project.init("imports", {
          config: { "chatwoot:url": sandbox.url, "chatwoot:accountId": "1", "chatwoot:apiAccessToken": account!.adminToken },
          secretKeys: ["chatwoot:apiAccessToken"],
        });
      });

      if (language.runtime === "nodejs") {
        test("of one resource, prints TypeScript that imports pulumi-chatwoot and declares it with its class", async () => {
          const [label] = OBJECTS;
          const done = await project.cli(["import", label!.type, label!.name, ids.get(label!.name)!, "--yes", "--non-interactive"]);
          expectSuccess(done);
          for (const code of importedCode("nodejs", [label!])) expect(done.stdout).toMatch(code);
          expect(done.stdout).toContain("protect: true");
          // Imported into the stack, as Pulumi does before it prints the code.
          expect((await project.resources()).get(label!.name)).toMatchObject({ id: ids.get(label!.name), type: label!.type });
          await project.ok(["state", "delete", `urn:pulumi:imports::nodejs-host-check::${label!.type}::${label!.name}`, "--force", "--yes"]);
        });
      }

      test("`--file` of several types prints one program in the language that declares each with the package's class", async () => {
        const file = path.join(project.work, "import.json");
        fs.writeFileSync(file, JSON.stringify({ resources: OBJECTS.map(({ type, name }) => ({ type, name, id: ids.get(name) })) }));
        const done = await project.cli(["import", "--file", file, "--protect=false", "--yes", "--non-interactive"]);
        expectSuccess(done);
        for (const code of importedCode(language.runtime, OBJECTS)) expect(done.stdout).toMatch(code);
        printed = printedProgram(language.runtime, done.stdout);
        expect([...(await project.resources()).keys()].sort()).toEqual(OBJECTS.map((o) => o.name).sort());
      });

      test("the printed program, pasted as it is, compiles against the SDK (or, in Python, runs under Pulumi's mocks declaring the same resources)", () => {
        expect(printed).not.toBe("");
        if (language.runtime === "nodejs") {
          const dir = path.join(project.work, "pasted");
          fs.mkdirSync(dir);
          fs.writeFileSync(path.join(dir, "index.ts"), printed);
          const tsconfig = { compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "nodenext", moduleResolution: "nodenext", types: ["node"], skipLibCheck: true }, files: ["index.ts"] };
          fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
          fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "junction");
          const tsc = spawnSync(path.join(REPO_ROOT, "node_modules/.bin/tsc"), ["-p", dir], { encoding: "utf8" });
          expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
          expect(tsc.status).toBe(0);
        } else if (language.runtime === "python") {
          const program = path.join(project.work, "pasted.py");
          fs.writeFileSync(program, printed);
          expect(runWithMocks(path.join(project.dir, "venv/bin/python"), program, {}).sort(byName)).toEqual(OBJECTS.map(({ type, name }) => ({ type, name })).sort(byName));
        } else {
          project.write({ "main.go": printed });
          const build = spawnSync("go", ["build", "-o", path.join(project.work, "pasted"), "."], { cwd: project.dir, encoding: "utf8" });
          expect(build.stderr).toBe("");
          expect(build.status).toBe(0);
          project.write({ "main.go": GO_PROGRAM });
        }
      });
    });

    if (language.runtime === "nodejs") {
      test("a provider run from its folder (a PulumiPlugin.yaml of runtime nodejs) starts through the host's RunPlugin and serves `pulumi import`", async () => {
        // The checkout's plugin as a folder of source: no executable, no plugin installed in this project's Pulumi home.
        const folder = path.join(project.work, "plugin-folder");
        fs.mkdirSync(folder);
        fs.writeFileSync(path.join(folder, "PulumiPlugin.yaml"), "runtime:\n  name: nodejs\n  options:\n    typescript: false\n");
        fs.writeFileSync(path.join(folder, "index.js"), `require(${JSON.stringify(path.join(REPO_ROOT, "dist/provider/plugin/main.js"))});\n`);
        fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(folder, "node_modules"), "junction");
        const fromSource = new PulumiProject({ "Pulumi.yaml": `name: plugin-from-source\nruntime: nodejs\nplugins:\n  providers:\n    - name: chatwoot\n      path: ${folder}\n` });
        try {
          await fromSource.init("dev", {
            config: { "chatwoot:url": sandbox.url, "chatwoot:accountId": "1", "chatwoot:apiAccessToken": sandbox.info.accounts[0]!.adminToken },
            secretKeys: ["chatwoot:apiAccessToken"],
          });
          const [label] = OBJECTS;
          const done = await fromSource.cli(["import", label!.type, label!.name, ids.get(label!.name)!, "--generate-code=false", "--yes", "--non-interactive"]);
          expectSuccess(done);
          expect((await fromSource.resources()).get(label!.name)).toMatchObject({ id: ids.get(label!.name), outputs: expect.objectContaining({ title: "vip" }) });
        } finally {
          fromSource.dispose();
        }
      });
    }

    test("`pulumi package gen-sdk` writes the package's SDK in the language with Pulumi's generator", async () => {
      const out = path.join(project.work, "gen-sdk");
      const { runtime } = language;
      expectSuccess(await project.cli(["package", "gen-sdk", path.join(REPO_ROOT, "provider/plugin/schema.json"), "--language", runtime, "--out", out]));
      const generated = filesUnder(path.join(out, runtime));
      if (runtime === "nodejs") {
        expect(generated).toEqual(expect.arrayContaining(["index.ts", "label.ts", "package.json"]));
        expect(JSON.parse(fs.readFileSync(path.join(out, "nodejs/package.json"), "utf8"))).toMatchObject({ name: "pulumi-chatwoot", version: PACKAGE_VERSION });
        return;
      }
      // The checked-in SDK (npm run build:sdks) is what the same generator writes, but for the tool its files name.
      const checkedIn = runtime === "python" ? path.join(REPO_ROOT, "sdk/python") : path.join(REPO_ROOT, "sdk/go");
      expect(generated.length).toBeGreaterThan(40);
      for (const file of generated) {
        const text = fs.readFileSync(path.join(out, runtime, file), "utf8").replaceAll(`pulumi-language-${runtime}`, "pulumi-chatwoot sdkgen");
        expect([file, text]).toEqual([file, fs.readFileSync(path.join(checkedIn, file), "utf8")]);
      }
    });

    if (language.runtime === "go") {
      test("`pulumi package pack-sdk go` copies the SDK's module into a folder named for its module path", async () => {
        const out = path.join(project.work, "packed");
        fs.mkdirSync(out);
        const sdk = path.join(REPO_ROOT, "sdk/go/chatwoot");
        const pack = await runCommand(realEngine.binary!, ["package", "pack-sdk", "go", sdk], { cwd: out, env: project.env });
        expectSuccess(pack);
        const artifact = path.join(out, GO_IMPORT_PATH.replace(/\//g, "_"));
        expect(pack.stdout.trim()).toBe(artifact);
        expect(filesUnder(artifact).sort()).toEqual(filesUnder(sdk).sort());
      });
    }

    if (language.runtime === "go") {
      test("`pulumi package add` of the schema generates a local SDK, replaces its module by it in go.mod and tidies the module", async () => {
        const adding = new PulumiProject({ "Pulumi.yaml": "name: package-add\nruntime: go\n", "main.go": GO_PROGRAM.replace(`\t_ "${GO_IMPORT_PATH}"\n`, ""), ...goModule() });
        try {
          // The project requires the Go SDK only through the package it adds.
          const goMod = path.join(adding.dir, "go.mod");
          fs.writeFileSync(goMod, fs.readFileSync(goMod, "utf8").replace(/^\s*github\.com\/pulumi-chatwoot\/\S+ v\S+\n/m, "").replace(/^replace .*\n/m, ""));
          const added = await adding.cli(["package", "add", path.join(REPO_ROOT, "provider/plugin/schema.json")], { env: { PULUMI_DISABLE_REGISTRY_RESOLVE: "true" } });
          expectSuccess(added);
          expect(added.stdout).toContain("Finished installing dependencies");
          expect(fs.readFileSync(goMod, "utf8")).toMatch(new RegExp(`^replace ${path.posix.dirname(GO_IMPORT_PATH).replace(/[./]/g, "\\$&")} => \\./sdks/chatwoot$`, "m"));
          expect(fs.existsSync(path.join(adding.dir, "sdks/chatwoot/chatwoot/label.go"))).toBe(true);
        } finally {
          adding.dispose();
        }
      });
    }

    test("`pulumi new` of a local template asks the host's questions (answered with their defaults) and writes the answers into Pulumi.yaml", async () => {
      const template = path.join(project.work, "template");
      fs.mkdirSync(template);
      fs.writeFileSync(path.join(template, "Pulumi.yaml"), `name: \${PROJECT}\ndescription: \${DESCRIPTION}\nruntime: ${language.runtime}\ntemplate:\n  description: A template of one file\n`);
      const out = path.join(project.work, "new-project");
      fs.mkdirSync(out);
      expectSuccess(await runCommand(realEngine.binary!, ["new", template, "--name", "from-template", "--yes", "--generate-only", "--force"], { cwd: out, env: project.env }));
      const written = load(fs.readFileSync(path.join(out, "Pulumi.yaml"), "utf8")) as { name: string; runtime: string | { name: string; options: Record<string, string> } };
      expect(written.name).toBe("from-template");
      const runtime = typeof written.runtime === "string" ? { name: written.runtime, options: {} } : written.runtime;
      expect(runtime).toEqual({ name: language.runtime, options: language.newOptions });
    });

    test("`pulumi convert --from yaml` of examples/yaml-quickstart writes a project in the language on the package's SDK", async () => {
      const source = quickstartToConvert(path.join(project.work, "yaml-quickstart"));
      const out = path.join(project.work, "converted");
      const convert = await runCommand(realEngine.binary!, ["convert", "--from", "yaml", "--language", language.runtime === "nodejs" ? "typescript" : language.runtime, "--out", out, "--generate-only"], { cwd: source, env: project.env });
      expectSuccess(convert);
      expect(fs.readFileSync(path.join(out, "Pulumi.yaml"), "utf8")).toMatch(new RegExp(`^runtime: ${language.runtime}$`, "m"));
      if (language.runtime === "nodejs") {
        const manifest = JSON.parse(fs.readFileSync(path.join(out, "package.json"), "utf8")) as { dependencies: Record<string, string> };
        expect(manifest.dependencies["pulumi-chatwoot"]).toBe(PACKAGE_VERSION);
        const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
        for (const code of importedCode("nodejs", QUICKSTART_RESOURCES)) expect(program).toMatch(code);
        // Every class and function it uses is one the package exports.
        const exported = Object.keys(require(path.join(REPO_ROOT, "node_modules/pulumi-chatwoot")) as object);
        const used = [...new Set([...program.matchAll(/\bchatwoot\.(\w+)/g)].map((m) => m[1]!))];
        expect(used.filter((name) => !exported.includes(name))).toEqual([]);
        expect(used).toEqual(expect.arrayContaining(["getInboxOutput", "getAgentBotsOutput"]));
      } else if (language.runtime === "python") {
        expect(fs.readFileSync(path.join(out, "requirements.txt"), "utf8")).toContain(`pulumi_chatwoot==${PACKAGE_VERSION}`);
        const invokes = { "chatwoot:index:getInbox": { id: 1, name: "Acme web", websiteToken: "token" }, "chatwoot:index:getAgentBots": { bots: [] } };
        const config = { "examples:websiteInboxId": "1", "examples:agentUserIds": "[2, 3]" };
        const registered = runWithMocks(path.join(project.dir, "venv/bin/python"), path.join(out, "__main__.py"), config, invokes);
        expect(registered.sort(byName)).toEqual([...QUICKSTART_RESOURCES].sort(byName));
      } else {
        // A module of version 0 is left to `go mod tidy` to require, as Go's generator does.
        expect(fs.readFileSync(path.join(out, "go.mod"), "utf8")).toMatch(/^require github\.com\/pulumi\/pulumi\/sdk\/v3 /m);
        const program = fs.readFileSync(path.join(out, "main.go"), "utf8");
        for (const code of importedCode("go", QUICKSTART_RESOURCES)) expect(program).toMatch(code);
        // The SDK's name of the data source whose resource has the name (Go's program generator says GetInbox).
        expect(program).toContain("chatwoot.LookupInboxOutput(ctx, chatwoot.LookupInboxOutputArgs{");
      }
    });
  });
}

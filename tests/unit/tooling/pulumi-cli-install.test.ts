/**
 * `npm run setup:pulumi` (tests/pulumi-cli/install.ts) with shell-script stand-ins for an installed
 * Pulumi and for Go: what is linked, what is written or built, when it is quick, and the one
 * sentence when this machine has no way to a CLI or to Pulumi's YAML language host. (The Go builds
 * themselves run in every CI run: `.ci/run` calls it; tests/program/yaml-host.test.ts runs the host.)
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { spawn } from "node:child_process";
import { temporaryDir } from "../../harness/temp-dir";
import { ensureLanguageTools, ensurePulumiCli, ensureYamlHost, NO_CLI, NO_LANGUAGE_TOOLS, NO_YAML_HOST, pinnedVersion, pinnedYamlVersion, REPO_ROOT } from "../../pulumi-cli/install";

const work = temporaryDir("pulumi-install-");

/** Whether `pid` runs (an ended process its new parent has not reaped yet does not). */
function running(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
let n = 0;

/** A fresh CLI directory and a PATH directory holding the given executables (shell scripts). */
function machine(scripts: Record<string, string>) {
  const root = path.join(work, String(++n));
  const bin = path.join(root, "path");
  const dir = path.join(root, "cli");
  fs.mkdirSync(bin, { recursive: true });
  for (const [name, body] of Object.entries(scripts)) fs.writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  const lines: string[] = [];
  return { bin, dir, lines, place: { dir, env: { PATH: bin } }, log: (line: string) => lines.push(line) };
}

(process.platform === "win32" ? describe.skip : describe)("ensurePulumiCli", () => {
  test("links an installed `pulumi` and the language hosts it has, and puts the dynamic-provider plugin beside them", async () => {
    const m = machine({ pulumi: 'echo "v3.999.0"', "pulumi-language-nodejs": "exit 0", "pulumi-language-python": "exit 0" });
    const cli = await ensurePulumiCli(m.log, m.place);
    expect(cli).toEqual({ found: true, pulumi: path.join(m.dir, "pulumi"), version: "v3.999.0", source: "linked from the PATH" });
    expect(fs.readlinkSync(path.join(m.dir, "pulumi"))).toBe(fs.realpathSync(path.join(m.bin, "pulumi")));
    expect(fs.readlinkSync(path.join(m.dir, "pulumi-language-nodejs"))).toBe(fs.realpathSync(path.join(m.bin, "pulumi-language-nodejs")));
    expect(fs.readlinkSync(path.join(m.dir, "pulumi-language-python"))).toBe(fs.realpathSync(path.join(m.bin, "pulumi-language-python")));
    // An installed Pulumi without a Go host (not this one) gets the stand-in for that one only.
    expect(fs.readFileSync(path.join(m.dir, "pulumi-language-go"), "utf8")).toContain(path.join(REPO_ROOT, "tests/pulumi-cli/go-language-host.js"));
    expect(fs.readFileSync(path.join(m.dir, "pulumi-resource-pulumi-nodejs"), "utf8")).toContain(path.join(REPO_ROOT, "tests/pulumi-cli/dynamic-provider.js"));
    expect(m.lines).toEqual([`Linked the Pulumi CLI v3.999.0 from ${path.join(m.bin, "pulumi")}.`]);

    // The second time it is all there: nothing is linked again.
    m.lines.length = 0;
    expect(await ensurePulumiCli(m.log, m.place)).toMatchObject({ found: true, source: "already there" });
    expect(m.lines).toEqual([]);
  });

  test.each([
    ["pulumi-language-nodejs", "language-host.js"],
    ["pulumi-language-python", "python-language-host.js"],
    ["pulumi-language-go", "go-language-host.js"],
  ])("without %s beside the installed CLI, the project's stand-in is put there, and it starts", async (name, standIn) => {
    const m = machine({ pulumi: 'echo "v3.999.0"' });
    await ensurePulumiCli(m.log, m.place);
    const host = path.join(m.dir, name);
    expect(fs.readFileSync(host, "utf8")).toContain(path.join(REPO_ROOT, "tests/pulumi-cli", standIn));
    // It finds its Go half beside it, where ensureLanguageTools builds it.
    expect(fs.readFileSync(host, "utf8")).toContain(`"--language-tools=${path.join(m.dir, "language-tools")}"`);
    // Started as the engine starts it (its address last), it prints the port it serves on.
    const child = spawn(host, ["127.0.0.1:1"], { stdio: ["ignore", "pipe", "inherit"] });
    const firstLine = await new Promise<string>((resolve) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8");
        if (out.includes("\n")) resolve(out);
      });
      child.on("close", () => resolve(out));
    });
    child.kill();
    expect(firstLine).toMatch(/^\d+\n/);
  });

  test("an older setup's dynamic-provider plugin (a link to the npm package's script) is replaced", async () => {
    const m = machine({ pulumi: 'echo "v3.999.0"' });
    await ensurePulumiCli(m.log, m.place);
    const plugin = path.join(m.dir, "pulumi-resource-pulumi-nodejs");
    fs.rmSync(plugin);
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"), plugin);
    expect(await ensurePulumiCli(m.log, m.place)).toMatchObject({ found: true, source: "already there" });
    expect(fs.lstatSync(plugin).isSymbolicLink()).toBe(false);
    expect(fs.readFileSync(plugin, "utf8")).toContain("tests/pulumi-cli/dynamic-provider.js");
  });

  test.each(["pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"])("%s ends when the engine that started it is killed", async (name) => {
    const m = machine({ pulumi: 'echo "v3.999.0"' });
    await ensurePulumiCli(m.log, m.place);
    // A stand-in engine: listens, starts the plugin as `pulumi` does (its address last, in a process
    // group of its own), prints the plugin's pid, and is then killed.
    const engine = spawn(
      process.execPath,
      [
        "-e",
        `const server = require("node:net").createServer().listen(0, "127.0.0.1", () => {
          const plugin = require("node:child_process").spawn(process.argv[1], ["127.0.0.1:" + server.address().port], { detached: true, stdio: "ignore" });
          process.stdout.write(String(plugin.pid) + "\\n"); // not console.log: it colours numbers where FORCE_COLOR is set
        });`,
        path.join(m.dir, name),
      ],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    let pid: number;
    try {
      pid = Number(await new Promise<string>((resolve) => engine.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8")))));
      await new Promise((resolve) => setTimeout(resolve, 1500)); // started and serving
      expect(running(pid)).toBe(true);
    } finally {
      engine.kill("SIGKILL");
    }
    const until = Date.now() + 5000;
    while (running(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    const left = running(pid);
    if (left) process.kill(pid, "SIGKILL");
    expect(left).toBe(false);
  });

  test("a `pulumi` that does not answer `pulumi version` is not linked; without Go that leaves no CLI, said in one sentence", async () => {
    const m = machine({ pulumi: 'echo "cannot reach get.pulumi.com" >&2; exit 3' });
    expect(await ensurePulumiCli(m.log, m.place)).toEqual({ found: false, reason: NO_CLI });
    expect(m.lines).toEqual([`${path.join(m.bin, "pulumi")} does not answer \`pulumi version\`: building one instead.`]);
    expect(fs.existsSync(path.join(m.dir, "pulumi"))).toBe(false);
    expect(NO_CLI.split(". ").length).toBeLessThanOrEqual(2);
  });

  test("neither `pulumi` nor `go` on the PATH: no CLI, and the reason says how to get one", async () => {
    const m = machine({});
    const cli = await ensurePulumiCli(m.log, m.place);
    expect(cli).toEqual({ found: false, reason: NO_CLI });
    expect(NO_CLI).toMatch(/Install Pulumi .* or Go/);
  });

  test("the wrapper module pins the version of the project's @pulumi/pulumi", () => {
    const sdk = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules/@pulumi/pulumi/package.json"), "utf8")) as { version: string };
    expect(pinnedVersion()).toBe(`v${sdk.version}`);
  });
});

const YAML_MODULE = path.join(REPO_ROOT, "tests/pulumi-cli/yaml-host");

/** The text Go's build info holds for a `pulumi-language-yaml` of pulumi-yaml `version` (what `go version -m` prints). */
const buildInfo = (version: string) => `\xff Go buildinf:\npath\tgithub.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml\nmod\tgithub.com/pulumi/pulumi-yaml\t${version}\th1:x=\n`;

/** A stand-in YAML host (or converter) whose build info names `version`. */
function builtHost(file: string, version: string): void {
  fs.writeFileSync(file, Buffer.from(`#!/bin/sh\nexit 0\n${buildInfo(version)}`, "latin1"), { mode: 0o755 });
}

/** Pulumi YAML's language host and converter of `version`, in the CLI directory `dir`. */
function builtYaml(dir: string, version: string): void {
  builtHost(path.join(dir, "pulumi-language-yaml"), version);
  builtHost(path.join(dir, "pulumi-converter-yaml"), version);
}

/**
 * A stand-in `go` that writes each call (directory, CGO_ENABLED, arguments) to `calls` and whose
 * `go build -o DIR/ PKG...` leaves in DIR, for each package, a binary of its name built from
 * pulumi-yaml `version`.
 */
const goStandIn = (calls: string, version: string) => String.raw`echo "$PWD CGO_ENABLED=$CGO_ENABLED $*" >> ${JSON.stringify(calls)}
case "$1" in
  mod) printf '{\n\t"Path": "github.com/pulumi/pulumi-yaml"\n}\n' ;;
  build)
    for arg; do [ "$previous" = "-o" ] && out="$arg"; previous="$arg"; done
    for arg; do
      case "$arg" in
        -*) ;;
        */*) [ "$arg" = "$out" ] && continue
          printf '#!/bin/sh\nexit 0\n\377 Go buildinf:\npath\t%s\nmod\tgithub.com/pulumi/pulumi-yaml\t%s\th1:x=\n' "$arg" ${version} > "$out${"${arg##*/}"}"
          echo "$arg" >&2 ;;
      esac
    done ;;
esac`;

const callsOf = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n") : []);

(process.platform === "win32" ? describe.skip : describe)("ensureYamlHost", () => {
  const pinned = pinnedYamlVersion();

  test("beside a CLI linked from the PATH, the installed Pulumi's YAML host is linked, even over a built one and with Go there", async () => {
    const calls = path.join(work, "go-calls-linked");
    const m = machine({ pulumi: 'echo "v3.999.0"', "pulumi-language-yaml": "exit 0", go: goStandIn(calls, pinned) });
    await ensurePulumiCli(m.log, m.place);
    const host = path.join(m.dir, "pulumi-language-yaml");
    builtHost(host, pinned);
    m.lines.length = 0;
    expect(await ensureYamlHost(m.log, m.place)).toEqual({ found: true, host, version: undefined, source: "linked from the PATH" });
    expect(fs.readlinkSync(host)).toBe(path.join(fs.realpathSync(m.bin), "pulumi-language-yaml"));
    expect(m.lines).toEqual([`Linked Pulumi's YAML language host from ${path.join(fs.realpathSync(m.bin), "pulumi-language-yaml")}.`]);
    expect(callsOf(calls)).toEqual([]);

    // The second time it is there: nothing is linked again.
    m.lines.length = 0;
    expect(await ensureYamlHost(m.log, m.place)).toMatchObject({ found: true, source: "already there" });
    expect(m.lines).toEqual([]);
  });

  test("a host built from the pinned pulumi-yaml is kept as it is, with no Go needed to tell its version", async () => {
    const m = machine({ pulumi: 'echo "v3.999.0"' });
    await ensurePulumiCli(m.log, m.place);
    const host = path.join(m.dir, "pulumi-language-yaml");
    builtYaml(m.dir, pinned);
    const before = fs.readFileSync(host);
    m.lines.length = 0;
    expect(await ensureYamlHost(m.log, m.place)).toEqual({ found: true, host, version: pinned, source: "already there" });
    expect(fs.readFileSync(host)).toEqual(before);
    expect(m.lines).toEqual([]);
  });

  test("a host of another version is built again from ./yaml-host as Pulumi's releases build it, with the converter; then it is quick", async () => {
    const calls = path.join(work, "go-calls-build");
    const m = machine({ pulumi: 'echo "v3.999.0"', go: goStandIn(calls, pinned) });
    await ensurePulumiCli(m.log, m.place);
    const host = path.join(m.dir, "pulumi-language-yaml");
    builtHost(host, "v1.11.1");
    m.lines.length = 0;
    expect(await ensureYamlHost(m.log, m.place)).toEqual({ found: true, host, version: pinned, source: "built from the Go module proxy" });
    expect(callsOf(calls)).toEqual([
      `${YAML_MODULE} CGO_ENABLED=0 mod download -json`,
      `${YAML_MODULE} CGO_ENABLED=0 build -v -trimpath -ldflags -s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=${pinned} -o ${m.dir}/ github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml github.com/pulumi/pulumi-yaml/cmd/pulumi-converter-yaml`,
    ]);
    expect(m.lines).toEqual([
      expect.stringMatching(new RegExp(`^Building Pulumi's YAML language host ${pinned.replace(/\./g, "\\.")} and its converter from the Go module proxy \\(`)),
      expect.stringMatching(/^ {2}1 modules in Go's module cache \(\d+ s\)\.$/),
      expect.stringMatching(/^ {2}built .*pulumi-language-yaml and .*pulumi-converter-yaml in \d+ s \(2 packages compiled, the rest from Go's build cache\)\.$/),
    ]);
    expect(fs.readFileSync(path.join(m.dir, "pulumi-converter-yaml"), "latin1")).toContain(`pulumi-yaml\t${pinned}`);

    m.lines.length = 0;
    expect(await ensureYamlHost(m.log, m.place)).toMatchObject({ found: true, source: "already there" });
    expect(callsOf(calls)).toHaveLength(2);
    expect(m.lines).toEqual([]);
  });

  test("a build that yields a host of another version fails, naming both versions", async () => {
    const m = machine({ pulumi: 'echo "v3.999.0"', go: goStandIn(path.join(work, "go-calls-wrong"), "v9.9.9") });
    await ensurePulumiCli(m.log, m.place);
    await expect(ensureYamlHost(m.log, m.place)).rejects.toThrow(`was built from pulumi-yaml "v9.9.9", not ${pinned}`);
  });

  test("without Go and without a host, the CLI still stands and one sentence says YAML programs will not run", async () => {
    const m = machine({ pulumi: 'echo "v3.999.0"' });
    expect(await ensurePulumiCli(m.log, m.place)).toMatchObject({ found: true });
    expect(await ensureYamlHost(m.log, m.place)).toEqual({ found: false, reason: NO_YAML_HOST });
    expect(fs.existsSync(path.join(m.dir, "pulumi-language-yaml"))).toBe(false);
    expect(fs.existsSync(path.join(m.dir, "pulumi"))).toBe(true);
    expect(NO_YAML_HOST).toMatch(/^Pulumi YAML programs will not run\b.*`go` is not on the PATH/);
    expect(NO_YAML_HOST.split(/[.!?] /)).toHaveLength(1);
  });

  test("without Go, a host of another version is kept, and that is said", async () => {
    const m = machine({ pulumi: 'echo "v3.999.0"' });
    await ensurePulumiCli(m.log, m.place);
    const host = path.join(m.dir, "pulumi-language-yaml");
    builtHost(host, "v1.11.1");
    m.lines.length = 0;
    expect(await ensureYamlHost(m.log, m.place)).toEqual({ found: true, host, version: "v1.11.1", source: "already there" });
    expect(fs.readFileSync(host, "latin1")).toContain("pulumi-yaml\tv1.11.1");
    expect(m.lines).toEqual([`Kept ${host} v1.11.1: \`go\` is not on the PATH to build ${pinned}.`]);
  });
});

(process.platform === "win32" ? describe.skip : describe)("ensureLanguageTools", () => {
  const WRAPPER = path.join(REPO_ROOT, "tests/pulumi-cli");

  test("beside the stand-in hosts, their Go half is built from the wrapper module; then it is quick, until its sources change", async () => {
    const calls = path.join(work, "go-calls-tools");
    const m = machine({ pulumi: 'echo "v3.999.0"', go: goStandIn(calls, pinnedYamlVersion()) });
    await ensurePulumiCli(m.log, m.place);
    m.lines.length = 0;
    const tools = path.join(m.dir, "language-tools");
    const built = await ensureLanguageTools(m.log, m.place);
    expect(built).toEqual({ found: true, tools, source: "built", hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    // Built aside and then moved in place, so that hosts running meanwhile keep theirs.
    expect(callsOf(calls)).toEqual([
      `${WRAPPER} CGO_ENABLED=0 mod download -json`,
      expect.stringMatching(new RegExp(`^${WRAPPER} CGO_ENABLED=0 build -v -trimpath -tags osusergo,grpcnotrace -ldflags -s -w -o ${m.dir}/\\.language-tools-\\w+/ pulumi-chatwoot/tests/pulumi-cli/language-tools$`)),
    ]);
    expect(fs.readdirSync(m.dir).filter((f) => f.startsWith(".language-tools-"))).toEqual([]);
    expect(m.lines[0]).toMatch(/^Building the stand-in language hosts' Go half \(language-tools/);
    expect(fs.existsSync(tools)).toBe(true);

    m.lines.length = 0;
    expect(await ensureLanguageTools(m.log, m.place)).toEqual({ ...built, source: "already there" });
    expect(callsOf(calls)).toHaveLength(2);
    expect(m.lines).toEqual([]);

    // Built from other sources (its record of them says so): built again.
    fs.writeFileSync(`${tools}.sources`, "0000000000000000\n");
    expect(await ensureLanguageTools(m.log, m.place)).toMatchObject({ found: true, source: "built" });
    expect(callsOf(calls)).toHaveLength(4);
  });

  test("beside an installed Pulumi with all three hosts, nothing is built", async () => {
    const calls = path.join(work, "go-calls-tools-installed");
    const m = machine({ pulumi: 'echo "v3.999.0"', "pulumi-language-nodejs": "exit 0", "pulumi-language-python": "exit 0", "pulumi-language-go": "exit 0", go: goStandIn(calls, "v0") });
    await ensurePulumiCli(m.log, m.place);
    expect(await ensureLanguageTools(m.log, m.place)).toBeUndefined();
    expect(callsOf(calls)).toEqual([]);
  });

  test("without Go, one sentence says what the stand-in hosts cannot do", async () => {
    const m = machine({ pulumi: 'echo "v3.999.0"' });
    await ensurePulumiCli(m.log, m.place);
    expect(await ensureLanguageTools(m.log, m.place)).toEqual({ found: false, reason: NO_LANGUAGE_TOOLS });
    expect(NO_LANGUAGE_TOOLS).toMatch(/`go` is not on the PATH/);
    expect(NO_LANGUAGE_TOOLS.split(/[.!?] /)).toHaveLength(1);
  });
});

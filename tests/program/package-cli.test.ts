/**
 * The package as npm ships it (this tier runs after `npm run build`): what `npm pack` would put in
 * the tarball, the `pulumi-chatwoot` command run from the compiled dist/ as npm's bin link runs it,
 * and `pulumi-chatwoot/sandbox` imported by name from a user's project.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { SandboxInfo } from "../../sdk/sandbox";
import { REPO_ROOT } from "../demo/examples";

jest.setTimeout(60_000);

interface Manifest {
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
}
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as Manifest;

/** The package's own command, as npm links it: the file `bin.pulumi-chatwoot` names. */
const binFile = () => path.join(REPO_ROOT, manifest.bin["pulumi-chatwoot"] ?? "missing-bin");

/** Only PATH: no CHATWOOT_* or jest variables reach the command. */
const scrubbedEnv = { PATH: process.env.PATH, NO_COLOR: "1" };

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runBin(args: string[]): Finished {
  const result = spawnSync(process.execPath, [binFile(), ...args], { cwd: REPO_ROOT, env: scrubbedEnv, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm pack", () => {
  let files: string[];
  beforeAll(() => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const result = spawnSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT, encoding: "utf8", shell: process.platform === "win32" });
    expect(result.status).toBe(0);
    const [pack] = JSON.parse(result.stdout) as { files: { path: string }[] }[];
    files = (pack?.files ?? []).map((f) => f.path);
  });

  test("ships the command line and the sandbox, compiled, and nothing of tests/", () => {
    expect(files).toContain(manifest.bin["pulumi-chatwoot"]);
    for (const dir of ["dist/sdk/cli/", "dist/sdk/sandbox/"]) {
      const shipped = files.filter((f) => f.startsWith(dir));
      expect(shipped).toContainEqual(expect.stringMatching(/\.js$/));
      expect(shipped).toContainEqual(expect.stringMatching(/\.d\.ts$/));
    }
    expect(files.filter((f) => /(^|\/)tests?\//.test(f))).toEqual([]);
  });

  test("every file the manifest names (bin and exports) is in the tarball", () => {
    const targets = [
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((target) => (typeof target === "string" ? [target] : Object.values(target))),
    ]
      .filter((target) => !target.includes("*"))
      .map((target) => path.posix.normalize(target));
    expect(targets).toContain("dist/sdk/sandbox/index.js");
    for (const target of targets) expect(files).toContain(target);
  });

  test("the bin starts with a #! line for node, so npm's link runs it without `node`", () => {
    expect(fs.readFileSync(binFile(), "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
  });

  test("the build leaves the bin executable, so `npx pulumi-chatwoot` runs it in this checkout too", () => {
    expect(fs.statSync(binFile()).mode & 0o111).toBe(0o111);
  });
});

describe("pulumi-chatwoot (from dist/)", () => {
  test.each([["--help"], ["-h"], ["help"]])("%s prints the usage with the commands on stdout and exits 0", (flag) => {
    const { code, stdout, stderr } = runBin([flag]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^usage: pulumi-chatwoot <command> \[options\]$/m);
    expect(stdout).toMatch(/^ {2}sandbox {2}\S/m);
  });

  test("`help sandbox` and `sandbox --help` print the sandbox's flags and exit 0", () => {
    for (const args of [["help", "sandbox"], ["sandbox", "--help"]]) {
      const { code, stdout } = runBin(args);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^usage: pulumi-chatwoot sandbox \[--port N\]/m);
      for (const flag of ["--port", "--host", "--shapes", "--rate-limit", "--fixture"]) expect(stdout).toContain(flag);
    }
  });

  test.each([[["deploy"], 'unknown command "deploy"'], [[], "no command given"]])("%j exits 2 with the usage on stderr and nothing on stdout", (args, reason) => {
    const { code, stdout, stderr } = runBin(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(reason);
    expect(stderr).toMatch(/^usage: pulumi-chatwoot <command>/m);
  });

  test("`sandbox --port 0` prints the same one JSON line as `npm run sandbox`, serves, and stops on SIGTERM", async () => {
    const fromBin = start(process.execPath, [binFile(), "sandbox", "--port", "0"]);
    const fromScript = start(process.execPath, ["-r", "ts-node/register/transpile-only", "sdk/sandbox/main.ts", "--port", "0"]);
    try {
      const [bin, script] = await Promise.all([firstLine(fromBin), firstLine(fromScript)]);
      const info = SandboxInfo.parse(JSON.parse(bin));
      // Tokens and ports differ per process; everything else, keys and order included, is the same.
      expect(anonymized(bin)).toBe(anonymized(script));
      const served = await fetch(`${info.url}/__sandbox/info`);
      expect(await served.json()).toEqual(info);
      fromBin.child.kill("SIGTERM");
      expect(await fromBin.exited).toEqual({ code: 0, signal: null });
      expect(fromBin.stdout().split("\n")).toEqual([bin, ""]);
      for (const token of [...info.platformTokens, ...info.accounts.flatMap((a) => [a.adminToken, a.agentToken ?? ""])].filter(Boolean)) {
        expect(fromBin.stderr()).not.toContain(token);
      }
    } finally {
      fromBin.child.kill("SIGKILL");
      fromScript.child.kill("SIGKILL");
    }
  });
});

test("a user's project imports the sandbox by name: `pulumi-chatwoot/sandbox`, with its types", () => {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "user-project-"));
  try {
    // node_modules as an installed package sees it: `npm run build` put a copy of the package there.
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(project, "node_modules"), "junction");
    const script = [
      'const { startSandbox, defaultFixture } = require("pulumi-chatwoot/sandbox");',
      "startSandbox().then(async (sandbox) => {",
      '  const answer = await fetch(`${sandbox.url}/api/v1/accounts/1/inboxes`, { headers: { api_access_token: sandbox.info.accounts[0].adminToken } });',
      "  console.log(JSON.stringify({ resolved: require.resolve(\"pulumi-chatwoot/sandbox\"), status: answer.status, accounts: defaultFixture.accounts.length }));",
      "  await sandbox.close();",
      "});",
    ].join("\n");
    const result = spawnSync(process.execPath, ["-e", script], { cwd: project, env: scrubbedEnv, encoding: "utf8" });
    expect(result.stderr).toBe("");
    const seen = JSON.parse(result.stdout) as { resolved: string; status: number; accounts: number };
    expect(seen.resolved.split(path.sep).join("/")).toMatch(/node_modules\/pulumi-chatwoot\/dist\/sdk\/sandbox\/index\.js$/);
    expect(fs.existsSync(seen.resolved.replace(/\.js$/, ".d.ts"))).toBe(true);
    expect([seen.status, seen.accounts]).toEqual([200, 2]);
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
});

interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(command: string, args: string[]): Running {
  const child = spawn(command, args, { cwd: REPO_ROOT, env: scrubbedEnv, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on("exit", (code, signal) => done({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** The first stdout line, once it is complete. */
async function firstLine(process: Running): Promise<string> {
  while (!process.stdout().includes("\n")) {
    if (process.child.exitCode !== null) throw new Error(`exited before its ready line; stderr:\n${process.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return process.stdout().split("\n")[0] ?? "";
}

/** The ready line with its tokens and port replaced by placeholders. */
function anonymized(line: string): string {
  const info = SandboxInfo.parse(JSON.parse(line));
  let text = line.replace(info.url, "URL");
  for (const token of [...info.platformTokens, ...info.accounts.flatMap((a) => [a.adminToken, a.agentToken ?? ""])].filter(Boolean)) {
    text = text.split(JSON.stringify(token)).join('"TOKEN"');
  }
  return text;
}

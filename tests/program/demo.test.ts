/**
 * `npm run demo` end to end: the script is spawned as users run it (after a build), against a
 * sandbox this test owns, so the test can read the same request log and search the output for
 * every token the sandbox issued. What needs no run (the usage, options refused) is asked of the
 * demo's own functions in this process, with one spawned run of each kind for the real wiring.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { locatePulumi, PulumiCliEngine } from "../demo/pulumi-cli-engine";
import { writesIn } from "../demo/requests";
import { example, REPO_ROOT } from "../demo/examples";
import { readCommandLine, runDemo } from "../demo/command";
import { DEMO_FLAGS, DEMO_USAGE } from "../demo/options";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";

jest.setTimeout(90_000);

interface Outcome {
  code: number | null;
  /** stdout alone. */
  stdout: string;
  /** stdout and stderr, interleaved. */
  output: string;
}

/** Runs the demo script (no build: the test tier runs after one) and collects stdout and stderr. */
function spawnDemo(args: string[]): Promise<Outcome> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.JEST_WORKER_ID;
  // Relative paths are taken from the repository root, and tokens come from the sandbox only.
  delete env.INIT_CWD;
  for (const name of Object.keys(env)) if (name.startsWith("CHATWOOT_")) delete env[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve("ts-node/dist/bin.js"), "--transpile-only", "tests/demo/main.ts", "--skip-build", ...args], {
      cwd: REPO_ROOT,
      env,
    });
    let output = "";
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, output }));
  });
}

/** What the command line answers without running anything (as main reads it, relative paths from the repository root). */
function answerTo(args: string[]) {
  const line = readCommandLine(["--skip-build", ...args], REPO_ROOT);
  if (line.kind !== "exit") throw new Error(`${JSON.stringify(args)} would run the demo`);
  return line;
}

/** A run of the demo in this process, its stdout collected instead of printed. */
async function runInProcess(args: string[]): Promise<{ code: number; stdout: string }> {
  const line = readCommandLine(["--skip-build", ...args], REPO_ROOT);
  if (line.kind !== "run") throw new Error(`${JSON.stringify(args)} runs nothing: exit ${line.code}`);
  let stdout = "";
  const write = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    stdout += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  });
  try {
    return { code: await runDemo(line.options), stdout };
  } finally {
    write.mockRestore();
  }
}

/** The table row of a resource: type, name and id in their columns. */
const row = (type: string, name: string, id: number | string) => new RegExp(`^\\s+${type}\\s+${name}\\s+${id}\\s+\\S`, "m");

describe("against a running sandbox", () => {
  describe("two demos in a row against the same sandbox", () => {
    let sandbox: Sandbox;
    /** The first demo, and what the sandbox held right after it. */
    let first: Outcome & { log: ReturnType<Sandbox["control"]["log"]>; state: ReturnType<Sandbox["control"]["snapshot"]>; secrets: string[] };
    beforeAll(async () => {
      sandbox = await startSandbox({ fixture: example("quickstart").fixture });
      const outcome = await spawnDemo(["--offline", "--sandbox", sandbox.url]);
      first = { ...outcome, log: [...sandbox.control.log()], state: sandbox.control.snapshot(), secrets: sandbox.control.secrets() };
    });
    afterAll(() => sandbox.close());

    test("the first runs the quickstart twice, shows no change and no write on the second run, and prints the stack without a token", () => {
      const { code, output } = first;
      expect(code).toBe(0);
      expect(output).toMatch(/Engine: the offline runner, because --offline was given/);
      expect(output).toMatch(/^Run 1: 5 created; \d+ requests, 5 writes \(POST 5\)/m);
      expect(output).toMatch(/^Run 2: 5 unchanged; \d+ requests, 0 writes/m);
      expect(output).toContain("no changes, and the sandbox's request log holds no write for this run.");

      // The demo cleared the log before its second run: what is left is that run, seen from here.
      const secondRun = first.log;
      expect(secondRun.length).toBeGreaterThan(0);
      expect(writesIn(secondRun)).toEqual([]);

      const state = first.state;
      const bot = state.agent_bots.find((b) => b.name === "Support bot");
      expect(output).toMatch(/^\s+TYPE\s+NAME\s+ID\s+KEY FIELDS$/m);
      expect(output).toMatch(row("Portal", "help", state.portals[0].id));
      expect(output).toMatch(row("AutomationRule", "enterprise-first", state.automation_rules[0].id));
      expect(output).toMatch(row("CustomAttributeDefinition", "plan", state.custom_attribute_definitions[0].id));
      expect(output).toMatch(row("AgentBot", "support-bot", bot?.id ?? "missing"));
      expect(output).toMatch(row("InboxMembership", "website-agents", "1/1"));
      expect(output).toMatch(/^\s+widgetToken\s+\[secret\]$/m);

      const secrets = first.secrets;
      expect(secrets.length).toBeGreaterThan(4);
      for (const secret of secrets) expect(output).not.toContain(secret);
    });

    test("the second works: the demo resets the sandbox to its seed first, and says so", async () => {
      expect(first.code).toBe(0);
      const created = first.state.portals.map((p) => p.slug);
      expect(created).toEqual(["help"]);

      const { code, output } = await spawnDemo(["--offline", "--sandbox", sandbox.url]);
      expect(code).toBe(0);
      expect(output).toMatch(/^Reset the running sandbox to its seed \(POST \/__sandbox\/reset/m);
      expect(output).toMatch(/^Run 1: 5 created; \d+ requests, 5 writes \(POST 5\)/m);
      expect(output).toMatch(/^Run 2: 5 unchanged; \d+ requests, 0 writes/m);
      // One of each, not the first demo's objects next to the second's.
      const state = sandbox.control.snapshot();
      expect([state.portals.length, state.automation_rules.length, state.custom_attribute_definitions.length]).toEqual([1, 1, 1]);
      expect(state.agent_bots.filter((b) => b.name === "Support bot")).toHaveLength(1);
    });
  });

  test("a failing run ends the demo with a non-zero exit code and no token in the error", async () => {
    const sandbox = await startSandbox({ fixture: example("quickstart").fixture });
    try {
      sandbox.control.inject({ method: "POST", path: "/api/v1/accounts/:account/portals", kind: "status", status: 403, times: 10 });
      // --no-reset: a reset would clear the injected fault.
      const { code, output } = await spawnDemo(["--offline", "--no-reset", "--sandbox", sandbox.url]);
      expect(code).toBe(1);
      expect(output).toMatch(/^demo failed: .*POST \/api\/v1\/accounts\/1\/portals: 403/ms);
      expect(output).not.toContain("Run 2:");
      for (const secret of sandbox.control.secrets()) expect(output).not.toContain(secret);
    } finally {
      await sandbox.close();
    }
  });
});

test("with its own embedded sandbox, as `npm run demo` runs it", async () => {
  const { code, output } = await spawnDemo(["--offline"]);
  expect(code).toBe(0);
  expect(output).toContain("against the embedded sandbox");
  expect(output).toMatch(/^Run 2: 5 unchanged; \d+ requests, 0 writes/m);
  expect(output).toMatch(row("Portal", "help", 1));
  expect(output).toContain("Done: the second run changed nothing and sent no write.");
});

test("an unknown example is refused with exit code 2 and the usage", () => {
  const { code, stderr } = answerTo(["--example", "nope"]);
  expect(code).toBe(2);
  expect(stderr).toContain('--example "nope": unknown example; one of quickstart');
  expect(stderr).toContain(DEMO_USAGE);
});

describe("the command line", () => {
  test("--help prints the usage, naming every option, on stdout and exits 0 without running anything", async () => {
    // The real command once; -h is the same flag to the parser.
    const { code, stdout, output } = await spawnDemo(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${DEMO_USAGE}\n`);
    expect(output).not.toContain("Built the package");
    for (const flag of ["--help", "-h"]) expect(answerTo([flag])).toEqual({ kind: "exit", code: 0, stdout: `${DEMO_USAGE}\n`, stderr: "" });
    for (const name of Object.keys(DEMO_FLAGS)) expect(DEMO_USAGE).toContain(`--${name}`);
  });

  test("the real command refuses an unknown option: exit 2, the reason and the usage on stderr", async () => {
    const { code, stdout, output } = await spawnDemo(["--frobnicate"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(output).toContain("Unknown option '--frobnicate'");
    expect(output).toContain(DEMO_USAGE);
  });

  test.each([
    [["--frobnicate"], "Unknown option '--frobnicate'"],
    [["stray"], "Unexpected argument 'stray'"],
    [["--step", "up"], "--step goes only with --program DIR"],
    [["--program", "examples/quickstart", "--offline"], "--offline does not go with --program"],
    [["--program", "examples/quickstart", "--step", "up,deploy"], '--step (item 2) "deploy": one of preview, up, refresh, destroy'],
    [["--program", "examples/quickstart", "--state", "x.json"], "--state needs --url"],
    [["--example", "clone", "--sandbox", "http://127.0.0.1:9"], "--example clone starts its own sandbox"],
  ])("%j exits 2 with the reason and the usage on stderr", (args, reason) => {
    const { code, stdout, stderr } = answerTo(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(reason);
    expect(stderr).toContain(DEMO_USAGE);
  });
});

describe("--program: your own program through the offline test runner", () => {
  const quickstart = ["--program", "examples/quickstart", "--config", "websiteInboxId=1", "--config", "agentUserIds=[2,3]"];

  test("against a sandbox started for the run: preview, up, up; it says it is a test runner and that `pulumi up` is the production path", async () => {
    const { code, output } = await spawnDemo([...quickstart, "--step", "preview,up,up"]);
    expect(code).toBe(0);
    expect(output).toMatch(/^pulumi-chatwoot test runner: examples\/quickstart \(project chatwoot-quickstart, stack dev\)/m);
    expect(output).toContain("This is the project's offline test runner");
    expect(output).toContain("in production run the program with the Pulumi CLI,\n  `pulumi preview` / `pulumi up`");
    const totals = [...output.matchAll(/^Resources: (.*)$/gm)].map((m) => m[1]);
    expect(totals).toEqual(["5 to create", "5 created", "5 unchanged"]);
    const requests = [...output.matchAll(/^Sandbox requests: .*?(\d+) writes?/gm)].map((m) => Number(m[1]));
    expect(requests).toEqual([0, 5, 0]);
    expect(output).toMatch(/^Preview of stack dev \(project chatwoot-quickstart\)/m);
  });

  describe("against a running sandbox, with a state file kept between invocations", () => {
    let sandbox: Sandbox;
    let dir: string;
    beforeEach(async () => {
      sandbox = await startSandbox();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-program-"));
    });
    afterEach(async () => {
      await sandbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test("up, up again in a new process (nothing to do), then refresh and destroy; no token printed", async () => {
      const state = path.join(dir, "state.json");
      const run = (steps: string) => spawnDemo([...quickstart, "--url", sandbox.url, "--state", state, "--stack", "ci", "--step", steps]);

      const first = await run("up");
      expect(first.code).toBe(0);
      expect(first.output).toContain(`Server: ${sandbox.url} (a running sandbox; tokens and account from the sandbox`);
      expect(first.output).toMatch(/^Resources: 5 created$/m);
      expect(fs.existsSync(state)).toBe(true);
      expect(sandbox.control.snapshot().portals.map((p) => p.slug)).toEqual(["help"]);

      sandbox.control.clearLog();
      const second = await run("up");
      expect(second.code).toBe(0);
      expect(second.output).toMatch(/^Resources: 5 unchanged$/m);
      expect(writesIn(sandbox.control.log())).toEqual([]);

      const last = await run("refresh,destroy");
      expect(last.code).toBe(0);
      expect([...last.output.matchAll(/^Resources: (.*)$/gm)].map((m) => m[1])).toEqual(["5 refreshed", "5 deleted"]);
      const after = sandbox.control.snapshot();
      expect([after.portals.length, after.automation_rules.length, after.custom_attribute_definitions.length]).toEqual([0, 0, 0]);

      for (const secret of sandbox.control.secrets()) {
        for (const { output } of [first, second, last]) expect(output).not.toContain(secret);
      }
    });
  });

  test("a directory that is not a Pulumi project is refused", async () => {
    const { code, stdout: output } = await runInProcess(["--program", "tests"]);
    expect(code).toBe(1);
    expect(output).toMatch(/tests is not a Pulumi project: it has no Pulumi\.yaml/);
  });
});

(process.platform === "win32" ? describe.skip : describe)("finding the Pulumi CLI (shell-script stand-ins)", () => {
  let bin: string;
  beforeEach(() => {
    bin = fs.mkdtempSync(path.join(os.tmpdir(), "fake-pulumi-"));
  });
  afterEach(() => fs.rmSync(bin, { recursive: true, force: true }));

  const install = (script: string) => fs.writeFileSync(path.join(bin, "pulumi"), `#!/bin/sh\n${script}\n`, { mode: 0o755 });

  test("an executable that answers `pulumi version` is used", async () => {
    install('echo "v3.999.0"');
    expect(await locatePulumi({ PATH: bin })).toEqual({ found: true, path: path.join(bin, "pulumi"), version: "v3.999.0" });
  });

  test("one that fails (a wrapper that cannot download the CLI, say) is not, and the reason is given", async () => {
    install('echo "cannot reach get.pulumi.com" >&2; exit 3');
    const lookup = await locatePulumi({ PATH: bin });
    expect(lookup.found).toBe(false);
    expect(lookup).toMatchObject({ reason: expect.stringContaining("did not answer `pulumi version`") });
  });

  test("without one on the PATH, the reason says so", async () => {
    expect(await locatePulumi({ PATH: bin })).toEqual({ found: false, reason: "no `pulumi` CLI on the PATH" });
  });

  test("the CLI engine works non-interactively in a temporary project, with tokens on stdin only", async () => {
    // A stand-in that records each call; it answers `stack history` the way the CLI does.
    const log = path.join(bin, "calls.log");
    install(
      [
        `printf 'ARGS %s\\n' "$*" >> ${JSON.stringify(log)}`,
        `printf 'ENV %s %s %s\\n' "$PULUMI_BACKEND_URL" "\${PULUMI_CONFIG_PASSPHRASE:+passphrase}" "$PWD" >> ${JSON.stringify(log)}`,
        'case "$*" in',
        `  "config set --secret"*) printf 'STDIN %s\\n' "$(cat)" >> ${JSON.stringify(log)} ;;`,
        `  "stack history"*) echo '[{"resourceChanges":{"create":5}},{"resourceChanges":{"same":1}}]' ;;`,
        "esac",
      ].join("\n"),
    );
    const tokens = { api: "api-token-5f0c2a", platform: "platform-token-9b1e77" };
    const engine = new PulumiCliEngine(path.join(bin, "pulumi"), example("quickstart"), {
      config: { "chatwoot:url": "http://127.0.0.1:9", "chatwoot:apiAccessToken": tokens.api, "chatwoot:platformAccessToken": tokens.platform, websiteInboxId: "1" },
      secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"],
    });
    let project = "";
    try {
      expect(await engine.up()).toEqual({ counts: { created: 5 }, changed: true });
      const lines = fs.readFileSync(log, "utf8").trim().split("\n");
      const calls = lines.filter((l) => l.startsWith("ARGS ")).map((l) => l.slice(5));
      expect(calls).toEqual([
        "stack init demo --non-interactive",
        "config set --stack demo chatwoot:url -- http://127.0.0.1:9",
        "config set --secret --stack demo chatwoot:apiAccessToken",
        "config set --secret --stack demo chatwoot:platformAccessToken",
        "config set --stack demo websiteInboxId -- 1",
        "up --yes --non-interactive --skip-preview --stack demo",
        "stack history --json --stack demo",
      ]);
      expect(lines.filter((l) => l.startsWith("STDIN "))).toEqual([`STDIN ${tokens.api}`, `STDIN ${tokens.platform}`]);
      const envs = new Set(lines.filter((l) => l.startsWith("ENV ")));
      expect(envs.size).toBe(1);
      const [, backend, passphrase, cwd] = [...envs][0].split(" ");
      project = cwd;
      expect(backend).toMatch(/^file:\/\//);
      expect(passphrase).toBe("passphrase");
      expect(path.relative(REPO_ROOT, cwd).startsWith("..")).toBe(true);
      expect(fs.readFileSync(path.join(cwd, "index.ts"), "utf8")).toBe(fs.readFileSync(path.join(example("quickstart").dir, "index.ts"), "utf8"));
      expect(fs.realpathSync(path.join(cwd, "node_modules"))).toBe(fs.realpathSync(path.join(REPO_ROOT, "node_modules")));
    } finally {
      await engine.dispose();
    }
    expect(fs.existsSync(project)).toBe(false);
    expect(fs.readdirSync(example("quickstart").dir).filter((f) => /^Pulumi\..+\.yaml$/.test(f))).toEqual([]);
  });
});

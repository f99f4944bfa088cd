/**
 * `npm run demo` end to end: the script is spawned as users run it (after a build), with the real
 * `pulumi` CLI, against a sandbox this test owns, so the test can read the same request log and
 * search the output for every token the sandbox issued. What needs no run (the usage, options
 * refused) is asked of the demo's own functions in this process.
 */
import { spawn } from "node:child_process";
import { writesIn } from "../demo/requests";
import { example, REPO_ROOT } from "../demo/examples";
import { readCommandLine } from "../demo/command";
import { DEMO_FLAGS, DEMO_USAGE } from "../demo/options";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { realEngine } from "./support/real-engine";

jest.setTimeout(120_000);

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
  // Tokens come from the sandbox only.
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

/** What the command line answers without running anything. */
function answerTo(args: string[]) {
  const line = readCommandLine(["--skip-build", ...args]);
  if (line.kind !== "exit") throw new Error(`${JSON.stringify(args)} would run the demo`);
  return line;
}

/** The table row of a resource: type, name and id in their columns. */
const row = (type: string, name: string, id: number | string) => new RegExp(`^\\s+${type}\\s+${name}\\s+${id}\\s+\\S`, "m");

realEngine.describe("the demo with the real Pulumi CLI", () => {
  describe("a demo against a running sandbox that an earlier demo left its objects in", () => {
    let sandbox: Sandbox;
    /** The demo, and what the sandbox held right after it. */
    let first: Outcome & { log: ReturnType<Sandbox["control"]["log"]>; state: ReturnType<Sandbox["control"]["snapshot"]>; secrets: string[] };
    beforeAll(async () => {
      sandbox = await startSandbox({ fixture: example("quickstart").fixture });
      // What an earlier demo leaves: the quickstart's portal, whose slug a new run could not take again.
      const [account] = sandbox.info.accounts;
      const earlier = await fetch(`${sandbox.url}/api/v1/accounts/${account.id}/portals`, {
        method: "POST",
        headers: { api_access_token: account.adminToken, "content-type": "application/json" },
        body: JSON.stringify({ portal: { name: "Help Center", slug: "help" } }),
      });
      expect(earlier.status).toBe(200);
      sandbox.control.clearLog();
      const outcome = await spawnDemo(["--sandbox", sandbox.url]);
      first = { ...outcome, log: [...sandbox.control.log()], state: sandbox.control.snapshot(), secrets: sandbox.control.secrets() };
    });
    afterAll(() => sandbox.close());

    test("it runs the quickstart twice with `pulumi up`, shows no change and no write on the second run, and prints the stack without a token", () => {
      const { code, output } = first;
      expect(code).toBe(0);
      expect(output).toMatch(/^Engine: Pulumi CLI v3\.\d+\.\d+ \(already there\), real `pulumi up`/m);
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

    test("it resets the sandbox to its seed first, and says so: one of each object, not the earlier demo's next to its own", () => {
      expect(first.code).toBe(0);
      expect(first.output).toMatch(/^Reset the running sandbox to its seed \(POST \/__sandbox\/reset/m);
      const { state } = first;
      expect(state.portals.map((p) => p.slug)).toEqual(["help"]);
      expect([state.portals.length, state.automation_rules.length, state.custom_attribute_definitions.length]).toEqual([1, 1, 1]);
      expect(state.agent_bots.filter((b) => b.name === "Support bot")).toHaveLength(1);
    });
  });

  test("a failing run ends the demo with a non-zero exit code, the server's answer and no token", async () => {
    const sandbox = await startSandbox({ fixture: example("quickstart").fixture });
    try {
      sandbox.control.inject({ method: "POST", path: "/api/v1/accounts/:account/portals", kind: "status", status: 403, times: 10 });
      // --no-reset: a reset would clear the injected fault.
      const { code, output } = await spawnDemo(["--no-reset", "--sandbox", sandbox.url]);
      expect(code).toBe(1);
      expect(output).toMatch(/^demo failed: pulumi up failed .*POST \/api\/v1\/accounts\/1\/portals: 403/ms);
      expect(output).not.toContain("Run 2:");
      for (const secret of sandbox.control.secrets()) expect(output).not.toContain(secret);
    } finally {
      await sandbox.close();
    }
  });

  test("with its own embedded sandbox, as `npm run demo` runs it", async () => {
    const { code, output } = await spawnDemo([]);
    expect(code).toBe(0);
    expect(output).toContain("against the embedded sandbox");
    expect(output).toMatch(/^Run 2: 5 unchanged; \d+ requests, 0 writes/m);
    expect(output).toMatch(row("Portal", "help", 1));
    expect(output).toContain("Done: the second run changed nothing and sent no write.");
  });

  test("--example clone copies an account into another with `pulumi up` and finds them equal", async () => {
    const { code, output } = await spawnDemo(["--example", "clone"]);
    expect(code).toBe(0);
    expect(output).toMatch(/^ {3}second run: \d+ unchanged; \d+ requests, 0 writes/m);
    expect(output).toMatch(/^ {4}account 1 and account 2 have the same configuration/m);
    expect(output).toContain("Done: the copy equals the original");
  });

  test("--example fleet runs examples/fleet on two sandboxes and prints its summary table; the second up sends no write", async () => {
    const { code, output } = await spawnDemo(["--example", "fleet"]);
    expect(code).toBe(0);
    expect(output).toMatch(/^ {4}member +result +created +updated +deleted +unchanged +requests +duration +error$/m);
    for (const member of ["northwind", "contoso", "initech"]) expect(output).toMatch(new RegExp(`^ {4}${member} +succeeded +2[01] +0 +0 +0 +\\d+ `, "m"));
    expect(output).toMatch(/^ {4}eu: \d+ requests, 0 writes; us: \d+ requests, 0 writes$/m);
    expect(output).toContain("Done: every member applied on its installation, and the second run sent no write.");
  }, 600_000);
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
    [["--example", "nope"], '--example "nope": unknown example; one of quickstart'],
    [["--no-reset"], "--no-reset only goes with --sandbox URL"],
    [["--example", "clone", "--sandbox", "http://127.0.0.1:9"], "--example clone starts its own sandboxes"],
    [["--example", "fleet", "--sandbox", "http://127.0.0.1:9"], "--example fleet starts its own sandboxes"],
    [["--sandbox", "ftp://127.0.0.1:9"], '--sandbox "ftp://127.0.0.1:9"'],
  ])("%j exits 2 with the reason and the usage on stderr", (args, reason) => {
    const { code, stdout, stderr } = answerTo(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(reason);
    expect(stderr).toContain(DEMO_USAGE);
  });
});

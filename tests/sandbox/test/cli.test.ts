import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { defaultFixture, SandboxInfo, type FixtureInput } from "../../../sdk/sandbox/index";
import { request } from "./http";

const ROOT = resolve(__dirname, "../../..");
const MAIN = "sdk/sandbox/main.ts";
const BOTS = "/platform/api/v1/agent_bots";

interface Cli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the CLI the way `npm run sandbox` does (ts-node, transpile only), with a scrubbed environment. */
function runCli(args: string[]): Cli {
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", MAIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on("exit", (code, signal) => done({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits for the first stdout line and parses it as the info line. */
async function infoLine(cli: Cli): Promise<SandboxInfo> {
  const deadline = Date.now() + 20_000;
  while (!cli.stdout().includes("\n")) {
    if (Date.now() > deadline || cli.child.exitCode !== null) throw new Error(`no JSON line; stderr:\n${cli.stderr()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return SandboxInfo.parse(JSON.parse(cli.stdout().split("\n")[0] ?? ""));
}

const allTokens = (info: SandboxInfo) => [...info.platformTokens, ...info.accounts.flatMap((a) => [a.adminToken, a.agentToken ?? ""]).filter(Boolean)];

describe("sandbox CLI", () => {
  it("prints exactly one JSON line, serves, and stops cleanly on SIGTERM", async () => {
    const cli = runCli(["--port", "0"]);
    try {
      const info = await infoLine(cli);
      expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(info.accounts.map((a) => a.id)).toEqual([1, 2]);
      const answer = await request(info.url, "GET", BOTS, { token: info.platformTokens[0] ?? "" });
      expect([answer.status, (answer.body as unknown[]).length]).toEqual([200, 1]);
      cli.child.kill("SIGTERM");
      expect(await cli.exited).toEqual({ code: 0, signal: null });
      expect(cli.stdout().split("\n")).toEqual([JSON.stringify(info), ""]);
      for (const token of allTokens(info)) expect(cli.stderr()).not.toContain(token);
      expect(cli.stderr()).toContain(info.url);
    } finally {
      cli.child.kill("SIGKILL");
    }
  });

  it("honours --host, --port=, --shapes, --edition, --rate-limit and --fixture, and stops on SIGINT", async () => {
    const fixture: FixtureInput = { ...defaultFixture, agent_bots: [{ id: 9, name: "From file", platform_app_ids: [1] }] };
    const file = join(mkdtempSync(join(tmpdir(), "sandbox-cli-")), "fixture.json");
    writeFileSync(file, JSON.stringify(fixture));
    const cli = runCli(["--host", "127.0.0.1", "--port=0", "--shapes", "documented", "--edition", "community", "--rate-limit", "2", "--fixture", file]);
    try {
      const info = await infoLine(cli);
      const token = info.platformTokens[0] ?? "";
      const first = await request(info.url, "GET", BOTS, { token });
      expect(first.body).toEqual([expect.objectContaining({ id: 9, name: "From file", bot_type: "webhook", access_token: expect.any(String) })]);
      // A community server has no SLA policies controller: Rails' routing 404.
      expect((await request(info.url, "GET", "/api/v1/accounts/1/sla_policies", { token: info.accounts[0]?.adminToken })).status).toBe(404);
      expect((await request(info.url, "GET", BOTS, { token })).status).toBe(429);
      cli.child.kill("SIGINT");
      expect(await cli.exited).toEqual({ code: 0, signal: null });
      expect(cli.stdout().trim().split("\n")).toHaveLength(1);
    } finally {
      cli.child.kill("SIGKILL");
      rmSync(dirname(file), { recursive: true, force: true });
    }
  });

  it("refuses bad flags with exit code 2, a usage line on stderr and nothing on stdout", async () => {
    const runs = [runCli(["--shapes", "swagger"]), runCli(["--port", "70000"]), runCli(["--verbose"])];
    const exits = await Promise.all(runs.map((cli) => cli.exited));
    expect(exits.map((e) => e.code)).toEqual([2, 2, 2]);
    for (const cli of runs) {
      expect(cli.stdout()).toBe("");
      expect(cli.stderr()).toContain("usage: sandbox");
    }
    expect(runs[0]?.stderr()).toMatch(/shapes/);
    expect(runs[2]?.stderr()).toMatch(/--verbose/);
  });

  it("prints its usage with every flag on stdout for --help and exits 0 without starting", async () => {
    const cli = runCli(["--help"]);
    expect((await cli.exited).code).toBe(0);
    expect(cli.stderr()).toBe("");
    expect(cli.stdout()).toMatch(/^usage: sandbox \[--port N\]/);
    for (const flag of ["--port", "--host", "--shapes", "--edition", "--rate-limit", "--fixture"]) expect(cli.stdout()).toContain(flag);
  });

  it("fails to start with exit code 1 on a bad fixture, naming the problem", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "sandbox-cli-")), "broken.json");
    writeFileSync(file, JSON.stringify({ ...defaultFixture, accounts: [] }));
    const cli = runCli(["--fixture", file]);
    expect((await cli.exited).code).toBe(1);
    expect(cli.stdout()).toBe("");
    expect(cli.stderr()).toMatch(/invalid sandbox fixture/);
    rmSync(dirname(file), { recursive: true, force: true });
  });
});

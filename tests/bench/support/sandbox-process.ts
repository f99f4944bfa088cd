/**
 * The sandbox as a child process, driven through its HTTP control plane (`/__sandbox/...`), so that
 * the CPU the benchmark process spends is the client's alone.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Pool } from "undici";
import type { Fault, FixtureInput, LogEntry, RateLimitSetting, SandboxInfo } from "../../../sdk/sandbox";

/** A sandbox running in a child process. */
export interface SandboxProcess {
  url: string;
  info: SandboxInfo;
  /** The request log since the last reset or clear. */
  log(): Promise<LogEntry[]>;
  clearLog(): Promise<void>;
  /** State back to the fixture (ids restart where they did), empty log. */
  reset(): Promise<void>;
  /** Requests per period per client (a number: per minute); null: off. A new limit starts counting afresh. */
  setRateLimit(limit: RateLimitSetting | null): Promise<void>;
  /** Adds a fault (a reset removes them all). */
  injectFault(fault: Fault): Promise<void>;
  /** Rows per table of the sandbox's state (for the no-duplicate, no-orphan checks). */
  counts(): Promise<Record<string, number>>;
  /** The member ids of every inbox. */
  inboxMembers(): Promise<Map<number, number[]>>;
  close(): Promise<void>;
}

const MAIN = join(__dirname, "../../../sdk/sandbox/main.ts");

/** Starts `sdk/sandbox/main.ts` with `args` and waits for its JSON start-up line. */
export async function startSandboxProcess(args: string[]): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", MAIN, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const info = await firstLine(child).catch((error: unknown) => {
    child.kill("SIGKILL");
    throw new Error(`sandbox process did not start: ${(error as Error).message}\n${stderr}`);
  });
  const control = new Pool(info.url, { connections: 1 });

  const call = async (method: "GET" | "PUT" | "POST" | "DELETE", path: string, body?: unknown): Promise<unknown> => {
    const res = await control.request({
      method,
      path: `/__sandbox${path}`,
      // A connection per call: a kept-alive one idles through a long `pulumi up` and may be closed
      // by the server just as the next call goes out ("other side closed"), on a busy machine.
      reset: true,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`sandbox control ${method} ${path}: ${res.statusCode} ${text}`);
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  };

  return {
    url: info.url,
    info,
    log: async () => (await call("GET", "/log")) as LogEntry[],
    clearLog: async () => void (await call("DELETE", "/log")),
    reset: async () => void (await call("POST", "/reset")),
    setRateLimit: async (limit) => void (await call("PUT", "/rate-limit", limit)),
    injectFault: async (fault) => void (await call("POST", "/faults", fault)),
    counts: async () => {
      const state = (await call("GET", "/state")) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(state).flatMap(([table, rows]) => (Array.isArray(rows) ? [[table, rows.length]] : [])));
    },
    inboxMembers: async () => {
      const state = (await call("GET", "/state")) as { inboxes: { id: number; member_ids: number[] }[] };
      return new Map(state.inboxes.map((inbox) => [inbox.id, [...inbox.member_ids].sort((a, b) => a - b)]));
    },
    close: async () => {
      await control.close();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, "exit");
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

async function firstLine(child: ChildProcess): Promise<SandboxInfo> {
  if (!child.stdout) throw new Error("no stdout");
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, "exit").then(([code]) => Promise.reject(new Error(`exited with ${String(code)}`)));
  const line = once(lines, "line").then(([text]) => text as string);
  const text = await Promise.race([line, exited]);
  lines.close();
  return JSON.parse(text) as SandboxInfo;
}

/** A sandbox process seeded from a fixture, with the seed's first account and Platform App token. */
export interface SeededSandbox extends SandboxProcess {
  account: SandboxInfo["accounts"][number];
  platformToken: string;
}

/**
 * Starts a sandbox process on `fixture`, written to a temporary file that `close()` removes with
 * the process.
 */
export async function startSeededSandbox(fixture: FixtureInput): Promise<SeededSandbox> {
  const dir = mkdtempSync(join(tmpdir(), "chatwoot-bench-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const fixturePath = join(dir, "fixture.json");
  writeFileSync(fixturePath, JSON.stringify(fixture));
  const sandbox = await startSandboxProcess(["--fixture", fixturePath]).catch((err: unknown) => {
    removeDir();
    throw err;
  });
  const account = sandbox.info.accounts[0];
  const platformToken = sandbox.info.platformTokens[0];
  const close = async () => {
    await sandbox.close();
    removeDir();
  };
  if (!account || !platformToken) {
    await close();
    throw new Error("the sandbox seed has no account or platform app");
  }
  return { ...sandbox, account, platformToken, close };
}

/**
 * A guide's bash block run whole, as a reader runs it: with bash, in a process group of its own,
 * its output in files (a process it leaves running, a sandbox a `kill` missed, keeps no pipe open,
 * so the run ends with bash and the checks after it see what was left); and a free loopback port
 * for what the block starts on a fixed one.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import type { Finished } from "./pulumi-cli";

/** A loopback port nothing listens on once this returns. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs `script` with `bash -e` in a process group of its own (`onSpawn` gets its id); killed after `timeoutMs`. */
export async function runBlock(script: string, options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; onSpawn: (pid: number) => void }): Promise<Finished> {
  const out = path.join(path.dirname(options.cwd), "block.stdout");
  const err = path.join(path.dirname(options.cwd), "block.stderr");
  const [stdoutFd, stderrFd] = [fs.openSync(out, "w"), fs.openSync(err, "w")];
  try {
    const child = spawn("setsid", ["bash", "-e", "-c", script], { cwd: options.cwd, env: options.env, stdio: ["ignore", stdoutFd, stderrFd] });
    if (child.pid !== undefined) options.onSpawn(child.pid);
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, "SIGKILL"), options.timeoutMs);
    const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
    clearTimeout(timer);
    return { code, signal, stdout: fs.readFileSync(out, "utf8"), stderr: fs.readFileSync(err, "utf8") };
  } finally {
    fs.closeSync(stdoutFd);
    fs.closeSync(stderrFd);
  }
}

/**
 * Where a block's process group is kept, to kill it after the file's tests: nothing the block
 * starts (a sandbox a `kill` missed) outlives them. Call it while the file is loaded; pass
 * `onSpawn` to {@link runBlock}.
 */
export function blockGroup(): { onSpawn: (pid: number) => void } {
  let group: number | undefined;
  afterAll(() => {
    try {
      if (group !== undefined) process.kill(-group, "SIGKILL");
    } catch {
      // Nothing left of it: the block stopped what it started.
    }
  });
  return { onSpawn: (pid) => (group = pid) };
}

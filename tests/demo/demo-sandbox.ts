/**
 * The sandbox the demo runs against: one it starts in this process (the default), or one already
 * running elsewhere (`npm run sandbox`, or a test's), reached through its `/__sandbox` control
 * endpoints. Either way the demo reads the request log and the issued tokens the same way.
 */
import { z } from "zod";
import { startSandbox, SandboxInfo, type FixtureInput, type LogEntry } from "../../sdk/sandbox";

export interface DemoSandbox {
  url: string;
  info: SandboxInfo;
  /** Every API request since the last `clearLog`. */
  log(): Promise<LogEntry[]>;
  clearLog(): Promise<void>;
  /** Every token the sandbox has issued so far, to keep them out of the output. */
  secrets(): Promise<string[]>;
  /** Back to the seed (same tokens); clears the log and the faults (`POST /__sandbox/reset`). */
  reset(): Promise<void>;
  /** Stops an embedded sandbox; leaves a running one alone. */
  close(): Promise<void>;
}

/** Starts a sandbox in this process. */
export async function embeddedSandbox(fixture: FixtureInput): Promise<DemoSandbox> {
  const sandbox = await startSandbox({ fixture });
  return {
    url: sandbox.url,
    info: sandbox.info,
    log: async () => sandbox.control.log(),
    clearLog: async () => sandbox.control.clearLog(),
    secrets: async () => sandbox.control.secrets(),
    reset: async () => sandbox.control.reset(),
    close: () => sandbox.close(),
  };
}

/** Connects to a sandbox that is already running at `url`. */
export async function runningSandbox(url: string): Promise<DemoSandbox> {
  const found = await probeSandbox(url);
  if (!found.sandbox) throw new Error(`${url} is not a sandbox: ${found.reason}`);
  return found.sandbox;
}

/** The sandbox at `url`, or why `url` is not one (a real Chatwoot server answers 404 there). */
export async function probeSandbox(url: string): Promise<{ sandbox: DemoSandbox; reason?: undefined } | { sandbox?: undefined; reason: string }> {
  const base = url.replace(/\/+$/, "");
  const control = async (method: string, path: string): Promise<unknown> => {
    const response = await fetch(`${base}/__sandbox${path}`, { method });
    if (!response.ok) throw new Error(`${method} /__sandbox${path} answered ${response.status}`);
    return response.status === 204 ? undefined : response.json();
  };
  let info: SandboxInfo;
  try {
    info = SandboxInfo.parse(await control("GET", "/info"));
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { reason: cause ? `${cause} (is it running?)` : error instanceof z.ZodError ? "GET /__sandbox/info is not a sandbox's info" : (error as Error).message };
  }
  const sandbox: DemoSandbox = {
    url: base,
    info,
    log: async () => (await control("GET", "/log")) as LogEntry[],
    clearLog: async () => void (await control("DELETE", "/log")),
    secrets: async () => (await control("GET", "/secrets")) as string[],
    reset: async () => void (await control("POST", "/reset")),
    close: async () => undefined,
  };
  return { sandbox };
}

/**
 * The sandbox the demo runs against: one it starts in this process (the default), or one already
 * running elsewhere (`npm run sandbox`, or a test's), reached through its `/__sandbox` control
 * endpoints. Either way the demo reads the request log and the issued tokens the same way.
 */
import { startSandbox, SandboxInfo, type FixtureInput, type LogEntry } from "../../sdk/sandbox";

export interface DemoSandbox {
  url: string;
  info: SandboxInfo;
  /** Every API request since the last `clearLog`. */
  log(): Promise<LogEntry[]>;
  clearLog(): Promise<void>;
  /** Every token the sandbox has issued so far, to keep them out of the output. */
  secrets(): Promise<string[]>;
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
    close: () => sandbox.close(),
  };
}

/** Connects to a sandbox that is already running at `url`. */
export async function runningSandbox(url: string): Promise<DemoSandbox> {
  const base = url.replace(/\/+$/, "");
  const control = async (method: string, path: string): Promise<unknown> => {
    const response = await fetch(`${base}/__sandbox${path}`, { method });
    if (!response.ok) throw new Error(`${base} is not a sandbox: ${method} /__sandbox${path} answered ${response.status}`);
    return response.status === 204 ? undefined : response.json();
  };
  const info = SandboxInfo.parse(await control("GET", "/info"));
  return {
    url: base,
    info,
    log: async () => (await control("GET", "/log")) as LogEntry[],
    clearLog: async () => void (await control("DELETE", "/log")),
    secrets: async () => (await control("GET", "/secrets")) as string[],
    close: async () => undefined,
  };
}

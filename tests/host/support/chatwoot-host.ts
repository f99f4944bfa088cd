/**
 * One sandbox and one provider host (the dynamic-provider host, or the native plugin) per test file (the sandbox reset before each test),
 * with the host configured the way the engine configures it, every reply and error recorded.
 */
import { startHost, type FrontDoor, type HostClient } from "../../harness/host";
import type { PropertyMap } from "../../harness/wire";
import { startSandbox, type Sandbox, type ShapeMode } from "../../../sdk/sandbox";
import { recordCrossings, type Crossing } from "./crossings";
import { engineSteps, type EngineSteps } from "./engine-steps";
import { repoRoot } from "./packages";

/** Environment variables the provider falls back to; cleared for the host unless a test sets them. */
export const CONNECTION_ENV = ["CHATWOOT_URL", "CHATWOOT_API_ACCESS_TOKEN", "CHATWOOT_PLATFORM_ACCESS_TOKEN", "CHATWOOT_ACCOUNT_ID"] as const;

/** How {@link useChatwootHost} sets things up. */
export interface ChatwootHostOptions {
  /**
   * Whether to send the Configure RPC with the stack config, as engines since 3.139 do. Default
   * true; without it the provider must fall back to the environment.
   */
  configure?: boolean;
  /** Environment of the host process, given the sandbox (added after the CHATWOOT_* variables are cleared). */
  env?: (sb: Sandbox) => NodeJS.ProcessEnv;
  /** Response shapes of the sandbox; default `chatwoot`. */
  shapes?: ShapeMode;
  /** The host: Pulumi's dynamic-provider host (default) or the package's native plugin. */
  frontDoor?: FrontDoor;
}

/**
 * The stack config the engine sends: every key of the stack with its namespace (other packages'
 * and the project's own keys included), tokens as secrets. The provider acts as account 1's
 * administrator and the sandbox's first Platform App.
 */
export function stackConfig(sb: Sandbox): { config: Record<string, string>; secretKeys: string[] } {
  return {
    config: {
      "chatwoot:url": sb.url,
      "chatwoot:apiAccessToken": sb.info.accounts[0].adminToken,
      "chatwoot:platformAccessToken": sb.info.platformTokens[0],
      "chatwoot:accountId": String(sb.info.accounts[0].id),
      "chatwoot:requestTimeoutMs": "5000",
      "aws:region": "eu-central-1",
      greeting: "hello",
    },
    secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"],
  };
}

/** A raw API answer. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** The fixture's handles; valid from `beforeAll` on. */
export interface ChatwootHost {
  readonly sb: Sandbox;
  /** The host, recording into {@link crossings}. */
  readonly host: HostClient;
  /** Every reply and error of this file's host, in order. */
  readonly crossings: Crossing[];
  readonly steps: EngineSteps;
  /** Account 1, whose administrator the provider acts as. */
  readonly account: Sandbox["info"]["accounts"][number];
  /** Requests the provider sent since the last reset, as `METHOD path`. */
  requests(): string[];
  /** Writes (anything but GET) the provider sent since the last reset. */
  writes(): string[];
  /** An out-of-band API call as account 1's administrator. */
  admin(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  /** An out-of-band Platform API call as the provider's Platform App. */
  platform(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
}

/** Starts the sandbox and the host for the file; see {@link ChatwootHostOptions}. */
export function useChatwootHost(options: ChatwootHostOptions = {}): ChatwootHost {
  let sandbox: Sandbox | undefined;
  let recorded: HostClient | undefined;
  let raw: HostClient | undefined;
  const crossings: Crossing[] = [];
  let steps: EngineSteps | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the sandbox and the host start in beforeAll");
    return value;
  };

  const call = async (token: string, method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const res = await fetch(ready(sandbox).url + path, {
      method,
      headers: { api_access_token: token, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const lines = (all: boolean) =>
    ready(sandbox)
      .control.log()
      .filter((e) => all || e.method !== "GET")
      .map((e) => `${e.method} ${e.path}`);

  beforeAll(async () => {
    sandbox = await startSandbox({ shapes: options.shapes ?? "chatwoot" });
    const cleared = Object.fromEntries(CONNECTION_ENV.map((name) => [name, ""]));
    raw = await startHost({ cwd: repoRoot, frontDoor: options.frontDoor, env: { ...cleared, ...options.env?.(sandbox) } });
    recorded = recordCrossings(raw, crossings);
    steps = engineSteps(recorded);
    if (options.configure !== false) {
      const { config, secretKeys } = stackConfig(sandbox);
      await recorded.configure(config, secretKeys);
    }
  });
  beforeEach(() => ready(sandbox).control.reset());
  afterAll(async () => {
    await raw?.close();
    await sandbox?.close();
  });

  return {
    get sb() {
      return ready(sandbox);
    },
    get host() {
      return ready(recorded);
    },
    crossings,
    get steps() {
      return ready(steps);
    },
    get account() {
      return ready(sandbox).info.accounts[0];
    },
    requests: () => lines(true),
    writes: () => lines(false),
    admin: (method, path, body) => call(ready(sandbox).info.accounts[0].adminToken, method, path, body),
    platform: (method, path, body) => call(ready(sandbox).info.platformTokens[0], method, path, body),
  };
}

/** Inputs with some properties replaced (a key set to `undefined` is removed). */
export function withInputs(inputs: PropertyMap, patch: PropertyMap): PropertyMap {
  return JSON.parse(JSON.stringify({ ...inputs, ...patch })) as PropertyMap;
}

/**
 * The sandbox: an in-memory Chatwoot-compatible server for tests and CI, shipped with the package
 * (`import { startSandbox } from "pulumi-chatwoot/sandbox"`, or `npx pulumi-chatwoot sandbox` as a
 * process). It answers the API like real Chatwoot (authentication, roles, account scoping,
 * validations, error bodies, rate limiting), logs every request, and can inject faults.
 *
 * @example
 * ```ts
 * import { startSandbox } from "pulumi-chatwoot/sandbox";
 *
 * // In a test body (or beforeAll / afterAll): a CommonJS project has no top-level await.
 * async function againstSandbox(): Promise<void> {
 *   const sandbox = await startSandbox();
 *   const [account] = sandbox.info.accounts;
 *   process.env.CHATWOOT_URL = sandbox.url;
 *   process.env.CHATWOOT_ACCOUNT_ID = String(account.id);
 *   process.env.CHATWOOT_API_ACCESS_TOKEN = account.adminToken;
 *   process.env.CHATWOOT_PLATFORM_ACCESS_TOKEN = sandbox.info.platformTokens[0];
 *   // ... run the program, then look at what it sent:
 *   const writes = sandbox.control.log().filter((entry) => entry.method !== "GET");
 *   await sandbox.close();
 * }
 * ```
 * @packageDocumentation
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createControl, createControlHandler, type SandboxControl } from "./control";
import { loadFixture, type FixtureInput } from "./fixture";
import { describeSandbox, type SandboxInfo } from "./info";
import { Edition, resolveRateLimit, ShapeMode, type RateLimitSetting } from "./options";
import { SandboxRuntime } from "./runtime";
import { defaultFixture } from "./seed";
import { createListener } from "./server";

export type { SandboxControl } from "./control";
export type { Fault, ParsedFault } from "./faults";
export { Fixture, type FixtureInput } from "./fixture";
export { SandboxInfo } from "./info";
export type { RateLimitSetting } from "./options";
export { Edition, ShapeMode } from "./options";
export type { LogEntry } from "./request-log";
export { defaultFixture } from "./seed";

/** How to start a sandbox. */
export interface SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; default "127.0.0.1". */
  host?: string;
  /** Response shapes; default "chatwoot" (what real servers send). */
  shapes?: ShapeMode;
  /** Requests per period per client (a bare number: per minute), answered like rack-attack; off by default. */
  rateLimit?: RateLimitSetting;
  /**
   * The Chatwoot edition played (kept across resets): "enterprise" (the default: SLA policies and
   * custom roles answer in accounts whose `sla` and `custom_roles` features are on, as the built-in
   * seed's are) or "community" (their routes answer Rails' routing 404). See `Edition`.
   */
  edition?: Edition;
  /** How far the server's clock runs ahead of this machine's (negative: behind); default 0. See `control.setClockOffset`. */
  clockOffsetMs?: number;
  /** Seed data: a fixture object or the path of a JSON file; default: the built-in seed. */
  fixture?: FixtureInput | string;
}

/** A running sandbox. */
export interface Sandbox {
  /** "http://127.0.0.1:PORT" */
  url: string;
  /** Exactly what the CLI prints as its JSON line: the URL, tokens, account, user and inbox ids. */
  info: SandboxInfo;
  /** Test controls: request log, reset, faults, shapes, rate limit, clock, edition and features (also over HTTP under `/__sandbox/`). */
  control: SandboxControl;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts an in-memory Chatwoot-compatible server, seeded with the fixture (by default two accounts
 * with administrators, agents, inboxes and platform apps; tokens are generated per sandbox and stay
 * the same across resets). Resolves once it is listening.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const runtime = new SandboxRuntime(
    loadFixture(options.fixture ?? defaultFixture),
    ShapeMode.parse(options.shapes ?? "chatwoot"),
    Edition.parse(options.edition ?? "enterprise"),
  );
  if (options.rateLimit !== undefined) runtime.setRateLimit(resolveRateLimit(options.rateLimit));
  const control = createControl(runtime);
  if (options.clockOffsetMs !== undefined) control.setClockOffset(options.clockOffsetMs);
  // The info needs the port, so the control plane reads it once listening has started.
  const started: { info?: SandboxInfo } = {};
  const server = createServer({ keepAlive: true }, createListener(runtime, createControlHandler(runtime, control, () => started.info as SandboxInfo)));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${port}`;
  const info = describeSandbox(url, runtime.state);
  started.info = info;
  return {
    url,
    info,
    control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The host part of the URL clients should use: wildcard addresses are reached through loopback. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

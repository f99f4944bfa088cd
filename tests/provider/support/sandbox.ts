import { configure } from "../../../provider";
import { resetConnectionConfig } from "../../../provider/config";
import { setRetryTiming } from "../../../provider/http";
import { forgetRunListings } from "../../../provider/lifecycle/run-listing";
import { startSandbox, type Sandbox } from "../../../sdk/sandbox";

export type Shapes = "chatwoot" | "documented";
export const SHAPES: Shapes[] = ["chatwoot", "documented"];

/**
 * One sandbox per test file, reset before each test, with the provider configured against it as
 * account 1's administrator (the way the shim's configure() would).
 */
export function useSandbox(shapes: Shapes = "chatwoot") {
  let sandbox: Sandbox | undefined;
  const ctx = {
    get sb(): Sandbox {
      if (!sandbox) throw new Error("sandbox not started");
      return sandbox;
    },
    get account() {
      return ctx.sb.info.accounts[0];
    },
    /** Requests the provider made since the last reset (control requests are never logged). */
    requests() {
      return ctx.sb.control.log();
    },
    writes() {
      return ctx.sb.control.log().filter((e) => e.method !== "GET");
    },
    /**
     * (Re)configures the provider against the sandbox, as account 1's administrator unless
     * `overrides` say otherwise (an agent's token, a smaller retry budget); call it again without
     * arguments to restore the defaults.
     */
    connect(overrides: Record<string, string> = {}) {
      resetConnectionConfig();
      configure({
        url: ctx.sb.url,
        apiAccessToken: ctx.account.adminToken,
        platformAccessToken: ctx.sb.info.platformTokens[0],
        accountId: String(ctx.account.id),
        requestTimeoutMs: "3000",
        ...overrides,
      });
    },
    /** A raw API call as account 1's administrator, for out-of-band changes. */
    admin(method: string, path: string, body?: unknown) {
      return raw(ctx.account.adminToken, method, path, body);
    },
    /** A raw Platform API call as the provider's own Platform App (another stack sharing its token, say). */
    platform(method: string, path: string, body?: unknown) {
      return raw(ctx.sb.info.platformTokens[0] ?? "", method, path, body);
    },
  };
  async function raw(token: string, method: string, path: string, body?: unknown) {
    const res = await fetch(ctx.sb.url + path, {
      method,
      headers: { api_access_token: token, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
  beforeAll(async () => {
    sandbox = await startSandbox({ shapes });
    // A tenth of the backoff: the tier injects faults by the thousand, and judges outcomes, not waits.
    setRetryTiming({ minDelayMs: 30 });
    ctx.connect();
  });
  // Each test is a command of its own against the server as the fixture has it: the provider keeps
  // no listing of the collections from the test before (a real run never sees its server reset).
  beforeEach(() => {
    ctx.sb.control.reset();
    forgetRunListings();
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return ctx;
}

/**
 * A stack of a program written inline in a test with the installed SDK (as a user's program loads
 * it), run by the offline runner against a fresh sandbox as account 1's administrator, with a fresh
 * state file for every test.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runProgram, type RunSummary, type StackOptions } from "../../harness/offline-runner";
import { installedSdk, repoRoot } from "../../host/support/packages";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../../sdk/sandbox";
import { withoutPassphraseEnv } from "./passphrase-env";

/** The SDK as an installed package (`require("pulumi-chatwoot")`). */
export const chatwoot = installedSdk();

export function useSdkStack(sandboxOptions: SandboxOptions = {}) {
  let sandbox: Sandbox | undefined;
  let dir: string | undefined;

  const ctx = {
    get sandbox(): Sandbox {
      if (!sandbox) throw new Error("sandbox not started");
      return sandbox;
    },
    get account() {
      return ctx.sandbox.info.accounts[0];
    },
    get statePath(): string {
      if (!dir) throw new Error("no state directory");
      return path.join(dir, "dev.json");
    },
    options(): StackOptions {
      return {
        cwd: repoRoot,
        config: {
          "chatwoot:url": ctx.sandbox.url,
          "chatwoot:accountId": String(ctx.account.id),
          "chatwoot:apiAccessToken": ctx.account.adminToken,
          "chatwoot:platformAccessToken": ctx.sandbox.info.platformTokens[0],
        },
        secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"],
        statePath: ctx.statePath,
      };
    },
    /** `pulumi up` of `program`, which returns the stack outputs. */
    up(program: () => unknown): Promise<RunSummary> {
      return runProgram({ program, project: "inline", stack: "dev", ...ctx.options() });
    },
    /** An API call as account 1's administrator, for changes made outside the stack. */
    admin(method: string, apiPath: string, body?: unknown): Promise<Response> {
      return fetch(ctx.sandbox.url + apiPath, {
        method,
        headers: { api_access_token: ctx.account.adminToken, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
  };

  withoutPassphraseEnv();
  beforeEach(async () => {
    sandbox = await startSandbox(sandboxOptions);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-stack-"));
  });
  afterEach(async () => {
    await sandbox?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    sandbox = undefined;
    dir = undefined;
  });
  return ctx;
}

/**
 * Global setup of the program tier: the build (as the host tier's), then the native plugin's
 * tarball, which the Pulumi YAML tests install as users do (`pulumi plugin install --file`). Once,
 * before the test files run in parallel, and only when the tarball is older than the build. Then
 * the tier's one PostgreSQL server (Pulumi's `postgres://` backend, for the fleet's tests), whose
 * URL and password the test files find in TEST_POSTGRES_URL and TEST_POSTGRES_PASSWORD; the global
 * teardown stops it.
 */
import { execFileSync } from "node:child_process";
import buildOnce from "../../host/support/global-setup";
import { pluginTarball, tarballIsCurrent } from "../../harness/plugin";
import { postgresMissing, startPostgres, type PostgresServer } from "../../harness/postgres";

/** Where the teardown finds the server (global setup and teardown run in jest's own process). */
export const POSTGRES_KEY = Symbol.for("pulumi-chatwoot.tests.postgres");

export default async function setUpProgramTier(): Promise<void> {
  buildOnce();
  if (!tarballIsCurrent()) {
    try {
      execFileSync("npx", ["ts-node", "--transpile-only", "provider/build/plugin-tarball.ts"], { cwd: pluginTarball.root, stdio: "pipe", encoding: "utf8" });
    } catch (err) {
      const { stdout = "", stderr = "" } = err as { stdout?: string; stderr?: string };
      throw new Error(`the program tier needs the plugin's tarball, and building it failed:\n${stdout}${stderr}`);
    }
  }
  // Without the server's programs the tests that need one are skipped, loudly (failing under CI).
  if (postgresMissing() !== undefined) return;
  const server = await startPostgres();
  (globalThis as Record<symbol, PostgresServer | undefined>)[POSTGRES_KEY] = server;
  process.env.TEST_POSTGRES_URL = server.url;
  process.env.TEST_POSTGRES_PASSWORD = server.password;
}

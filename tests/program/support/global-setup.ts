/**
 * Global setup of the program tier: the build (as the host tier's), then the native plugin's
 * tarball, which the Pulumi YAML tests install as users do (`pulumi plugin install --file`). Once,
 * before the test files run in parallel, and only when the tarball is older than the build.
 */
import { execFileSync } from "node:child_process";
import buildOnce from "../../host/support/global-setup";
import { pluginTarball, tarballIsCurrent } from "../../harness/plugin";

export default function buildPluginOnce(): void {
  buildOnce();
  if (tarballIsCurrent()) return;
  try {
    execFileSync("npx", ["ts-node", "--transpile-only", "provider/build/plugin-tarball.ts"], { cwd: pluginTarball.root, stdio: "pipe", encoding: "utf8" });
  } catch (err) {
    const { stdout = "", stderr = "" } = err as { stdout?: string; stderr?: string };
    throw new Error(`the program tier needs the plugin's tarball, and building it failed:\n${stdout}${stderr}`);
  }
}

/** `npm run build` before a demo run, so the program loads the package as it is now. */
import { spawnSync } from "node:child_process";
import { REPO_ROOT } from "./examples";
import { say, seconds } from "./output";

/** `npm run build` (with `plugin`, `npm run build:plugin`: the build and the native plugin's tarball). */
export function build({ plugin = false }: { plugin?: boolean } = {}): void {
  const start = performance.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const script = plugin ? "build:plugin" : "build";
  const result = spawnSync(npm, ["run", script], { cwd: REPO_ROOT, encoding: "utf8", shell: process.platform === "win32" });
  if (result.status !== 0) {
    throw new Error(`npm run ${script} failed:\n${`${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n")}`);
  }
  say(`Built the package into node_modules/pulumi-chatwoot${plugin ? " and the plugin's tarball into dist/plugin" : ""} (${seconds(performance.now() - start)}).`);
}

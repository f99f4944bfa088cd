/** `npm run build` before a demo run, so the program loads the package as it is now. */
import { spawnSync } from "node:child_process";
import { REPO_ROOT } from "./examples";
import { say, seconds } from "./output";

export function build(): void {
  const start = performance.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build"], { cwd: REPO_ROOT, encoding: "utf8", shell: process.platform === "win32" });
  if (result.status !== 0) {
    throw new Error(`npm run build failed:\n${`${result.stdout ?? ""}\n${result.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n")}`);
  }
  say(`Built the package into node_modules/pulumi-chatwoot (${seconds(performance.now() - start)}).`);
}

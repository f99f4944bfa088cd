/**
 * The plugin's tarball as `npm run build:plugin` writes it, for tests that install the plugin the
 * way users do (`pulumi plugin install resource chatwoot <version> --file <tarball>`). `npm run build`
 * empties dist/, so a tarball older than the build it would hold (or none) is written again first.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { tarballName } from "../../../provider/build/plugin-tarball";
import { REPO_ROOT } from "../../pulumi-cli/install";

export const PLUGIN_VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

/** The tarball's path, written first when it is missing or older than the build. */
export function pluginTarball(): string {
  const tarball = path.join(REPO_ROOT, "dist", "plugin", tarballName(PLUGIN_VERSION));
  const entry = path.join(REPO_ROOT, "dist", "provider", "plugin", "main.js");
  const mtime = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1);
  if (mtime(tarball) < mtime(entry)) {
    execFileSync(process.execPath, [require.resolve("ts-node/dist/bin.js"), "--transpile-only", path.join(REPO_ROOT, "provider/build/plugin-tarball.ts")], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "ignore", "pipe"],
    });
  }
  return tarball;
}

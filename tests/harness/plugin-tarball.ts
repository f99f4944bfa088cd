/**
 * The native plugin as users install it: the tarball `npm run build:plugin` writes
 * (dist/plugin/pulumi-resource-chatwoot-v<version>-linux-amd64.tar.gz), made from this checkout's
 * build when it is missing or older than the build (`npm test` builds first), and installed into a
 * project's `PULUMI_HOME` with `pulumi plugin install resource chatwoot <version> --file <tarball>`.
 * One test file at a time may make it: the build stages its files under dist/plugin.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { tarballName } from "../../provider/build/plugin-tarball";
import { REPO_ROOT } from "../pulumi-cli/install";
import { runCommand, tail, type PulumiProject } from "./pulumi-cli";

/** The plugin's version: the package's. */
export const PLUGIN_VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

const TARBALL = path.join(REPO_ROOT, "dist", "plugin", tarballName(PLUGIN_VERSION));
const BUILD = path.join(REPO_ROOT, "dist", "provider");

/** The newest modification time of the files under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** The tarball's path, made first when there is none or the provider's build is newer. */
export async function pluginTarball(): Promise<string> {
  if (!fs.existsSync(BUILD)) throw new Error("dist/provider is missing: run `npm run build` first (npm test does)");
  if (fs.existsSync(TARBALL) && fs.statSync(TARBALL).mtimeMs >= newest(BUILD)) return TARBALL;
  const script = path.join(REPO_ROOT, "provider", "build", "plugin-tarball.ts");
  const done = await runCommand(process.execPath, [require.resolve("ts-node/dist/bin.js"), "--transpile-only", script], { cwd: REPO_ROOT, env: process.env });
  if (done.code !== 0 || !fs.existsSync(TARBALL)) throw new Error(`building the plugin's tarball failed:\n${tail(done)}`);
  return TARBALL;
}

/** `pulumi plugin install resource chatwoot <version> --file <tarball>` in the project's `PULUMI_HOME`. */
export async function installPlugin(project: PulumiProject): Promise<void> {
  await project.ok(["plugin", "install", "resource", "chatwoot", PLUGIN_VERSION, "--file", await pluginTarball()]);
}

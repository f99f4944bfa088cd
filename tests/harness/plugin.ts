/**
 * The native plugin's tarball as `npm run build:plugin` writes it, and its installation into a
 * test project's Pulumi home, as users install it (`pulumi plugin install resource chatwoot
 * <version> --file <tarball>`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { pluginTarballName } from "../../provider/plugin/naming";

const root = path.resolve(__dirname, "../..");
const version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;

/** Where the tarball is, and the version it installs as. */
export const pluginTarball = { root, version, file: path.join(root, "dist", "plugin", pluginTarballName(version)) };

/** Whether the tarball exists and is newer than the build it packs. */
export function tarballIsCurrent(): boolean {
  try {
    return fs.statSync(pluginTarball.file).mtimeMs >= fs.statSync(path.join(root, "dist/provider/plugin/main.js")).mtimeMs;
  } catch {
    return false;
  }
}

/** `pulumi plugin install` arguments that install the tarball (run them with the project's PULUMI_HOME). */
export function pluginInstallArgs(): string[] {
  if (!fs.existsSync(pluginTarball.file)) throw new Error(`${pluginTarball.file} is missing: run npm run build:plugin`);
  return ["plugin", "install", "resource", "chatwoot", pluginTarball.version, "--file", pluginTarball.file];
}

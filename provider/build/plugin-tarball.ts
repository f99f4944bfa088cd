/**
 * `npm run build:plugin`: the native plugin as Pulumi installs plugins, one tarball,
 * `dist/plugin/pulumi-resource-chatwoot-v<version>-linux-amd64.tar.gz`, with the executable
 * `pulumi-resource-chatwoot` at its root and everything it runs inside: the built provider and the
 * package's production dependencies, installed from the lock file (so from npm's cache when it
 * holds them). Installed offline with
 * `pulumi plugin install resource chatwoot <version> --file <tarball>`; it runs on the machine's
 * Node.js (20.18 or newer), as the dynamic resources do.
 *
 * Run after `npm run build`. Prints the tarball's path on stdout, progress on stderr.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { pluginTarballName } from "../plugin/naming";

const ROOT = path.resolve(__dirname, "../..");
const OUT = path.join(ROOT, "dist", "plugin");

/** The executable the engine starts: node on the plugin's entry point, beside the script wherever it is installed. */
const LAUNCHER = `#!/bin/sh
# The Chatwoot provider plugin: runs on the Node.js on the PATH (20.18 or newer).
exec node "$(dirname "$0")/dist/provider/plugin/main.js" "$@"
`;

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

function main(): void {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { name: string; version: string; license: string; dependencies: Record<string, string> };
  if (!fs.existsSync(path.join(ROOT, "dist/provider/plugin/main.js"))) throw new Error("dist/provider/plugin/main.js is missing: run npm run build first");
  const started = Date.now();
  const stage = path.join(OUT, "stage");
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });

  // The package as the plugin needs it: the provider's build, and the dependencies it loads.
  fs.cpSync(path.join(ROOT, "dist/provider"), path.join(stage, "dist/provider"), { recursive: true });
  const manifest = { name: `${pkg.name}-plugin`, version: pkg.version, private: true, license: pkg.license, dependencies: pkg.dependencies };
  fs.writeFileSync(path.join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // The checkout's lock file pins the same versions the tests ran with; `npm ci` keeps only the production tree.
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as { name: string; packages: Record<string, { name?: string }> };
  lock.name = manifest.name;
  lock.packages[""] = { ...lock.packages[""], ...manifest };
  fs.writeFileSync(path.join(stage, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
  log("Installing the plugin's production dependencies (npm ci --omit=dev, from npm's cache where it can) ...");
  execFileSync("npm", ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: stage, stdio: ["ignore", "inherit", "inherit"] });
  fs.writeFileSync(path.join(stage, "pulumi-resource-chatwoot"), LAUNCHER, { mode: 0o755 });

  const tarball = path.join(OUT, pluginTarballName(pkg.version));
  fs.rmSync(tarball, { force: true });
  execFileSync("tar", ["-czf", tarball, "-C", stage, "."], { stdio: "inherit" });
  fs.rmSync(stage, { recursive: true, force: true });
  const size = (fs.statSync(tarball).size / 1024 / 1024).toFixed(1);
  log(`Wrote ${path.relative(ROOT, tarball)} (${size} MB) in ${Math.round((Date.now() - started) / 1000)} s.`);
  process.stdout.write(`${tarball}\n`);
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    log(`error: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}

/**
 * The package as a user installs it from the tarball `npm pack` writes, without the network: the
 * tarball unpacked into a project's node_modules (a copy, as npm installs it), each dependency a
 * link to this checkout's installed copy, or to another copy the test names (an older
 * `@pulumi/pulumi`, say).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../pulumi-cli/install";

const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };

/** The package's runtime dependencies and their ranges, as its package.json declares them. */
export const DEPENDENCIES: Readonly<Record<string, string>> = manifest.dependencies;

/** `npm pack` of the built checkout into `dir` (no prepack build: the callers' tier has built). */
export function packPackage(dir: string): { tarball: string; files: string[] } {
  const out = execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], { cwd: REPO_ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const [result] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  return { tarball: path.join(dir, result.filename), files: result.files.map((f) => f.path) };
}

/**
 * `npm install <tarball>` into the project `into`: the package unpacked, every dependency linked
 * from this checkout's node_modules unless `links` names another directory for it.
 */
export function installCopy(tarball: string, into: string, links: Record<string, string> = {}): void {
  const target = path.join(into, "node_modules", "pulumi-chatwoot");
  fs.mkdirSync(target, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"]);
  for (const name of Object.keys(manifest.dependencies)) {
    fs.mkdirSync(path.dirname(path.join(into, "node_modules", name)), { recursive: true });
    fs.symlinkSync(links[name] ?? path.join(REPO_ROOT, "node_modules", name), path.join(into, "node_modules", name), "junction");
  }
}

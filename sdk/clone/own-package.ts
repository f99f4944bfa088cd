/**
 * The package this code runs from, as an exported project depends on it. Until pulumi-chatwoot is
 * on the npm registry, a project that names it by version cannot install; so the export packs the
 * package it runs from (a checkout's build, or the copy a project installed) into the project as a
 * tarball, which the project's package.json names. npm packs it, as for a release: the same
 * files, and the same bytes for the same build.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** What the export needs of this package's package.json. */
export interface OwnManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** This package's directory and package.json, found from this file in the sources and in dist/ alike. */
export function ownPackage(): { root: string; manifest: OwnManifest } {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as OwnManifest;
      if (manifest.name === "pulumi-chatwoot") return { root: dir, manifest };
    }
    if (path.dirname(dir) === dir) throw new Error("pulumi-chatwoot's package.json was not found");
  }
}

/** The file name `npm pack` gives the package's tarball: `pulumi-chatwoot-0.1.0.tgz`. */
export const tarballName = (manifest: OwnManifest): string => `${manifest.name}-${manifest.version}.tgz`;

/** Packing failed: the message says why and what to give instead. */
export class PackError extends Error {
  override name = "PackError";
}

/**
 * `npm pack` of the package this code runs from: its tarball's bytes. No build runs (the package
 * is packed as it is, `--ignore-scripts`), and nothing is written outside a temporary directory.
 */
export async function packOwnPackage(): Promise<{ name: string; bytes: Buffer }> {
  const { root, manifest } = ownPackage();
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-chatwoot-pack-"));
  try {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const args = ["pack", "--ignore-scripts", "--json", "--pack-destination", out];
    const { code, stderr } = await run(npm, args, root);
    const name = tarballName(manifest);
    const file = path.join(out, name);
    if (code !== 0 || !fs.existsSync(file)) {
      const why = stderr.trim().split("\n").slice(-3).join(" ") || `exit code ${code}`;
      throw new PackError(`could not pack ${manifest.name} from ${root} with \`npm pack\` (${why}); give --package SPEC instead`);
    }
    return { name, bytes: fs.readFileSync(file) };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "ignore", "pipe"], shell: process.platform === "win32" });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (err) => resolve({ code: null, stderr: err.message }));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

/**
 * Global setup of the host and program tiers. Pulumi's dynamic-provider host runs plain Node on the built package
 * (`dist/` and its installed copy in `node_modules/pulumi-chatwoot`), never on the TypeScript
 * sources, so the tier builds first — once, and only when a source is newer than the installed copy
 * (`npm test` has usually just built).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "../../..");
// `install-self.js` copies this file once tsc has finished, so its time is when the build was installed.
const installed = path.join(root, "node_modules", "pulumi-chatwoot", "package.json");
const sources = ["provider", "sdk", "package.json", "tsconfig.json", "tsconfig.build.json", "tests/harness/install-self.js"];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function builtAt(): number {
  try {
    return fs.statSync(installed).mtimeMs;
  } catch {
    return -1;
  }
}

export default function buildOnce(): void {
  const newest = Math.max(...sources.map((s) => newestChange(path.join(root, s))));
  if (builtAt() >= newest) return;
  try {
    execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "pipe", encoding: "utf8" });
  } catch (err) {
    const { stdout = "", stderr = "" } = err as { stdout?: string; stderr?: string };
    throw new Error(`the host and program tiers need a build, and \`npm run build\` failed:\n${stdout}${stderr}`);
  }
}

/**
 * `require("pulumi-chatwoot")` in a program loads the SDK and `@pulumi/pulumi`, and none of the
 * provider's code: no resource implementation, no HTTP client, no zod (every `pulumi preview` and
 * `up` starts a program, so each would pay for it). The provider runs in Pulumi's provider host,
 * which the shims load it into; in the program, a data source loads its own reader when it first
 * runs. Checked in a plain Node process on the installed package, as a program loads it.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { repoRoot } from "./support/packages";

const installed = path.join(repoRoot, "node_modules", "pulumi-chatwoot");

/** The modules a fresh Node process has loaded after `script` (the body of an async function), each as a path. */
function modulesAfter(script: string): string[] {
  const program = `(async () => {\n${script}\n})().then(() => process.stdout.write(JSON.stringify(Object.keys(require.cache))));`;
  const result = spawnSync(process.execPath, ["-e", program], { cwd: repoRoot, env: { PATH: process.env.PATH, NO_COLOR: "1" }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`node exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout) as string[];
}

/** What of the provider's side a list of modules holds: the package's provider modules, zod, undici. */
const providerSide = (modules: string[]) => modules.filter((m) => /[\\/]dist[\\/]provider[\\/]|[\\/]node_modules[\\/](zod|undici)[\\/]/.test(m));

test("requiring the package loads its SDK and no provider module, zod or undici", () => {
  const modules = modulesAfter(`const chatwoot = require(${JSON.stringify(installed)});`);
  expect(modules).toContain(path.join(installed, "dist", "sdk", "index.js"));
  expect(modules).toContain(path.join(installed, "dist", "sdk", "label.js"));
  expect(providerSide(modules)).toEqual([]);
});

test("declaring resources loads no provider code either (their providers run in Pulumi's host)", () => {
  // Outside the engine: the SDK says on stderr that nothing happens, and registers nothing.
  const modules = modulesAfter(`
    const chatwoot = require(${JSON.stringify(installed)});
    new chatwoot.Label("vip", { title: "vip" });
    new chatwoot.AgentBot("triage", { name: "Triage" });
    chatwoot.Label.get("existing", "12");
  `);
  expect(providerSide(modules)).toEqual([]);
});

test("a data source loads its reader, and the provider code it needs, when it runs", () => {
  const modules = modulesAfter(`
    const chatwoot = require(${JSON.stringify(installed)});
    // Outside the engine, with no connection settings: the reader is loaded, and fails.
    await chatwoot.getLabels().catch(() => undefined);
  `);
  const loaded = providerSide(modules).map((m) => path.relative(installed, m));
  expect(loaded).toEqual(expect.arrayContaining([path.join("dist", "provider", "readers", "labels.js")]));
  // Its own reader only: no other data source's, no resource implementation.
  expect(loaded.filter((m) => /[\\/](readers[\\/](?!labels|connection|reader)|resources[\\/]|registry)/.test(m))).toEqual([]);
});

/**
 * `npm run generate` (and the first step of `npm run build`): writes what derives from the registry
 * of types and the SDK's declarations, and is checked in:
 * - provider/plugin/schema.json, the native plugin's Pulumi package schema (./pulumi-schema.ts).
 *
 * `--check` writes nothing and exits 1 naming each file that is not what it would write (a test runs it).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { buildSchema } from "./pulumi-schema";

const ROOT = path.resolve(__dirname, "../..");

/** Every generated file: its path from the root, and its content. */
export function generatedFiles(): { file: string; content: string }[] {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  const schema = buildSchema(ROOT, version);
  return [{ file: "provider/plugin/schema.json", content: `${JSON.stringify(schema, null, 2)}\n` }];
}

/** The generated files whose checked-in content differs from what would be written. */
export function staleFiles(): string[] {
  return generatedFiles()
    .filter(({ file, content }) => {
      const at = path.join(ROOT, file);
      return !fs.existsSync(at) || fs.readFileSync(at, "utf8") !== content;
    })
    .map(({ file }) => file);
}

if (require.main === module) {
  if (process.argv.includes("--check")) {
    const stale = staleFiles();
    for (const file of stale) process.stderr.write(`${file} is stale: run npm run generate\n`);
    process.exitCode = stale.length > 0 ? 1 : 0;
  } else {
    for (const { file, content } of generatedFiles()) {
      const at = path.join(ROOT, file);
      if (fs.existsSync(at) && fs.readFileSync(at, "utf8") === content) continue;
      fs.mkdirSync(path.dirname(at), { recursive: true });
      fs.writeFileSync(at, content);
      process.stderr.write(`wrote ${file}\n`);
    }
  }
}

/**
 * `npm run generate` (and the first step of `npm run build`): writes what derives from the registry
 * of types and the SDK's declarations, and is checked in:
 * - provider/plugin/schema.json, the native plugin's Pulumi package schema (./pulumi-schema.ts);
 * - docs/, the reference pages made from that schema and the SDK's examples (./reference-docs.ts).
 *   The folder holds nothing else: a page of a type that is gone (or renamed) is deleted.
 *
 * `--check` writes nothing and exits 1 naming each file that is not what it would write, or that it
 * would delete (a test runs it).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Declarations } from "./declarations";
import { buildSchema } from "./pulumi-schema";
import { referenceDocs } from "./reference-docs";

const ROOT = path.resolve(__dirname, "../..");
/** Folders whose every file is generated. */
const GENERATED_DIRS = ["docs"];

/** Every generated file: its path from the root, and its content. */
export function generatedFiles(): { file: string; content: string }[] {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  const decls = new Declarations(ROOT);
  const schema = buildSchema(ROOT, version, decls);
  return [{ file: "provider/plugin/schema.json", content: `${JSON.stringify(schema, null, 2)}\n` }, ...referenceDocs(schema, decls)];
}

/** Files in the generated folders that the generator no longer writes. */
function leftoverFiles(generated: readonly { file: string }[]): string[] {
  const written = new Set(generated.map((g) => g.file));
  return GENERATED_DIRS.flatMap((dir) => {
    const at = path.join(ROOT, dir);
    if (!fs.existsSync(at)) return [];
    return fs
      .readdirSync(at, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .filter((file) => !written.has(file));
  }).sort();
}

/** The generated files whose checked-in content differs from what would be written, and those that would be deleted. */
export function staleFiles(): string[] {
  const generated = generatedFiles();
  const differing = generated
    .filter(({ file, content }) => {
      const at = path.join(ROOT, file);
      return !fs.existsSync(at) || fs.readFileSync(at, "utf8") !== content;
    })
    .map(({ file }) => file);
  return [...differing, ...leftoverFiles(generated)];
}

if (require.main === module) {
  if (process.argv.includes("--check")) {
    const stale = staleFiles();
    for (const file of stale) process.stderr.write(`${file} is stale: run npm run generate\n`);
    process.exitCode = stale.length > 0 ? 1 : 0;
  } else {
    const generated = generatedFiles();
    for (const { file, content } of generated) {
      const at = path.join(ROOT, file);
      if (fs.existsSync(at) && fs.readFileSync(at, "utf8") === content) continue;
      fs.mkdirSync(path.dirname(at), { recursive: true });
      fs.writeFileSync(at, content);
      process.stderr.write(`wrote ${file}\n`);
    }
    for (const file of leftoverFiles(generated)) {
      fs.rmSync(path.join(ROOT, file));
      process.stderr.write(`deleted ${file}\n`);
    }
  }
}

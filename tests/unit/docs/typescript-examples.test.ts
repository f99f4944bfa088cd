/**
 * The reference pages' TypeScript examples (docs/, from the SDK's TSDoc) compile against the SDK as
 * the one program the pages say they are: every `ts` block under `## Example Usage`, each after the
 * blocks that declare the names it uses, a statement two blocks both hold kept once, in a CommonJS
 * program with the examples' compiler options. A wrong input name or type, or a name no example
 * declares, fails here; the YAML made from them is run by tests/program/docs-examples.test.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const root = path.resolve(__dirname, "../../..");
const docs = path.join(root, "docs");

/** Every page's TypeScript example blocks, with the page's name. */
function exampleBlocks(): { page: string; code: string }[] {
  const pages = fs.readdirSync(docs, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".md"));
  return pages.flatMap((entry) => {
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    const section = /^## Example Usage\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(text)?.[1] ?? "";
    return [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => ({ page: path.relative(docs, path.join(entry.parentPath, entry.name)), code: m[1]! }));
  });
}

/** The names a block declares at its top level, and the names it uses that it does not declare. */
function namesOf(code: string): { declares: Set<string>; uses: Set<string> } {
  const file = ts.createSourceFile("block.ts", code, ts.ScriptTarget.Latest, true);
  const declares = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) declares.add(d.name.text);
    if (ts.isFunctionDeclaration(statement) && statement.name) declares.add(statement.name.text);
  }
  const uses = new Set<string>();
  const visit = (node: ts.Node): void => {
    // The object of a property access is a use; the property's name is not.
    if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) && !ts.isPropertyAssignment(node.parent)) {
      if (!declares.has(node.text)) uses.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { declares, uses };
}

/** The blocks in an order where each comes after the blocks that declare what it uses. */
function ordered(blocks: { page: string; code: string }[]): { page: string; code: string }[] {
  const names = blocks.map((b) => namesOf(b.code));
  const done: number[] = [];
  const visiting = new Set<number>();
  const place = (i: number): void => {
    if (done.includes(i) || visiting.has(i)) return;
    visiting.add(i);
    for (const name of names[i]!.uses) {
      const j = names.findIndex((n, k) => k !== i && n.declares.has(name) && !names[i]!.declares.has(name));
      if (j >= 0) place(j);
    }
    done.push(i);
  };
  blocks.forEach((_b, i) => place(i));
  return done.map((i) => blocks[i]!);
}

/** One program of all blocks: the imports the pages leave out, then each statement once. */
function program(blocks: { page: string; code: string }[]): string {
  const seen = new Set<string>();
  const statements: string[] = [];
  for (const { code } of ordered(blocks)) {
    const file = ts.createSourceFile("block.ts", code, ts.ScriptTarget.Latest, true);
    for (const statement of file.statements) {
      const text = statement.getFullText(file).trim();
      if (seen.has(text)) continue;
      seen.add(text);
      statements.push(text);
    }
  }
  return ['import * as fs from "node:fs";', 'import * as pulumi from "@pulumi/pulumi";', 'import * as chatwoot from "pulumi-chatwoot";', "", ...statements, ""].join("\n");
}

/** The program's own compile errors, compiled as examples/quickstart is, with `pulumi-chatwoot` resolving to this checkout's SDK. */
function compileErrors(code: string): string[] {
  const config = path.join(root, "examples/quickstart/tsconfig.json");
  const { options } = ts.parseJsonConfigFileContent(ts.readConfigFile(config, ts.sys.readFile).config, ts.sys, path.dirname(config));
  const compilerOptions = { ...options, noEmit: true, baseUrl: root, paths: { "pulumi-chatwoot": ["./sdk"] } };
  const fileName = path.join(root, "examples", "docs-examples", "index.ts");
  const host = ts.createCompilerHost(compilerOptions);
  const exists = host.fileExists.bind(host);
  const read = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === fileName || exists(name);
  host.readFile = (name) => (name === fileName ? code : read(name));
  host.getSourceFile = (name, version, ...rest) => (name === fileName ? ts.createSourceFile(name, code, version) : getSourceFile(name, version, ...rest));
  const built = ts.createProgram([fileName], compilerOptions, host);
  const file = built.getSourceFile(fileName);
  const diagnostics = [...built.getOptionsDiagnostics(), ...built.getSyntacticDiagnostics(file), ...built.getSemanticDiagnostics(file)];
  return diagnostics.map((d) => {
    const line = d.file && d.start !== undefined ? `line ${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : "";
    return `${line}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}

const blocks = exampleBlocks();

test("every resource and data source page has a TypeScript example", () => {
  const pages = fs.readdirSync(docs, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /^(resources|data-sources)$/.test(path.basename(e.parentPath)));
  expect(pages.length).toBeGreaterThan(20);
  for (const page of pages) expect(blocks.map((b) => b.page)).toContain(path.relative(docs, path.join(page.parentPath, page.name)));
});

test("the examples of all pages compile as one program against the SDK", () => {
  const code = program(blocks);
  const errors = compileErrors(code);
  if (errors.length > 0) throw new Error(`${errors.join("\n")}\n\nin:\n${code.split("\n").map((l, i) => `${i + 1}: ${l}`).join("\n")}`);
}, 60_000);

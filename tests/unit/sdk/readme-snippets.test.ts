/**
 * The TypeScript snippets of the README and its guides compile, in the project layout the README recommends: a CommonJS program
 * with the examples' compiler options, where a top-level `await` is an error (TS1378). Each is a
 * whole program (it imports the package or its `pulumi-chatwoot/sandbox` entry point): the examples
 * of each type are on its reference page (docs/), made from the SDK's TSDoc, and are compiled by
 * tests/unit/docs/typescript-examples.test.ts.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { userDocs } from "../../harness/user-docs";

const root = path.resolve(__dirname, "../../..");

/** Every ```ts block of the README and the guides, with its page and the heading it is under. */
function blocks(): { heading: string; code: string }[] {
  const found: { heading: string; code: string }[] = [];
  for (const { file, text } of userDocs()) {
    let heading = "";
    for (const match of text.matchAll(/^(#{1,3} .*)$|^```ts\n([\s\S]*?)^```$/gm)) {
      if (match[1]) heading = match[1].replace(/^#+ /, "");
      else found.push({ heading: `${file}: ${heading}`, code: match[2] ?? "" });
    }
  }
  return found;
}

/** Whether a block is a whole program: it imports pulumi-chatwoot (or pulumi-chatwoot/sandbox). */
const isProgram = (code: string) => /from "pulumi-chatwoot(?:\/sandbox)?"/.test(code);

/** The compiler options of examples/quickstart, resolving `pulumi-chatwoot` (and its sandbox) to this checkout's SDK. */
function exampleOptions(): ts.CompilerOptions {
  const file = path.join(root, "examples/quickstart/tsconfig.json");
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(file));
  return { ...options, noEmit: true, baseUrl: root, paths: { "pulumi-chatwoot": ["./sdk"], "pulumi-chatwoot/sandbox": ["./sdk/sandbox"] } };
}

const all = blocks();

/**
 * The files every snippet's program reads besides the snippet (the standard library, the SDK's
 * sources, @pulumi/pulumi's declarations), parsed once for all of them, as an editor's language
 * service keeps them: each snippet is still type-checked in a program of its own.
 */
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

/** The snippet's own compile errors as `TS<code> <message>`. */
function compileErrors(code: string): string[] {
  const fileName = path.join(root, "examples", "readme-snippet", "index.ts");
  const options = exampleOptions();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  const parsed: typeof getSourceFile = (name, ...rest) => {
    if (!parsedFiles.has(name)) parsedFiles.set(name, getSourceFile(name, ...rest));
    return parsedFiles.get(name);
  };
  host.fileExists = ((exists) => (name: string) => name === fileName || exists(name))(host.fileExists.bind(host));
  host.readFile = (name) => (name === fileName ? code : readFile(name));
  host.getSourceFile = (name, version, ...rest) => (name === fileName ? ts.createSourceFile(name, code, version) : parsed(name, version, ...rest));
  const program = ts.createProgram([fileName], options, host);
  const snippet = program.getSourceFile(fileName);
  // Only the snippet's own errors: a user's project reads the package's declarations with
  // skipLibCheck, while this compiles its sources under the example's options.
  const diagnostics = [...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics(snippet), ...program.getSemanticDiagnostics(snippet)];
  return diagnostics.map((d) => `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
}

// The Quick start's program is written by its own-project block, which tests/program/own-project.test.ts
// runs as written (Pulumi compiles it with the project's TypeScript).
test("the TypeScript of the README and its guides is whole programs, the sandbox's among them: a type's fragments belong on its reference page", () => {
  expect(all.map((s) => s.heading)).toContain("docs/guides/sandbox.md: The sandbox: an offline Chatwoot for your tests and CI");
  expect(all.filter((s) => !isProgram(s.code)).map((s) => s.heading)).toEqual([]);
});

test.each(all.map((s, i) => [`${s.heading} #${i + 1}`, s.code]))("the snippet in %s compiles as a CommonJS program", (_name, code) => {
  expect(compileErrors(code)).toEqual([]);
}, 60_000);

/**
 * The README's self-contained TypeScript snippets (those that import the package) compile in the
 * project layout it recommends: a CommonJS program with the examples' compiler options, where a
 * top-level `await` is an error (TS1378).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const root = path.resolve(__dirname, "../../..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");

/** Each ```ts block of the README that imports pulumi-chatwoot, with the heading it is under. */
function snippets(): { heading: string; code: string }[] {
  const found: { heading: string; code: string }[] = [];
  let heading = "";
  for (const match of readme.matchAll(/^(#{2,3} .*)$|^```ts\n([\s\S]*?)^```$/gm)) {
    if (match[1]) heading = match[1].replace(/^#+ /, "");
    else if (/from "pulumi-chatwoot"/.test(match[2])) found.push({ heading, code: match[2] });
  }
  return found;
}

/** The compiler options of examples/quickstart, resolving `pulumi-chatwoot` to this checkout's SDK. */
function exampleOptions(): ts.CompilerOptions {
  const file = path.join(root, "examples/quickstart/tsconfig.json");
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(file));
  return { ...options, noEmit: true, baseUrl: root, paths: { "pulumi-chatwoot": ["./sdk"] } };
}

const found = snippets();

test("the README has snippets under Quick start and Data sources", () => {
  expect(found.map((s) => s.heading)).toEqual(expect.arrayContaining(["Quick start", "Data sources"]));
});

test.each(found.map((s, i) => [`${s.heading} #${i + 1}`, s.code]))("the snippet in %s compiles as a CommonJS program", (_name, code) => {
  const fileName = path.join(root, "examples", "readme-snippet", "index.ts");
  const options = exampleOptions();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = ((exists) => (name: string) => name === fileName || exists(name))(host.fileExists.bind(host));
  host.readFile = (name) => (name === fileName ? code : readFile(name));
  host.getSourceFile = (name, version, ...rest) => (name === fileName ? ts.createSourceFile(name, code, version) : getSourceFile(name, version, ...rest));
  const program = ts.createProgram([fileName], options, host);
  const snippet = program.getSourceFile(fileName);
  // Only the snippet's own errors: a user's project reads the package's declarations with
  // skipLibCheck, while this compiles its sources under the example's options.
  const diagnostics = [...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics(snippet), ...program.getSemanticDiagnostics(snippet)];
  expect(diagnostics.map((d) => `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`)).toEqual([]);
}, 60_000);

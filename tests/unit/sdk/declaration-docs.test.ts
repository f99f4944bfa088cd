/**
 * What an editor shows when a user hovers an argument, an output or a data-source result field
 * comes from the package's built declarations (dist/sdk/**\/*.d.ts), not from the sources: a
 * comment that `tsc` drops (as it drops those on zod object keys) reaches no one. These tests read
 * the declarations `npm run build` wrote, with the compiler's own notion of each property's
 * documentation (the one its hover uses, inherited and mapped properties included), and name every
 * public property without any:
 * - the properties of each exported `*Args` interface or type, and of the object types nested in them;
 * - the `readonly` properties of each exported resource class (its outputs), its static `get` and
 *   `isInstance`, and the properties of its `*State` type (what `get` takes);
 * - the fields of each data source's `Get*Result`, and of the object types nested in them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { readers, resources } from "../../../provider";

const root = path.resolve(__dirname, "../../..");
const dist = path.join(root, "dist");
const declarations = path.join(dist, "sdk");

/** Every file below `dir` whose name passes `keep`. */
function filesBelow(dir: string, keep: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesBelow(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

/** Sources newer than the oldest declaration: a build that predates them would test old text. */
function sourcesNewerThanBuild(): string[] {
  const built = Math.min(...filesBelow(declarations, (n) => n.endsWith(".d.ts")).map((f) => fs.statSync(f).mtimeMs));
  return ["sdk", "provider"]
    .flatMap((dir) => filesBelow(path.join(root, dir), (n) => n.endsWith(".ts")))
    .filter((f) => fs.statSync(f).mtimeMs > built)
    .map((f) => path.relative(root, f));
}

/** The declarations a property's place is named after: types, classes and (zod schemas) constants. */
const NAMED: ((node: ts.Node) => boolean)[] = [ts.isInterfaceDeclaration, ts.isTypeAliasDeclaration, ts.isClassDeclaration, ts.isVariableDeclaration];

/** Where a missing comment is: `dist/sdk/label.d.ts: LabelArgs.title`. */
function place(declaration: ts.Declaration, property: string): string {
  let owner: ts.Node | undefined = declaration.parent;
  while (owner && !NAMED.some((is) => is(owner!))) owner = owner.parent;
  const name = owner && ts.getNameOfDeclaration(owner as ts.Declaration)?.getText();
  return `${path.relative(root, declaration.getSourceFile().fileName)}: ${name ?? "(a type literal)"}.${property}`;
}

interface Survey {
  /** Each property without documentation, by where it is declared. */
  undocumented: Set<string>;
  /** The names of the `*Args`, `Get*Result` and `*State` types and resource classes that were read. */
  args: string[];
  results: string[];
  states: string[];
  classes: string[];
  /** The static methods of the resource classes, as `Label.get`. */
  statics: string[];
}

/** Reads the declarations and lists every public property that has no documentation comment. */
function survey(): Survey {
  const files = filesBelow(declarations, (n) => n.endsWith(".d.ts"));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    types: [],
  });
  const checker = program.getTypeChecker();
  const found: Survey = { undocumented: new Set(), args: [], results: [], states: [], classes: [], statics: [] };
  const inPackage = (d: ts.Declaration) => path.resolve(d.getSourceFile().fileName).startsWith(dist + path.sep);
  const documented = (symbol: ts.Symbol) => ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== "";

  /**
   * Checks the package's properties of `type` and of the object types inside it (through unions,
   * arrays and Pulumi inputs). Properties declared elsewhere (a Promise's `then`, an Output's
   * `apply`) are not the package's to document, and are not followed.
   */
  const seen = new Set<ts.Type>();
  function checkType(type: ts.Type): void {
    if (seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) return type.types.forEach(checkType);
    if (checker.isArrayType(type) || checker.isTupleType(type)) return checker.getTypeArguments(type as ts.TypeReference).forEach(checkType);
    if (!(type.flags & ts.TypeFlags.Object)) return;
    for (const property of checker.getPropertiesOfType(type)) {
      const declarations = (property.declarations ?? []).filter(inPackage);
      if (declarations.length === 0) continue;
      if (!documented(property)) found.undocumented.add(place(declarations[0], property.name));
      checkType(checker.getTypeOfSymbol(property));
    }
  }

  const isExported = (node: ts.Declaration) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
  // The resources' base class (sdk/chatwoot-resource.ts) is no class a program makes.
  const isAbstract = (node: ts.ClassDeclaration) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Abstract) !== 0;
  const extendsResource = (node: ts.ClassDeclaration) =>
    node.heritageClauses?.some((c) => c.token === ts.SyntaxKind.ExtendsKeyword && c.types.some((t) => /Resource$/.test(t.expression.getText()))) ?? false;

  for (const file of files.map((f) => program.getSourceFile(f)!)) {
    for (const statement of file.statements) {
      if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && isExported(statement)) {
        const name = statement.name.text;
        if (name.endsWith("State") && name.slice(0, -"State".length) in resources) {
          // Its properties are the class's outputs, documented there; the outputs' own types are not surveyed.
          found.states.push(name);
          for (const property of checker.getPropertiesOfType(checker.getTypeAtLocation(statement.name))) {
            const declarations = (property.declarations ?? []).filter(inPackage);
            if (declarations.length > 0 && !documented(property)) found.undocumented.add(`${name}.${property.name}`);
          }
          continue;
        }
        const list = /Args$/.test(name) ? found.args : /^Get\w+Result$/.test(name) ? found.results : undefined;
        if (!list) continue;
        list.push(name);
        checkType(checker.getTypeAtLocation(statement.name));
      } else if (ts.isClassDeclaration(statement) && statement.name && isExported(statement) && !isAbstract(statement) && extendsResource(statement)) {
        found.classes.push(statement.name.text);
        for (const member of statement.members) {
          if (ts.isMethodDeclaration(member) && ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) {
            const symbol = checker.getSymbolAtLocation(member.name);
            found.statics.push(`${statement.name.text}.${member.name.getText()}`);
            if (symbol && !documented(symbol)) found.undocumented.add(place(member, symbol.name));
            continue;
          }
          const readonly = ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Readonly;
          if (!ts.isPropertyDeclaration(member) || !readonly) continue;
          const symbol = checker.getSymbolAtLocation(member.name);
          if (symbol && !documented(symbol)) found.undocumented.add(place(member, symbol.name));
        }
      }
    }
  }
  return found;
}

let surveyed: Survey;

beforeAll(() => {
  if (!fs.existsSync(declarations)) throw new Error("dist/sdk is missing: run `npm run build` first (npm test does)");
  const newer = sourcesNewerThanBuild();
  if (newer.length > 0) throw new Error(`dist/ is older than ${newer.slice(0, 5).join(", ")}: run \`npm run build\` first (npm test does)`);
  surveyed = survey();
});

it("reads the arguments, outputs and results of every resource and data source, and of the plugin's provider", () => {
  const kinds = Object.keys(resources);
  const getters = Object.keys(readers).map((g) => g.charAt(0).toUpperCase() + g.slice(1));
  expect([...surveyed.classes].sort()).toEqual([...kinds, "Provider"].sort());
  expect(surveyed.args).toEqual(expect.arrayContaining([...kinds.map((k) => `${k}Args`), ...getters.flatMap((g) => [`${g}Args`, `${g}OutputArgs`]), "ProviderArgs"]));
  expect([...surveyed.results].sort()).toEqual(getters.map((g) => `${g}Result`).sort());
});

it("gives every resource class Pulumi's get, isInstance and State type, documented", () => {
  const kinds = Object.keys(resources);
  expect([...surveyed.states].sort()).toEqual(kinds.map((k) => `${k}State`).sort());
  expect([...surveyed.statics].sort()).toEqual([...kinds.flatMap((k) => [`${k}.get`, `${k}.isInstance`]), "Provider.isInstance"].sort());
});

it("documents every argument, output and result field in the shipped declarations", () => {
  expect([...surveyed.undocumented].sort()).toEqual([]);
});

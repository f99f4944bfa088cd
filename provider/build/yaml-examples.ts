/**
 * The reference pages' Pulumi YAML examples, derived from the TypeScript examples of the SDK's TSDoc
 * (`## Example Usage`) with the compiler's syntax tree, so that a type's examples are written once
 * and a new type needs no YAML of its own. The TypeScript a page shows is the program; the YAML is
 * the same program for the plugin:
 * - `new chatwoot.X("name", {...})` is the resource `name` of type `chatwoot:index:X`;
 * - `const x = chatwoot.getYOutput({...})<.a[0].b>` is the variable `x`, an `fn::invoke` of
 *   `chatwoot:index:getY`, and `x` stands for `${x.a[0].b}` wherever it is used;
 * - `export const x = ...` is the output `x`;
 * - `resource.id`, `resource.title`, ... are `${name.id}`, `${name.title}` (the resource's name,
 *   not the constant's); template literals interpolate them;
 * - `config.require("k")` / `config.requireSecret("k")` of a `new pulumi.Config()` are the config
 *   value `k` (declared under `config:`, secret for the latter); `fs.readFileSync("f", "utf8")` is
 *   `fn::readFile: f`;
 * - arithmetic on constants (`7 * 24 * 60`) is evaluated.
 * Anything else fails the generator, naming the type and the code, so that the TypeScript example
 * is changed to what both languages can say.
 *
 * All the examples together are one program: a name refers to whichever example declares it (the
 * Inbox's example uses the AgentBot's `triage`), and two examples may declare the same name only
 * with the same content. The pages say where each name they use comes from.
 */
import * as ts from "typescript";
import { TOKEN_PREFIX } from "./pulumi-schema";
import { yamlText, type Json } from "./yaml-writer";

/** A TypeScript example of a page. */
export interface TsExample {
  /** The type or data source whose page shows it (`AgentBot`, `getAgents`). */
  owner: string;
  code: string;
}

/** The parts of a Pulumi YAML program, each by name in the order the example declares them. */
export interface YamlProgram {
  config: Record<string, Json>;
  variables: Record<string, Json>;
  resources: Record<string, Json>;
  outputs: Record<string, Json>;
}

/** A name an example uses that another example declares. */
export interface Reference {
  /** Its name in YAML (a resource's name, a variable's). */
  name: string;
  /** The TypeScript constant that holds it. */
  identifier: string;
  /** The type or data source whose example declares it. */
  owner: string;
}

/** One example in YAML. */
export interface YamlExample {
  owner: string;
  program: YamlProgram;
  /** The program's YAML text. */
  text: string;
  refersTo: Reference[];
}

/** What the examples may use: the package's resource type and data source names. */
export interface ExampleVocabulary {
  resources: ReadonlySet<string>;
  functions: ReadonlySet<string>;
}

const SECTIONS = ["config", "variables", "resources", "outputs"] as const;

/** What a constant of an example stands for in YAML. */
type Binding =
  | { kind: "resource"; name: string; owner: string }
  | { kind: "invoke"; name: string; path: string; owner: string }
  | { kind: "config"; owner: string };

class ConversionError extends Error {
  constructor(
    readonly node: ts.Node,
    message: string,
  ) {
    super(message);
  }
}

/** Converts every example; fails listing every example it cannot convert, and names declared twice differently. */
export function yamlExamples(examples: readonly TsExample[], vocabulary: ExampleVocabulary): YamlExample[] {
  const parsed = examples.map((example) => ({ example, file: ts.createSourceFile(`${example.owner}.ts`, example.code, ts.ScriptTarget.Latest, true) }));
  const failures: string[] = [];
  const declared = new Map<string, Binding[]>();
  const own = parsed.map(({ example, file }) => {
    const bindings = new Map<string, Binding>();
    for (const statement of file.statements) {
      const found = bindingOf(statement, example.owner, vocabulary);
      if (!found) continue;
      bindings.set(found.identifier, found.binding);
      declared.set(found.identifier, [...(declared.get(found.identifier) ?? []), found.binding]);
    }
    return bindings;
  });

  const converted = parsed.map(({ example, file }, index) => {
    const converter = new ExampleConverter(example.owner, vocabulary, own[index]!, declared);
    try {
      for (const statement of file.statements) converter.statement(statement);
    } catch (err) {
      if (!(err instanceof ConversionError)) throw err;
      failures.push(`${example.owner}'s example, line ${file.getLineAndCharacterOfPosition(err.node.getStart()).line + 1}: ${err.message}: ${err.node.getText()}`);
    }
    return { owner: example.owner, program: converter.program, text: programText(converter.program), refersTo: converter.references() };
  });
  failures.push(...conflicts(converted));
  if (failures.length > 0) {
    throw new Error(`The YAML examples are made from the TypeScript examples of the SDK's TSDoc, and these cannot be:\n${failures.map((f) => `- ${f}`).join("\n")}`);
  }
  return converted;
}

/** A program's YAML: its non-empty parts, in Pulumi's order. */
export function programText(program: YamlProgram): string {
  const parts = SECTIONS.filter((section) => Object.keys(program[section]).length > 0).map((section) => ({ [section]: program[section] }));
  return parts.map((part) => yamlText(part)).join("\n");
}

/** Names two examples declare with different content (config, variables and resources share one namespace in YAML). */
function conflicts(examples: readonly { owner: string; program: YamlProgram }[]): string[] {
  const seen = new Map<string, { owner: string; text: string }>();
  const found: string[] = [];
  for (const { owner, program } of examples) {
    for (const section of SECTIONS) {
      for (const [name, value] of Object.entries(program[section])) {
        const key = section === "outputs" ? `output ${name}` : name;
        const text = `${section}:${JSON.stringify(value)}`;
        const earlier = seen.get(key);
        if (earlier && earlier.text !== text) found.push(`${owner}'s example declares ${key.startsWith("output ") ? "the " : ""}${key}, which ${earlier.owner}'s example declares differently: give one of them another name`);
        if (!earlier) seen.set(key, { owner, text });
      }
    }
  }
  return found;
}

/** The constant a top-level statement declares, and what it stands for; none for other statements. */
function bindingOf(statement: ts.Statement, owner: string, vocabulary: ExampleVocabulary): { identifier: string; binding: Binding } | undefined {
  const declaration = constDeclaration(statement);
  if (!declaration || isExported(statement)) return undefined;
  const identifier = declaration.name.getText();
  const init = declaration.initializer;
  const resource = resourceCall(init, vocabulary);
  if (resource) return { identifier, binding: { kind: "resource", name: resource.name, owner } };
  if (isConfigConstructor(init)) return { identifier, binding: { kind: "config", owner } };
  const invoke = invokeChain(init, vocabulary);
  if (invoke) return { identifier, binding: { kind: "invoke", name: identifier, path: invoke.path, owner } };
  return undefined;
}

/** The one declaration of a `const` statement (with an initializer and a plain name). */
function constDeclaration(statement: ts.Statement): (ts.VariableDeclaration & { name: ts.Identifier; initializer: ts.Expression }) | undefined {
  if (!ts.isVariableStatement(statement)) return undefined;
  const list = statement.declarationList;
  if (!(list.flags & ts.NodeFlags.Const) || list.declarations.length !== 1) return undefined;
  const [declaration] = list.declarations;
  if (!declaration || !ts.isIdentifier(declaration.name) || !declaration.initializer) return undefined;
  return declaration as ts.VariableDeclaration & { name: ts.Identifier; initializer: ts.Expression };
}

const isExported = (statement: ts.Statement) => ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** `chatwoot.X` as a property access of the package's namespace: `X`. */
function packageMember(expression: ts.Expression): string | undefined {
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression) && expression.expression.text === "chatwoot") return expression.name.text;
  return undefined;
}

/** `new chatwoot.X("name", args?)` of a resource type. */
function resourceCall(expression: ts.Expression, vocabulary: ExampleVocabulary): { type: string; name: string; node: ts.NewExpression } | undefined {
  if (!ts.isNewExpression(expression)) return undefined;
  const type = packageMember(expression.expression);
  const [name] = expression.arguments ?? [];
  if (!type || !vocabulary.resources.has(type) || !name || !ts.isStringLiteralLike(name)) return undefined;
  return { type, name: name.text, node: expression };
}

const isConfigConstructor = (expression: ts.Expression) =>
  ts.isNewExpression(expression) && expression.expression.getText() === "pulumi.Config" && (expression.arguments ?? []).length === 0;

/** What property and constant-index accesses (`.a[0].b`) are made of: the expression they start from, and the accesses as YAML writes them. */
function accessChain(expression: ts.Expression): { root: ts.Expression; path: string } {
  let path = "";
  let root = expression;
  for (;;) {
    if (ts.isPropertyAccessExpression(root)) {
      path = `.${root.name.text}${path}`;
      root = root.expression;
    } else if (ts.isElementAccessExpression(root) && (ts.isNumericLiteral(root.argumentExpression) || ts.isStringLiteral(root.argumentExpression))) {
      path = `${indexText(root.argumentExpression)}${path}`;
      root = root.expression;
    } else return { root, path };
  }
}

/** `chatwoot.getXOutput(args?)` followed by property and index accesses: the call, and the accesses as YAML writes them. */
function invokeChain(expression: ts.Expression, vocabulary: ExampleVocabulary): { call: ts.CallExpression; fn: string; path: string } | undefined {
  const { root: node, path } = accessChain(expression);
  if (!ts.isCallExpression(node)) return undefined;
  const member = packageMember(node.expression);
  const fn = member?.replace(/Output$/, "");
  if (!member?.endsWith("Output") || !fn || !vocabulary.functions.has(fn)) return undefined;
  return { call: node, fn, path };
}

const indexText = (index: ts.NumericLiteral | ts.StringLiteral) => (ts.isNumericLiteral(index) ? `[${index.text}]` : `[${JSON.stringify(index.text)}]`);

/** One example's conversion. */
class ExampleConverter {
  readonly program: YamlProgram = { config: {}, variables: {}, resources: {}, outputs: {} };
  private readonly used = new Map<string, Reference>();

  constructor(
    private readonly owner: string,
    private readonly vocabulary: ExampleVocabulary,
    private readonly own: ReadonlyMap<string, Binding>,
    private readonly declared: ReadonlyMap<string, Binding[]>,
  ) {}

  /** The names this example takes from other examples, in the order it uses them. */
  references(): Reference[] {
    return [...this.used.values()];
  }

  statement(statement: ts.Statement): void {
    if (ts.isExpressionStatement(statement)) {
      const resource = resourceCall(statement.expression, this.vocabulary);
      if (!resource) throw new ConversionError(statement, "a statement that is not `new chatwoot.<Type>(...)`");
      this.resource(resource);
      return;
    }
    const declaration = constDeclaration(statement);
    if (!declaration) throw new ConversionError(statement, "a statement that declares no `const` (or declares several)");
    const init = declaration.initializer;
    const name = declaration.name.text;
    if (isExported(statement)) {
      if (resourceCall(init, this.vocabulary) || invokeChain(init, this.vocabulary)) {
        throw new ConversionError(statement, "an exported resource or data source: declare it with `const`, then export what the stack should show");
      }
      this.program.outputs[name] = this.value(init);
      return;
    }
    const resource = resourceCall(init, this.vocabulary);
    if (resource) return this.resource(resource);
    if (isConfigConstructor(init)) return;
    const invoke = invokeChain(init, this.vocabulary);
    if (!invoke) throw new ConversionError(init, "a constant that is not a resource, a data source's `get<X>Output(...)`, an export or `new pulumi.Config()`");
    const args = invoke.call.arguments;
    if (args.length > 1) throw new ConversionError(invoke.call, "invoke options (a provider, say) are not converted");
    const invocation: { [key: string]: Json } = { function: `${TOKEN_PREFIX}${invoke.fn}` };
    if (args[0]) invocation.arguments = this.value(args[0]);
    this.program.variables[name] = { "fn::invoke": invocation };
  }

  private resource({ type, name, node }: { type: string; name: string; node: ts.NewExpression }): void {
    const [, args, options] = node.arguments ?? [];
    if (options) throw new ConversionError(options, "resource options are not converted");
    const entry: { [key: string]: Json } = { type: `${TOKEN_PREFIX}${type}` };
    if (args) {
      if (!ts.isObjectLiteralExpression(args)) throw new ConversionError(args, "a resource's arguments that are not an object literal");
      const properties = this.value(args);
      if (Object.keys(properties as object).length > 0) entry.properties = properties;
    }
    this.program.resources[name] = entry;
  }

  /** An expression as a YAML value. */
  private value(node: ts.Expression): Json {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)) return this.value(node.expression);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return literalText(node.text);
    if (ts.isTemplateExpression(node)) {
      return literalText(node.head.text) + node.templateSpans.map((span) => this.interpolation(span.expression) + literalText(span.literal.text)).join("");
    }
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (node.kind === ts.SyntaxKind.NullKeyword) return null;
    const constant = constantValue(node);
    if (constant !== undefined) return constant;
    if (ts.isArrayLiteralExpression(node)) {
      return node.elements.map((element) => {
        if (ts.isSpreadElement(element) || ts.isOmittedExpression(element)) throw new ConversionError(element, "a spread or a hole in a list");
        return this.value(element);
      });
    }
    if (ts.isObjectLiteralExpression(node)) {
      const object: { [key: string]: Json } = {};
      for (const property of node.properties) {
        if (ts.isShorthandPropertyAssignment(property)) object[property.name.text] = this.reference(property.name);
        else if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) object[property.name.text] = this.value(property.initializer);
        else throw new ConversionError(property, "a property that is not `key: value`");
      }
      return object;
    }
    if (ts.isCallExpression(node)) return this.call(node);
    return this.reference(node);
  }

  /** `config.require(...)`, `config.requireSecret(...)`, `fs.readFileSync(..., "utf8")`. */
  private call(node: ts.CallExpression): Json {
    const callee = node.expression;
    const [first, second] = node.arguments;
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
      const target = callee.expression.text;
      const method = callee.name.text;
      const binding = this.binding(callee.expression);
      if (binding?.kind === "config" && (method === "require" || method === "requireSecret") && first && ts.isStringLiteral(first) && node.arguments.length === 1) {
        this.program.config[first.text] = method === "requireSecret" ? { type: "string", secret: true } : { type: "string" };
        return `\${${first.text}}`;
      }
      if (target === "fs" && method === "readFileSync" && first && ts.isStringLiteral(first) && second && ts.isStringLiteral(second) && second.text === "utf8") {
        return { "fn::readFile": first.text };
      }
    }
    throw new ConversionError(node, "a call that YAML cannot make (apply, then, and functions of other packages have no YAML form)");
  }

  /** A reference as the text inside `${...}`-interpolation, for template literals. */
  private interpolation(node: ts.Expression): string {
    const value = this.value(node);
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
    throw new ConversionError(node, "a template literal's part that is not a reference or a constant");
  }

  /** `resource.prop`, `result.a[0].b`, or a data source's constant: `${...}`. */
  private reference(node: ts.Expression): string {
    const { root, path } = accessChain(node);
    if (!ts.isIdentifier(root)) throw new ConversionError(node, "an expression that is not a constant, a reference or a supported call");
    const binding = this.binding(root);
    if (!binding) throw new ConversionError(root, `a name no example declares as a resource or a data source's result (${root.text})`);
    if (binding.kind === "config") throw new ConversionError(node, "a use of the config object other than require/requireSecret");
    if (binding.kind === "resource") {
      if (!path) throw new ConversionError(node, "a resource itself where YAML takes one of its outputs");
      return `\${${binding.name}${path}}`;
    }
    return `\${${binding.name}${binding.path}${path}}`;
  }

  /** What a name of the example stands for: its own constant, else the one other examples declare. */
  private binding(identifier: ts.Identifier): Binding | undefined {
    const own = this.own.get(identifier.text);
    if (own) return own;
    const others = this.declared.get(identifier.text) ?? [];
    const [first] = others;
    if (!first) return undefined;
    const distinct = new Set(others.map((b) => JSON.stringify({ ...b, owner: undefined })));
    if (distinct.size > 1) throw new ConversionError(identifier, `a name several examples declare differently (${others.map((b) => b.owner).join(", ")})`);
    if (first.kind !== "config") this.used.set(first.name, { name: first.name, identifier: identifier.text, owner: first.owner });
    return first;
  }
}

/** A string as Pulumi YAML reads it back: `${` starts an interpolation, so a literal one is written `$${`. */
const literalText = (text: string) => text.replace(/\$\{/g, () => "$${");

/** A number or string computed from constants only (`7 * 24 * 60`, `-1`); `undefined` when it is not one. */
function constantValue(node: ts.Expression): number | string | undefined {
  if (ts.isParenthesizedExpression(node)) return constantValue(node.expression);
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return literalText(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const operand = constantValue(node.operand);
    return typeof operand === "number" ? -operand : undefined;
  }
  if (!ts.isBinaryExpression(node)) return undefined;
  const left = constantValue(node.left);
  const right = constantValue(node.right);
  if (left === undefined || right === undefined) return undefined;
  if (node.operatorToken.kind === ts.SyntaxKind.PlusToken) return typeof left === "number" && typeof right === "number" ? left + right : `${left}${right}`;
  if (typeof left !== "number" || typeof right !== "number") return undefined;
  switch (node.operatorToken.kind) {
    case ts.SyntaxKind.MinusToken:
      return left - right;
    case ts.SyntaxKind.AsteriskToken:
      return left * right;
    case ts.SyntaxKind.SlashToken:
      return left / right;
    case ts.SyntaxKind.PercentToken:
      return left % right;
    case ts.SyntaxKind.AsteriskAsteriskToken:
      return left ** right;
    default:
      return undefined;
  }
}

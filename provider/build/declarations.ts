/**
 * The SDK's TypeScript declarations, read with the compiler: each argument's and output's type and
 * its TSDoc, the same text that reaches the shipped `.d.ts`. The plugin's schema is made from these
 * (./pulumi-schema.ts), so a property is documented once, where TypeScript users hover it.
 */
import * as path from "node:path";
import * as ts from "typescript";

/** A property of an interface or a class as declared: its doc, its type's node, whether it may be left out. */
export interface DeclaredProperty {
  name: string;
  doc: string;
  type: ts.TypeNode;
  optional: boolean;
}

/** The SDK's sources, compiled once. */
export class Declarations {
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;

  constructor(readonly root: string) {
    const configFile = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
    this.program = ts.createProgram([path.join(root, "sdk/index.ts"), path.join(root, "provider/config.ts")], { ...options, noEmit: true });
    this.checker = this.program.getTypeChecker();
  }

  /** The source file at `relative` (from the repository's root). */
  file(relative: string): ts.SourceFile {
    const file = this.program.getSourceFile(path.join(this.root, relative));
    if (!file) throw new Error(`${relative} is not part of the SDK's program`);
    return file;
  }

  /** The declaration named `name` at the top level of `file`. */
  declaration(file: ts.SourceFile, name: string): ts.Declaration {
    const symbol = this.checker.getSymbolsInScope(file, ts.SymbolFlags.Value | ts.SymbolFlags.Type).find((s) => s.name === name);
    const declaration = symbol?.declarations?.find((d) => d.getSourceFile() === file) ?? symbol?.declarations?.[0];
    if (!declaration) throw new Error(`${path.relative(this.root, file.fileName)} declares no ${name}`);
    return declaration;
  }

  /** The TSDoc of a declaration (its text and its `@example`-free body), with `{@link X}` as `X`. */
  doc(node: ts.Node): string {
    const symbol = this.symbolOf(node);
    const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(this.checker)) : "";
    return cleanDoc(text);
  }

  /** The properties of an interface (its own and inherited ones), in declaration order. */
  interfaceProperties(declaration: ts.Declaration): DeclaredProperty[] {
    const type = this.checker.getTypeAtLocation(declaration);
    return type.getProperties().map((symbol) => this.property(symbol));
  }

  /** The outputs a resource class declares (`declare readonly x: pulumi.Output<T>`), with `T`. */
  classOutputs(declaration: ts.ClassDeclaration): DeclaredProperty[] {
    const outputs: DeclaredProperty[] = [];
    for (const member of declaration.members) {
      if (!ts.isPropertyDeclaration(member) || !member.type) continue;
      if (!ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
      outputs.push({ name: member.name.getText(), doc: this.doc(member), type: unwrapOutput(member.type), optional: false });
    }
    return outputs;
  }

  private property(symbol: ts.Symbol): DeclaredProperty {
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration || !(ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) || !declaration.type) {
      throw new Error(`property ${symbol.name} has no declared type`);
    }
    return {
      name: symbol.name,
      doc: cleanDoc(ts.displayPartsToString(symbol.getDocumentationComment(this.checker))),
      type: declaration.type,
      optional: (symbol.flags & ts.SymbolFlags.Optional) !== 0,
    };
  }

  private symbolOf(node: ts.Node): ts.Symbol | undefined {
    const named = (node as ts.Node & { name?: ts.Node }).name;
    return named ? this.checker.getSymbolAtLocation(named) : undefined;
  }
}

/** `pulumi.Output<T>` → `T`. */
function unwrapOutput(node: ts.TypeNode): ts.TypeNode {
  if (ts.isTypeReferenceNode(node) && /(^|\.)Output$/.test(node.typeName.getText()) && node.typeArguments?.length === 1) return node.typeArguments[0]!;
  return node;
}

/** Doc text as Markdown: `{@link X}` and `{@link X | text}` become `X` (or the text). */
export function cleanDoc(text: string): string {
  return text
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)\s*(?:\|\s*([^}]+))?\}/g, (_m, target: string, label?: string) => `\`${(label ?? target).trim()}\``)
    .trim();
}

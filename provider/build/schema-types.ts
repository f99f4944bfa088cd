/**
 * A Pulumi schema's types, made from the SDK's TypeScript declarations: each argument's or
 * output's type node becomes a schema type (`pulumi.Input<T>` and `pulumi.Output<T>` unwrapped,
 * `null` and `undefined` left out, literals their primitive, interfaces and unions of them named
 * object types), with its TSDoc as the description. Whether a number is an integer comes from
 * the zod checks of the inputs, walked alongside as JSON schema.
 */
import * as ts from "typescript";
import { z } from "zod";
import { TOKEN_PREFIX } from "../plugin/naming";
import { Declarations, type DeclaredProperty } from "./declarations";

/** A type as a Pulumi schema writes it. */
export interface TypeSpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
  oneOf?: TypeSpec[];
}

/** A property of a resource, a type, a function or the provider. */
export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  willReplaceOnChanges?: boolean;
}

/** An object: its properties and which are required. */
export interface ObjectSpec {
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export interface ResourceSpec extends Partial<ObjectSpec> {
  inputProperties: Record<string, PropertySpec>;
  requiredInputs?: string[];
}

export interface FunctionSpec {
  description?: string;
  inputs: ObjectSpec;
  outputs: ObjectSpec;
}

export interface PackageSchema {
  name: string;
  displayName: string;
  version: string;
  description: string;
  keywords: string[];
  license: string;
  config: { variables: Record<string, PropertySpec> };
  provider: ResourceSpec;
  types: Record<string, ObjectSpec & { type: "object" }>;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  /** Options of each language's SDK generator (Pulumi's `language.<name>` options). */
  language: Record<string, Record<string, unknown>>;
}

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** A JSON schema node (zod's), walked alongside the TypeScript declarations. */
export type Json = Record<string, unknown> | undefined;

/** The node a property, an array's item or a map's value has in `json`, through `anyOf` and references. */
export function jsonAt(root: Json, json: Json, step: { key: string } | "items" | "values"): Json {
  const resolved = resolve(root, json);
  if (!resolved) return undefined;
  for (const option of (resolved.anyOf ?? resolved.oneOf ?? []) as Json[]) {
    const found = jsonAt(root, option, step);
    if (found) return found;
  }
  if (step === "items") return resolve(root, resolved.items as Json);
  if (step === "values") return resolve(root, resolved.additionalProperties as Json);
  return resolve(root, (resolved.properties as Record<string, Json> | undefined)?.[step.key]);
}

function resolve(root: Json, json: Json): Json {
  const ref = json?.$ref;
  if (typeof ref !== "string") return json;
  const name = ref.replace(/^#\/(\$defs|definitions)\//, "");
  return resolve(root, ((root?.$defs ?? root?.definitions) as Record<string, Json> | undefined)?.[name]);
}

function isInteger(root: Json, json: Json): boolean {
  const resolved = resolve(root, json);
  if (!resolved) return false;
  if (resolved.type === "integer") return true;
  return ((resolved.anyOf ?? resolved.oneOf ?? []) as Json[]).some((o) => isInteger(root, o));
}

/** A zod schema as JSON schema (its inputs), for the integer question. */
export function jsonSchemaOf(schema: z.ZodType): Json {
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
  } catch {
    return undefined;
  }
}

/** Builds the schema; `types` collects the object types the properties refer to. */
export class SchemaBuilder {
  readonly types: PackageSchema["types"] = {};

  constructor(private readonly decls: Declarations) {}

  /** The type of a declared property; `json` is its zod node, `owner` names inline object types. */
  typeOf(node: ts.TypeNode, root: Json, json: Json, owner: string, name: string, nameHint?: string): TypeSpec {
    const { checker } = this.decls;
    if (ts.isParenthesizedTypeNode(node) || (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword)) {
      return this.typeOf(node.type, root, json, owner, name, nameHint);
    }
    if (ts.isArrayTypeNode(node)) return { type: "array", items: this.typeOf(node.elementType, root, jsonAt(root, json, "items"), owner, name) };
    if (ts.isTupleTypeNode(node)) return { type: "array", items: ANY };
    if (ts.isUnionTypeNode(node)) return this.union(node.types, root, json, owner, name, nameHint);
    if (ts.isIntersectionTypeNode(node)) return ANY;
    if (ts.isLiteralTypeNode(node)) {
      if (ts.isStringLiteral(node.literal)) return { type: "string" };
      if (ts.isNumericLiteral(node.literal)) return { type: Number.isInteger(Number(node.literal.text)) ? "integer" : "number" };
      if (node.literal.kind === ts.SyntaxKind.TrueKeyword || node.literal.kind === ts.SyntaxKind.FalseKeyword) return { type: "boolean" };
      return ANY;
    }
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { type: "string" };
      case ts.SyntaxKind.NumberKeyword:
        return { type: isInteger(root, json) || (json === undefined && /(^id|Id|Ids)$/.test(name)) ? "integer" : "number" };
      case ts.SyntaxKind.BooleanKeyword:
        return { type: "boolean" };
    }
    if (ts.isTypeLiteralNode(node)) {
      const index = node.members.find(ts.isIndexSignatureDeclaration);
      if (index && node.members.length === 1) return { type: "object", additionalProperties: this.typeOf(index.type, root, jsonAt(root, json, "values"), owner, name) };
      const properties = node.members.filter(ts.isPropertySignature).map((m) => {
        const symbol = checker.getSymbolAtLocation(m.name);
        return { name: m.name.getText(), doc: symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)) : "", type: m.type!, optional: m.questionToken !== undefined };
      });
      return this.objectType(`${owner}${capitalize(name)}`, undefined, properties, root, json);
    }
    if (ts.isTypeReferenceNode(node)) {
      const reference = node.typeName.getText();
      const [first] = node.typeArguments ?? [];
      if (/(^|\.)(Input|Output)$/.test(reference) && first) return this.typeOf(first, root, json, owner, name, nameHint);
      if (/^(Readonly)?Array$/.test(reference) && first) return { type: "array", items: this.typeOf(first, root, jsonAt(root, json, "items"), owner, name) };
      if (reference === "Record" && node.typeArguments?.[1]) {
        return { type: "object", additionalProperties: this.typeOf(node.typeArguments[1], root, jsonAt(root, json, "values"), owner, name) };
      }
      let symbol = checker.getSymbolAtLocation(node.typeName);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.declarations?.[0];
      if (declaration && ts.isInterfaceDeclaration(declaration)) {
        return this.objectType(typeName(declaration.name.text), this.decls.doc(declaration), this.decls.interfaceProperties(declaration), root, json);
      }
      if (declaration && ts.isTypeAliasDeclaration(declaration)) {
        if (/^Json(Input|Value)$/.test(declaration.name.text)) return ANY;
        return this.typeOf(declaration.type, root, json, owner, name, declaration.name.text);
      }
    }
    return ANY;
  }

  /** A union: `T | null | undefined` is `T`; literals are their primitive; interfaces merge into one object type. */
  private union(members: readonly ts.TypeNode[], root: Json, json: Json, owner: string, name: string, nameHint?: string): TypeSpec {
    const present = members.filter(
      (m) => m.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(m) && m.literal.kind === ts.SyntaxKind.NullKeyword),
    );
    const interfaces = present.map((m) => this.interfaceOf(m));
    if (present.length > 1 && interfaces.every((d) => d !== undefined)) {
      // A union of object shapes (a channel of several kinds): one type with every property, each optional
      // unless all kinds require it, which is how a program that is not TypeScript writes them.
      // A property several kinds declare with object types of their own (an SMS and a WhatsApp
      // channel's provider config) is the union of them, merged the same way.
      const declarations = interfaces as ts.InterfaceDeclaration[];
      const merged = new Map<string, DeclaredProperty>();
      const shapes = new Map<string, ts.TypeNode[]>();
      const requiredCount = new Map<string, number>();
      for (const declaration of declarations) {
        for (const property of this.decls.interfaceProperties(declaration)) {
          if (!merged.has(property.name)) merged.set(property.name, property);
          const shape = this.interfaceOf(unwrapOptional(property.type));
          const known = shapes.get(property.name) ?? [];
          if (shape && !known.some((k) => this.interfaceOf(k) === shape)) shapes.set(property.name, [...known, unwrapOptional(property.type)]);
          if (!property.optional) requiredCount.set(property.name, (requiredCount.get(property.name) ?? 0) + 1);
        }
      }
      const properties = [...merged.values()].map((p) => ({
        ...p,
        ...((shapes.get(p.name)?.length ?? 0) > 1 ? { type: ts.factory.createUnionTypeNode(shapes.get(p.name)!) } : {}),
        doc: this.discriminatorDoc(declarations, p) ?? p.doc,
        optional: requiredCount.get(p.name) !== declarations.length,
      }));
      return this.objectType(typeName(nameHint ?? `${owner}${capitalize(name)}`), undefined, properties, root, json);
    }
    const specs: TypeSpec[] = [];
    for (const member of present) {
      const spec = this.typeOf(member, root, json, owner, name, nameHint);
      if (!specs.some((s) => JSON.stringify(s) === JSON.stringify(spec))) specs.push(spec);
    }
    if (specs.length === 0) return ANY;
    if (specs.length === 1) return specs[0]!;
    if (specs.some((s) => s.$ref === ANY.$ref)) return ANY;
    return { oneOf: specs };
  }

  /**
   * The doc of a property each kind of a union declares as one string literal (a channel's `type`):
   * every kind's value, then what the first kind says after its value.
   */
  private discriminatorDoc(declarations: ts.InterfaceDeclaration[], property: DeclaredProperty): string | undefined {
    const literals: string[] = [];
    for (const declaration of declarations) {
      const own = this.decls.interfaceProperties(declaration).find((p) => p.name === property.name);
      let node = own?.type;
      while (node && ts.isTypeReferenceNode(node) && node.typeArguments?.length === 1) node = node.typeArguments[0];
      if (!node || !ts.isLiteralTypeNode(node) || !ts.isStringLiteral(node.literal)) return undefined;
      literals.push(`\`${node.literal.text}\``);
    }
    const rest = property.doc.replace(/^`[^`]*`\.\s*/, "");
    return `One of ${literals.join(", ")}.${rest ? ` ${rest}` : ""}`;
  }

  /** The interface a type node names, through `pulumi.Input<...>`. */
  private interfaceOf(node: ts.TypeNode): ts.InterfaceDeclaration | undefined {
    if (!ts.isTypeReferenceNode(node)) return undefined;
    const [first] = node.typeArguments ?? [];
    if (/(^|\.)(Input|Output)$/.test(node.typeName.getText()) && first) return this.interfaceOf(first);
    let symbol = this.decls.checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.decls.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    return declaration && ts.isInterfaceDeclaration(declaration) ? declaration : undefined;
  }

  /** A named object type (`chatwoot:index:<name>`), made once; a second use with more properties adds them. */
  private objectType(name: string, description: string | undefined, properties: DeclaredProperty[], root: Json, json: Json): TypeSpec {
    const token = `${TOKEN_PREFIX}${name}`;
    const existing = this.types[token];
    const type = existing ?? { type: "object" as const, ...(description ? { description } : {}), properties: {} };
    this.types[token] = type;
    const required = new Set(type.required ?? (existing ? [] : properties.filter((p) => !p.optional).map((p) => p.name)));
    for (const property of properties) {
      if (existing && !property.optional && !(property.name in type.properties)) required.delete(property.name);
      if (property.name in type.properties) continue;
      type.properties[property.name] = this.property(property, root, jsonAt(root, json, { key: property.name }), name);
    }
    if (existing) for (const key of required) if (!properties.some((p) => p.name === key && !p.optional)) required.delete(key);
    type.required = [...required].sort();
    if (type.required.length === 0) delete type.required;
    return { $ref: `#/types/${token}` };
  }

  /**
   * A property with its description. A type of string literals (`"agent" | "administrator"`, or a
   * list of them) is a plain string to the schema, so the description names the values, unless it
   * names each of them already.
   */
  property(property: DeclaredProperty, root: Json, json: Json, owner: string, extra: Partial<PropertySpec> = {}): PropertySpec {
    const spec: PropertySpec = { ...this.typeOf(property.type, root, json, owner, property.name) };
    const literals = this.literalsOf(property.type);
    const named = (doc: string) => literals !== undefined && literals.values.every((v) => doc.includes(`\`${v}\``) || doc.includes(`"${v}"`));
    const values = literals && !named(property.doc) ? `${literals.list ? "Each one of" : "One of"} ${literals.values.map((v) => `\`${v}\``).join(", ")}.` : "";
    const description = [property.doc, values].filter(Boolean).join(property.doc.includes("\n") ? "\n" : " ");
    if (description) spec.description = description;
    return { ...spec, ...extra };
  }

  /**
   * The values of a type made of string literals only (through `Input`, `Output`, aliases, `null` and
   * `undefined`), and whether it is a list of them; undefined for any other type.
   */
  private literalsOf(node: ts.TypeNode, list = false): { values: string[]; list: boolean } | undefined {
    if (ts.isParenthesizedTypeNode(node)) return this.literalsOf(node.type, list);
    if (ts.isArrayTypeNode(node)) return list ? undefined : this.literalsOf(node.elementType, true);
    if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return { values: [node.literal.text], list };
    if (ts.isUnionTypeNode(node)) {
      const values: string[] = [];
      let listed: boolean | undefined;
      for (const member of node.types) {
        if (member.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword)) continue;
        const found = this.literalsOf(member, list);
        if (!found || (listed !== undefined && found.list !== listed)) return undefined;
        listed = found.list;
        values.push(...found.values.filter((v) => !values.includes(v)));
      }
      return listed === undefined ? undefined : { values, list: listed };
    }
    if (ts.isTypeReferenceNode(node)) {
      const [first] = node.typeArguments ?? [];
      const reference = node.typeName.getText();
      if (/(^|\.)(Input|Output)$/.test(reference) && first) return this.literalsOf(first, list);
      if (/^(Readonly)?Array$/.test(reference) && first) return list ? undefined : this.literalsOf(first, true);
      let symbol = this.decls.checker.getSymbolAtLocation(node.typeName);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.decls.checker.getAliasedSymbol(symbol);
      const declaration = symbol?.declarations?.[0];
      if (declaration && ts.isTypeAliasDeclaration(declaration)) return this.literalsOf(declaration.type, list);
    }
    return undefined;
  }
}

/** `InboxWorkingHoursDayArgs` → `InboxWorkingHoursDay`: one type for a shape's inputs and outputs, as Pulumi's SDKs name them. */
const typeName = (name: string) => name.replace(/Args$/, "");
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A property's type without `| undefined` and `| null` around it (`pulumi.Input<T | undefined>` is `T`'s input). */
function unwrapOptional(node: ts.TypeNode): ts.TypeNode {
  if (ts.isTypeReferenceNode(node) && /(^|\.)(Input|Output)$/.test(node.typeName.getText()) && node.typeArguments?.length === 1) return unwrapOptional(node.typeArguments[0]!);
  if (!ts.isUnionTypeNode(node)) return node;
  const present = node.types.filter((m) => m.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(m) && m.literal.kind === ts.SyntaxKind.NullKeyword));
  return present.length === 1 ? unwrapOptional(present[0]!) : node;
}

/**
 * Go source text for values of the generated program. Go's SDK takes typed inputs, so a value is
 * printed by the type the plugin's schema gives its property: `pulumi.String("vip")`,
 * `pulumi.Int(900)`, `pulumi.StringArray{...}`, `chatwoot.AutomationConditionArray{
 * chatwoot.AutomationConditionArgs{...} }`, `pulumi.BoolMap{...}`, `chatwoot.SamlRoleMappingMap{...}`; a property of several types (an
 * id as a number or its digits) or of any type takes the untyped forms (`pulumi.Array`,
 * `pulumi.Map`) by the value's own shape. Names follow Pulumi's Go code generator ({@link goName}).
 * Composite values are on one line where they fit, one item per line with a trailing comma
 * otherwise, indented by tabs as gofmt has it; a {@link Commented} item carries its comment after it.
 */
import { Commented, commentLines, LINE_WIDTH } from "./code";

/** A Go expression (`labelVip.Title`, `pulumi.String("acme-help" + slugSuffix)`), printed as written. */
export class GoExpr {
  constructor(readonly code: string) {}
}

export const goExpr = (code: string) => new GoExpr(code);

/** A property's type in the plugin's schema (the part of it the printer reads). */
export interface SchemaType {
  type?: string;
  items?: SchemaType;
  additionalProperties?: SchemaType;
  $ref?: string;
  oneOf?: SchemaType[];
}

/** The object types of the schema: their properties by name. */
export type SchemaTypes = Record<string, { properties?: Record<string, SchemaType> }>;

/** The Go name of a schema name, as Pulumi's Go generator makes it: its first letter upper-cased (`outgoingUrl` → `OutgoingUrl`). */
export const goName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const TYPE_PREFIX = "#/types/chatwoot:index:";

/** The Go name of a primitive's input (`String`, `Int`, ...), or undefined for other types. */
function primitive(type: SchemaType | undefined): string | undefined {
  switch (type?.type) {
    case "string":
      return "String";
    case "integer":
      return "Int";
    case "number":
      return "Float64";
    case "boolean":
      return "Bool";
    default:
      return undefined;
  }
}

/** Whether a scalar is of the kind a typed input takes (a value that is not is printed by its own kind). */
function fits(kind: string, value: string | number | boolean | null): boolean {
  if (kind === "String") return typeof value === "string";
  if (kind === "Int") return Number.isInteger(value);
  if (kind === "Float64") return typeof value === "number";
  return typeof value === "boolean";
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof GoExpr) && !(v instanceof Commented);

/** A scalar as the untyped input of its own kind (for properties of several types or of any type). */
function untypedScalar(value: string | number | boolean | null): string {
  if (value === null) return "nil";
  if (typeof value === "string") return `pulumi.String(${JSON.stringify(value)})`;
  if (typeof value === "boolean") return `pulumi.Bool(${value})`;
  return Number.isInteger(value) ? `pulumi.Int(${value})` : `pulumi.Float64(${value})`;
}

/** A composite value's opening (`pulumi.StringArray{`), its items' types, and the key form of its entries. */
function composite(value: unknown[] | Record<string, unknown>, type: SchemaType | undefined, types: SchemaTypes): { open: string; itemType: (key: string) => SchemaType | undefined; key: (k: string) => string } {
  const ref = type?.$ref?.startsWith(TYPE_PREFIX) ? type.$ref.slice(TYPE_PREFIX.length) : undefined;
  if (Array.isArray(value)) {
    const items = type?.type === "array" ? type.items : undefined;
    const itemRef = items?.$ref?.startsWith(TYPE_PREFIX) ? items.$ref.slice(TYPE_PREFIX.length) : undefined;
    const name = itemRef ? `chatwoot.${itemRef}Array` : primitive(items) ? `pulumi.${primitive(items)}Array` : "pulumi.Array";
    return { open: `${name}{`, itemType: () => items, key: () => "" };
  }
  if (ref && types[`chatwoot:index:${ref}`]) {
    const properties = types[`chatwoot:index:${ref}`]?.properties ?? {};
    return { open: `chatwoot.${ref}Args{`, itemType: (k) => properties[k], key: (k) => `${goName(k)}: ` };
  }
  const values = type?.type === "object" ? type.additionalProperties : undefined;
  // A map of an object type: `chatwoot.SamlRoleMappingMap{"Admins": chatwoot.SamlRoleMappingArgs{...}}`.
  const valueRef = values?.$ref?.startsWith(TYPE_PREFIX) ? values.$ref.slice(TYPE_PREFIX.length) : undefined;
  const name = valueRef ? `chatwoot.${valueRef}Map` : primitive(values) ? `pulumi.${primitive(values)}Map` : "pulumi.Map";
  return { open: `${name}{`, itemType: () => values, key: (k) => `${JSON.stringify(k)}: ` };
}

const entriesOf = (value: unknown[] | Record<string, unknown>): [string, unknown][] =>
  Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value).filter(([, v]) => v !== undefined);

/** The one-line form, or undefined when the value cannot be on one line (it holds a comment). */
function inline(value: unknown, type: SchemaType | undefined, types: SchemaTypes): string | undefined {
  if (value instanceof GoExpr) return value.code;
  if (value instanceof Commented || value === undefined) return undefined;
  if (Array.isArray(value) || isPlainObject(value)) {
    const { open, itemType, key } = composite(value, type, types);
    const parts = entriesOf(value).map(([k, v]) => {
      const text = inline(v, itemType(k), types);
      return text === undefined ? undefined : `${key(k)}${text}`;
    });
    return parts.some((p) => p === undefined) ? undefined : `${open}${parts.join(", ")}}`;
  }
  const scalar = value as string | number | boolean | null;
  const kind = primitive(type);
  return kind && fits(kind, scalar) ? `pulumi.${kind}(${JSON.stringify(scalar)})` : untypedScalar(scalar);
}

/** A comment after a value, on its line. */
const trailing = (comment: string) => ` // ${comment.replace(/\s+/g, " ").trim()}`;

/** Columns a line takes with tabs as gofmt's readers see them (a tab as four). */
const width = (tabs: number, text: string) => tabs * 4 + text.length;

/**
 * The lines of a struct field (`head` `Name: `), map entry (`"key": `) or list item (``) at `tabs`
 * tabs, ending with a comma: on one line where it fits, otherwise its items one per line below. A
 * commented entry without a value is a comment line in its place, saying why it is not declared.
 */
export function goEntry(head: string, value: unknown, type: SchemaType | undefined, types: SchemaTypes, tabs: number, name = head): string[] {
  const pad = "\t".repeat(tabs);
  const comment = value instanceof Commented ? value.comment : undefined;
  const inner = value instanceof Commented ? value.value : value;
  if (inner === undefined) return goCommentLines(`${name}: not declared: ${comment ?? ""}`, tabs);
  const oneLine = inline(inner, type, types);
  const after = comment === undefined ? "" : trailing(comment);
  const isComposite = Array.isArray(inner) || isPlainObject(inner);
  if (oneLine !== undefined && (!isComposite || width(tabs, `${head}${oneLine},`) <= LINE_WIDTH)) return [`${pad}${head}${oneLine},${after}`];
  const above = comment === undefined ? [] : goCommentLines(comment, tabs);
  if (!isComposite) return [...above, `${pad}${head}${oneLine ?? ""},`];
  const { open, itemType, key } = composite(inner as unknown[] | Record<string, unknown>, type, types);
  const items = entriesOf(inner as unknown[] | Record<string, unknown>).flatMap(([k, v]) => goEntry(key(k), v, itemType(k), types, tabs + 1, Array.isArray(inner) ? "item" : k));
  return [...above, `${pad}${head}${open}`, ...items, `${pad}},`];
}

/** `text` as `//` comment lines indented by `tabs` tabs, wrapped as the other programs' are. */
export const goCommentLines = (text: string, tabs = 0) => commentLines(text, 0, "//").map((line) => `${"\t".repeat(tabs)}${line}`);

/** A one-line key-value entry of a composite literal: its indentation, key and the rest. */
const KEY_VALUE = /^(\t+)([A-Za-z_][A-Za-z0-9_]*|"(?:[^"\\]|\\.)*"): (.*[^{])$/;

/**
 * The lines with the values of consecutive one-line key-value entries at the same indentation
 * lined up, as gofmt lines them up (an entry of several lines, a comment or another indentation
 * ends the run), so that the program is as gofmt writes it.
 */
export function alignKeyValues(lines: string[]): string[] {
  const out = [...lines];
  let start = 0;
  while (start < out.length) {
    const first = KEY_VALUE.exec(out[start] as string);
    if (!first) {
      start += 1;
      continue;
    }
    let end = start + 1;
    while (end < out.length && KEY_VALUE.exec(out[end] as string)?.[1] === first[1]) end += 1;
    const matches = out.slice(start, end).map((line) => KEY_VALUE.exec(line) as RegExpExecArray);
    const column = Math.max(...matches.map((m) => (m[2] as string).length)) + 2;
    matches.forEach((m, i) => (out[start + i] = `${m[1]}${`${m[2]}:`.padEnd(column)}${m[3]}`));
    start = end;
  }
  return out;
}

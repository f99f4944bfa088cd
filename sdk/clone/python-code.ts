/**
 * Python source text for values of the generated program: literals as Python writes them (`True`,
 * `None`, strings in double quotes with JSON's escapes, which Python shares), lists and dicts on one
 * line where they fit and one item per line with a trailing comma otherwise (four-space indentation,
 * as PEP 8 has it), a {@link Commented} item with its comment after it, and references to other
 * objects and to settings as expressions. Names follow Pulumi's Python code generator
 * ({@link pythonName}), so a keyword argument is the one the generated SDK declares. The same value
 * always prints the same text.
 */
import { commentLines, Commented, LINE_WIDTH } from "./code";

/** A Python expression (`label_vip.title`, `"acme-help" + slug_suffix`), printed as written. */
export class PyExpr {
  constructor(readonly code: string) {}
}

export const pyExpr = (code: string) => new PyExpr(code);

/** Python's keywords, which a name cannot be: Pulumi's generator appends `_` to them. */
const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/**
 * The Python name of a schema name, as Pulumi's Python generator makes it (`PyName`): words split
 * where a lower-case letter or digit meets an upper-case one, and before the last capital of an
 * acronym followed by lower case (`adoptId` → `adopt_id`, `HTMLContent` → `html_content`), joined
 * by `_` in lower case; a keyword gets a trailing `_`.
 */
export function pythonName(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
  return KEYWORDS.has(snake) ? `${snake}_` : snake;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof PyExpr) && !(v instanceof Commented);

/** A scalar as a Python literal. */
function literal(value: string | number | boolean | null): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  return JSON.stringify(value);
}

const entriesOf = (value: Record<string, unknown>) => Object.entries(value).filter(([, v]) => v !== undefined);

/** The one-line form, or undefined when the value cannot be on one line (it holds a comment). */
function inline(value: unknown): string | undefined {
  if (value instanceof PyExpr) return value.code;
  if (value instanceof Commented || value === undefined) return undefined;
  if (value === null || typeof value !== "object") return literal(value as string | number | boolean);
  if (Array.isArray(value)) {
    const items = value.map(inline);
    return items.some((i) => i === undefined) ? undefined : `[${items.join(", ")}]`;
  }
  const parts = entriesOf(value as Record<string, unknown>).map(([k, v]) => {
    const text = inline(v);
    return text === undefined ? undefined : `${JSON.stringify(k)}: ${text}`;
  });
  return parts.some((p) => p === undefined) ? undefined : `{${parts.join(", ")}}`;
}

/** A comment after a value, on its line. */
const trailing = (comment: string) => `  # ${comment.replace(/\s+/g, " ").trim()}`;

/**
 * The lines of a list item, dict entry (`head` `"key": `) or keyword argument (`head` `key=`) at
 * `indent`, ending with a comma: on one line where it fits, otherwise its items one per line below.
 * A commented entry without a value is a comment line in its place, saying why it is not declared.
 */
export function pythonEntry(head: string, value: unknown, indent: number, name = head): string[] {
  const pad = " ".repeat(indent);
  const comment = value instanceof Commented ? value.comment : undefined;
  const inner = value instanceof Commented ? value.value : value;
  if (inner === undefined) return commentLines(`${name}: not declared: ${comment ?? ""}`, indent, "#");
  const oneLine = inline(inner);
  const after = comment === undefined ? "" : trailing(comment);
  const isScalar = !Array.isArray(inner) && !isPlainObject(inner);
  if (oneLine !== undefined && (isScalar || indent + head.length + oneLine.length + 1 <= LINE_WIDTH)) return [`${pad}${head}${oneLine},${after}`];
  const above = comment === undefined ? [] : commentLines(comment, indent, "#");
  if (Array.isArray(inner)) {
    const items = inner.flatMap((item) => pythonEntry("", item, indent + 4, "item"));
    return [...above, `${pad}${head}[`, ...items, `${pad}],`];
  }
  if (isPlainObject(inner)) {
    const items = entriesOf(inner).flatMap(([k, v]) => pythonEntry(`${JSON.stringify(k)}: `, v, indent + 4, k));
    return [...above, `${pad}${head}{`, ...items, `${pad}},`];
  }
  return [...above, `${pad}${head}${oneLine ?? ""},`];
}

/** `text` as `#` comment lines indented by `indent` spaces, wrapped as the other programs' are. */
export const pythonCommentLines = (text: string, indent = 0) => commentLines(text, indent, "#");

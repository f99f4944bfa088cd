/**
 * Pulumi YAML text for values of the generated program: block mappings and sequences indented by
 * two, short values in flow style on one line (`[a, b]`, `{ a: 1 }`), text plain where YAML reads
 * it back as the same text and double-quoted otherwise, text of several lines as a literal block,
 * and references to other objects as Pulumi YAML expressions (`${label-vip.title}`). Pulumi YAML
 * reads `${` in any text as an expression, so a `$` of exported text that could start one is
 * doubled. The same value always prints the same text.
 */
import { commentLines, Commented, LINE_WIDTH } from "./code";

/** A Pulumi YAML expression (`${inbox-website.id}`, `acme-help${slugSuffix}`), printed as written. */
export class YamlExpr {
  constructor(readonly text: string) {}
}

/** An expression of a Pulumi YAML program. */
export const yamlExpr = (text: string) => new YamlExpr(text);

/**
 * `text` as Pulumi YAML takes it literally: `$$` reads as `$` and `${` starts an expression, so a
 * `$` followed by either is doubled (`$${`, `$$$`); any other `$` stays as it is.
 */
export const literalText = (text: string) => text.replace(/\$(?=[{$])/g, "$$$$");

/** Words a YAML parser may read as something other than text (YAML 1.1 booleans among them). */
const NOT_TEXT = /^(?:true|false|yes|no|on|off|y|n|null|~)$/i;

/**
 * Text a YAML parser reads back as the same text without quotes: a letter first, then letters,
 * digits, spaces and a few marks; no `: `, ` #`, trailing space or flow indicator (`,[]{}`).
 * `flow`: inside `[...]` or `{...}`, where `:` and `#` stay quoted too.
 */
function isPlain(text: string, flow: boolean): boolean {
  if (NOT_TEXT.test(text) || text.endsWith(" ")) return false;
  if (flow) return /^\p{L}[\p{L}\p{M}\p{N} _.@/+-]*$/u.test(text);
  return /^\p{L}[\p{L}\p{M}\p{N} _.@/+()'*!?:#-]*$/u.test(text) && !/: |:$| #/.test(text);
}

/** A character a literal block cannot hold as itself: a control character but tab and line feed, or a break or mark YAML treats apart. */
function unprintable(c: string): boolean {
  const code = c.codePointAt(0) as number;
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f || code === 0x85 || code === 0x2028 || code === 0x2029 || code === 0xfeff;
}

/** Characters a double-quoted YAML string spells as escapes (JSON's, and the line breaks and marks YAML treats apart). */
const SPECIAL = /[\u007f\u0085\u2028\u2029\ufeff]/g;

/** `text` in double quotes, with JSON's escapes (which YAML shares) and YAML's other breaks escaped too. */
const quoted = (text: string) => JSON.stringify(text).replace(SPECIAL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** A mapping key: plain where it can be, quoted otherwise. */
export function yamlKey(key: string): string {
  return /^[\p{L}_][\p{L}\p{M}\p{N}_-]*$/u.test(key) && !NOT_TEXT.test(key) ? key : quoted(key);
}

/** A one-line scalar (already escaped for Pulumi YAML). */
function scalar(value: string | number | boolean | null, flow: boolean): string {
  if (typeof value !== "string") return JSON.stringify(value);
  return isPlain(value, flow) ? value : quoted(value);
}

/**
 * Text of several lines as a literal block (`|` keeps its one final line break, `|-` has none),
 * when the block gives back exactly the text: no control character but tabs, no line of only
 * spaces, at most one final line break. Undefined otherwise (the text is then double-quoted).
 */
function literalBlock(text: string, indent: number): string[] | undefined {
  if (!text.includes("\n") || [...text].some(unprintable) || text.endsWith("\n\n")) return undefined;
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  const lines = body.split("\n");
  if (lines.some((line) => line !== "" && line.trim() === "")) return undefined;
  const first = lines.find((line) => line !== "") ?? "";
  // A first line that starts with spaces would be read as the block's indentation: say it outright.
  const header = `|${first.startsWith(" ") ? "2" : ""}${text.endsWith("\n") ? "" : "-"}`;
  const pad = " ".repeat(indent);
  return [header, ...lines.map((line) => (line === "" ? "" : `${pad}${literalText(line)}`))];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof YamlExpr) && !(v instanceof Commented);

/** Entries that are declared (an undefined value is no entry). */
const entriesOf = (value: Record<string, unknown>) => Object.entries(value).filter(([, v]) => v !== undefined);

/** The one-line (flow) form, or undefined when the value cannot be on one line (a comment, text of several lines). */
function inline(value: unknown, flow: boolean): string | undefined {
  if (value instanceof YamlExpr) return flow ? JSON.stringify(value.text) : value.text;
  if (value instanceof Commented || value === undefined) return undefined;
  if (typeof value === "string") return value.includes("\n") ? undefined : scalar(literalText(value), flow);
  if (value === null || typeof value !== "object") return scalar(value as number | boolean | null, flow);
  if (Array.isArray(value)) {
    const items = value.map((v) => inline(v, true));
    return items.some((i) => i === undefined) ? undefined : `[${items.join(", ")}]`;
  }
  const entries = entriesOf(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  const parts = entries.map(([k, v]) => {
    const text = inline(v, true);
    return text === undefined ? undefined : `${yamlKey(k)}: ${text}`;
  });
  return parts.some((p) => p === undefined) ? undefined : `{ ${parts.join(", ")} }`;
}

/** `text` as `#` comment lines indented by `indent` spaces, wrapped as the TypeScript program's are. */
export const yamlCommentLines = (text: string, indent = 0) => commentLines(text, indent, "#");

/** A comment after a value, on its line. */
const trailing = (comment: string) => `  # ${comment.replace(/\s+/g, " ").trim()}`;

/**
 * The lines of one mapping entry (`key` given) or sequence item, starting at column `indent`: on
 * one line where the value fits (a {@link Commented} value with its comment after it), otherwise
 * the key on its line and the value in block style below it. A commented entry without a value is
 * a comment line in its place, saying why it is not declared.
 */
export function yamlEntry(key: string | undefined, value: unknown, indent: number): string[] {
  const pad = " ".repeat(indent);
  const head = key === undefined ? `${pad}- ` : `${pad}${yamlKey(key)}: `;
  const comment = value instanceof Commented ? value.comment : undefined;
  const inner = value instanceof Commented ? value.value : value;
  if (inner === undefined) return yamlCommentLines(`${key ?? "item"}: not declared: ${comment ?? ""}`, indent);
  const oneLine = inline(inner, false);
  // A scalar stays on its line however long it is; a collection does where it fits.
  const isScalar = typeof inner !== "object" || inner === null || inner instanceof YamlExpr;
  if (oneLine !== undefined && (isScalar || head.length + oneLine.length <= LINE_WIDTH)) return [`${head}${oneLine}${comment === undefined ? "" : trailing(comment)}`];
  // Block style: the comment (if any) on a line of its own above the entry.
  const above = comment === undefined ? [] : yamlCommentLines(comment, indent);
  const childIndent = indent + 2;
  if (typeof inner === "string") {
    // Text of several lines: a literal block where one gives the text back, double-quoted otherwise.
    const block = literalBlock(inner, childIndent);
    if (block) return [...above, `${head}${block[0]}`, ...block.slice(1)];
    return [...above, `${head}${quoted(literalText(inner))}`];
  }
  let children: string[];
  if (Array.isArray(inner)) children = inner.flatMap((item) => yamlEntry(undefined, item, childIndent));
  else if (isPlainObject(inner)) children = entriesOf(inner).flatMap(([k, v]) => yamlEntry(k, v, childIndent));
  else return [...above, `${head}${oneLine ?? ""}`];
  if (key !== undefined) return [...above, `${head.trimEnd()}`, ...children];
  // A sequence item that is a mapping or a list: its first line goes on the dash's line, unless it is a comment.
  const [first = "", ...rest] = children;
  if (first.trimStart().startsWith("#")) return [...above, `${pad}-`, ...children];
  return [...above, `${pad}- ${first.slice(childIndent)}`, ...rest];
}

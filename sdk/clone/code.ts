/**
 * TypeScript source text for values of the generated program: object literals printed the way a
 * person would write them (two-space indentation, short values on one line, keys unquoted where
 * they can be, `adopt` for `adopt: adopt`), with references to other objects as expressions. The
 * same value always prints the same text, so an unchanged account exports byte-identical files.
 */

/** An expression printed as is (a reference such as `idOf(teamBilling)`, a config look-up). */
export class Expr {
  constructor(readonly code: string) {}
}

/** A value printed with a trailing line comment (why it is as it is, e.g. an id that could not be mapped). */
export class Commented {
  constructor(
    readonly value: unknown,
    readonly comment: string,
  ) {}
}

export const expr = (code: string) => new Expr(code);

/** Lines are kept within this many columns where the values allow it. */
export const LINE_WIDTH = 100;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const key = (k: string) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));

/** A comment's text on one line: a line break inside a `//` comment would turn the rest into code. */
const oneLineComment = (text: string) => text.replace(/\s+/g, " ").trim();

/** `key: value`, or the shorthand `key` when the value is an expression naming a variable of that name. */
function entry(k: string, v: unknown, text: string): string {
  return v instanceof Expr && v.code === k && IDENTIFIER.test(k) ? k : `${key(k)}: ${text}`;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Expr) && !(v instanceof Commented);

/** One-line form, or undefined when the value cannot be on one line (it holds a comment). */
function inline(value: unknown): string | undefined {
  if (value instanceof Expr) return value.code;
  if (value instanceof Commented) return undefined;
  if (value === undefined) return "undefined";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    const items = value.map(inline);
    return items.some((i) => i === undefined) ? undefined : `[${items.join(", ")}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  const parts = entries.map(([k, v]) => {
    const text = inline(v);
    return text === undefined ? undefined : entry(k, v, text);
  });
  return parts.some((p) => p === undefined) ? undefined : `{ ${parts.join(", ")} }`;
}

/**
 * `value` as source text starting at column `column` of a line indented by `indent` spaces: on one
 * line when it fits (leaving room for the `,` or `;` that follows), otherwise one entry per line.
 * A {@link Commented} entry of a list or object gets its comment after the entry's comma; a
 * comment on the value as a whole has no line of its own and is left to the caller.
 */
export function printValue(value: unknown, indent = 0, column = indent): string {
  if (value instanceof Commented) return printValue(value.value, indent, column);
  const oneLine = inline(value);
  if (oneLine !== undefined && column + oneLine.length < LINE_WIDTH && !oneLine.includes("\n")) return oneLine;
  const pad = " ".repeat(indent + 2);
  const line = (k: string | undefined, v: unknown) => {
    const inner = v instanceof Commented ? v.value : v;
    const prefix = k === undefined ? "" : `${key(k)}: `;
    const text = printValue(inner, indent + 2, pad.length + prefix.length);
    const head = k === undefined ? text : entry(k, inner, text);
    return `${pad}${head},${v instanceof Commented ? ` // ${oneLineComment(v.comment)}` : ""}`;
  };
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((v) => line(undefined, v)).join("\n")}\n${" ".repeat(indent)}]`;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([k, v]) => line(k, v)).join("\n")}\n${" ".repeat(indent)}}`;
  }
  return oneLine ?? String(value);
}

/**
 * `text` as comment lines (`//`, or the language's `marker`) indented by `indent` spaces, wrapped
 * at word boundaries to {@link LINE_WIDTH} columns (a word longer than a line, such as a URL, gets
 * a line of its own).
 */
export function commentLines(text: string, indent = 0, marker = "//"): string[] {
  const prefix = `${" ".repeat(indent)}${marker} `;
  const lines: string[] = [];
  let current = "";
  for (const word of oneLineComment(text).split(" ")) {
    if (current !== "" && prefix.length + current.length + 1 + word.length > LINE_WIDTH) {
      lines.push(prefix + current);
      current = word;
    } else {
      current = current === "" ? word : `${current} ${word}`;
    }
  }
  if (current !== "") lines.push(prefix + current);
  return lines;
}

/**
 * YAML text of a plain JSON value, in block style as Pulumi YAML programs are written: maps as
 * `key: value` lines, lists as `- item` lines, a string plain where YAML reads it back as the same
 * string and double-quoted (JSON's escapes, which YAML shares) everywhere else.
 */

/** A value the writer takes: what JSON holds. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The value as YAML lines (no trailing newline), each indented by `indent` spaces. */
export function yamlText(value: Json, indent = 0): string {
  return lines(value, indent).join("\n");
}

function lines(value: Json, indent: number): string[] {
  const pad = " ".repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${pad}[]`];
    return value.flatMap((item) => {
      const [first, ...rest] = lines(item, indent + 2);
      // The item's first line goes after the dash; maps and lists inside keep their own indentation.
      return [`${pad}- ${first!.slice(indent + 2)}`, ...rest];
    });
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return [`${pad}{}`];
    return entries.flatMap(([key, item]) => {
      const head = `${pad}${scalar(key)}:`;
      if (isCollection(item)) return [head, ...lines(item, indent + 2)];
      return [`${head} ${lines(item, 0)[0]!}`];
    });
  }
  return [`${pad}${scalar(value)}`];
}

/** A non-empty map or list: written on the lines below its key. */
function isCollection(value: Json): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && typeof value === "object" && Object.keys(value).length > 0;
}

/** Words YAML reads as something other than a string (YAML 1.1's booleans among them, which some parsers still take). */
const SPECIAL = /^(true|false|yes|no|on|off|y|n|null|~|\.inf|\.nan)$/i;

/**
 * A scalar: numbers, booleans and null as themselves; a string plain when it starts with a letter
 * (or `$`, `_`, `/`, `.` but not `.5`), holds only printable one-line text, and has none of the
 * sequences that end or comment a plain scalar (`: `, ` #`, a trailing `:` or space); JSON-quoted otherwise.
 */
function scalar(value: Exclude<Json, Json[] | { [key: string]: Json }>): string {
  if (value === null) return "null";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const plain = /^[A-Za-z_$/.][\x20-\x7e\u00a0-\u2027\u202a-\uffff]*$/.test(value) && !/: | #|[: ]$|^\.\d/.test(value) && !SPECIAL.test(value);
  if (plain) return value;
  // JSON leaves these line and paragraph separators as they are; YAML would read them as line breaks.
  return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

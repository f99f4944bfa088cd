/**
 * Characters a text input can never mean: control characters (NUL, BEL, escape, ...) and, in
 * one-line text, invisible formatting characters (zero-width spaces, direction marks and
 * overrides, byte-order marks). They reach the server unnoticed, then make names that look equal
 * differ, reorder what an agent reads, or break the dashboard's rendering.
 */

/** One line of text (a name, title, short code, slug, key) or text that may span lines (a description, a message). */
export type TextKind = "line" | "multiline";

/** Names of the characters refused most often, for messages (others are named by their class). */
const NAMES: Readonly<Record<number, string>> = {
  0x00: "NULL",
  0x07: "BELL",
  0x08: "BACKSPACE",
  0x09: "CHARACTER TABULATION",
  0x0a: "LINE FEED",
  0x0b: "LINE TABULATION",
  0x0c: "FORM FEED",
  0x0d: "CARRIAGE RETURN",
  0x1b: "ESCAPE",
  0x20: "SPACE",
  0x7f: "DELETE",
  0x85: "NEXT LINE",
  0xa0: "NO-BREAK SPACE",
  0xad: "SOFT HYPHEN",
  0x061c: "ARABIC LETTER MARK",
  0x180e: "MONGOLIAN VOWEL SEPARATOR",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x2028: "LINE SEPARATOR",
  0x2029: "PARAGRAPH SEPARATOR",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2060: "WORD JOINER",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE (byte-order mark)",
};

const isControl = (cp: number) => cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f);
const isSurrogate = (cp: number) => cp >= 0xd800 && cp <= 0xdfff;

/**
 * Formatting characters that show nothing: the soft hyphen, Arabic letter mark, Mongolian vowel
 * separator, zero-width space/joiners, direction marks, line/paragraph separators, embeddings and
 * overrides (U+202A-202E), word joiner and invisible operators, isolates (U+2066-2069) and the
 * deprecated format characters after them, the byte-order mark, interlinear annotation marks.
 * (Variation selectors and emoji tag characters are visible parts of emoji and stay allowed.)
 */
function isInvisibleFormat(cp: number): boolean {
  return (
    cp === 0xad ||
    cp === 0x061c ||
    cp === 0x180e ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    (cp >= 0x2066 && cp <= 0x206f) ||
    cp === 0xfeff ||
    (cp >= 0xfff9 && cp <= 0xfffb)
  );
}

/** A letter, mark, digit, symbol (emoji) or punctuation: what a joiner may stand between. */
const VISIBLE = /^[\p{L}\p{M}\p{N}\p{S}\p{P}]$/u;

/**
 * Zero-width (non-)joiners are part of how some scripts are written (Persian, Indic scripts) and
 * of emoji sequences (👩‍💻): between two visible characters they are kept; anywhere else they
 * only hide.
 */
function isJoinerInWord(chars: readonly string[], i: number): boolean {
  const cp = chars[i].codePointAt(0)!;
  if (cp !== 0x200c && cp !== 0x200d) return false;
  return i > 0 && i < chars.length - 1 && VISIBLE.test(chars[i - 1]) && VISIBLE.test(chars[i + 1]);
}

/** `U+200B ZERO WIDTH SPACE`: a character as messages name it. */
export function describeCharacter(char: string): string {
  const cp = char.codePointAt(0)!;
  const code = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  if (NAMES[cp] !== undefined) return `${code} ${NAMES[cp]}`;
  if (isSurrogate(cp)) return `${code} (half of a character: an unpaired surrogate)`;
  if (isControl(cp)) return `${code} (a control character)`;
  if (/^\s$/u.test(char)) return `${code} (a space character)`;
  return `${code} (an invisible formatting character)`;
}

/**
 * What is wrong with `value`'s characters, e.g. "contains U+200B ZERO WIDTH SPACE at position 4"
 * (positions count characters from 1), or `undefined` when nothing is. Refused everywhere: C0 and
 * C1 control characters and DELETE, and unpaired surrogates (no encoding can send them). One-line
 * text also refuses line breaks, tabs and invisible formatting characters; text that may span
 * lines keeps line feeds, carriage returns and tabs, and formatting characters (right-to-left
 * prose places punctuation with direction marks).
 */
export function unusableCharacter(value: string, kind: TextKind): string | undefined {
  const chars = Array.from(value);
  for (let i = 0; i < chars.length; i++) {
    const cp = chars[i].codePointAt(0)!;
    const allowedControl = kind === "multiline" && (cp === 0x09 || cp === 0x0a || cp === 0x0d);
    const refused =
      isSurrogate(cp) ||
      (isControl(cp) && !allowedControl) ||
      (kind === "line" && isInvisibleFormat(cp) && !isJoinerInWord(chars, i));
    if (refused) return `contains ${describeCharacter(chars[i])} at position ${i + 1}`;
  }
  return undefined;
}

/** The first whitespace, control or formatting character of `value` and its position (from 1), for values with none at all (URLs). */
export function firstBlankOrInvisible(value: string): string | undefined {
  const chars = Array.from(value);
  const i = chars.findIndex((c) => /^[\s\p{Cc}\p{Cf}\p{Cs}]$/u.test(c) || isInvisibleFormat(c.codePointAt(0)!));
  return i < 0 ? undefined : `contains ${describeCharacter(chars[i])} at position ${i + 1}`;
}

/** The length in characters (code points), as Chatwoot's Rails validations count it. */
export const characterCount = (value: string): number => Array.from(value).length;

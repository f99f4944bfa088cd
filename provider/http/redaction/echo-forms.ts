/**
 * The forms in which a server, a proxy or a log line may echo a secret back, as one regular
 * expression per secret. The secret and its hex are matched in any case (a header echoed in upper
 * case, hex in either case), base64 as it is; over-matching would only hide more text.
 *
 * - the secret itself, each character also in any of its escapes, mixed freely: percent-encoded
 *   (`encodeURIComponent`, `encodeURI`, form encoding with `+` for a space), JSON and JavaScript
 *   (`\"`, `\/`, `\u002f`), byte escapes (`\x2f`), HTML character references (`&#47;`, `&quot;`);
 * - hex of its UTF-8 bytes;
 * - base64 and base64url of the secret alone (padding optional, `+ / =` also percent-encoded);
 * - base64 of the secret inside a longer encoded string (a Basic `Authorization` header encodes
 *   `user:token`): there the secret's encoding depends on its byte offset modulo 3, so each of the
 *   three alignments is matched by the characters that depend on the secret's bytes alone. Such a
 *   core is left out when shorter than {@link MIN_CORE} characters (secrets under 5 bytes), as it
 *   would match ordinary words; the 2 to 4 bits in the characters at either edge of an embedded
 *   echo, shared with the neighbouring bytes, are left.
 *
 * Not recognised: other encodings (double percent-encoding, base32, compressed or encrypted text),
 * and an echo split by inserted characters (MIME line breaks inside base64).
 */

/** Shortest embedded-base64 core matched; see above. */
const MIN_CORE = 6;

/**
 * An upper bound of the length of any echo form of a secret of `length` UTF-16 units: one unit
 * takes at most 12 characters (a 3-byte character as `\xe2\x82\xac`, or its base64 with
 * percent-encoded `+` and `/`), plus padding.
 */
export function longestEcho(length: number): number {
  return 12 * length + 8;
}

/**
 * What a text is checked against before any expression: most error texts hold no secret, and
 * building a secret's expression costs about a millisecond. Without `%`, `\` and `&` a text can
 * hold no escaped form, and the plain forms of an ASCII secret are found with `includes` in these
 * views. A text with one of those characters (or a non-ASCII secret) goes to the expression, so
 * the first such error of a process builds the expression of every secret known by then.
 */
export interface TextView {
  /** Whether the text has a character that begins an escape (`%2F`, `\u002f`, `&#47;`). */
  escaped: boolean;
  /** ASCII letters lowered, a space as `+` (form encoding): where the secret's own text and hex are looked for. */
  folded: string;
  /** The URL-safe base64 alphabet as the standard one. */
  base64: string;
}

/** The views of `text` that a {@link SecretEcho} checks before it builds (or runs) its expression. */
export function textView(text: string): TextView {
  return {
    escaped: /[%\\&]/.test(text),
    folded: foldPlain(text),
    base64: text.replace(/-/g, "+").replace(/_/g, "/"),
  };
}

/** ASCII letters lowered (the case classes of a secret's pattern are exactly these), a space as `+`. */
const foldPlain = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(/ /g, "+");

/** One secret's echo forms: a quick test against a {@link TextView}, and the expression, built when first needed. */
export class SecretEcho {
  private pattern: RegExp | undefined;
  /** The forms found without an escape: text and hex folded, base64 strings; `undefined` (always build) for a non-ASCII secret. */
  private readonly plain: { folded: string[]; base64: string[] } | undefined;

  constructor(
    private readonly secret: string,
    private readonly marker: string,
  ) {
    const bytes = [...Buffer.from(secret, "utf8")];
    // eslint-disable-next-line no-control-regex
    this.plain = /^[\x00-\x7f]*$/.test(secret)
      ? { folded: [foldPlain(secret), bytes.map(hex2).join("")], base64: base64Forms(bytes) }
      : undefined;
  }

  /** `text` with every echo of the secret replaced by the marker (earlier markers kept as they are). */
  redact(text: string, view: TextView): string {
    if (!view.escaped && this.plain && !this.plain.folded.some((f) => view.folded.includes(f)) && !this.plain.base64.some((b) => view.base64.includes(b))) {
      return text;
    }
    this.pattern ??= echoPattern(this.secret, this.marker);
    return text.replace(this.pattern, (_match, kept: string | undefined) => kept ?? this.marker);
  }
}

/** The base64 strings matched: the secret's own (unpadded), and its cores inside longer strings. */
function base64Forms(bytes: number[]): string[] {
  const own = Buffer.from(bytes).toString("base64").replace(/=+$/, "");
  return [own, ...alignedCores(bytes).filter((core) => core.length >= MIN_CORE && core !== own)];
}

/**
 * A global expression for every echo form of `secret`, whose first alternative captures the
 * marker (group 1) so that a replacer can keep earlier replacements as they are: redacting twice,
 * or with a secret that occurs inside the marker, leaves them alone. Case is spelt out (`[aA]`)
 * rather than left to the `i` flag, which makes the expression ten times slower to build.
 */
function echoPattern(secret: string, marker: string): RegExp {
  const bytes = [...Buffer.from(secret, "utf8")];
  const [own, ...cores] = base64Forms(bytes);
  const forms = [
    // Longest first: at one position, the first alternative that matches wins.
    `${base64Pattern(own ?? "")}(?:=|%3[dD]){0,2}`,
    anyCase(bytes.map(hex2).join("")),
    [...secret].map(charPattern).join(""),
    ...cores.map(base64Pattern),
  ];
  return new RegExp(`(${escapeRegExp(marker)})|${forms.join("|")}`, "g");
}

/**
 * The base64 characters that depend only on the secret's bytes when it starts `offset` (0, 1, 2)
 * bytes into a 3-byte group of a longer string: the leading characters shared with the bytes
 * before it and the trailing ones shared with the bytes after it are dropped.
 */
function alignedCores(bytes: number[]): string[] {
  return [0, 1, 2].map((offset) => {
    const total = offset + bytes.length;
    const encoded = Buffer.from([...new Array<number>(offset).fill(0), ...bytes]).toString("base64");
    const rest = total % 3;
    const end = Math.floor(total / 3) * 4 + (rest === 0 ? 0 : rest === 1 ? 1 : 2);
    const start = offset === 0 ? 0 : offset === 1 ? 2 : 3;
    return end > start ? encoded.slice(start, end) : "";
  });
}

/** A base64 string, in the standard or the URL-safe alphabet, with `+` and `/` also percent-encoded. */
function base64Pattern(encoded: string): string {
  return [...encoded].map((c) => (c === "+" ? "(?:\\+|-|%2[bB])" : c === "/" ? "(?:/|_|%2[fF])" : c)).join("");
}

const SHORT_ESCAPES: Record<string, string[]> = {
  '"': ['\\"', "&quot;"],
  "'": ["\\'", "&apos;"],
  "\\": ["\\\\"],
  "/": ["\\/"],
  "&": ["&amp;"],
  "<": ["&lt;"],
  ">": ["&gt;"],
  "\b": ["\\b"],
  "\f": ["\\f"],
  "\n": ["\\n"],
  "\r": ["\\r"],
  "\t": ["\\t"],
  " ": ["+"],
};

/** One character (a code point) of the secret, or any of its escapes. */
function charPattern(char: string): string {
  const bytes = [...Buffer.from(char, "utf8")];
  const codePoint = char.codePointAt(0) ?? 0;
  const units = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i));
  const forms = new Set([
    anyCase(escapeRegExp(char)),
    bytes.map((b) => `%${anyCase(hex2(b))}`).join(""),
    bytes.map((b) => `\\\\x${anyCase(hex2(b))}`).join(""),
    units.map((u) => `\\\\u${anyCase(u.toString(16).padStart(4, "0"))}`).join(""),
    `&#0{0,4}${codePoint};`,
    `&#[xX]0{0,4}${anyCase(codePoint.toString(16))};`,
    ...(SHORT_ESCAPES[char] ?? []).map(escapeRegExp),
  ]);
  return `(?:${[...forms].join("|")})`;
}

/** `pattern` with each letter that has another case as a class of both (`a` -> `[aA]`); other characters as they are. */
function anyCase(pattern: string): string {
  return [...pattern]
    .map((c) => {
      const lower = c.toLowerCase();
      const upper = c.toUpperCase();
      // One UTF-16 unit each: without the `u` flag a class holds units, not code points.
      const variants = [...new Set([c, lower, upper])].filter((v) => v.length === 1);
      return variants.length > 1 ? `[${variants.join("")}]` : c;
    })
    .join("");
}

function hex2(byte: number): string {
  return byte.toString(16).padStart(2, "0");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

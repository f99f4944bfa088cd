/**
 * Secret values the process has seen (the configured tokens, and every credential a server sent:
 * bot access tokens, inbox website and HMAC tokens, webhook secrets), so that any text that came
 * from elsewhere (a server's error body, a proxy page, a value quoted in a parse error) can be
 * scrubbed before it reaches an error message. Errors never include request headers to begin with;
 * this is the second line of defence against a server echoing one.
 *
 * What is hidden:
 * - every known secret, whole, in every form `echo-forms.ts` lists (case-changed, URL-encoded,
 *   JSON-escaped, hex, base64 and base64url, base64 inside a longer string);
 * - in texts from elsewhere ({@link redactForeign}) also: any run of {@link FRAGMENT} or more
 *   characters of a known secret (any case), which is what is left of a secret that a server or
 *   proxy cut short itself; and every value after a secret-named key (`secret-keys.ts`), which
 *   covers a secret not seen yet. Shorter pieces, and pieces of the encoded forms (a clipped
 *   base64 echo), are not recognised as such.
 * Texts from elsewhere are redacted before they are clipped, so a clip never leaves a prefix.
 */
import { longestEcho, SecretEcho, textView } from "./echo-forms";
import { redactKeyedValues } from "./secret-keys";

const MARKER = "[redacted]";

/** Shortest piece of a secret recognised on its own (six characters of a 24-character token). */
const FRAGMENT = 6;

/**
 * Texts from elsewhere are redacted up to this many characters: error messages keep far fewer,
 * and a long page then costs no more than a short one.
 */
const SCAN_LIMIT = 8192;

/** Each secret with its echo forms. */
const known = new Map<string, SecretEcho>();
/** Known secrets, longest first: a secret that contains another is replaced whole, before the shorter one could split it. */
let ordered: SecretEcho[] | undefined;
/** Every {@link FRAGMENT}-character piece of the known secrets, lowercased. */
const pieces = new Set<string>();
let longest = 0;

/**
 * Remembers a secret value (a token) to be scrubbed from error texts. Every non-empty value counts,
 * however short: a secret is never shown to save words. The price of a very short one is paid in
 * readability: a 3-character token also hides those three characters wherever they occur in an
 * error (inside ordinary words, in its hex or base64 forms), and a 1-character token hides that
 * letter everywhere, including in the request's path.
 */
export function registerSecret(value: string | null | undefined): void {
  if (typeof value !== "string" || value === "" || known.has(value)) return;
  known.set(value, new SecretEcho(value, MARKER));
  ordered = undefined;
  longest = Math.max(longest, value.length);
  const lower = lowerKeepingLength(value);
  for (let i = 0; i + FRAGMENT <= lower.length; i++) pieces.add(lower.slice(i, i + FRAGMENT));
}

/** `text` with every known secret, in every echo form, replaced by `[redacted]`. Safe to apply twice. */
export function redactSecrets(text: string): string {
  if (known.size === 0) return text;
  ordered ??= [...known.entries()].sort(([a], [b]) => b.length - a.length).map(([, echo]) => echo);
  let out = text;
  let view = textView(out);
  for (const echo of ordered) {
    const next = echo.redact(out, view);
    if (next !== out) view = textView((out = next));
  }
  return out;
}

/**
 * A text that came from elsewhere (a server's message, an HTML title, a key or value a server
 * sent), redacted: known secrets in every form, pieces of them, and values after secret-named
 * keys. Call it before clipping the text. Beyond {@link SCAN_LIMIT} characters the text is cut
 * (ending `…`), and so is as much before the cut as the longest echo of a known secret, which is
 * where one could sit half-seen.
 */
export function redactForeign(text: string): string {
  const cut = text.length > SCAN_LIMIT;
  let out = redactKeyedValues(redactPieces(redactSecrets(cut ? text.slice(0, SCAN_LIMIT) : text)));
  if (cut) out = `${out.slice(0, Math.max(0, out.length - longestEcho(longest)))}…`;
  return out;
}

/** `text` with every run covered by {@link FRAGMENT}-character pieces of known secrets replaced by `[redacted]`. */
function redactPieces(text: string): string {
  if (pieces.size === 0 || text.length < FRAGMENT) return text;
  const lower = lowerKeepingLength(text);
  const hidden = new Uint8Array(text.length);
  let found = false;
  for (let i = 0; i + FRAGMENT <= text.length; i++) {
    if (!pieces.has(lower.slice(i, i + FRAGMENT))) continue;
    hidden.fill(1, i, i + FRAGMENT);
    found = true;
  }
  if (!found) return text;
  // Earlier replacements stay as they are, even where a piece overlaps them.
  for (let at = text.indexOf(MARKER); at !== -1; at = text.indexOf(MARKER, at + MARKER.length)) hidden.fill(0, at, at + MARKER.length);
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (!hidden[i]) out += text[i];
    else if (i === 0 || !hidden[i - 1]) out += MARKER;
  }
  return out;
}

/** Lower case, character by character where that keeps the length (so that positions still line up). */
function lowerKeepingLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  return [...text].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join("");
}

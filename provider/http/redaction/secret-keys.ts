/**
 * Values that follow a secret-named key in a text from elsewhere: `access_token abc123`,
 * `"secret":"..."`, `api_access_token: ...`, `hmac_token=...`, `token=...&`, `Bearer ...`. This hides
 * a secret the provider has not seen yet, such as the new token a 422 quotes on the very POST that
 * created the bot (`Validation failed for bot with access_token abc123` ->
 * `... access_token [redacted]`).
 *
 * A key is any word ending in `token`, `secret`, `password` or `passwd` (any case, so also
 * `accessToken` and `X-Auth-Token`), `api_key` or `authorization`. Its value is what follows after
 * `:`, `=`, `=>` or spaces: a quoted string (also `\"`-escaped, as in JSON inside a string), or a
 * bare word up to a space, quote, `,` `;` `&` or closing bracket (not one that opens a bracket: a
 * list or object after the key is left to the known-secret redaction). Validation messages put ordinary
 * words after such a key (`Access token has already been taken`, `hmac_token: can't be blank`):
 * a bare word from {@link PLAIN_WORDS}, a literal `null`/`true`/`false`/`nil`, and `[redacted]`
 * are kept. Any other word after a key is hidden, ordinary or not (`Webhook secret [redacted] to
 * sign`): an unreadable word costs less than a leaked token.
 */

const MARKER = "[redacted]";

/** Words that follow a key name in Chatwoot's and Rails' messages, lowercased. */
const PLAIN_WORDS = new Set(
  (
    "is isn't are aren't was wasn't were has hasn't have had can can't cannot could must should shall will won't would " +
    "does doesn't did didn't do don't may might not no and or but of for from to in on at by as with without if when that " +
    "this these which it its the a an be been being already too only also required missing invalid expired blank empty " +
    "present unknown wrong given field value header parameter param bearer basic digest"
  ).split(" "),
);
const LITERALS = new Set(["null", "true", "false", "nil"]);

const KEY = String.raw`\b(?:\w*(?:token|secret|password|passwd)|api[_-]?key|authorization)\b`;
/** The key's closing quote (plain or `\"`), then `:`, `=`, `=>` (with spaces around) or spaces alone. */
const SEPARATOR = String.raw`(?:\\?["'])?(?:\s*(?:=>|[:=])\s*|\s+)`;
const VALUE = [
  String.raw`\\"(?:(?!\\").)*\\"`,
  String.raw`"(?:[^"\\]|\\.)*"`,
  String.raw`'(?:[^'\\]|\\.)*'`,
  String.raw`\[redacted\]`,
  String.raw`[^\s"'\\<>,;&(){}[\]][^\s"\\<>,;&)}\]]*`,
].join("|");
const KEYED_VALUE = new RegExp(`(${KEY}${SEPARATOR})(${VALUE})`, "gi");

/**
 * An HTTP authorization scheme with its credentials (before the keys, so that `Authorization: Bearer
 * x` hides `x`, the scheme being a plain word); short words after `Basic` are prose (`Basic auth`).
 */
const SCHEME_VALUE = /\b((?:Bearer|Basic|Digest)\s+)([A-Za-z0-9+/=._~-]{8,})/gi;

/** `text` with every value after a secret-named key replaced by `[redacted]` (quotes kept). */
export function redactKeyedValues(text: string): string {
  return text
    .replace(SCHEME_VALUE, (_whole, scheme: string) => `${scheme}${MARKER}`)
    .replace(KEYED_VALUE, (whole, key: string, value: string) => {
      const bare = value.toLowerCase().replace(/[.!?:]+$/, "");
      if (value === MARKER || PLAIN_WORDS.has(bare) || LITERALS.has(bare)) return whole;
      if (value.startsWith('\\"')) return `${key}\\"${MARKER}\\"`;
      if (value.startsWith('"') || value.startsWith("'")) return `${key}${value[0]}${MARKER}${value[0]}`;
      return `${key}${MARKER}`;
    });
}

import { randomBytes } from "node:crypto";
import { leakedPiece } from "../support/secrets";

type Secrets = typeof import("../../../../provider/http/redaction/secrets");
type ErrorBody = typeof import("../../../../provider/http/transport/error-body");

/** A registry of its own per test (the module's registry is process-wide), with the error-body reader that uses it. */
function fresh(): Secrets & ErrorBody {
  let loaded: (Secrets & ErrorBody) | undefined;
  jest.isolateModules(() => {
    loaded = { ...(require("../../../../provider/http/redaction/secrets") as Secrets), ...(require("../../../../provider/http/transport/error-body") as ErrorBody) };
  });
  if (loaded === undefined) throw new Error("modules not loaded");
  return loaded;
}

const MARKER = "[redacted]";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** `length` random base58 characters, like Rails' `has_secure_token`. */
function token(length: number): string {
  return [...randomBytes(length)].map((b) => BASE58[b % 58]).join("");
}

const utf8 = (s: string) => Buffer.from(s, "utf8");
const hex2 = (b: number) => b.toString(16).padStart(2, "0");
const swapCase = (s: string) => [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

/** Every form in which a server or a proxy may echo a secret. */
const FORMS: [string, (s: string) => string][] = [
  ["as it is", (s) => s],
  ["in upper case", (s) => s.toUpperCase()],
  ["in lower case", (s) => s.toLowerCase()],
  ["with its case swapped", swapCase],
  ["URL-encoded (encodeURIComponent)", encodeURIComponent],
  ["URL-encoded (encodeURI)", encodeURI],
  ["form-encoded (a space as +)", (s) => new URLSearchParams({ q: s }).toString().slice(2)],
  ["percent-encoded in full, lower-case hex", (s) => [...utf8(s)].map((b) => `%${hex2(b)}`).join("")],
  ["JSON-escaped", (s) => JSON.stringify(s).slice(1, -1)],
  ["JSON-escaped, ASCII only", (s) => JSON.stringify(s).slice(1, -1).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)],
  ["JSON-escaped with \\/", (s) => JSON.stringify(s).slice(1, -1).replace(/\//g, "\\/")],
  ["as HTML character references", (s) => [...s].map((c) => `&#${c.codePointAt(0)};`).join("")],
  ["in hex", (s) => utf8(s).toString("hex")],
  ["in upper-case hex", (s) => utf8(s).toString("hex").toUpperCase()],
  ["in base64", (s) => utf8(s).toString("base64")],
  ["in base64 without padding", (s) => utf8(s).toString("base64").replace(/=+$/, "")],
  ["in base64url", (s) => utf8(s).toString("base64url")],
  ["in base64, URL-encoded", (s) => encodeURIComponent(utf8(s).toString("base64"))],
];

/** Secrets of every length, and one with characters that every encoding changes. */
const SECRETS: [string, string][] = [
  ["a 24-character token", token(24)],
  ["a token with characters that need escaping", `${token(10)} /+"\\&<é€😀=?${token(4)}`],
  ["an ASCII token with a space and punctuation", `${token(8)} +/=~-_.${token(4)}`],
  ["a 6-character token", token(6)],
  ["a 3-character token", token(3)],
  ["a 1-character token", token(1)],
];

const CASES = SECRETS.flatMap(([what, secret]) => FORMS.map(([form, encode]) => [what, form, secret, encode(secret)] as const));

describe("redactSecrets", () => {
  // «» and spaces are in no echo of these secrets: what surrounds the echo must stay as it was.
  it.each(CASES)("hides %s echoed %s", (_what, _form, secret, echo) => {
    const { registerSecret, redactSecrets } = fresh();
    registerSecret(secret);
    expect(redactSecrets(`« ${echo} »`)).toBe(`« ${MARKER} »`);
  });

  // A Basic authorization header encodes `user:secret`: the secret sits at any byte offset modulo 3.
  it.each(SECRETS.filter(([, s]) => utf8(s).length >= 5).flatMap(([what, secret]) => ["a:", "ab:", "abc:"].map((user) => [what, user, secret] as const)))(
    "hides %s inside a longer base64 string (user %s)",
    (_what, user, secret) => {
      const { registerSecret, redactSecrets } = fresh();
      registerSecret(secret);
      const encoded = utf8(`${user}${secret}!?`).toString("base64");
      const out = redactSecrets(`Basic ${encoded}`);
      expect(out).toContain(MARKER);
      // Every base64 character that depends on the secret's bits alone is gone: at least floor((8n - 4) / 6) of them.
      const left = out.length - MARKER.length - "Basic ".length;
      expect(left).toBeLessThanOrEqual(encoded.length - Math.floor((8 * utf8(secret).length - 4) / 6));
    },
  );

  it("replaces a secret that contains another whole, not around the shorter one", () => {
    const { registerSecret, redactSecrets } = fresh();
    const short = token(10);
    const long = `${short}${token(6)}`;
    registerSecret(short);
    registerSecret(long);
    expect(redactSecrets(`a ${long} b ${short} c`)).toBe(`a ${MARKER} b ${MARKER} c`);
  });

  it("leaves earlier replacements alone, also for a secret found inside the marker", () => {
    const { registerSecret, redactSecrets } = fresh();
    const secret = token(24);
    registerSecret(secret);
    registerSecret("d");
    const once = redactSecrets(`x ${secret} y`);
    expect(once).toBe(`x ${MARKER} y`);
    expect(redactSecrets(once)).toBe(once);
  });

  it("hides even a 1-character secret, at the cost of that character everywhere", () => {
    const { registerSecret, redactSecrets } = fresh();
    registerSecret("q");
    expect(redactSecrets("quick Q")).toBe(`${MARKER}uick ${MARKER}`);
  });

  it("ignores an empty or absent value", () => {
    const { registerSecret, redactSecrets } = fresh();
    registerSecret("");
    registerSecret(undefined);
    registerSecret(null);
    expect(redactSecrets("nothing to hide")).toBe("nothing to hide");
  });
});

describe("redactForeign", () => {
  it.each([
    ["the start", (s: string) => s.slice(0, 6)],
    ["the end", (s: string) => s.slice(-9)],
    ["a middle part", (s: string) => s.slice(5, 17)],
    ["a part in upper case", (s: string) => s.slice(3, 12).toUpperCase()],
  ])("hides %s of a known secret that a server cut short itself", (_what, part) => {
    const { registerSecret, redactForeign } = fresh();
    const secret = token(24);
    registerSecret(secret);
    const piece = part(secret);
    expect(redactForeign(`the value was ${piece}… (clipped)`)).toBe(`the value was ${MARKER}… (clipped)`);
  });

  // Secrets never seen, after secret-named keys: each row is [text, the secret in it].
  const unseen = token(20);
  it.each([
    [`Validation failed for bot with access_token ${unseen}`, unseen],
    [`params {"secret":"${unseen} x"}`, `${unseen} x`],
    [`{\\"access_token\\":\\"${unseen}\\"}`, unseen],
    [`api_access_token: ${unseen}`, unseen],
    [`hmac_token=${unseen}&page=2`, unseen],
    [`website_token => '${unseen}'`, unseen],
    [`GET /widget?website_token=${unseen}`, unseen],
    [`#<AgentBot id: 3, accessToken: "${unseen}">`, unseen],
    [`X-Auth-Token: ${unseen}`, unseen],
    [`Authorization: Bearer ${unseen}.${unseen}`, unseen],
    [`Basic ${utf8(`bot:${unseen}`).toString("base64")}`, utf8(`bot:${unseen}`).toString("base64")],
    [`password=${unseen}`, unseen],
  ])("hides the value after a secret-named key: %s", (text, value) => {
    const out = fresh().redactForeign(text);
    expect(out).toContain(MARKER);
    expect(leakedPiece(out, value)).toBeUndefined();
  });

  it.each([
    "Access token has already been taken",
    "hmac_token: can't be blank",
    "Website token is invalid",
    '{"secret":null}',
    "Invalid Access Token",
    "Basic auth failed",
  ])("keeps ordinary words after a secret-named key: %s", (text) => {
    expect(fresh().redactForeign(text)).toBe(text);
  });

  it("redacts a long text up to a bound, with no echo half-seen at the cut", () => {
    const { registerSecret, redactForeign } = fresh();
    const secret = token(24);
    registerSecret(secret);
    const echo = utf8(secret).toString("hex");
    // Wherever the cut falls (it is not known here), no piece of the echo survives it.
    for (let at = 7_000; at < 10_000; at += 37) {
      const out = redactForeign(`${". ".repeat(at / 2)}${echo}${". ".repeat(2_000)}`);
      expect(leakedPiece(out, echo)).toBeUndefined();
    }
    expect(redactForeign(". ".repeat(500_000)).length).toBeLessThan(20_000);
  });
});

describe("serverMessageOf: redacting before clipping", () => {
  const bodies: [string, (message: string) => [string, string]][] = [
    ["a text body", (m) => [m, "text/plain"]],
    ["a JSON error", (m) => [JSON.stringify({ error: m }), "application/json"]],
    ["a JSON field error", (m) => [JSON.stringify({ error: { name: [m] } }), "application/json"]],
    ["an HTML title", (m) => [`<html><head><title>${m}</title></head></html>`, "text/html"]],
  ];
  const echoes = FORMS.filter(([form]) => ["as it is", "in upper case", "in hex", "in base64", "URL-encoded (encodeURIComponent)"].includes(form));
  const cases = bodies.flatMap(([body, wrap]) => echoes.map(([form, encode]) => [body, form, wrap, encode] as const));

  it.each(cases)("leaves no part of a secret straddling the clip, in %s, echoed %s", (_body, _form, wrap, encode) => {
    const { registerSecret, serverMessageOf } = fresh();
    const secret = `${token(20)}/+é`;
    registerSecret(secret);
    const echo = encode(secret);
    // Every start from well before the 300-character clip to well past its start.
    for (let start = 300 - echo.length - 2; start <= 302; start++) {
      const message = `${". ".repeat(200).slice(0, start)}${echo} ${". ".repeat(100)}`;
      const [text, type] = wrap(message);
      const out = serverMessageOf(text, type) ?? "";
      expect(out.length).toBeLessThanOrEqual(300);
      expect(leakedPiece(out, echo)).toBeUndefined();
      expect(leakedPiece(out, secret)).toBeUndefined();
    }
  });
});

import { randomBytes } from "node:crypto";
import { inspect } from "node:util";

/** Token-shaped random values, unique per test run. */
export function fakeToken(label: string): string {
  return `${label}-${randomBytes(12).toString("hex")}`;
}

/**
 * Everything an error exposes: message, stack, every own property (enumerable or not) and what
 * `util.inspect` prints, which is what a log or Pulumi's error output would show.
 */
export function exposedText(err: unknown): string {
  if (typeof err !== "object" || err === null) return String(err);
  const props: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(err)) props[key] = (err as Record<string, unknown>)[key];
  return [String(err), JSON.stringify(props), inspect(err, { depth: 8, showHidden: true })].join("\n");
}

/**
 * The first piece of `secret` (any case) of `length` characters, or the whole of a shorter secret,
 * that `text` contains; `undefined` when it carries no such part of it.
 */
export function leakedPiece(text: string, secret: string, length = 6): string | undefined {
  const size = Math.min(length, secret.length);
  const haystack = text.toLowerCase();
  for (let i = 0; i + size <= secret.length; i++) {
    const piece = secret.slice(i, i + size);
    if (haystack.includes(piece.toLowerCase())) return piece;
  }
  return undefined;
}

/**
 * Salted scrypt digests of credentials the program gives (an inbox's channel passwords, a Platform
 * user's password): what the outputs and the kept inputs hold instead of the value, and how a
 * changed value is told from an unchanged one without keeping it.
 */
import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { isRecord } from "../diff/normalize/coerce";

// scrypt's recommended interactive cost (N = 2^14, r = 8): ~50 ms and 16 MB per digest, so that a
// digest in a leaked state file costs an attacker that much per guess.
const COST = 16384;
const BLOCK = 8;
const KEY_LENGTH = 32;
const PREFIX = "scrypt";

/** A salted scrypt digest of `value`: `scrypt$16384$8$<salt>$<hash>` (base64). */
export function digestOf(value: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(value, salt, KEY_LENGTH, { N: COST, r: BLOCK, p: 1, maxmem: 64 * 1024 * 1024 });
  return [PREFIX, COST, BLOCK, salt.toString("base64"), hash.toString("base64")].join("$");
}

/** Whether `stored` is a digest made by {@link digestOf}. */
export function isDigest(stored: unknown): stored is string {
  return typeof stored === "string" && stored.startsWith(`${PREFIX}$`) && stored.split("$").length === 5;
}

/**
 * Verdicts already reached in this process, by digest and value: a diff, a write and its read-back
 * compare the same pairs again, and each scrypt run holds the event loop (and every request's
 * answer) for tens of milliseconds. The values are in this process's memory anyway, as inputs.
 */
const verdicts = new Map<string, boolean>();
const VERDICTS_MAX = 1000;

/** Whether `stored` is a digest of `value` (compared in constant time). */
export function digestMatches(stored: unknown, value: unknown): boolean {
  if (!isDigest(stored) || typeof value !== "string") return false;
  const pair = `${stored}\u0000${value}`;
  const known = verdicts.get(pair);
  if (known !== undefined) return known;
  if (verdicts.size >= VERDICTS_MAX) verdicts.clear();
  const verdict = computeMatch(stored, value);
  verdicts.set(pair, verdict);
  return verdict;
}

/** The scrypt comparison itself, in constant time; a digest scrypt refuses (parameters edited in a state file) matches nothing. */
function computeMatch(stored: string, value: string): boolean {
  const [, cost, block, salt, hash] = stored.split("$") as [string, string, string, string, string];
  const expected = Buffer.from(hash, "base64");
  const N = Number(cost);
  const r = Number(block);
  if (!Number.isSafeInteger(N) || !Number.isSafeInteger(r) || expected.length === 0) return false;
  try {
    const actual = scryptSync(value, Buffer.from(salt, "base64"), expected.length, { N, r, p: 1, maxmem: 64 * 1024 * 1024 });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/**
 * A property of credentials (an inbox's `credentials`, a hook's `secretSettings`) in compared form: for each credential the program gives, whether the
 * other side holds it (the program's own value, or a digest of it). The program's side is all
 * `true`; the last outputs' side is `true` only where their digest is of the given value, so a
 * changed credential is a change, and the values themselves never leave this function.
 */
export function normalizeCredentials(value: unknown, desired?: unknown): unknown {
  const given = isRecord(desired) ? desired : isRecord(value) ? value : {};
  const held = isRecord(value) ? value : {};
  const out: Record<string, boolean> = {};
  for (const key of Object.keys(given).sort()) {
    if (given[key] === undefined) continue;
    out[key] = held[key] === given[key] || digestMatches(held[key], given[key]);
  }
  return out;
}

/**
 * A map of credentials as outputs hold it (a hook's `secretSettings`, a custom tool's `authConfig`):
 * a digest of each string value (the program's plaintext, or digests kept as they are); `null`
 * for no map.
 */
export function digestsOf(map: unknown): Record<string, string> | null {
  if (!isRecord(map)) return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) if (typeof value === "string") out[key] = isDigest(value) ? value : digestOf(value);
  return out;
}

/**
 * A custom tool's maps of credentials, `authConfig` and `headers`: the outputs and state hold a
 * salted digest of each value, never the value. Chatwoot replaces each map whole on a write and
 * shows it to administrators only, so a read compares what it shows with the digests (a value
 * changed by hand becomes the digest of the server's value: drift, still without plaintext), and
 * a read that is shown nothing (an agent's token) keeps the digests as they are.
 */
import { isRecord } from "../../diff/normalize/coerce";
import { digestMatches, digestOf, digestsOf, isDigest } from "../../lifecycle/credential-digest";
import type { Props } from "../../lifecycle/json";

/** Whether `held` (a value or its digest) stands for `value`. */
const holds = (held: unknown, value: unknown) => held === value || digestMatches(held, value);

/**
 * The output of a credential map: with `shown` (the server's values, to an administrator), a
 * digest of each of them, the kept one where it still stands for the value; without, the digests
 * of `kept` (the last sent values, or their digests).
 */
export function credentialMapOutput(kept: unknown, shown: Record<string, string> | undefined): Props | null {
  if (shown === undefined) return digestsOf(kept);
  const held = isRecord(kept) ? kept : {};
  const out: Props = {};
  for (const [key, value] of Object.entries(shown)) {
    const before = held[key];
    out[key] = holds(before, value) && isDigest(before) ? before : digestOf(value);
  }
  return out;
}

/**
 * A credential map in compared form: each key of either side, `true` where the other side holds
 * the program's value. The program's side is all `true`; a key only the server has, or a value
 * that differs, is `false`, so it is a change (the map is sent whole, which removes the key).
 */
export function normalizeCredentialMap(value: unknown, desired?: unknown): unknown {
  const given = isRecord(desired) ? desired : isRecord(value) ? value : {};
  const held = isRecord(value) ? value : {};
  const out: Record<string, boolean> = {};
  for (const key of [...new Set([...Object.keys(given), ...Object.keys(held)])].sort()) {
    if (given[key] === undefined && (held[key] === undefined || held[key] === null)) continue;
    out[key] = given[key] !== undefined && holds(held[key], given[key]);
  }
  return out;
}

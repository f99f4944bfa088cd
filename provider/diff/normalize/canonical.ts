import { z } from "zod";

/** A plain JSON value: what every normalizer returns and what Pulumi state can hold. */
export const Json = z.json();
/** A plain JSON value: null, boolean, finite number, string, array or object of JSON values. */
export type Json = z.infer<typeof Json>;

/**
 * The plain-JSON form of a value, with object keys sorted, so that two values that mean the same
 * JSON compare equal whatever their key order. Follows `JSON.stringify`: `undefined`, functions and
 * symbols are dropped from objects and become `null` in arrays (and at the top level); non-finite
 * numbers become `null`; `-0` becomes `0`; `toJSON()` is honoured (dates become ISO strings).
 * A bigint, which `JSON.stringify` rejects, becomes its decimal string.
 */
export function canonical(v: unknown): Json {
  switch (typeof v) {
    case "string":
    case "boolean":
      return v;
    case "number":
      return Number.isFinite(v) ? v + 0 /* -0 → 0 */ : null;
    case "bigint":
      return v.toString();
    case "object":
      break;
    default:
      return null;
  }
  if (v === null) return null;
  if (Array.isArray(v)) return v.map(canonical);
  if (hasToJSON(v)) return canonical(v.toJSON());
  const out: Record<string, Json> = {};
  for (const key of Object.keys(v).sort()) {
    const item = (v as Record<string, unknown>)[key];
    if (!droppedInObject(item)) out[key] = canonical(item);
  }
  return out;
}

/**
 * Whether two values have the same canonical form (see {@link canonical}): deep equality that
 * ignores key order and `undefined` object entries. It walks both values at once instead of
 * building canonical copies, since the diff engine calls it for every property of every resource.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b) || hasToJSON(a) || hasToJSON(b)) {
    // Scalars, and anything with toJSON: compare canonical forms (so NaN ≡ null ≡ undefined).
    // Those hold no toJSON and no dropped entries, so the recursion below ends.
    const ca = canonical(a);
    const cb = canonical(b);
    return ca === cb || (isObject(ca) && isObject(cb) && sameValue(ca, cb));
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let unmatched = 0; // entries of `a` kept by canonical(), minus those of `b`
  for (const key of Object.keys(ra)) {
    const item = ra[key];
    if (droppedInObject(item)) continue;
    unmatched++;
    if (!Object.prototype.hasOwnProperty.call(rb, key) || droppedInObject(rb[key]) || !sameValue(item, rb[key])) return false;
  }
  for (const key of Object.keys(rb)) if (!droppedInObject(rb[key])) unmatched--;
  return unmatched === 0;
}

/** Values `JSON.stringify` leaves out of an object. */
function droppedInObject(v: unknown): boolean {
  return v === undefined || typeof v === "function" || typeof v === "symbol";
}

function isObject(v: unknown): v is object {
  return typeof v === "object" && v !== null;
}

function hasToJSON(v: object): v is { toJSON(): unknown } {
  return typeof (v as { toJSON?: unknown }).toJSON === "function";
}

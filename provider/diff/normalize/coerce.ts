/**
 * Tolerant readers for scalar fields. Server data drifts between versions (numbers sent as strings,
 * booleans as "true", nulls where a value was expected); the normalizers read every field through
 * these so that odd data degrades to `null` instead of throwing.
 */

/** A plain object (not null, not an array), whose keys can be read. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** An integer given as a number or a numeric string (`9`, `"9"`, `" 9 "`); anything else is `null`. */
export function asInteger(v: unknown): number | null {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) ? n : null;
}

/** A boolean given as `true`/`false`, `"true"`/`"false"` (any case), `1`/`0` or `"1"`/`"0"`; else `null`. */
export function asBoolean(v: unknown): boolean | null {
  if (typeof v === "boolean") return v;
  const s = typeof v === "string" ? v.trim().toLowerCase() : v;
  if (s === "true" || s === 1 || s === "1") return true;
  if (s === "false" || s === 0 || s === "0") return false;
  return null;
}

/** A string as is; a finite number, boolean or bigint as its string form; anything else is `null`. */
export function asText(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : null;
  if (typeof v === "boolean" || typeof v === "bigint") return String(v);
  return null;
}

/** Like {@link asText}, but blank text (empty or whitespace only, Rails' `blank?`) is `null` too. */
export function asPresentText(v: unknown): string | null {
  const s = asText(v);
  return s === null || s.trim() === "" ? null : s;
}

/** The elements of an array; a lone non-null value as a one-element list; null/undefined as `[]`. */
export function asList(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  return v === null || v === undefined ? [] : [v];
}

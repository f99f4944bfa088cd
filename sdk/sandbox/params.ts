import { internalError, parameterMissing } from "./errors";
import type { UploadedFile } from "./uploaded-file";

/**
 * Rails request-parameter semantics the controllers depend on: strong-parameter filtering,
 * JSON parameter wrapping, `require`, and ActiveModel's attribute casts. Reproducing them is what
 * makes form posts, digit strings and stray keys behave as they do on real servers.
 */

/** Request parameters after body parsing (JSON object, or nested form fields). */
export type Params = Record<string, unknown>;

export function isHash(value: unknown): value is Params {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !isUploadedFile(value);
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "uploaded-file";
}

/** Ruby's `present?`: not nil/false, not a blank string, not an empty array or hash. */
export function isPresent(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  if (isHash(value)) return Object.keys(value).length > 0;
  return true;
}

/** What strong parameters accept as a scalar (`permitted_scalar?`). */
export function isPermittedScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value) || isUploadedFile(value);
}

/**
 * A `permit` filter: "scalar" (`:key`), "scalars" (`key: []`), "hash" (`key: {}`, any hash, nested
 * values included), or a nested filter (`key: [...]`, applied to a hash or to each hash of an array).
 */
export type PermitFilter = { readonly [key: string]: "scalar" | "scalars" | "hash" | PermitFilter };

/** `params.permit(...)`: keeps only the declared keys, in the declared shapes; everything else is dropped silently. */
export function permit(params: Params, filter: PermitFilter): Params {
  const out: Params = {};
  for (const [key, rule] of Object.entries(filter)) {
    if (!Object.hasOwn(params, key)) continue;
    const value = params[key];
    if (rule === "scalar") {
      if (isPermittedScalar(value)) out[key] = value;
    } else if (value === null || value === undefined || value === false) {
      continue; // hash_filter skips falsy values
    } else if (rule === "scalars") {
      if (Array.isArray(value) && value.every(isPermittedScalar)) out[key] = value;
    } else if (rule === "hash") {
      if (isHash(value)) out[key] = value;
    } else if (Array.isArray(value)) {
      out[key] = value.filter(isHash).map((element) => permit(element, rule));
    } else if (isHash(value)) {
      out[key] = permit(value, rule);
    }
  }
  return out;
}

/**
 * `wrap_parameters format: [:json]`: in a JSON request without a `key` entry, the top-level keys that
 * are attributes of the controller's model are copied under `key`.
 */
export function wrapParameters(params: Params, json: boolean, key: string, attributes: readonly string[]): Params {
  if (!json || Object.hasOwn(params, key)) return params;
  const wrapped: Params = {};
  for (const attribute of attributes) if (Object.hasOwn(params, attribute)) wrapped[attribute] = params[attribute];
  return { ...params, [key]: wrapped };
}

/** What a model reads of a request: its parameters, and whether it was JSON (for wrapping). */
export interface ParamsRequest {
  params: Params;
  json: boolean;
}

/**
 * `params.require(key).permit(filter)` in a controller whose model has these `columns`: JSON
 * requests are wrapped first, so flat and nested bodies both work.
 */
export function requirePermitted(request: ParamsRequest, key: string, columns: readonly string[], filter: PermitFilter): Params {
  return permit(requireParam(wrapParameters(request.params, request.json, key, columns), key), filter);
}

/** `params.require(key)`: a blank value is ParameterMissing (422); a non-hash one crashes on `permit` (500). */
export function requireParam(params: Params, key: string): Params {
  const value = params[key];
  if (!isPresent(value)) throw parameterMissing(key);
  if (!isHash(value)) throw internalError();
  return value;
}

/**
 * ActiveModel's integer cast: numbers truncate, booleans become 1/0, strings take their leading
 * integer ("12abc" → 12, "abc" → 0), blanks and collections become nil.
 */
export function castInteger(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string") {
    if (value.trim() === "") return null;
    const match = /^\s*([+-]?\d+)/.exec(value);
    return match ? Number.parseInt(match[1] ?? "0", 10) : 0;
  }
  return null;
}

/**
 * ActiveModel's float cast: numbers as they are, booleans 1/0, strings their leading number as
 * Ruby's `to_f` reads it ("12.5abc" is 12.5, "abc" 0.0; "Infinity" and "NaN" are those values),
 * blanks and collections nil.
 */
export function castFloat(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string") {
    if (value.trim() === "") return null;
    if (value === "Infinity") return Infinity;
    if (value === "-Infinity") return -Infinity;
    if (value === "NaN") return NaN;
    const match = /^\s*[+-]?(?:\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+)/.exec(value);
    return match ? Number.parseFloat(match[0].replace(/_/g, "")) : 0;
  }
  return null;
}

const FALSE_VALUES = new Set<unknown>([false, 0, "0", "f", "F", "false", "FALSE", "off", "OFF"]);

/** ActiveModel's boolean cast: "" and nil are nil, the Rails false list is false, anything else true. */
export function castBoolean(value: unknown): boolean | null {
  if (value === null || value === undefined || value === "") return null;
  return !FALSE_VALUES.has(value);
}

/** ActiveModel's string cast for permitted scalars (true → "t", numbers → their text). */
export function castString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return String(value);
  return null;
}

/**
 * Rails enum assignment: a name or the integer itself; blank values (nil, "") become nil;
 * anything else raises ArgumentError, which no handler rescues (a 500).
 */
export function castEnum<T extends string>(names: readonly T[], value: unknown): T | null {
  if (value === null || value === undefined || value === "") return null;
  const byName = names.find((name) => name === value);
  if (byName !== undefined) return byName;
  const byInteger = typeof value === "number" && Number.isInteger(value) ? names[value] : undefined;
  if (byInteger !== undefined) return byInteger;
  throw internalError();
}

/** Ruby's `to_i` on a JSON value: numbers truncate, strings take their leading integer, nil is 0; other types have no `to_i` (a 500). */
export function rubyToInteger(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === "string") return castInteger(value) ?? 0;
  throw internalError();
}

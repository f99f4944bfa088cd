import { z } from "zod";
import { UNKNOWN } from "../diff/diff";

/** One rejected input property, as Pulumi shows it (a top-level property, or none: see {@link failureAt}). */
export interface CheckFailure {
  property: string;
  reason: string;
  /**
   * Where the problem is, key by key, for the provider's own use (an import leaves that value out):
   * not enumerable, so it never reaches the engine nor a comparison of failures.
   */
  readonly path?: readonly PropertyKey[];
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** True when a preview-time unknown sits at, or above, `path`: such a value cannot be judged yet. */
function unknownAt(root: unknown, path: readonly PropertyKey[]): boolean {
  for (let i = 0; i <= path.length; i++) if (valueAt(root, path.slice(0, i)) === UNKNOWN) return true;
  return false;
}

function contains(value: unknown, needle: unknown): boolean {
  if (value === needle) return true;
  if (value !== null && typeof value === "object") return Object.values(value).some((v) => contains(v, needle));
  return false;
}

/**
 * The object schema a discriminated union uses for `value` (by its discriminator), else `union`
 * itself: the keys of the other variants are not allowed there.
 */
function variantFor(union: z.ZodDiscriminatedUnion, value: unknown): unknown {
  const discriminator = union._zod.def.discriminator;
  const tag = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[discriminator] : undefined;
  return (
    union.options.find((option) => {
      const literal = option instanceof z.ZodObject ? option.shape[discriminator] : undefined;
      return literal instanceof z.ZodLiteral && literal.values.has(tag as z.core.util.Literal);
    }) ?? union
  );
}

/**
 * The property names an object schema allows at `path` (through optional, nullable and array
 * wrappers, and the variant of a discriminated union that `raw` selects there).
 */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[], raw?: unknown): string[] {
  let current: unknown = schema;
  const unwrap = () => {
    while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
      current = (current as z.ZodOptional<z.ZodType>).unwrap();
    }
  };
  for (const key of path) {
    unwrap();
    if (current instanceof z.ZodObject) current = current.shape[String(key)];
    else if (current instanceof z.ZodArray) current = current.element;
    else return [];
  }
  unwrap();
  if (current instanceof z.ZodDiscriminatedUnion) current = variantFor(current, valueAt(raw, path));
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

/** A place in the inputs as a program writes it: `workingHours[4].closeHour`, `channel.websiteUrl`. */
export function placeOf(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join("");
}

/**
 * The failure for a problem at `path`, as the engine shows it. Pulumi prints a failure as `property
 * P value {V} has a problem: R`, looking V up as a top-level input: for a nested place it shows
 * `{<nil>}`, and `workingHours.4.closeHour` reads like day 4. So a nested problem has no property,
 * and its place leads the reason: `resource 'x' has a problem: workingHours[4].closeHour: ...`.
 */
export function failureAt(path: readonly PropertyKey[], reason: string): CheckFailure {
  const failure: CheckFailure =
    path.length === 0 ? { property: "", reason } : path.length === 1 ? { property: String(path[0]), reason } : { property: "", reason: `${placeOf(path)}: ${reason}` };
  return Object.defineProperty(failure, "path", { value: [...path], enumerable: false });
}

/** A failure in one line: `name: must not be blank`, `workingHours[4].closeHour: ...`. */
export const describeFailure = (f: CheckFailure): string => (f.property === "" ? f.reason : `${f.property}: ${f.reason}`);

/** Turns zod issues into Pulumi check failures, skipping values that are unknown during a preview. */
export function failuresFrom(issues: readonly z.core.$ZodIssue[], raw: unknown, schema: z.ZodType): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        failures.push(failureAt([...issue.path, key], `unknown property "${key}"; allowed: ${keysAt(schema, issue.path, raw).join(", ")}`));
      }
      continue;
    }
    // A union can fail because one branch met an unknown deeper down; judge it later, at apply time.
    if (unknownAt(raw, issue.path) || (issue.code === "invalid_union" && contains(valueAt(raw, issue.path), UNKNOWN))) continue;
    failures.push(failureAt(issue.path, issue.message));
  }
  return failures;
}

import { sameValue } from "./normalize/canonical";

/** The value Pulumi puts in place of an input that is not known yet during a preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * Maps a property value to the form in which two values compare equal when they mean the same.
 * `desired` is the program's value of the property (the same for both sides of a comparison), for
 * properties whose value manages only part of what the server holds (the listed days of a week,
 * the given fields of a settings object): such a normalizer keeps only that part.
 */
export type Normalizer = (value: unknown, desired?: unknown) => unknown;

/** True when `value` is, or contains, a value that is unknown during a preview. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

export interface DiffPlanInput {
  /** The properties the resource manages (everything else in the outputs is server-owned). */
  keys: readonly string[];
  /** Last outputs (state). */
  olds: Record<string, unknown>;
  /** Checked desired inputs. */
  news: Record<string, unknown>;
  normalizers?: Readonly<Record<string, Normalizer | undefined>>;
  /** Properties that cannot change in place. */
  replaceOn?: readonly string[];
}

export interface DiffPlan {
  /** Managed properties whose normalized desired value differs from the last output. */
  changed: string[];
  /** The subset of `changed` that forces a replacement. */
  replaces: string[];
}

/**
 * Compares normalized desired inputs with the last outputs. A property left out of the program
 * (`undefined`) is not managed and never differs; a value unknown during a preview counts as a change.
 */
export function planDiff({ keys, olds, news, normalizers = {}, replaceOn = [] }: DiffPlanInput): DiffPlan {
  const changed: string[] = [];
  for (const key of keys) {
    const desired = news[key];
    if (desired === undefined) continue;
    if (containsUnknown(desired)) {
      changed.push(key);
      continue;
    }
    const normalize = normalizers[key] ?? ((v: unknown) => v ?? null);
    if (!sameValue(normalize(desired, desired), normalize(olds[key], desired))) changed.push(key);
  }
  return { changed, replaces: changed.filter((key) => replaceOn.includes(key)) };
}

import type { Normalizer } from "../../diff/diff";
import { canonical, type Json } from "../../diff/normalize/canonical";
import { isRecord } from "../../diff/normalize/coerce";

/** How {@link givenFields} compares an object property. */
export interface GivenFields {
  /** The compared form of named fields (default for any other field: canonical JSON, absent = null). */
  fields?: Readonly<Record<string, (value: unknown) => unknown>>;
  /** Fields compared even when the program does not give them (e.g. a channel's type). */
  always?: readonly string[];
}

/**
 * A normalizer for an object property of which the program manages only the fields it gives (an
 * inbox's channel settings, an auto-assignment config): the value is reduced to those fields, each
 * in its compared form, with keys sorted. What is treated as equal, and why: fields the program
 * leaves out (the server holds more settings than a program declares, and older or newer servers
 * hold different ones); key order. Without a desired object (a value compared on its own), every
 * field of the value counts. A value that is not an object has no fields (each given field is null).
 */
export function givenFields({ fields = {}, always = [] }: GivenFields = {}): Normalizer {
  return (value, desired) => {
    const v = isRecord(value) ? value : {};
    const given = isRecord(desired) ? Object.keys(desired).filter((k) => desired[k] !== undefined) : Object.keys(v);
    const out: Record<string, Json> = {};
    for (const key of [...new Set([...always, ...given])].sort()) {
      const normalize = Object.prototype.hasOwnProperty.call(fields, key) ? fields[key] : undefined;
      out[key] = canonical(normalize ? normalize(v[key]) : (v[key] ?? null));
    }
    return out;
  };
}

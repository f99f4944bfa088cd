import { z } from "zod";

/**
 * Response envelopes. Chatwoot wraps the same object differently per endpoint, verb and version
 * (bare object, `{payload: object}`, `{payload: [object]}`); the spec documents yet other shapes.
 * These helpers accept every variant so each resource declares only the object it reads.
 */

function buildSingle<S extends z.ZodType>(item: S) {
  return z.union([
    z.object({ payload: z.array(item).min(1) }).transform((v) => v.payload[0] as z.output<S>),
    z.object({ payload: item }).transform((v) => (v as { payload: z.output<S> }).payload),
    item,
  ]);
}

function buildList<S extends z.ZodType>(item: S) {
  return z.union([z.array(item), z.object({ payload: z.array(item) }).transform((v) => v.payload)]);
}

/** Building a zod union costs ~100 µs, parsing with it ~1 µs: each envelope is built once per item schema. */
function memoized<B extends (item: z.ZodType) => z.ZodType>(build: B): B {
  const built = new WeakMap<z.ZodType, z.ZodType>();
  return ((item: z.ZodType) => {
    let schema = built.get(item);
    if (!schema) built.set(item, (schema = build(item)));
    return schema;
  }) as B;
}

/** One object: bare `X`, `{payload: X}` or `{payload: [X]}` (the first element). */
export const single: typeof buildSingle = memoized(buildSingle);

/** A list: bare `[X]` or `{payload: [X], meta?}`. */
export const list: typeof buildList = memoized(buildList);

/**
 * An enum the API accepts and returns as a name or as its integer code (requests in the spec use
 * integers, responses names); always read as the name. Unknown codes are kept as their digits so
 * a newer server's value is shown rather than rejected.
 */
export function enumName<const T extends readonly string[]>(names: T) {
  return z
    .union([z.string(), z.number().int()])
    .transform((v): string => (typeof v === "number" ? (names[v] ?? String(v)) : v));
}

/** A string the server may omit or send as null; read as `null` when absent. */
export const optionalString = z.string().nullish().transform((v) => v ?? null);

/**
 * One object that some endpoints also wrap under its model's name: `{payload: {webhook: X}}` or
 * `{webhook: X}`, besides every {@link single} shape. Build it once per item schema and name.
 */
export function singleUnder<S extends z.ZodType>(item: S, name: string) {
  return z.union([
    z.object({ payload: z.object({ [name]: item }) }).transform((v) => (v.payload as Record<string, z.output<S>>)[name]),
    z.object({ [name]: item }).transform((v) => (v as Record<string, z.output<S>>)[name]),
    single(item),
  ]);
}

/**
 * A list that some endpoints also wrap under the model's plural: `{payload: {webhooks: [X]}}` or
 * `{webhooks: [X]}`, besides every {@link list} shape. Build it once per item schema and name.
 */
export function listUnder<S extends z.ZodType>(item: S, name: string) {
  return z.union([
    z.object({ payload: z.object({ [name]: z.array(item) }) }).transform((v) => (v.payload as Record<string, z.output<S>[]>)[name]),
    z.object({ [name]: z.array(item) }).transform((v) => (v as Record<string, z.output<S>[]>)[name]),
    list(item),
  ]);
}

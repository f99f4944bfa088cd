/**
 * The one mapping between the camelCase names Pulumi programs use and the snake_case names of the
 * Chatwoot API. Every resource goes through these two functions, in both directions.
 */

/**
 * Objects whose keys are data, not field names (free-form server settings). Their keys are kept
 * verbatim in both directions so that, for example, a feature flag called `foo_bar` is not renamed.
 */
const OPAQUE_WIRE_KEYS = new Set([
  "bot_config",
  "auto_assignment_config",
  "selected_feature_flags",
  "custom_attributes",
  "additional_attributes",
  "provider_config",
  "pre_chat_form_options",
  "csat_config",
]);

/** `outgoing_url` → `outgoingUrl`, at the type level. */
export type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelKey<Tail>>}` : S;

/** The type of an API object with its top-level keys camelCased (what `fromWire` makes of it). */
export type FromWire<T> = { [K in keyof T as K extends string ? CamelKey<K> : K]: T[K] };

/** `outgoingUrl` → `outgoing_url`. */
export function snakeKey(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `outgoing_url` → `outgoingUrl`. */
export function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function mapKeys(value: unknown, rename: (key: string) => string, opaque: (key: string) => boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, rename, opaque));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    out[rename(key)] = opaque(key) ? v : mapKeys(v, rename, opaque);
  }
  return out;
}

/** Deeply renames camelCase keys to snake_case for a request body; drops `undefined` values. */
export function toWire(value: unknown): unknown {
  return mapKeys(value, snakeKey, (key) => OPAQUE_WIRE_KEYS.has(snakeKey(key)));
}

/** Deeply renames snake_case keys of an API response to camelCase; drops `undefined` values. */
export function fromWire(value: unknown): unknown {
  return mapKeys(value, camelKey, (key) => OPAQUE_WIRE_KEYS.has(key));
}

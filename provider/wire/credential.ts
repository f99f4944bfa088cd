import type { z } from "zod";
import { registerSecret } from "../http/redaction/secrets";

/**
 * A wire field that holds a credential (a bot's access token, an inbox's website or HMAC token, a
 * webhook's signing secret). Every value the field parses is remembered for redaction as the
 * answer is read, before anything else can quote it: an error text built later (a 422 echoing it,
 * a proxy page) cannot carry it. The field's type, optionality included, is unchanged.
 */
export function credential<S extends z.ZodType>(field: S): S {
  return field.overwrite((value) => {
    if (typeof value === "string") registerSecret(value);
    return value;
  });
}

/** Keys of credentials in objects the provider does not model field by field (an inbox inside a portal, a provider config, a hook's settings). */
const CREDENTIAL_KEY = /token|secret|password|api_?key|access_?key|private_?key/i;
/** A key whose value is a whole key file (a hook's service-account `credentials`): every text in it counts. */
const KEY_FILE_KEY = /^credentials$/i;

/** Every string inside `value`, at any depth. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/**
 * `object`, after remembering for redaction (see {@link credential}) the string values of its
 * credential keys, at any depth, and every text of 8 characters or more inside a key file.
 */
export function rememberCredentials<T extends Record<string, unknown>>(object: T): T {
  for (const [key, value] of Object.entries(object)) {
    if (KEY_FILE_KEY.test(key)) for (const text of strings(value)) if (text.length >= 8) registerSecret(text);
    if (CREDENTIAL_KEY.test(key) && typeof value === "string") registerSecret(value);
    else if (typeof value === "object" && value !== null && !Array.isArray(value)) rememberCredentials(value as Record<string, unknown>);
  }
  return object;
}

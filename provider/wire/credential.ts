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

/** Keys of credentials in objects the provider does not model field by field (an inbox inside a portal, a provider config). */
const CREDENTIAL_KEY = /token|secret|password|api_?key/i;

/** `object`, after remembering the string values of its credential keys for redaction (see {@link credential}). */
export function rememberCredentials<T extends Record<string, unknown>>(object: T): T {
  for (const [key, value] of Object.entries(object)) if (CREDENTIAL_KEY.test(key) && typeof value === "string") registerSecret(value);
  return object;
}

/**
 * The checks of a Captain custom tool's inputs that mirror Chatwoot's model before any request:
 * the endpoint's SSRF guard (`SafeEndpointValidatable`), the parameters' JSON schema
 * (`PARAM_SCHEMA_VALIDATION`), and the shape of `authConfig` that each `authType` reads
 * (`Toolable#build_auth_headers`, `#build_basic_auth_credentials`).
 */
import { z } from "zod";
import { UNKNOWN } from "../../diff/diff";
import { eachOnce, httpUrlProblem, oneLine } from "../../validation/fields";

/** The methods and auth types Chatwoot's enums hold (`validate: true`: anything else is a 422). */
export const HTTP_METHODS = ["GET", "POST"] as const;
export const AUTH_TYPES = ["none", "bearer", "basic", "api_key"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** The keys of `authConfig` each auth type reads, all required (`none` reads none). */
export const AUTH_KEYS: Record<AuthType, readonly string[]> = {
  none: [],
  bearer: ["token"],
  basic: ["username", "password"],
  api_key: ["name", "key", "location"],
};

/** Where an API key goes: a header named `name`, or a query parameter. */
const KEY_LOCATIONS = ["header", "query"];

/** Hosts the guard refuses (`DISALLOWED_HOSTS`). */
const DISALLOWED_HOST = /^localhost$|\.local$/i;

/**
 * Why Chatwoot's SSRF guard refuses the endpoint, or `undefined`: Liquid placeholders
 * (`{{ order_id }}`) stand for a value; the rest must be an https URL naming a host by name (no
 * IP address, no `localhost` or `*.local`, ASCII only).
 */
export function endpointProblem(value: string): string | undefined {
  const sanitized = value.replace(/\{\{[^}]+\}\}/g, "placeholder");
  const problem = httpUrlProblem(sanitized);
  if (problem) return problem;
  // WHATWG parsing turns a non-ASCII host into punycode: look at the host as written.
  const written = /^[a-z]+:\/\/([^/?#]*)/i.exec(sanitized)?.[1] ?? "";
  if ([...written].some((c) => c.charCodeAt(0) > 0x7f)) return "host name cannot contain non-ASCII characters";
  const url = new URL(sanitized);
  if (url.protocol !== "https:") return "must use HTTPS (Chatwoot refuses http:// endpoints)";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(":")) return "cannot be an IP address, must be a host name (Chatwoot's SSRF guard)";
  if (DISALLOWED_HOST.test(host)) return "cannot use localhost or a .local host name (Chatwoot's SSRF guard)";
  return undefined;
}

/** The endpoint the tool calls: an https URL that may hold `{{ parameter }}` placeholders. */
export const endpointUrl = z.string({ error: "required: the https URL the tool calls" }).superRefine((v, ctx) => {
  const problem = endpointProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** A credential: one line of text, never quoted in messages. */
export const credentialText = z.string({ error: "must be text (a secret)" }).min(1, "must not be empty").max(4096, "must be at most 4096 characters").refine((v) => !/[\r\n]/.test(v), "must be one line");

/** A header's name: an HTTP token (letters, digits and ``!#$%&'*+-.^_`|~``). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Extra headers sent with every call, by name; secret (a header may carry a key). */
export const headers = z.record(z.string(), credentialText, { error: "must be an object of header names to values" }).superRefine((map, ctx) => {
  const bad = Object.keys(map).filter((name) => !HEADER_NAME.test(name));
  if (bad.length > 0) ctx.addIssue({ code: "custom", message: `${bad.map((n) => JSON.stringify(n)).join(", ")}: not an HTTP header name (letters, digits and -, no spaces or colons)` });
});

/** The types Captain passes to the language model for a parameter (a JSON schema type). */
const PARAM_TYPES = ["string", "number", "integer", "boolean", "array", "object"] as const;

/** One parameter the language model fills in (`param_schema`: name, type and description required, nothing else). */
const Param = z.strictObject(
  {
    name: z.string({ error: "required: the parameter's name" }).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be a name of letters, digits and _ (not starting with a digit)").max(64, "must be at most 64 characters"),
    type: z.enum(PARAM_TYPES, { error: `must be one of ${PARAM_TYPES.join(", ")}` }),
    description: z.string({ error: "required: what the parameter means, for the language model" }).trim().min(1, "must not be blank").superRefine(oneLine(1000)),
    required: z.boolean({ error: "must be true or false" }).optional(),
  },
  { error: "must be an object {name, type, description, required?}" },
);

export const paramSchema = z
  .array(Param, { error: "must be a list of parameters {name, type, description, required?}" })
  .superRefine((params, ctx) => eachOnce("parameter name")(params.map((p) => p.name), ctx));

type Issue = { path: (string | number)[]; message: string };

/**
 * Every problem of `authConfig` for the auth type: exactly the keys the type reads, each given
 * (an API key's location `header` or `query`); none for `none`. Values left for preview pass.
 */
export function authConfigProblems(authType: AuthType | undefined, authConfig: Record<string, string> | undefined): Issue[] {
  // Left out, the credentials are not managed (an imported tool's): a write that needs them says so.
  if (authConfig === undefined) return [];
  if (authType === undefined) return [{ path: ["authType"], message: "is required when authConfig is given: one of none, bearer, basic, api_key" }];
  const allowed = AUTH_KEYS[authType];
  const issues: Issue[] = [];
  for (const key of Object.keys(authConfig)) {
    if (!allowed.includes(key)) issues.push({ path: ["authConfig", key], message: authType === "none" ? 'cannot be set with authType "none"' : `is not read with authType "${authType}"; allowed: ${allowed.join(", ")}` });
  }
  for (const key of allowed) if (authConfig[key] === undefined) issues.push({ path: ["authConfig", key], message: `is required with authType "${authType}"` });
  const location = authConfig.location;
  if (authType === "api_key" && location !== undefined && location !== UNKNOWN && !KEY_LOCATIONS.includes(location)) {
    issues.push({ path: ["authConfig", "location"], message: 'must be "header" or "query"' });
  }
  return issues;
}

/**
 * Why a write that sets `authType` cannot be sent without `authConfig`, or `undefined`: Chatwoot
 * would keep the credentials of the old type (or none), and the tool could not authenticate.
 */
export function missingCredentials(authType: AuthType | undefined, authConfig: Record<string, string> | undefined): string | undefined {
  if (authType === undefined || authType === "none" || authConfig !== undefined) return undefined;
  return `authType "${authType}" needs authConfig (${AUTH_KEYS[authType].join(", ")}): the credentials go with the auth type they belong to`;
}

import { z } from "zod";
import { isRecord } from "../../diff/normalize/coerce";
import { defineCollectionResource } from "../../lifecycle/collection";
import type { Feature } from "../../lifecycle/feature-gate";
import type { Props } from "../../lifecycle/json";
import { registerSecret } from "../../http/redaction/secrets";
import { accountId, name, objectId, text } from "../../validation/fields";
import { AUTH_SECRET_KEYS, CaptainCustomToolWire } from "../../wire/captain-custom-tool";
import { AUTH_TYPES, authConfigProblems, credentialText, endpointUrl, headers, HTTP_METHODS, missingCredentials, paramSchema } from "./inputs";
import { credentialMapOutput, normalizeCredentialMap } from "./secrets";

/** The checks of `CaptainCustomToolArgs` (sdk/captain-custom-tool.ts, where each argument is documented). */
export const CaptainCustomToolInputs = z
  .strictObject({
    accountId,
    title: name,
    description: text.optional(),
    endpointUrl,
    httpMethod: z.enum(HTTP_METHODS, { error: `must be one of ${HTTP_METHODS.join(", ")}` }).optional(),
    requestTemplate: text.optional(),
    responseTemplate: text.optional(),
    authType: z.enum(AUTH_TYPES, { error: `must be one of ${AUTH_TYPES.join(", ")}` }).optional(),
    authConfig: z.record(z.string(), credentialText, { error: "must be an object of the auth type's fields" }).optional(),
    headers: headers.optional(),
    paramSchema: paramSchema.optional(),
    enabled: z.boolean({ error: "must be true or false" }).optional(),
    adoptId: objectId.optional(),
  })
  .superRefine((inputs, ctx) => {
    for (const issue of authConfigProblems(inputs.authType, inputs.authConfig)) ctx.addIssue({ code: "custom", ...issue });
  });
export type CaptainCustomToolInputs = z.input<typeof CaptainCustomToolInputs>;
type Inputs = z.output<typeof CaptainCustomToolInputs>;
type Tool = z.output<typeof CaptainCustomToolWire>;

/** Wire names of the inputs sent as they are. */
const WIRE: Record<string, string> = {
  title: "title",
  description: "description",
  endpointUrl: "endpoint_url",
  httpMethod: "http_method",
  requestTemplate: "request_template",
  responseTemplate: "response_template",
  authType: "auth_type",
  authConfig: "auth_config",
  headers: "headers",
  enabled: "enabled",
};

/**
 * `{custom_tool: {...}}` with the given properties: header names and auth fields verbatim (no case
 * mapping), the maps whole (Chatwoot replaces them), and an auth type of `none` clearing the config.
 */
function toolBody(inputs: Inputs, keys: readonly string[], write: "create" | "update"): object {
  const missing = keys.includes("authType") ? missingCredentials(inputs.authType, inputs.authConfig) : undefined;
  if (missing) throw new Error(`${write === "create" ? "POST" : "PATCH"} not sent: ${missing}`);
  const tool: Props = {};
  for (const key of keys) {
    if (key === "paramSchema") tool.param_schema = (inputs.paramSchema ?? []).map((p) => ({ name: p.name, type: p.type, description: p.description, required: p.required ?? false }));
    else if (WIRE[key] && inputs[key as keyof Inputs] !== undefined) tool[WIRE[key]] = inputs[key as keyof Inputs];
  }
  if (keys.includes("authType") && inputs.authType === "none" && tool.auth_config === undefined) tool.auth_config = {};
  return { custom_tool: tool };
}

/** Complete outputs: the server's fields, the credential maps as digests (see ./secrets.ts). */
function outputs(base: Props, tool: Tool): Props {
  return {
    ...base,
    slug: tool.slug,
    title: tool.title,
    description: tool.description,
    endpointUrl: tool.endpoint_url,
    httpMethod: tool.http_method,
    requestTemplate: tool.request_template,
    responseTemplate: tool.response_template,
    authType: tool.auth_type,
    authConfig: credentialMapOutput(base.authConfig, tool.auth_config),
    headers: credentialMapOutput(base.headers, tool.headers),
    paramSchema: tool.param_schema.map((p) => ({ name: p.name, type: p.type, description: p.description, required: p.required })),
    enabled: tool.enabled,
  };
}

/** Parameters in compared form: `required` left out means false, as Chatwoot reads it. */
function normalizeParams(value: unknown): unknown {
  if (!Array.isArray(value)) return value ?? [];
  return value.map((p: unknown) => (isRecord(p) ? { name: p.name, type: p.type, description: p.description, required: p.required === true } : p));
}

/** Remembers the credentials the program gives for redaction (auth tokens, passwords, keys; every header value). */
function rememberCredentials(inputs: Inputs): void {
  for (const [key, value] of Object.entries(inputs.authConfig ?? {})) if (AUTH_SECRET_KEYS.includes(key)) registerSecret(value);
  for (const value of Object.values(inputs.headers ?? {})) registerSecret(value);
}

/**
 * A Captain custom tool of an account (`/captain/custom_tools`, Chatwoot Enterprise with the
 * account's `captain_integration` and `custom_tools` features): an HTTP endpoint Captain's
 * assistants may call; id: the tool id. Its `slug` (the tool's name for the language model) is
 * the server's, made from the title at creation and never recomputed: titles need not be unique
 * and a renamed tool keeps its slug, so an existing tool is taken over with `adoptId`.
 */
/** Captain's custom tools: Enterprise's, with the account's `custom_tools` flag (and Captain's). */
export const customToolsFeature: Feature = { flag: "custom_tools", what: "Captain custom tools" };

export const captainCustomTool = defineCollectionResource({
  inputs: CaptainCustomToolInputs,
  wire: CaptainCustomToolWire,
  noun: "custom tool",
  at: { path: "captain/custom_tools", show: "member", pages: true, feature: customToolsFeature },
  adoption: { byId: {}, refuseCreate: (inputs) => missingCredentials(inputs.authType, inputs.authConfig) },
  content: {
    credentialKeys: ["authConfig", "headers"],
    normalizers: { authConfig: normalizeCredentialMap, headers: normalizeCredentialMap, paramSchema: normalizeParams },
    body: toolBody,
    outputs,
  },
  hooks: {
    async prepare(inputs) {
      rememberCredentials(inputs);
      return { inputs, failures: [] };
    },
  },
});

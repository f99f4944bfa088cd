/** A Captain custom tool as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";
import { registerSecret } from "../http/redaction/secrets";

/** The keys of `auth_config` that hold credentials (the others name a header or where the key goes). */
export const AUTH_SECRET_KEYS = ["token", "password", "key"];

/**
 * A map the view shows only to administrators (`auth_config`, `headers`): absent (`undefined`) for
 * anyone else, which says nothing about the values. The credentials among them (`secret(key)`)
 * are remembered for redaction as they are parsed, before anything can quote them.
 */
const shownMap = (secret: (key: string) => boolean) =>
  z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((map): Record<string, string> | undefined => {
      if (map === undefined) return undefined;
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(map ?? {})) {
        if (value === null || value === undefined) continue;
        const text = typeof value === "string" ? value : JSON.stringify(value);
        if (secret(key)) registerSecret(text);
        out[key] = text;
      }
      return out;
    });

/** One parameter of `param_schema`, as stored (`required` may be absent: an optional parameter). */
const Param = z.object({
  name: z.string(),
  type: z.string(),
  description: z.string().nullish().transform((v) => v ?? ""),
  required: z.boolean().nullish().transform((v) => v ?? false),
});

/**
 * The `_custom_tool` partial (Enterprise, `captain/custom_tools`): `slug` is the server's
 * (`custom_<title>` at creation, never recomputed); `auth_config` and `headers` are rendered for
 * administrators only (older servers render `auth_config` to everyone and have no `headers`).
 */
export const CaptainCustomToolWire = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: optionalString,
  endpoint_url: optionalString,
  http_method: z.string().nullish().transform((v) => v ?? "GET"),
  request_template: optionalString,
  response_template: optionalString,
  auth_type: z.string().nullish().transform((v) => v ?? "none"),
  auth_config: shownMap((key) => AUTH_SECRET_KEYS.includes(key)),
  // A header may carry a key: every value counts as a credential.
  headers: shownMap(() => true),
  param_schema: z.array(Param).nullish().transform((v) => v ?? []),
  enabled: z.boolean().nullish().transform((v) => v ?? true),
});
export type CaptainCustomToolWire = z.output<typeof CaptainCustomToolWire>;

import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { enumName, optionalString } from "../wire/envelope";
import { accountId, adopt, name, text } from "./fields";

export const DISPLAY_TYPES = ["text", "number", "currency", "percent", "link", "date", "list", "checkbox"] as const;
export const MODELS = ["conversation_attribute", "contact_attribute", "company_attribute"] as const;

/** Keys Chatwoot refuses on create because they clash with built-in attributes of the model. */
const STANDARD_KEYS: Record<(typeof MODELS)[number], readonly string[]> = {
  conversation_attribute: ["status", "priority", "assignee_id", "inbox_id", "team_id", "display_id", "campaign_id", "labels",
    "browser_language", "country_code", "referer", "created_at", "last_activity_at"],
  contact_attribute: ["name", "email", "phone_number", "identifier", "country_code", "city", "company_name", "created_at",
    "last_activity_at", "referer", "blocked"],
  company_attribute: [],
};

export const CustomAttributeDefinitionInputs = z
  .strictObject({
    /** Account that owns the definition. Defaults to `chatwoot:accountId`. Changing it replaces the definition. */
    accountId,
    /** Key under which values are stored (letters, digits, `_`, `.`, `-`); unique per account and model. */
    attributeKey: z
      .string()
      .trim()
      .regex(/^[\p{L}\p{N}_.-]+$/u, "must contain only letters, digits, underscores, dots and hyphens"),
    /** What the attribute belongs to: `conversation_attribute`, `contact_attribute` or `company_attribute`. */
    attributeModel: z.enum(MODELS),
    /** Name shown to agents. */
    attributeDisplayName: name,
    /** How values are entered and shown: text, number, currency, percent, link, date, list or checkbox. */
    attributeDisplayType: z.enum(DISPLAY_TYPES),
    /** Longer explanation shown to agents. */
    attributeDescription: text.optional(),
    /** The choices of a `list` attribute (required, non-empty, for that type). */
    attributeValues: z.array(z.string().min(1, "must not be blank")).optional(),
    /** Pattern values must match; only for the `text` display type. Must be a valid regular expression. */
    regexPattern: text.optional(),
    /** Message shown when a value does not match `regexPattern`; only for the `text` display type. */
    regexCue: text.optional(),
    /** Take over an existing definition with the same key and model instead of failing on it. */
    adopt,
  })
  .superRefine((v, ctx) => {
    if (STANDARD_KEYS[v.attributeModel].includes(v.attributeKey)) {
      ctx.addIssue({
        code: "custom",
        path: ["attributeKey"],
        message: `"${v.attributeKey}" is a built-in ${v.attributeModel} key; choose another key`,
      });
    }
    if (v.attributeDisplayType === "list" && !v.attributeValues?.length) {
      ctx.addIssue({ code: "custom", path: ["attributeValues"], message: "required (at least one value) for the list display type" });
    }
    for (const key of ["regexPattern", "regexCue"] as const) {
      if (v[key] != null && v.attributeDisplayType !== "text") {
        ctx.addIssue({ code: "custom", path: [key], message: `allowed only with attributeDisplayType "text" (got "${v.attributeDisplayType}")` });
      }
    }
    if (v.regexPattern != null) {
      try {
        new RegExp(v.regexPattern);
      } catch (err) {
        ctx.addIssue({ code: "custom", path: ["regexPattern"], message: `not a valid regular expression: ${(err as Error).message}` });
      }
    }
  });
export type CustomAttributeDefinitionInputs = z.input<typeof CustomAttributeDefinitionInputs>;

/** Some servers document `attribute_values` as a string; real ones send an array. */
const attributeValues = z
  .union([z.array(z.unknown()), z.string(), z.null()])
  .optional()
  .transform((v): string[] => {
    if (Array.isArray(v)) return v.map(String);
    if (!v) return [];
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // a plain string: a single value
    }
    return [v];
  });

/** A custom attribute definition as the server sends it (enums read as names). */
export const DefinitionWire = z.object({
  id: z.number(),
  attribute_key: z.string(),
  attribute_model: enumName(MODELS),
  attribute_display_name: optionalString,
  attribute_display_type: enumName(DISPLAY_TYPES),
  attribute_description: optionalString,
  attribute_values: attributeValues,
  regex_pattern: optionalString,
  regex_cue: optionalString,
  default_value: z.unknown().optional().transform((v) => v ?? null),
  created_at: optionalString,
  updated_at: optionalString,
});

/** A custom attribute definition (`/custom_attribute_definitions`); id: the definition id. */
export const customAttributeDefinition = defineCollectionResource({
  inputs: CustomAttributeDefinitionInputs,
  path: "custom_attribute_definitions",
  wire: DefinitionWire,
  show: "member",
  key: {
    matches: (inputs, d) => d.attribute_key === inputs.attributeKey && d.attribute_model === inputs.attributeModel,
    describe: (inputs) => `key "${inputs.attributeKey}" (${inputs.attributeModel})`,
    // Older servers list only conversation attributes unless asked for a model.
    query: (inputs) => ({ attribute_model: inputs.attributeModel }),
  },
});

/** A custom attribute definition as the server sends it, and the API's names for its models and display types. */
import { z } from "zod";
import { enumName, optionalString } from "./envelope";

/** Chatwoot's `attribute_display_type` names, in the order of its enum. */
export const DISPLAY_TYPES = ["text", "number", "currency", "percent", "link", "date", "list", "checkbox"] as const;

/** Chatwoot's `attribute_model` names, in the order of its enum. */
export const MODELS = ["conversation_attribute", "contact_attribute", "company_attribute"] as const;

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
export type DefinitionWire = z.output<typeof DefinitionWire>;

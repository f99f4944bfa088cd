import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { accountId, adopt, attributeKey, eachOnce, lineText, name, oneLine, text } from "../validation/fields";
import { regexPatternProblem } from "../validation/regex-backtracking";
import { DISPLAY_TYPES, MODELS, DefinitionWire } from "../wire/custom-attribute-definition";

/**
 * Keys Chatwoot refuses on create because they clash with built-in attributes of the model
 * (`CustomAttributeDefinition::STANDARD_ATTRIBUTES`; servers before the company list accept the
 * company keys, which still shadow the company's own fields).
 */
const STANDARD_KEYS: Record<(typeof MODELS)[number], readonly string[]> = {
  conversation_attribute: ["status", "priority", "assignee_id", "inbox_id", "team_id", "display_id", "campaign_id", "labels",
    "browser_language", "country_code", "referer", "created_at", "last_activity_at"],
  contact_attribute: ["name", "email", "phone_number", "identifier", "country_code", "city", "company_name", "created_at",
    "last_activity_at", "referer", "blocked"],
  company_attribute: ["name", "domain", "description", "contacts_count", "created_at", "updated_at", "last_activity_at"],
};

/**
 * Most choices a list attribute may have. Chatwoot sets no limit; this generous bound of the
 * provider's own keeps a list that grew by mistake (a generated or repeated list) from being sent:
 * agents pick from these in one dropdown.
 */
export const LIST_VALUES_MAX = 1000;

/** The choices of a list attribute: one-line texts, not blank, each listed once, at most {@link LIST_VALUES_MAX}. */
const listValues = z
  .array(z.string().refine((v) => v.trim() !== "", "must not be blank").superRefine(oneLine()))
  .max(LIST_VALUES_MAX, `must have at most ${LIST_VALUES_MAX} values`)
  .superRefine(eachOnce("choice", "values"));

/** The checks of `CustomAttributeDefinitionArgs` (sdk/custom-attribute-definition.ts, where each argument is documented). */
export const CustomAttributeDefinitionInputs = z
  .strictObject({
    accountId,
    attributeKey,
    attributeModel: z.enum(MODELS),
    attributeDisplayName: name,
    attributeDisplayType: z.enum(DISPLAY_TYPES),
    attributeDescription: text.optional(),
    attributeValues: listValues.optional(),
    regexPattern: lineText.optional(),
    regexCue: lineText.optional(),
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
    const problem = v.regexPattern == null ? undefined : regexPatternProblem(v.regexPattern);
    if (problem) ctx.addIssue({ code: "custom", path: ["regexPattern"], message: problem });
  });
export type CustomAttributeDefinitionInputs = z.input<typeof CustomAttributeDefinitionInputs>;

/** A custom attribute definition (`/custom_attribute_definitions`); id: the definition id. */
export const customAttributeDefinition = defineCollectionResource({
  inputs: CustomAttributeDefinitionInputs,
  wire: DefinitionWire,
  at: { path: "custom_attribute_definitions", show: "member" },
  adoption: {
    key: {
      matches: (inputs, d) => d.attribute_key === inputs.attributeKey && d.attribute_model === inputs.attributeModel,
      describe: (inputs) => `key "${inputs.attributeKey}" (${inputs.attributeModel})`,
      // Older servers list only conversation attributes unless asked for a model.
      query: (inputs) => ({ attribute_model: inputs.attributeModel }),
    },
  },
});

import { z } from "zod";
import { ChatwootApiError } from "../http/errors";
import { takeOver } from "../lifecycle/adopt";
import { call, createOnce, deleteIgnoringNotFound, unlessNotFound, writeThenRead } from "../lifecycle/api";
import { outputsOf, pick } from "../lifecycle/outputs";
import { defineResource, managedKeysOf } from "../lifecycle/resource";
import type { Props } from "../lifecycle/json";
import { toWire } from "../mapping";
import { enumName, list, optionalString, single } from "../wire/envelope";
import { accountPath } from "../wire/paths";
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
type Inputs = z.output<typeof CustomAttributeDefinitionInputs>;

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

const DefinitionWire = z.object({
  id: z.number(),
  attribute_key: z.string(),
  attribute_model: enumName(MODELS),
  attribute_display_name: optionalString,
  attribute_display_type: enumName(DISPLAY_TYPES),
  attribute_description: optionalString,
  attribute_values: attributeValues,
  regex_pattern: optionalString,
  regex_cue: optionalString,
  default_value: z.unknown().transform((v) => v ?? null),
  created_at: optionalString,
  updated_at: optionalString,
});
type DefinitionWire = z.output<typeof DefinitionWire>;

const CONTROL_KEYS = ["adopt"] as const;
const path = (inputs: { accountId: number }, id?: string | number) =>
  id === undefined
    ? accountPath(inputs.accountId, "custom_attribute_definitions")
    : accountPath(inputs.accountId, "custom_attribute_definitions", id);

/** The request body for the given properties (enum names are accepted by every server version). */
function body(inputs: Inputs, keys: readonly string[]): object {
  return toWire(pick(inputs, keys.filter((k) => k !== "accountId" && !(CONTROL_KEYS as readonly string[]).includes(k)))) as object;
}

async function findByKey(inputs: Inputs): Promise<DefinitionWire | undefined> {
  const all = await call(list(DefinitionWire), {
    method: "GET",
    path: path(inputs),
    query: { attribute_model: inputs.attributeModel },
  });
  return all.find((d) => d.attribute_key === inputs.attributeKey && d.attribute_model === inputs.attributeModel);
}

/** A 422 on create for a key the account already has for this model: point to adoption. */
async function explainTaken(err: unknown, inputs: Inputs): Promise<unknown> {
  if (!ChatwootApiError.isInstance(err) || err.status !== 422) return err;
  const existing = await findByKey(inputs).catch(() => undefined);
  if (!existing) return err;
  return err.withHint(`definition ${existing.id} already has key "${inputs.attributeKey}" (${inputs.attributeModel}); set adopt: true to manage it`);
}

const managedKeys = managedKeysOf(CustomAttributeDefinitionInputs, CONTROL_KEYS);

const get = (inputs: { accountId: number }, id: number | string) =>
  call(single(DefinitionWire), { method: "GET", path: path(inputs, id) });

function patch(inputs: Inputs, id: number | string, keys: readonly string[]): Promise<DefinitionWire> {
  return writeThenRead(
    () => call(single(DefinitionWire), { method: "PATCH", path: path(inputs, id), json: body(inputs, keys) }),
    () => get(inputs, id),
  );
}

/** A custom attribute definition (`/custom_attribute_definitions`); id: the definition id. */
export const customAttributeDefinition = defineResource({
  inputs: CustomAttributeDefinitionInputs,
  account: "required",
  controlKeys: CONTROL_KEYS,
  replaceOn: ["accountId"],
  deleteBeforeReplace: true,

  async create(inputs) {
    const existing = inputs.adopt ? await findByKey(inputs) : undefined;
    if (existing) {
      return takeOver({
        id: String(existing.id),
        current: outputsOf(inputs, existing),
        inputs,
        keys: managedKeys,
        patch: async (changed) => outputsOf(inputs, await patch(inputs, existing.id, changed)),
      });
    }
    const created = await createOnce(
      () => call(single(DefinitionWire), { method: "POST", path: path(inputs), json: body(inputs, managedKeys) }),
      () => findByKey(inputs),
    ).catch(async (err: unknown) => Promise.reject(await explainTaken(err, inputs)));
    return { id: String(created.id), outs: outputsOf(inputs, created) };
  },

  async read(id, olds) {
    const current = await unlessNotFound(() => get(olds as Inputs, id));
    return current && outputsOf(olds, current);
  },

  async update(id, olds, news, changed) {
    return outputsOf(news, await patch(news, id, changed));
  },

  async delete(id, olds: Props) {
    await deleteIgnoringNotFound({ method: "DELETE", path: path(olds as Inputs, id) });
  },
});

/**
 * Custom attribute definitions (research section 5). Which upstream: a build later than upstream's
 * commit fd5ac2a8a (2026-02-13), as the research notes and the PRs named below describe it:
 * - create/update/destroy are administrator-only (after PR #14392, May 2026), checked before the
 *   lookup; index and show stay open to every member;
 * - the list without `attribute_model` returns every model; the filter takes a name or its
 *   integer; an unknown value matches nothing;
 * - enums are accepted as names or JSON integers and stored as names ("" is nil, refused by
 *   presence); a digit string, an unknown name or an out-of-range integer is Rails' enum
 *   ArgumentError, a 500;
 * - validations, in order: ApplicationRecord's length limits (column-lengths.ts), the display
 *   name and the key present (both stripped first), the key unique per (account, model) and
 *   matching /\A[\p{L}\p{N}_.\-]+\z/, both enums present; on create the key must not be a
 *   standard attribute of its model;
 * - `regex_cue` is accepted; `default_value` is not permitted (always null);
 * - Enterprise: deleting a conversation attribute takes its key out of the account's
 *   `conversation_required_attributes`.
 * At fd5ac2a8a (app/controllers/api/v1/accounts/custom_attribute_definitions_controller.rb,
 * app/models/custom_attribute_definition.rb, app/views/api/v1/models/_custom_attribute_definition.json.jbuilder)
 * the controller checks no role (agents create, update and delete too), nothing is stripped and
 * the key's format is not checked, there is no `company_attribute` model (naming it is the enum's
 * 500), `company_name` is no standard contact attribute, and a create with a blank model is a 500
 * (the conflict check calls `to_sym` on nil). The sandbox plays the later build: its checks are
 * the stricter ones (a program that passes them passes both), and the provider manages company
 * attributes.
 */
import { recordNotFound } from "../errors";
import { ATTRIBUTE_DISPLAY_TYPES, ATTRIBUTE_MODELS } from "../fixture";
import { castEnum, castString, isPresent, requirePermitted, type Params, type PermitFilter } from "../params";
import type { Edition } from "../options";
import { RecordErrors } from "../record-errors";
import { rowById, type AccountRecord, type CustomAttributeDefinitionRecord, type SandboxState } from "../state";
import { columnLengthErrors, type TextColumn } from "./column-lengths";

type DisplayType = (typeof ATTRIBUTE_DISPLAY_TYPES)[number];
type AttributeModel = (typeof ATTRIBUTE_MODELS)[number];

/** A definition being assigned: an explicit nil enum is possible until validation refuses it. */
type Draft = Omit<CustomAttributeDefinitionRecord, "attribute_display_type" | "attribute_model"> & {
  attribute_display_type: DisplayType | null;
  attribute_model: AttributeModel | null;
};

const COLUMNS = [
  "id", "attribute_display_name", "attribute_key", "attribute_display_type", "default_value", "attribute_model", "account_id",
  "attribute_description", "attribute_values", "regex_pattern", "regex_cue", "position", "created_at", "updated_at",
];

const PERMIT: PermitFilter = {
  attribute_display_name: "scalar",
  attribute_description: "scalar",
  attribute_display_type: "scalar",
  attribute_key: "scalar",
  attribute_model: "scalar",
  regex_pattern: "scalar",
  regex_cue: "scalar",
  attribute_values: "scalars",
};

const STANDARD_ATTRIBUTES: Record<string, readonly string[]> = {
  conversation_attribute: ["status", "priority", "assignee_id", "inbox_id", "team_id", "display_id", "campaign_id", "labels", "browser_language", "country_code", "referer", "created_at", "last_activity_at"],
  contact_attribute: ["name", "email", "phone_number", "identifier", "country_code", "city", "company_name", "created_at", "last_activity_at", "referer", "blocked"],
  company_attribute: ["name", "domain", "description", "contacts_count", "created_at", "updated_at", "last_activity_at"],
};

/** The string and text columns a request sets (db/schema.rb), for ApplicationRecord's length limits. */
const TEXT_COLUMNS: Record<string, TextColumn> = {
  attribute_display_name: "string", attribute_key: "string", attribute_description: "text", regex_pattern: "string", regex_cue: "string",
};

const KEY_FORMAT = /^[\p{L}\p{N}_.-]+$/u;

/** `Current.account.custom_attribute_definitions.find(id)`. */
export function findDefinition(state: SandboxState, account: AccountRecord, idParam: string): CustomAttributeDefinitionRecord {
  const definition = rowById(state.customAttributeDefinitions, idParam, account);
  if (!definition) throw recordNotFound();
  return definition;
}

/** `with_attribute_model(param)`: blank = all models; a name or its integer filters; anything else matches nothing. */
export function definitionsOf(state: SandboxState, account: AccountRecord, modelParam: string | undefined): CustomAttributeDefinitionRecord[] {
  const all = [...state.customAttributeDefinitions.values()].filter((d) => d.account_id === account.id);
  if (modelParam === undefined || modelParam.trim() === "") return all;
  const model = /^\d+$/.test(modelParam) ? ATTRIBUTE_MODELS[Number(modelParam)] : ATTRIBUTE_MODELS.find((m) => m === modelParam);
  return all.filter((d) => d.attribute_model === model);
}

export function createDefinition(state: SandboxState, account: AccountRecord, request: { params: Params; json: boolean }): CustomAttributeDefinitionRecord {
  const stamp = new Date().toISOString();
  const draft: Draft = {
    id: 0,
    account_id: account.id,
    attribute_display_name: "",
    attribute_display_type: "text",
    attribute_description: null,
    attribute_key: "",
    attribute_model: "conversation_attribute",
    regex_pattern: null,
    regex_cue: null,
    attribute_values: [],
    created_at: stamp,
    updated_at: stamp,
  };
  const assigned = assign(draft, payload(request));
  const errors = validate(state, assigned);
  const reserved = STANDARD_ATTRIBUTES[assigned.attribute_model ?? ""] ?? [];
  if (reserved.includes(assigned.attribute_key)) errors.add("attribute_key", "The provided key is not allowed as it might conflict with default attributes.");
  errors.raiseIfAny();
  const definition = assigned as CustomAttributeDefinitionRecord; // validated: both enums are set
  definition.id = state.nextId("custom_attribute_definitions");
  state.customAttributeDefinitions.set(definition.id, definition);
  return definition;
}

export function updateDefinition(state: SandboxState, definition: CustomAttributeDefinitionRecord, request: { params: Params; json: boolean }): CustomAttributeDefinitionRecord {
  const assigned = assign({ ...definition }, payload(request));
  validate(state, assigned).raiseIfAny();
  const updated = assigned as CustomAttributeDefinitionRecord; // validated: both enums are set
  updated.updated_at = new Date().toISOString();
  state.customAttributeDefinitions.set(updated.id, updated);
  return updated;
}

/**
 * Enterprise's `after_destroy :cleanup_conversation_required_attributes`: a conversation attribute's
 * key leaves the account's required list, which would otherwise require an attribute nobody can set.
 */
export function destroyDefinition(state: SandboxState, definition: CustomAttributeDefinitionRecord, edition: Edition): void {
  state.customAttributeDefinitions.delete(definition.id);
  const account = state.accounts.get(definition.account_id);
  const required = account?.settings.conversation_required_attributes;
  if (edition !== "enterprise" || definition.attribute_model !== "conversation_attribute" || !Array.isArray(required)) return;
  if (required.includes(definition.attribute_key)) account!.settings.conversation_required_attributes = required.filter((key) => key !== definition.attribute_key);
}

/** `params.require(:custom_attribute_definition).permit(...)`, after JSON wrapping. */
function payload(request: { params: Params; json: boolean }): Params {
  return requirePermitted(request, "custom_attribute_definition", COLUMNS, PERMIT);
}

function assign(definition: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  // A nil display name or key fails presence like a blank one; before_validation strips both.
  if (has("attribute_display_name")) definition.attribute_display_name = (castString(attributes.attribute_display_name) ?? "").trim();
  if (has("attribute_key")) definition.attribute_key = (castString(attributes.attribute_key) ?? "").trim();
  if (has("attribute_description")) definition.attribute_description = castString(attributes.attribute_description);
  if (has("regex_pattern")) definition.regex_pattern = castString(attributes.regex_pattern);
  if (has("regex_cue")) definition.regex_cue = castString(attributes.regex_cue);
  if (has("attribute_values")) definition.attribute_values = attributes.attribute_values as unknown[];
  if (has("attribute_display_type")) definition.attribute_display_type = castEnum(ATTRIBUTE_DISPLAY_TYPES, attributes.attribute_display_type);
  if (has("attribute_model")) definition.attribute_model = castEnum(ATTRIBUTE_MODELS, attributes.attribute_model);
  return definition;
}

/** ApplicationRecord's length limits, then the model's validations, in their order. */
function validate(state: SandboxState, definition: Draft): RecordErrors {
  const errors = columnLengthErrors(definition, TEXT_COLUMNS);
  if (!isPresent(definition.attribute_display_name)) errors.add("attribute_display_name", "can't be blank");
  if (!isPresent(definition.attribute_key)) errors.add("attribute_key", "can't be blank");
  const taken = [...state.customAttributeDefinitions.values()].some(
    (d) => d.id !== definition.id && d.account_id === definition.account_id && d.attribute_model === definition.attribute_model && d.attribute_key === definition.attribute_key,
  );
  if (taken) errors.add("attribute_key", "has already been taken");
  if (!KEY_FORMAT.test(definition.attribute_key)) errors.add("attribute_key", "must only contain letters, numbers, underscores, hyphens, and dots");
  if (definition.attribute_display_type === null) errors.add("attribute_display_type", "can't be blank");
  if (definition.attribute_model === null) errors.add("attribute_model", "can't be blank");
  return errors;
}

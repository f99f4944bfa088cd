import { requireAdministrator } from "../auth";
import { ok, type AccountCall, type ApiResult } from "../call";
import { createDefinition, definitionsOf, destroyDefinition, findDefinition, updateDefinition } from "../models/custom-attribute-definitions";
import { columnsOf } from "../columns";
import type { CustomAttributeDefinitionRecord } from "../state";

/** The definition partial: enums as names, `default_value` always null, ISO timestamps with milliseconds. */
function definitionView(definition: CustomAttributeDefinitionRecord) {
  const described = columnsOf(definition, [
    "id", "attribute_display_name", "attribute_display_type", "attribute_description", "attribute_key",
    "regex_pattern", "regex_cue", "attribute_values", "attribute_model",
  ]);
  return { ...described, default_value: null, ...columnsOf(definition, ["created_at", "updated_at"]) };
}

/** A bare array, for any member. */
export function index(call: AccountCall): ApiResult {
  return ok(definitionsOf(call.state, call.account, call.query.attribute_model).map(definitionView));
}

export function show(call: AccountCall): ApiResult {
  return ok(definitionView(findDefinition(call.state, call.account, call.path.id ?? "")));
}

/** The spec's seed operation; its documented shape (one object, string enums) is what real servers send. */
export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  return ok(definitionView(createDefinition(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  requireAdministrator(call);
  const definition = findDefinition(call.state, call.account, call.path.id ?? "");
  return ok(definitionView(updateDefinition(call.state, definition, call)));
}

/** 204 No Content (the only destroy here that is not an empty 200). */
export function destroy(call: AccountCall): ApiResult {
  requireAdministrator(call);
  destroyDefinition(call.state, findDefinition(call.state, call.account, call.path.id ?? ""), call.edition);
  return { status: 204 };
}

import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { cloneRule, createRule, destroyRule, findRule, rulesOf, updateRule } from "../models/automation-rules";
import { columnsOf } from "../columns";
import type { AutomationRuleRecord } from "../state";

/**
 * The rule partial (partials/_automation_rule.json.jbuilder): `created_on` is `created_at.to_i`
 * (epoch seconds), there is no updated_at; `files` is omitted (never attached here).
 */
function ruleView(rule: AutomationRuleRecord) {
  return columnsOf(rule, ["id", "account_id", "name", "description", "event_name", "conditions", "actions", "created_on", "active"]);
}

/** The role check runs before any lookup, on every action. */
function admin(call: AccountCall): AccountCall {
  requireAdministrator(call);
  return call;
}

export function index(call: AccountCall): ApiResult {
  return ok({ payload: rulesOf(admin(call).state, call.account).map(ruleView) });
}

export function show(call: AccountCall): ApiResult {
  return ok({ payload: ruleView(findRule(admin(call).state, call.account, call.path.id ?? "")) });
}

/** Create answers the bare rule (no payload wrapper) in both modes. */
export function create(call: AccountCall): ApiResult {
  return ok(ruleView(createRule(admin(call).state, call.account, call.params, call.edition)));
}

/** `{payload: rule}`; the spec documents `{payload: [rule]}`, which the documented mode sends. */
export function update(call: AccountCall): ApiResult {
  const rule = findRule(admin(call).state, call.account, call.path.id ?? "");
  const view = ruleView(updateRule(call.state, call.account, rule, call.params, call.edition));
  return ok({ payload: call.shapes === "documented" ? [view] : view });
}

export function destroy(call: AccountCall): ApiResult {
  destroyRule(call.state, findRule(admin(call).state, call.account, call.path.id ?? ""));
  return EMPTY_OK;
}

export function clone(call: AccountCall): ApiResult {
  return ok({ payload: ruleView(cloneRule(call.state, findRule(admin(call).state, call.account, call.path.id ?? ""))) });
}

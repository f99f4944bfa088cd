/**
 * Automation rules (research section 4), as upstream at fd5ac2a8a has them
 * (app/controllers/api/v1/accounts/automation_rules_controller.rb, app/models/automation_rule.rb,
 * enterprise/app/models/enterprise/automation_rule.rb, app/policies/automation_rule_policy.rb,
 * app/views/api/v1/accounts/automation_rules/*.json.jbuilder, app/controllers/concerns/attachment_concern.rb):
 * - every action is administrator-only, checked before the lookup;
 * - an unknown or foreign rule id answers 500 (`find_by`, then a method called on nil; issue
 *   #15802, still so in 4.17) on show, update, destroy and clone;
 * - create and update first run the attachment check on `actions` (attachments.ts);
 * - conditions and actions are stored raw (extra keys kept) and replaced whole on update;
 * - validations: ApplicationRecord's length limits (column-lengths.ts: name and event_name 255
 *   characters, the description 20,000), attribute_key in the allowlist or an account
 *   custom-attribute key, action_name in the allowlist, at most one nil query_operator, non-blank
 *   ones AND/OR in any case (stored as sent); event_name, filter_operator and values are not validated;
 * - create: validation errors are 422 `{"error":{attr:[msgs]}}`; anything Ruby would raise on
 *   (missing conditions, nil name/event_name/actions, odd types) is a 500;
 * - update: any failure inside the transaction is rescued into 422 `{"error": errors so far}`.
 * The allowlists are fd5ac2a8a's (`conditions_attributes`, `actions_attributes`): later builds add
 * the condition `private_note` and rename `company` to `company_name`, and the newest take an
 * `execution_delay` (delayed automations), which fd5ac2a8a neither permits nor renders. An
 * Enterprise server adds the condition `sla_policy_id` and the action `add_sla` (its parameters
 * hold a policy id; only running the rule looks it up).
 */
import { couldNotCreate, internalError } from "../errors";
import type { Edition } from "../options";
import { castBoolean, castString, isHash, type Params } from "../params";
import { RecordErrors } from "../record-errors";
import { rowById, type AccountRecord, type AutomationRuleRecord, type SandboxState } from "../state";
import { checkAttachments } from "./attachments";
import { columnLengthErrors, type TextColumn } from "./column-lengths";

const CONDITION_ATTRIBUTES = new Set([
  "content", "email", "country_code", "status", "message_type", "browser_language", "assignee_id", "team_id", "referer", "city",
  "company", "inbox_id", "mail_subject", "phone_number", "priority", "conversation_language", "labels",
]);

const ACTION_NAMES = new Set([
  "send_message", "add_label", "remove_label", "send_email_to_team", "assign_team", "assign_agent", "send_webhook_event",
  "mute_conversation", "send_attachment", "change_status", "resolve_conversation", "open_conversation", "pending_conversation",
  "snooze_conversation", "change_priority", "send_email_transcript", "add_private_note",
]);

const TEXT_COLUMNS: Record<string, TextColumn> = { name: "string", description: "text", event_name: "string" };

/** What `Enterprise::AutomationRule` adds to the lists (`conditions_attributes`, `actions_attributes`). */
const ENTERPRISE_CONDITIONS = new Set(["sla_policy_id"]);
const ENTERPRISE_ACTIONS = new Set(["add_sla"]);

/** Where Ruby would raise (NoMethodError, NOT NULL violation): the controller decides what that becomes. */
class RubyCrash extends Error {
  constructor(readonly errors: RecordErrors) {
    super("crash");
  }
}

/** `Current.account.automation_rules.find_by(id:)` followed by a method call on nil: a 500. */
export function findRule(state: SandboxState, account: AccountRecord, idParam: string): AutomationRuleRecord {
  const rule = rowById(state.automationRules, idParam, account);
  if (!rule) throw internalError();
  return rule;
}

export function rulesOf(state: SandboxState, account: AccountRecord): AutomationRuleRecord[] {
  return [...state.automationRules.values()].filter((r) => r.account_id === account.id);
}

export function createRule(state: SandboxState, account: AccountRecord, params: Params, edition: Edition): AutomationRuleRecord {
  checkAttachments(params.actions);
  const draft = {
    id: 0,
    account_id: account.id,
    name: null as string | null,
    description: null as string | null,
    event_name: null as string | null,
    conditions: params.conditions ?? null,
    actions: params.actions ?? null,
    active: true as boolean | null,
  };
  assignScalars(draft, params);
  try {
    const errors = validate(state, account, draft, edition);
    if (errors.any()) throw couldNotCreate(errors.messages());
    const rule = persistable(draft, errors);
    const created: AutomationRuleRecord = { ...rule, id: state.nextId("automation_rules"), created_on: Math.floor(Date.now() / 1000) };
    state.automationRules.set(created.id, created);
    return created;
  } catch (error) {
    if (error instanceof RubyCrash) throw internalError();
    throw error;
  }
}

/** Keys sent replace their values; `conditions`/`actions` are replaced whole when present and not null. */
export function updateRule(state: SandboxState, account: AccountRecord, rule: AutomationRuleRecord, params: Params, edition: Edition): AutomationRuleRecord {
  checkAttachments(params.actions);
  const draft = { ...rule, name: rule.name as string | null, description: rule.description, event_name: rule.event_name as string | null, conditions: rule.conditions as unknown, actions: rule.actions as unknown, active: rule.active as boolean | null };
  assignScalars(draft, params);
  if (params.conditions !== undefined && params.conditions !== null) draft.conditions = params.conditions;
  if (params.actions !== undefined && params.actions !== null) draft.actions = params.actions;
  let errors = new RecordErrors();
  try {
    errors = validate(state, account, draft, edition);
    if (errors.any()) throw new RubyCrash(errors); // update!/save! raise RecordInvalid, rescued like the rest
    const updated = persistable(draft, errors);
    const stored: AutomationRuleRecord = { ...updated, created_on: rule.created_on };
    state.automationRules.set(rule.id, stored);
    return stored;
  } catch (error) {
    // `rescue StandardError` in the controller: whatever went wrong, 422 with the errors collected so far.
    if (error instanceof RubyCrash) throw couldNotCreate(error.errors.messages());
    throw error;
  }
}

/** `dup` + `save!`: same attributes, a new id and creation time. */
export function cloneRule(state: SandboxState, rule: AutomationRuleRecord): AutomationRuleRecord {
  const clone: AutomationRuleRecord = { ...structuredClone(rule), id: state.nextId("automation_rules"), created_on: Math.floor(Date.now() / 1000) };
  state.automationRules.set(clone.id, clone);
  return clone;
}

export function destroyRule(state: SandboxState, rule: AutomationRuleRecord): void {
  state.automationRules.delete(rule.id);
}

interface ScalarDraft {
  name: string | null;
  description: string | null;
  event_name: string | null;
  active: boolean | null;
}

/** Permitted scalars present in the request (nil included, as strong parameters allow). */
function assignScalars(draft: ScalarDraft, params: Params): void {
  const has = (key: string) => Object.hasOwn(params, key) && isScalar(params[key]);
  if (has("name")) draft.name = castString(params.name);
  if (has("description")) draft.description = castString(params.description);
  if (has("event_name")) draft.event_name = castString(params.event_name);
  if (has("active")) draft.active = castBoolean(params.active);
}

function isScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** ApplicationRecord's length limits, then the model's validations, in their order. Raises RubyCrash where Ruby would raise. */
function validate(state: SandboxState, account: AccountRecord, draft: ScalarDraft & { conditions: unknown; actions: unknown }, edition: Edition): RecordErrors {
  const { conditions, actions } = draft;
  const errors = columnLengthErrors(draft, TEXT_COLUMNS);
  const enterprise = edition === "enterprise";
  const knownCondition = (key: string) => CONDITION_ATTRIBUTES.has(key) || (enterprise && ENTERPRISE_CONDITIONS.has(key));
  const knownAction = (name: string) => ACTION_NAMES.has(name) || (enterprise && ENTERPRISE_ACTIONS.has(name));
  const list = (value: unknown): Params[] | null => {
    if (value === null || value === undefined) return null;
    if (!Array.isArray(value) || !value.every(isHash)) throw new RubyCrash(errors);
    return value;
  };
  const conditionList = list(conditions);
  const actionList = list(actions);
  if (conditionList && conditionList.length > 0) {
    const customKeys = new Set([...state.customAttributeDefinitions.values()].filter((d) => d.account_id === account.id).map((d) => d.attribute_key));
    const unsupported = conditionList.map((c) => c.attribute_key).filter((key) => !(typeof key === "string" && (knownCondition(key) || customKeys.has(key))));
    if (unsupported.length > 0) errors.add("conditions", `Automation conditions ${unsupported.map(rubyText).join(",")} not supported.`);
  }
  if (actionList && actionList.length > 0) {
    const unsupported = actionList.map((a) => a.action_name).filter((name) => !(typeof name === "string" && knownAction(name)));
    if (unsupported.length > 0) errors.add("actions", `Automation actions ${unsupported.map(rubyText).join(",")} not supported.`);
  }
  if (conditionList && conditionList.length > 0 && conditionList.filter((c) => c.query_operator === undefined || c.query_operator === null).length > 1) {
    errors.add("conditions", "Automation conditions should have query operator.");
  }
  if (conditionList === null) throw new RubyCrash(errors); // `conditions.each` on nil
  for (const condition of conditionList) {
    const operator = condition.query_operator;
    if (operator === undefined || operator === null) continue;
    if (typeof operator !== "string") throw new RubyCrash(errors); // `.empty?` on a non-string
    if (operator === "") continue;
    if (!["AND", "OR"].includes(operator.toUpperCase())) errors.add("conditions", 'Query operator must be either "AND" or "OR"');
  }
  return errors;
}

/** What `Array#join` prints for a value. */
function rubyText(value: unknown): string {
  return value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
}

/** NOT NULL columns: a nil name, event_name, conditions, actions or active fails the INSERT/UPDATE. */
function persistable(
  draft: ScalarDraft & { id: number; account_id: number; conditions: unknown; actions: unknown },
  errors: RecordErrors,
): Omit<AutomationRuleRecord, "created_on"> {
  const { name, event_name, active, conditions, actions } = draft;
  if (name === null || event_name === null || active === null || !Array.isArray(conditions) || !Array.isArray(actions)) throw new RubyCrash(errors);
  return {
    id: draft.id,
    account_id: draft.account_id,
    name,
    description: draft.description,
    event_name,
    conditions: structuredClone(conditions as Params[]),
    actions: structuredClone(actions as Params[]),
    active,
  };
}

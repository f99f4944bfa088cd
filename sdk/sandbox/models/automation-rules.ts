/**
 * Automation rules (research section 4), behaving like current upstream, with one exception
 * chosen on purpose: an unknown or foreign rule id answers 500, as servers did through 4.17
 * (issue #15802; the fix was still open), on show, update, destroy and clone.
 * - every action is administrator-only, checked before the lookup;
 * - conditions and actions are stored raw (extra keys kept) and replaced whole on update;
 * - validations: attribute_key in the allowlist or an account custom-attribute key, action_name in
 *   the allowlist, at most one nil query_operator, non-blank ones AND/OR in any case (stored as sent);
 *   event_name, filter_operator and values are not validated;
 * - create: validation errors are 422 `{"error":{attr:[msgs]}}`; anything Ruby would raise on
 *   (missing conditions, nil name/event_name/actions, odd types) is a 500;
 * - update: any failure inside the transaction is rescued into 422 `{"error": errors so far}`;
 * - `execution_delay` (newest builds) needs the account feature `delayed_automations`;
 * - `send_attachment` needs a signed blob id; the sandbox stores no blobs, so it is always refused.
 * The allowlists are the newest upstream ones; both `company` and `company_name` are accepted. An
 * Enterprise server adds the condition `sla_policy_id` and the action `add_sla` (its parameters
 * hold a policy id; only running the rule looks it up).
 */
import { couldNotCreate, internalError } from "../errors";
import type { Edition } from "../options";
import { castBoolean, castInteger, castString, isHash, isPresent, type Params } from "../params";
import { RecordErrors } from "../record-errors";
import { rowById, type AccountRecord, type AutomationRuleRecord, type SandboxState } from "../state";

const CONDITION_ATTRIBUTES = new Set([
  "content", "email", "country_code", "status", "message_type", "browser_language", "assignee_id", "team_id", "referer", "city",
  "company", "company_name", "inbox_id", "mail_subject", "phone_number", "priority", "conversation_language", "labels", "private_note",
]);

const ACTION_NAMES = new Set([
  "send_message", "add_label", "remove_label", "send_email_to_team", "assign_team", "assign_agent", "send_webhook_event",
  "mute_conversation", "send_attachment", "change_status", "resolve_conversation", "open_conversation", "snooze_conversation",
  "change_priority", "send_email_transcript", "add_private_note",
]);

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
  checkExecutionDelay(account, params);
  const draft = {
    id: 0,
    account_id: account.id,
    name: null as string | null,
    description: null as string | null,
    event_name: null as string | null,
    conditions: params.conditions ?? null,
    actions: params.actions ?? null,
    active: true as boolean | null,
    execution_delay: null as number | null,
  };
  assignScalars(draft, params);
  try {
    const errors = validate(state, account, draft.conditions, draft.actions, edition);
    if (errors.any()) throw couldNotCreate(errors.messages());
    const rule = persistable(draft, errors);
    checkAttachments(rule.actions);
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
  checkExecutionDelay(account, params);
  const draft = { ...rule, name: rule.name as string | null, description: rule.description, event_name: rule.event_name as string | null, conditions: rule.conditions as unknown, actions: rule.actions as unknown, active: rule.active as boolean | null };
  assignScalars(draft, params);
  if (params.conditions !== undefined && params.conditions !== null) draft.conditions = params.conditions;
  if (params.actions !== undefined && params.actions !== null) draft.actions = params.actions;
  let errors = new RecordErrors();
  try {
    errors = validate(state, account, draft.conditions, draft.actions, edition);
    if (errors.any()) throw new RubyCrash(errors); // update!/save! raise RecordInvalid, rescued like the rest
    const updated = persistable(draft, errors);
    checkAttachments(updated.actions);
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
  execution_delay: number | null;
}

/** Permitted scalars present in the request (nil included, as strong parameters allow). */
function assignScalars(draft: ScalarDraft, params: Params): void {
  const has = (key: string) => Object.hasOwn(params, key) && isScalar(params[key]);
  if (has("name")) draft.name = castString(params.name);
  if (has("description")) draft.description = castString(params.description);
  if (has("event_name")) draft.event_name = castString(params.event_name);
  if (has("active")) draft.active = castBoolean(params.active);
  if (has("execution_delay")) draft.execution_delay = castInteger(params.execution_delay);
}

function isScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function checkExecutionDelay(account: AccountRecord, params: Params): void {
  if (isPresent(params.execution_delay) && !account.features.includes("delayed_automations")) {
    throw couldNotCreate("Delayed automations are not enabled for this account.");
  }
}

/** The model's validations, in their order. Raises RubyCrash where Ruby would raise. */
function validate(state: SandboxState, account: AccountRecord, conditions: unknown, actions: unknown, edition: Edition): RecordErrors {
  const errors = new RecordErrors();
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
    execution_delay: draft.execution_delay,
  };
}

/** send_attachment actions carry a signed blob id; no blob exists here, so every one is invalid. */
function checkAttachments(actions: Params[]): void {
  if (actions.some((a) => a.action_name === "send_attachment")) throw couldNotCreate("Invalid attachment");
}

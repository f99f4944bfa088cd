/**
 * Macros (MacrosController, Macro, MacroPolicy), behaving like current upstream:
 * - the list holds the account's global macros and the caller's own personal ones, in id order;
 *   create is open to every member, and an agent's macro is always personal;
 * - show/update/destroy use `find_by(id)` in the account: a missing or foreign id answers show
 *   with an empty 404, and update and destroy with a 500 (a method called on nil);
 * - MacroPolicy: show needs a global macro or its author; update and destroy need an
 *   administrator for a global macro and the author for any other (administrators included);
 *   401 otherwise;
 * - parameters are read at the top level: name, visibility, actions;
 * - create stores `actions` exactly as sent (every key; `action_params` of any shape, e.g.
 *   `assign_team` [team id] and `add_label` [titles] keep their JSON types); update stores the
 *   permitted form, where each action keeps `action_name`, and `action_params` only when it is
 *   a list of scalars (a list holding objects, or a scalar, is dropped, key and all);
 * - the one validation: every action_name in ACTIONS_ATTRS; 422 `{"error":{"actions":["Macro
 *   execution actions a,b not supported."]}}` on create and update; `name` and `actions` are
 *   NOT NULL columns: missing on create is a 500, on update 422 `{"error":{}}` (the update rescues
 *   every error into that body);
 * - visibility is a Rails enum ("personal"/"global" or 0/1; "" is nil); another value is a 500
 *   on create and 422 `{"error":{}}` on update;
 * - `set_visibility` assigns the request's `visibility` on every create and update, so one sent
 *   without it stores null (such a macro is listed to nobody, yet shown to and editable by its
 *   author); agents always get "personal";
 * - `created_by_id` is the creator, `updated_by_id` the last writer.
 */
import type { AccountCaller } from "../auth";
import { ApiError, couldNotCreate, internalError, notAuthorizedAction } from "../errors";
import { castEnum, castString, isHash, isPresent, permit, type Params, type PermitFilter } from "../params";
import { RecordErrors } from "../record-errors";
import { rowById, type AccountRecord, type MacroRecord, type SandboxState } from "../state";

/** Macro::ACTIONS_ATTRS of current upstream (`remove_assigned_agent` is newest). */
export const MACRO_ACTIONS = [
  "send_message", "add_label", "assign_team", "assign_agent", "mute_conversation", "change_status", "remove_label",
  "remove_assigned_agent", "remove_assigned_team", "resolve_conversation", "snooze_conversation", "change_priority",
  "send_email_transcript", "send_attachment", "add_private_note", "send_webhook_event",
] as const;

const VISIBILITIES = ["personal", "global"] as const;

const PERMIT: PermitFilter = { name: "scalar", visibility: "scalar", actions: { action_name: "scalar", action_params: "scalars" } };

/** `Current.account.macros.find_by(id:)`: undefined when missing. */
export function findMacro(state: SandboxState, account: AccountRecord, idParam: string): MacroRecord | undefined {
  return rowById(state.macros, idParam, account);
}

/** `Macro.with_visibility`: global ones and the caller's personal ones, by id. */
export function macrosVisibleTo(state: SandboxState, caller: AccountCaller): MacroRecord[] {
  return [...state.macros.values()]
    .filter((m) => m.account_id === caller.account.id)
    .filter((m) => m.visibility === "global" || (m.visibility === "personal" && m.created_by_id === caller.user.id))
    .sort((a, b) => a.id - b.id);
}

/** MacroPolicy for show, update and destroy. */
export function authorizeMacro(caller: AccountCaller, macro: MacroRecord, action: "show" | "write"): void {
  const author = macro.created_by_id === caller.user.id;
  const allowed = macro.visibility === "global" ? action === "show" || caller.role === "administrator" : author;
  if (!allowed) throw notAuthorizedAction();
}

export function createMacro(state: SandboxState, caller: AccountCaller, params: Params): MacroRecord {
  const attributes = permit(params, PERMIT);
  const visibility = visibilityFor(caller, attributes);
  const name = castString(attributes.name);
  const actions = params.actions; // raw: `@macro.actions = params[:actions]`
  const errors = validate(actions);
  if (errors.any()) throw couldNotCreate(errors.messages());
  if (name === null || actions === undefined || actions === null) throw internalError(); // NOT NULL columns
  const macro: MacroRecord = { id: state.nextId("macros"), account_id: caller.account.id, name, visibility, actions, created_by_id: caller.user.id, updated_by_id: caller.user.id };
  state.macros.set(macro.id, macro);
  return macro;
}

/** `update!` then `set_visibility` and `save!`, all inside a `rescue StandardError` that answers 422. */
export function updateMacro(state: SandboxState, caller: AccountCaller, macro: MacroRecord, params: Params): MacroRecord {
  try {
    const updated = assignUpdate(caller, macro, permit(params, PERMIT));
    state.macros.set(updated.id, updated);
    return updated;
  } catch (error) {
    // What Ruby raises in there (enum ArgumentError, NOT NULL violation) is rendered with the errors so far: none.
    if (error instanceof ApiError && error.status === 500) throw couldNotCreate({});
    throw error;
  }
}

function assignUpdate(caller: AccountCaller, macro: MacroRecord, attributes: Params): MacroRecord {
  const has = (key: string) => Object.hasOwn(attributes, key);
  const name = has("name") ? castString(attributes.name) : macro.name;
  const actions = has("actions") ? attributes.actions : macro.actions;
  if (has("visibility")) castEnum(VISIBILITIES, attributes.visibility); // an unknown value raises before any save
  const errors = validate(actions);
  if (errors.any()) throw couldNotCreate(errors.messages());
  if (name === null) throw internalError(); // NOT NULL
  return { ...macro, name, actions, visibility: visibilityFor(caller, attributes), updated_by_id: caller.user.id };
}

export function destroyMacro(state: SandboxState, macro: MacroRecord): void {
  state.macros.delete(macro.id);
}

/** `set_visibility`: the request's value (nil when absent), "personal" for agents. */
function visibilityFor(caller: AccountCaller, attributes: Params): MacroRecord["visibility"] {
  const requested = castEnum(VISIBILITIES, attributes.visibility);
  return caller.role === "agent" ? "personal" : requested;
}

/** `json_actions_format`: the action names not in ACTIONS_ATTRS (nil for entries without one). */
function validate(actions: unknown): RecordErrors {
  const errors = new RecordErrors();
  if (!isPresent(actions)) return errors;
  let names: unknown[];
  if (Array.isArray(actions)) names = actions.map((action) => (isHash(action) ? action.action_name : undefined));
  else if (isHash(actions)) names = Object.keys(actions).map(() => undefined);
  else throw internalError(); // a scalar has no `map`
  const unsupported = names.filter((name) => !(MACRO_ACTIONS as readonly unknown[]).includes(name));
  if (unsupported.length > 0) errors.add("actions", `Macro execution actions ${unsupported.map((n) => (typeof n === "string" ? n : "")).join(",")} not supported.`);
  return errors;
}

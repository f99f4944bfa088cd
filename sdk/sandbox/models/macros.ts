/**
 * Macros, as upstream at fd5ac2a8a has them (app/controllers/api/v1/accounts/macros_controller.rb,
 * app/models/macro.rb, app/policies/macro_policy.rb, app/views/api/v1/models/_macro.json.jbuilder,
 * app/controllers/concerns/attachment_concern.rb):
 * - the list holds the account's global macros and the caller's own personal ones, in id order;
 *   create is open to every member, and an agent's macro is always personal;
 * - show/update/destroy/execute use `find_by(id)` in the account, and MacroPolicy runs only for a
 *   macro found: a missing or foreign id answers show with an empty 404, update and destroy with
 *   a 500 (a method called on nil), and execute with 200 (it queues a job for nil);
 * - MacroPolicy: show and execute need a global macro or its author; update needs the author, or
 *   an administrator for a global macro; destroy needs the author, or an administrator for a
 *   global macro whose author is gone (`orphan_record?`); 401 otherwise. Being the author is
 *   having made it (`created_by`), whatever one's role now;
 * - parameters are read at the top level: name, visibility, actions;
 * - create and update first run the attachment check on `actions` (attachments.ts); then both
 *   store `actions` exactly as sent (every key; `action_params` of any shape, e.g. `assign_team`
 *   [team id] and `add_label` [titles] keep their JSON types); an update without `actions` keeps
 *   them. Builds before upstream PR #13115 (December 2025) stored the permitted form on update,
 *   where each action kept `action_name`, and `action_params` only as a list of scalars;
 * - validations: ApplicationRecord's length limit on the name (column-lengths.ts), then every
 *   action_name in ACTIONS_ATTRS; 422 `{"error":{"actions":["Macro execution actions a,b not
 *   supported."]}}` on create and update; `name` and `actions` are NOT NULL columns: missing on
 *   create is a 500, on update 422 `{"error":{}}` (the update rescues every error into that body);
 * - visibility is a Rails enum ("personal"/"global" or 0/1; "" is nil); another value is a 500
 *   on create and 422 `{"error":{}}` on update;
 * - `set_visibility` assigns the request's `visibility` on every create and update, so one sent
 *   without it stores null (such a macro is listed to nobody, yet shown to and editable by its
 *   author); agents always get "personal";
 * - `created_by_id` is the creator, `updated_by_id` the last writer; a deleted user's personal
 *   macros go with them, their global ones stay without an author.
 */
import type { AccountCaller } from "../auth";
import { ApiError, couldNotCreate, internalError, notAuthorizedAction } from "../errors";
import { castEnum, castString, isHash, isPresent, permit, type Params, type PermitFilter } from "../params";
import type { RecordErrors } from "../record-errors";
import { rowById, type AccountRecord, type MacroRecord, type SandboxState } from "../state";
import { checkAttachments } from "./attachments";
import { columnLengthErrors } from "./column-lengths";

/** Macro::ACTIONS_ATTRS at fd5ac2a8a. */
export const MACRO_ACTIONS = [
  "send_message", "add_label", "assign_team", "assign_agent", "mute_conversation", "change_status", "remove_label",
  "remove_assigned_team", "resolve_conversation", "snooze_conversation", "change_priority", "send_email_transcript",
  "send_attachment", "add_private_note", "send_webhook_event",
] as const;

const VISIBILITIES = ["personal", "global"] as const;

/** What the model takes from `permitted_params`; `actions` is stored as the request sent it (see above). */
const PERMIT: PermitFilter = { name: "scalar", visibility: "scalar" };

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

/** The actions MacroPolicy decides: `execute?` asks what `show?` does. */
export type MacroAction = "show" | "execute" | "update" | "destroy";

/** MacroPolicy: `author?` compares the macro's `created_by` (nil once that user is gone) with the caller. */
export function authorizeMacro(state: SandboxState, caller: AccountCaller, macro: MacroRecord, action: MacroAction): void {
  const authorGone = macro.created_by_id === null || !state.users.has(macro.created_by_id);
  const author = !authorGone && macro.created_by_id === caller.user.id;
  const global = macro.visibility === "global";
  const admin = caller.role === "administrator";
  const allowed = {
    show: global || author,
    execute: global || author,
    update: author || (admin && global),
    destroy: author || (admin && global && authorGone),
  }[action];
  if (!allowed) throw notAuthorizedAction();
}

export function createMacro(state: SandboxState, caller: AccountCaller, params: Params): MacroRecord {
  checkAttachments(params.actions);
  const attributes = permit(params, PERMIT);
  const visibility = visibilityFor(caller, attributes);
  const name = castString(attributes.name);
  const actions = params.actions; // raw: `@macro.actions = actions`, the request's list
  const errors = validate(name, actions);
  if (errors.any()) throw couldNotCreate(errors.messages());
  if (name === null || actions === undefined || actions === null) throw internalError(); // NOT NULL columns
  const macro: MacroRecord = { id: state.nextId("macros"), account_id: caller.account.id, name, visibility, actions, created_by_id: caller.user.id, updated_by_id: caller.user.id };
  state.macros.set(macro.id, macro);
  return macro;
}

/** `update!` then `set_visibility` and `save!`, all inside a `rescue StandardError` that answers 422. */
export function updateMacro(state: SandboxState, caller: AccountCaller, macro: MacroRecord, params: Params): MacroRecord {
  checkAttachments(params.actions);
  try {
    const updated = assignUpdate(caller, macro, permit(params, PERMIT), params.actions);
    state.macros.set(updated.id, updated);
    return updated;
  } catch (error) {
    // What Ruby raises in there (enum ArgumentError, NOT NULL violation) is rendered with the errors so far: none.
    if (error instanceof ApiError && error.status === 500) throw couldNotCreate({});
    throw error;
  }
}

/** `assign_attributes` of the permitted keys, `set_visibility`, then `actions = params[:actions]` when it is truthy. */
function assignUpdate(caller: AccountCaller, macro: MacroRecord, attributes: Params, rawActions: unknown): MacroRecord {
  const has = (key: string) => Object.hasOwn(attributes, key);
  const name = has("name") ? castString(attributes.name) : macro.name;
  const actions = rawActions !== undefined && rawActions !== null && rawActions !== false ? rawActions : macro.actions;
  if (has("visibility")) castEnum(VISIBILITIES, attributes.visibility); // an unknown value raises before any save
  const errors = validate(name, actions);
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

/** ApplicationRecord's length limit, then `json_actions_format`: the action names not in ACTIONS_ATTRS (nil for entries without one). */
function validate(name: string | null, actions: unknown): RecordErrors {
  const errors = columnLengthErrors({ name }, { name: "string" });
  if (!isPresent(actions)) return errors;
  let names: unknown[];
  if (Array.isArray(actions)) names = actions.map((action) => (isHash(action) ? action.action_name : undefined));
  else if (isHash(actions)) names = Object.keys(actions).map(() => undefined);
  else throw internalError(); // a scalar has no `map`
  const unsupported = names.filter((name) => !(MACRO_ACTIONS as readonly unknown[]).includes(name));
  if (unsupported.length > 0) errors.add("actions", `Macro execution actions ${unsupported.map((n) => (typeof n === "string" ? n : "")).join(",")} not supported.`);
  return errors;
}

import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { internalError } from "../errors";
import { authorizeMacro, createMacro, destroyMacro, findMacro, macrosVisibleTo, updateMacro } from "../models/macros";
import type { MacroRecord, UserRecord } from "../state";
import { agentView } from "./agent-view";

/** The `_macro` partial: `created_by`/`updated_by` as agents when those users exist; `files` omitted (never attached here). */
function macroView(call: AccountCall, macro: MacroRecord) {
  const user = (id: number | null): UserRecord | undefined => (id === null ? undefined : call.state.users.get(id));
  const createdBy = user(macro.created_by_id);
  const updatedBy = user(macro.updated_by_id);
  return {
    id: macro.id,
    name: macro.name,
    visibility: macro.visibility,
    ...(createdBy ? { created_by: agentView(call, createdBy) } : {}),
    ...(updatedBy ? { updated_by: agentView(call, updatedBy) } : {}),
    account_id: macro.account_id,
    actions: macro.actions,
  };
}

/** The macro of the path for update and destroy: a missing one is a method call on nil, a 500. */
function writableMacro(call: AccountCall, action: "update" | "destroy"): MacroRecord {
  const macro = findMacro(call.state, call.account, call.path.id ?? "");
  if (!macro) throw internalError();
  authorizeMacro(call.state, call, macro, action);
  return macro;
}

export function index(call: AccountCall): ApiResult {
  return ok({ payload: macrosVisibleTo(call.state, call).map((macro) => macroView(call, macro)) });
}

/** `head :not_found` (an empty body) for a missing macro. */
export function show(call: AccountCall): ApiResult {
  const macro = findMacro(call.state, call.account, call.path.id ?? "");
  if (!macro) return { status: 404 };
  authorizeMacro(call.state, call, macro, "show");
  return ok({ payload: macroView(call, macro) });
}

export function create(call: AccountCall): ApiResult {
  return ok({ payload: macroView(call, createMacro(call.state, call, call.params)) });
}

export function update(call: AccountCall): ApiResult {
  return ok({ payload: macroView(call, updateMacro(call.state, call, writableMacro(call, "update"), call.params)) });
}

export function destroy(call: AccountCall): ApiResult {
  destroyMacro(call.state, writableMacro(call, "destroy"));
  return EMPTY_OK;
}

/**
 * `MacrosExecutionJob.perform_later(@macro, conversation_ids:)`, then `head :ok`: the job runs the
 * actions on the listed conversations, which the sandbox does not hold, so nothing changes. The
 * policy runs only for a macro found; an unknown id queues a job for nil and is answered 200 too.
 */
export function execute(call: AccountCall): ApiResult {
  const macro = findMacro(call.state, call.account, call.path.id ?? "");
  if (macro) authorizeMacro(call.state, call, macro, "execute");
  return EMPTY_OK;
}

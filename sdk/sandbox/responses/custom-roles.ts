import { requireAdministrator, requireFeature } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { customRoles, existingCustomRole } from "../models/custom-roles";
import { columnsOf } from "../columns";
import type { CustomRoleRecord } from "../state";

/** The `_custom_role` partial. */
function customRoleView(role: CustomRoleRecord) {
  return columnsOf(role, ["id", "name", "description", "permissions", "created_at", "updated_at"]);
}

/** The before_actions in their order: the feature guard, `fetch_custom_role` (find_by), then the role check. */
function authorized(call: AccountCall, lookup: boolean): CustomRoleRecord | undefined {
  requireFeature(call, "custom_roles");
  const role = lookup ? customRoles.findBy(call.state, call.account, call.path.id ?? "") : undefined;
  requireAdministrator(call);
  return role;
}

/** Every view is bare: the list an array, the others one role. */
export function index(call: AccountCall): ApiResult {
  authorized(call, false);
  return ok(customRoles.of(call.state, call.account).map(customRoleView));
}

export function show(call: AccountCall): ApiResult {
  return ok(customRoleView(existingCustomRole(authorized(call, true))));
}

export function create(call: AccountCall): ApiResult {
  authorized(call, false);
  return ok(customRoleView(customRoles.create(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  return ok(customRoleView(customRoles.update(call.state, existingCustomRole(authorized(call, true)), call)));
}

export function destroy(call: AccountCall): ApiResult {
  customRoles.destroy(call.state, existingCustomRole(authorized(call, true)));
  return EMPTY_OK;
}

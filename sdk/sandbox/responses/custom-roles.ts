import { requireAdministrator, requireFeature } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { createCustomRole, customRolesOf, destroyCustomRole, existingCustomRole, findCustomRole, updateCustomRole } from "../models/custom-roles";
import type { CustomRoleRecord } from "../state";

/** The `_custom_role` partial. */
function customRoleView(role: CustomRoleRecord) {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: role.permissions,
    created_at: role.created_at,
    updated_at: role.updated_at,
  };
}

/** The before_actions in their order: the feature guard, `fetch_custom_role` (find_by), then the role check. */
function authorized(call: AccountCall, lookup: boolean): CustomRoleRecord | undefined {
  requireFeature(call, "custom_roles");
  const role = lookup ? findCustomRole(call.state, call.account, call.path.id ?? "") : undefined;
  requireAdministrator(call);
  return role;
}

/** Every view is bare: the list an array, the others one role. */
export function index(call: AccountCall): ApiResult {
  authorized(call, false);
  return ok(customRolesOf(call.state, call.account).map(customRoleView));
}

export function show(call: AccountCall): ApiResult {
  return ok(customRoleView(existingCustomRole(authorized(call, true))));
}

export function create(call: AccountCall): ApiResult {
  authorized(call, false);
  return ok(customRoleView(createCustomRole(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  return ok(customRoleView(updateCustomRole(call.state, existingCustomRole(authorized(call, true)), call)));
}

export function destroy(call: AccountCall): ApiResult {
  destroyCustomRole(call.state, existingCustomRole(authorized(call, true)));
  return EMPTY_OK;
}

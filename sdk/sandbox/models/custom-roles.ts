/**
 * Custom roles (Enterprise: CustomRolesController, CustomRole, CustomRolePolicy), behaving like
 * current upstream:
 * - `ensure_custom_roles_feature_enabled` runs first: in an account without the `custom_roles`
 *   feature every action answers 401 (Pundit's error);
 * - every action is administrator-only; show, update and destroy use `find_by(id)` in the account,
 *   looked up before the role check: a missing or foreign id renders, updates or destroys nil, a 500;
 * - `params.require(:custom_role).permit(:name, :description, permissions: [])`;
 * - validations: name presence ("Name can't be blank") and each permission in
 *   CustomRole::PERMISSIONS ("Permissions is not included in the list"), 422 RecordInvalid;
 * - permissions are a text array, stored as given (order and repeats kept; default []);
 * - deleting a role takes it from the agents who had it (`dependent: :nullify`; agents are not
 *   modelled here).
 */
import { CUSTOM_ROLE_PERMISSIONS } from "../../../provider/wire/custom-role";
import { internalError } from "../errors";
import { castString, requirePermitted, type Params, type ParamsRequest, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors } from "../record-errors";
import { rowById, type AccountRecord, type CustomRoleRecord, type SandboxState } from "../state";


const COLUMNS = ["id", "name", "description", "permissions", "account_id", "created_at", "updated_at"];

const PERMIT: PermitFilter = { name: "scalar", description: "scalar", permissions: "scalars" };

type Draft = Omit<CustomRoleRecord, "name"> & { name: string | null };

/** `Current.account.custom_roles.find_by(id:)`: undefined when missing. */
export function findCustomRole(state: SandboxState, account: AccountRecord, idParam: string): CustomRoleRecord | undefined {
  return rowById(state.customRoles, idParam, account);
}

/** The role for show, update and destroy: nil is a method call on nil, a 500. */
export function existingCustomRole(role: CustomRoleRecord | undefined): CustomRoleRecord {
  if (!role) throw internalError();
  return role;
}

export function customRolesOf(state: SandboxState, account: AccountRecord): CustomRoleRecord[] {
  return [...state.customRoles.values()].filter((r) => r.account_id === account.id).sort((a, b) => a.id - b.id);
}

export function createCustomRole(state: SandboxState, account: AccountRecord, request: ParamsRequest): CustomRoleRecord {
  const now = new Date().toISOString();
  const draft: Draft = { id: 0, account_id: account.id, name: null, description: null, permissions: [], created_at: now, updated_at: now };
  const role = save(assign(draft, payload(request)));
  role.id = state.nextId("custom_roles");
  state.customRoles.set(role.id, role);
  return role;
}

export function updateCustomRole(state: SandboxState, role: CustomRoleRecord, request: ParamsRequest): CustomRoleRecord {
  const updated = save(assign({ ...role, permissions: [...role.permissions], updated_at: new Date().toISOString() }, payload(request)));
  state.customRoles.set(updated.id, updated);
  return updated;
}

export function destroyCustomRole(state: SandboxState, role: CustomRoleRecord): void {
  state.customRoles.delete(role.id);
}

function payload(request: ParamsRequest): Params {
  return requirePermitted(request, "custom_role", COLUMNS, PERMIT);
}

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("name")) draft.name = castString(attributes.name);
  if (has("description")) draft.description = castString(attributes.description);
  // A text[] column: every element is stored as its text.
  if (has("permissions")) draft.permissions = (attributes.permissions as unknown[]).map((p) => castString(p) ?? "");
  return draft;
}

function save(draft: Draft): CustomRoleRecord {
  const errors = new RecordErrors();
  if (draft.name === null || draft.name.trim() === "") errors.add("name", CANT_BE_BLANK);
  // Rails' inclusion validator checks each element of an array value.
  if (!draft.permissions.every((p) => (CUSTOM_ROLE_PERMISSIONS as readonly string[]).includes(p))) errors.add("permissions", "is not included in the list");
  errors.raiseIfAny();
  return { ...draft, name: draft.name as string };
}

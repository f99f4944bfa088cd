/**
 * Custom roles (Enterprise), as upstream at fd5ac2a8a has them
 * (enterprise/app/controllers/api/v1/accounts/custom_roles_controller.rb, enterprise/app/models/custom_role.rb,
 * enterprise/app/policies/custom_role_policy.rb, enterprise/app/views/api/v1/models/_custom_role.json.jbuilder),
 * with a later build's feature guard (first point):
 * - `ensure_custom_roles_feature_enabled` runs first: in an account without the `custom_roles`
 *   feature every action answers 401 (Pundit's error). The controller at fd5ac2a8a has no such
 *   guard; a later upstream controller adds it, and the sandbox plays it so that a program's
 *   handling of a switched-off flag can be tested;
 * - every action is administrator-only; show, update and destroy use `find_by(id)` in the account,
 *   looked up before the role check: a missing or foreign id renders, updates or destroys nil, a 500;
 * - `params.require(:custom_role).permit(:name, :description, permissions: [])`;
 * - validations: ApplicationRecord's length limits (column-lengths.ts: name and description are
 *   string columns, 255 characters), name presence ("Name can't be blank") and each permission in
 *   CustomRole::PERMISSIONS ("Permissions is not included in the list"), 422 RecordInvalid;
 * - permissions are a text array, stored as given (order and repeats kept; default []);
 * - deleting a role takes it from the agents who had it (`has_many :account_users, dependent:
 *   :nullify`): their `custom_role_id` is null again.
 */
import { CUSTOM_ROLE_PERMISSIONS } from "../../../provider/wire/custom-role";
import { internalError } from "../errors";
import { castString, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK } from "../record-errors";
import type { CustomRoleRecord } from "../state";
import { accountTable } from "./account-table";
import { columnLengthErrors, type TextColumn } from "./column-lengths";

const COLUMNS = ["id", "name", "description", "permissions", "account_id", "created_at", "updated_at"];

const TEXT_COLUMNS: Record<string, TextColumn> = { name: "string", description: "string" };

const PERMIT: PermitFilter = { name: "scalar", description: "scalar", permissions: "scalars" };

type Draft = Omit<CustomRoleRecord, "name"> & { name: string | null };

/** The account's custom roles, in id order; looked up with `find_by` (see {@link existingCustomRole}). */
export const customRoles = accountTable<CustomRoleRecord, Draft>({
  rows: (state) => state.customRoles,
  sequence: "custom_roles",
  param: "custom_role",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => {
    const now = new Date().toISOString();
    return { id: 0, account_id: account.id, name: null, description: null, permissions: [], created_at: now, updated_at: now };
  },
  assign,
  save,
  destroyed(state, role) {
    for (const user of state.users.values()) {
      for (const membership of user.memberships) if (membership.custom_role_id === role.id) membership.custom_role_id = null;
    }
  },
  touch: true,
});

/** The role for show, update and destroy: nil is a method call on nil, a 500. */
export function existingCustomRole(role: CustomRoleRecord | undefined): CustomRoleRecord {
  if (!role) throw internalError();
  return role;
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
  const errors = columnLengthErrors(draft, TEXT_COLUMNS);
  if (draft.name === null || draft.name.trim() === "") errors.add("name", CANT_BE_BLANK);
  // Rails' inclusion validator checks each element of an array value.
  if (!draft.permissions.every((p) => (CUSTOM_ROLE_PERMISSIONS as readonly string[]).includes(p))) errors.add("permissions", "is not included in the list");
  errors.raiseIfAny();
  return { ...draft, name: draft.name as string };
}

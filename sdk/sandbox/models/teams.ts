/**
 * Teams, as upstream at fd5ac2a8a has them (app/controllers/api/v1/accounts/teams_controller.rb,
 * app/models/team.rb, app/policies/team_policy.rb, app/views/api/v1/models/_team.json.jbuilder):
 * - index and show are open to every member; create, update and destroy are administrator-only;
 *   show/update/destroy look the team up first, so another account's or an unknown id is 404
 *   before the role check;
 * - `params.require(:team)` after JSON wrapping; permitted: name, description, allow_auto_assign;
 * - ApplicationRecord's length limits (column-lengths.ts) come first;
 * - the name is lower-cased before validation (when present), so "Sales" is stored as "sales";
 *   then presence ("must not be blank") and uniqueness per account; 422 RecordInvalid on create
 *   and update;
 * - `allow_auto_assign` defaults to true and is a nullable boolean (an explicit null is kept);
 * - the list is in id order (no ORDER BY upstream);
 * - destroying a team destroys its TeamMember rows (`dependent: :destroy_async`) and detaches
 *   its conversations (there are none here).
 */
import { castBoolean, castString, type Params, type PermitFilter } from "../params";
import { MUST_NOT_BE_BLANK, TAKEN } from "../record-errors";
import type { SandboxState, TeamRecord } from "../state";
import { accountTable } from "./account-table";
import { columnLengthErrors, type TextColumn } from "./column-lengths";
import { takenInAccount } from "./uniqueness";

const COLUMNS = ["id", "name", "description", "allow_auto_assign", "account_id", "created_at", "updated_at"];
const TEXT_COLUMNS: Record<string, TextColumn> = { name: "string", description: "text" };
const PERMIT: PermitFilter = { name: "scalar", description: "scalar", allow_auto_assign: "scalar" };

/** A team being assigned: the name may be nil until validation refuses it. */
type Draft = Omit<TeamRecord, "name"> & { name: string | null };

/** The account's teams, in id order (no ORDER BY upstream). Destroying one takes its memberships with it. */
export const teams = accountTable<TeamRecord, Draft>({
  rows: (state) => state.teams,
  sequence: "teams",
  param: "team",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => ({ id: 0, account_id: account.id, name: null, description: null, allow_auto_assign: true, member_ids: [] }),
  assign,
  save: validated,
});

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("name")) draft.name = castString(attributes.name);
  if (has("description")) draft.description = castString(attributes.description);
  if (has("allow_auto_assign")) draft.allow_auto_assign = castBoolean(attributes.allow_auto_assign);
  // before_validation: `name.downcase if attribute_present?('name')`.
  if (draft.name !== null && draft.name.trim() !== "") draft.name = draft.name.toLowerCase();
  return draft;
}

function validated(draft: Draft, state: SandboxState): TeamRecord {
  const errors = columnLengthErrors(draft, TEXT_COLUMNS);
  if ((draft.name ?? "").trim() === "") errors.add("name", MUST_NOT_BE_BLANK);
  if (takenInAccount(state.teams, draft as TeamRecord, "name")) errors.add("name", TAKEN);
  errors.raiseIfAny();
  return draft as TeamRecord; // validated: the name is present
}

/**
 * Team members, as upstream at fd5ac2a8a has them (app/controllers/api/v1/accounts/team_members_controller.rb,
 * app/models/team.rb `add_members`/`remove_members`, app/models/team_member.rb, app/policies/team_member_policy.rb,
 * app/views/api/v1/accounts/team_members/*.json.jbuilder); the list arithmetic is the inbox members' (member-lists.ts):
 * - the team is looked up first (another account's or unknown → 404), then TeamMemberPolicy
 *   (index: every member; create, update, destroy: administrators), 401 otherwise;
 * - then, for POST/PATCH/DELETE, `validate_member_id_params`: every `user_ids` entry's `to_i`
 *   must be a user of the account, else 401 `{"error":"Invalid User IDs"}`; a missing or
 *   non-list `user_ids` (or an entry without `to_i`, like true) is a 500. Unlike inbox members,
 *   users of other accounts are refused;
 * - POST adds `user_ids - current` with `team_members.create` (not `create!`): a row that fails
 *   uniqueness is skipped silently, yet its user is still in the answer, which lists the users of
 *   the rows it tried to create (so [2, "2"] for a new member answers user 2 twice);
 * - PATCH adds the missing ids, removes the unlisted ones, and answers every member;
 * - DELETE removes the listed ids (cast like a where clause) and answers an empty 200.
 */
import { unauthorized } from "../errors";
import { castInteger, rubyToInteger } from "../params";
import type { AccountRecord, SandboxState, TeamRecord, UserRecord } from "../state";
import { membershipChange, userIdList, withoutIds } from "./member-lists";

/** `@team.team_members.map(&:user)`: the members in row order. */
export function teamMembersOf(state: SandboxState, team: TeamRecord): UserRecord[] {
  return team.member_ids.flatMap((id) => state.users.get(id) ?? []);
}

/** POST: the users of the rows it tried to create. */
export function addTeamMembers(state: SandboxState, account: AccountRecord, team: TeamRecord, userIds: unknown): UserRecord[] {
  const ids = validUserIds(state, account, userIds);
  return createRows(state, team, membershipChange(team.member_ids, ids, false).toAdd);
}

/** PATCH: adds the missing ids, then removes the unlisted ones. */
export function replaceTeamMembers(state: SandboxState, account: AccountRecord, team: TeamRecord, userIds: unknown): void {
  const change = membershipChange(team.member_ids, validUserIds(state, account, userIds), true);
  createRows(state, team, change.toAdd);
  team.member_ids = team.member_ids.filter((id) => !change.toRemove.includes(id));
}

/** DELETE: `remove_members(params[:user_ids])`. */
export function removeTeamMembers(state: SandboxState, account: AccountRecord, team: TeamRecord, userIds: unknown): void {
  team.member_ids = withoutIds(team.member_ids, validUserIds(state, account, userIds));
}

/** `validate_member_id_params`: `user_ids.map(&:to_i) - account.user_ids` must be empty. */
function validUserIds(state: SandboxState, account: AccountRecord, userIds: unknown): unknown[] {
  const list = userIdList(userIds);
  const invalid = list.map(rubyToInteger).filter((id) => {
    const user = state.users.get(id);
    return !user || state.roleOf(user, account.id) === undefined;
  });
  if (invalid.length > 0) throw unauthorized("Invalid User IDs");
  return list;
}

/** `team_members.create([...])`: invalid rows are not saved, but each row's user is returned. */
function createRows(state: SandboxState, team: TeamRecord, toAdd: readonly unknown[]): UserRecord[] {
  const users: UserRecord[] = [];
  for (const raw of toAdd) {
    const userId = castInteger(raw);
    const user = userId === null ? undefined : state.users.get(userId);
    if (!user) continue;
    users.push(user);
    if (!team.member_ids.includes(user.id)) team.member_ids.push(user.id);
  }
  return users;
}

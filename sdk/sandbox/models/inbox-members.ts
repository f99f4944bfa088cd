/**
 * Inbox members (research section 7), as upstream at fd5ac2a8a has them
 * (app/controllers/api/v1/accounts/inbox_members_controller.rb, app/models/inbox_member.rb, app/models/inbox.rb
 * `add_members`/`remove_members`, app/policies/inbox_policy.rb, app/views/api/v1/accounts/inbox_members/*.json.jbuilder):
 * - the inbox is found in the account first (missing, null or foreign → 404), then InboxPolicy
 *   decides (show: administrators or members; add/replace/remove: administrators), 401 otherwise;
 * - POST adds the ids not yet members, PATCH replaces the set (adds first, then removes), DELETE
 *   removes and silently ignores ids that are not members;
 * - the add/remove difference compares ids as sent, so a string id of a member is "new" and then
 *   fails uniqueness; each InboxMember row validates presence, uniqueness and that the user exists,
 *   and a failure rolls the whole request back (422 RecordInvalid);
 * - users of other accounts are added (upstream does not check) but never listed, since the
 *   payload is filtered to the account's users;
 * - a missing or non-list `user_ids` on POST/PATCH is Ruby's NoMethodError/TypeError, a 500.
 */
import { castInteger } from "../params";
import { RecordErrors } from "../record-errors";
import type { AccountRecord, InboxRecord, SandboxState, UserRecord } from "../state";
import { membershipChange, userIdList, withoutIds } from "./member-lists";

/** The account's users that are members of the inbox, by id. */
export function membersOf(state: SandboxState, account: AccountRecord, inbox: InboxRecord): UserRecord[] {
  return inbox.member_ids
    .map((id) => state.users.get(id))
    .filter((user): user is UserRecord => user !== undefined && state.roleOf(user, account.id) !== undefined)
    .sort((a, b) => a.id - b.id);
}

/** `@inbox.add_members(user_ids - current_member_ids)`. */
export function addMembers(state: SandboxState, inbox: InboxRecord, userIds: unknown): void {
  commit(state, inbox, membershipChange(inbox.member_ids, userIdList(userIds), false));
}

/** `update_agents_list`: add the missing ids, then remove the ones not listed. */
export function replaceMembers(state: SandboxState, inbox: InboxRecord, userIds: unknown): void {
  commit(state, inbox, membershipChange(inbox.member_ids, userIdList(userIds), true));
}

/** `inbox_members.where(user_id: ids).destroy_all`. */
export function removeMembers(inbox: InboxRecord, userIds: unknown): void {
  inbox.member_ids = withoutIds(inbox.member_ids, userIds);
}

/** Creates rows one by one (`create!`), then removes; any invalid row aborts the transaction. */
function commit(state: SandboxState, inbox: InboxRecord, change: { toAdd: unknown[]; toRemove: number[] }): void {
  const members = [...inbox.member_ids];
  for (const raw of change.toAdd) {
    const userId = castInteger(raw);
    const errors = new RecordErrors();
    if (userId === null) errors.add("user_id", "can't be blank");
    if (userId !== null && members.includes(userId)) errors.add("user_id", "has already been taken");
    if (userId === null || !state.users.has(userId)) errors.add("user", "must exist");
    errors.raiseIfAny();
    members.push(userId as number);
  }
  inbox.member_ids = members.filter((id) => !change.toRemove.includes(id));
}

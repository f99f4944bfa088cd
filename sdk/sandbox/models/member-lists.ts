/**
 * The member-list arithmetic that inbox members and team members share: both controllers take
 * `user_ids`, add `user_ids - current` (POST), also remove `current - user_ids` (PATCH, replace),
 * and remove with `where(user_id: user_ids).destroy_all` (DELETE). Ruby's `Array#-` compares
 * values as sent, so a string "3" is not the member 3: it is added again (and fails
 * uniqueness) and, on PATCH, member 3 is removed.
 */
import { internalError } from "../errors";
import { castInteger } from "../params";

/** `params[:user_ids]` where the controller calls an Array method on it: anything else (nil, a scalar) is a 500. */
export function userIdList(userIds: unknown): unknown[] {
  if (!Array.isArray(userIds)) throw internalError();
  return userIds;
}

/** What an add (POST) or a replace (PATCH) changes: ids to add as sent, member ids to remove. */
export function membershipChange(current: readonly number[], requested: readonly unknown[], replace: boolean): { toAdd: unknown[]; toRemove: number[] } {
  const toAdd = requested.filter((value) => !current.includes(value as number));
  const toRemove = replace ? current.filter((id) => !requested.includes(id)) : [];
  return { toAdd, toRemove };
}

/** `members.where(user_id: ids).destroy_all`: the where clause casts each id; unknown ids match nothing. */
export function withoutIds(current: readonly number[], userIds: unknown): number[] {
  const listed = Array.isArray(userIds) ? userIds : [userIds];
  const ids = new Set(listed.map(castInteger).filter((id): id is number => id !== null));
  return current.filter((id) => !ids.has(id));
}

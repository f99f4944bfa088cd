import { z } from "zod";
import { defineMembershipResource } from "../lifecycle/membership";
import type { MemberAgent } from "../wire/agent";
import { accountPath } from "../wire/paths";
import { accountId, allowEmpty, exclusive, objectId, refuseAccidentalEmpty, userIds } from "../validation/fields";

export const TeamMembershipInputs = z.strictObject({
  /** Account that owns the team. Defaults to `chatwoot:accountId`. Changing it replaces the membership. */
  accountId,
  /** The team whose members are managed (e.g. a `Team`'s `id`). Changing it replaces the membership. */
  teamId: objectId,
  /**
   * Users of the account who are members of the team, each listed once (order does not matter).
   * Without `exclusive`, other members of the team are left alone.
   */
  userIds,
  /**
   * `true`: the team holds exactly `userIds`, anyone else is removed. Default `false`: only the
   * listed users are added and, when they leave the list or the resource is deleted, removed.
   */
  exclusive,
  /**
   * With `exclusive: true`, an empty `userIds` removes every member of the team. That is refused
   * (a list that came out empty by mistake would empty the team) unless `allowEmpty: true` says it
   * is meant. Without `exclusive` it changes nothing.
   */
  allowEmpty,
}).superRefine(refuseAccidentalEmpty("team"));
export type TeamMembershipInputs = z.input<typeof TeamMembershipInputs>;

/** A member of a team as the `agents` output holds it (camelCase; other keys a server sends are kept). */
export type TeamAgent = MemberAgent;

/**
 * The members of a team (`/teams/{id}/team_members`); id: `accountId/teamId`. The same contract as
 * inbox membership. Upstream differences: the team is in the path; a POST answers with the users
 * it added only (not the whole list); user ids that are not users of the account are refused as a
 * whole with 401 "Invalid User IDs"; deleting the team deletes its members, after which the
 * membership reads as gone.
 */
export const teamMembership = defineMembershipResource({
  inputs: TeamMembershipInputs,
  parentKey: "teamId",
  parentNoun: "team",
  listPath: (t) => accountPath(t.accountId, "teams", t.parentId, "team_members"),
  writePath: (t) => accountPath(t.accountId, "teams", t.parentId, "team_members"),
  body: (_t, ids) => ({ user_ids: ids }),
  postAnswers: "added",
});

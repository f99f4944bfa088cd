import { z } from "zod";
import { defineMembershipResource } from "../lifecycle/membership";
import type { MemberAgent } from "../wire/agent";
import { accountPath } from "../wire/paths";
import { accountId, allowEmpty, exclusive, objectId, refuseAccidentalEmpty, userIds } from "../validation/fields";

/** The checks of `TeamMembershipArgs` (sdk/team-membership.ts, where each argument is documented). */
export const TeamMembershipInputs = z.strictObject({
  accountId,
  teamId: objectId,
  userIds,
  exclusive,
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
  parentPath: (t) => accountPath(t.accountId, "teams", t.parentId),
  writePath: (t) => accountPath(t.accountId, "teams", t.parentId, "team_members"),
  body: (_t, ids) => ({ user_ids: ids }),
  postAnswers: "added",
});

import { z } from "zod";
import { notFoundOrMissing } from "../lifecycle/feature-gate";
import { capacityFeature } from "./agent-capacity-policy";
import { defineMembershipResource } from "../lifecycle/membership";
import type { MemberAgent } from "../wire/agent";
import { accountPath } from "../wire/paths";
import { accountId, allowEmpty, exclusive, objectId, refuseAccidentalEmpty, userIds } from "../validation/fields";

/** The checks of `AgentCapacityPolicyUserArgs` (sdk/agent-capacity-policy-user.ts, where each argument is documented). */
export const AgentCapacityPolicyUserInputs = z
  .strictObject({
    accountId,
    policyId: objectId,
    userIds,
    exclusive,
    allowEmpty,
  })
  .superRefine(refuseAccidentalEmpty("capacity policy"));
export type AgentCapacityPolicyUserInputs = z.input<typeof AgentCapacityPolicyUserInputs>;

/** A user of a capacity policy as the `agents` output holds it (camelCase, without the tokens the `_user` partial carries). */
export type CapacityPolicyAgent = MemberAgent;

const usersPath = (t: { accountId: number; parentId: number }) => accountPath(t.accountId, "agent_capacity_policies", t.parentId, "users");

/**
 * The agents an agent capacity policy applies to (`/agent_capacity_policies/{id}/users`, Chatwoot
 * Enterprise); id: `accountId/policyId`. The membership contract, with upstream's differences: one
 * user per request (a POST of `{user_id}`, a DELETE of `users/{userId}`), no PATCH (an exclusive
 * membership removes the others one by one); an account user has at most one policy, so adding a
 * user moves them off any other, and a user moved away reads as drift; a user who is not a user of
 * the account is a 404; deleting the policy frees its users, after which the membership reads as gone.
 */
export const agentCapacityPolicyUser = defineMembershipResource({
  inputs: AgentCapacityPolicyUserInputs,
  parentKey: "policyId",
  parentNoun: "agent capacity policy",
  listPath: usersPath,
  parentPath: (t) => accountPath(t.accountId, "agent_capacity_policies", t.parentId),
  writePath: usersPath,
  body: (_t, ids) => ({ user_id: ids[0] }),
  postAnswers: "added",
  writes: "each",
  explainNotFound: (err, t) => notFoundOrMissing(err, t.accountId, capacityFeature, accountPath(t.accountId, "agent_capacity_policies")),
});

import { z } from "zod";
import { defineMembershipResource } from "../lifecycle/membership";
import { accountAgents } from "./agent";
import type { MemberAgent } from "../wire/agent";
import { accountPath } from "../wire/paths";
import { accountId, adopt, allowEmpty, exclusive, objectId, refuseAccidentalEmpty, userIds } from "../validation/fields";

/** The checks of `InboxMembershipArgs` (sdk/inbox-membership.ts, where each argument is documented). */
export const InboxMembershipInputs = z.strictObject({
  accountId,
  inboxId: objectId,
  userIds,
  exclusive,
  allowEmpty,
  adopt,
}).superRefine(refuseAccidentalEmpty("inbox"));
export type InboxMembershipInputs = z.input<typeof InboxMembershipInputs>;

/** A member of an inbox as the `agents` output holds it (camelCase; other keys a server sends are kept). */
export type InboxAgent = MemberAgent;

/**
 * The members of an inbox (`/inbox_members`); id: `accountId/inboxId`. Without `exclusive` only the
 * listed users are managed (added with POST, removed with DELETE); with it, the inbox holds exactly
 * those users (PATCH). The inbox travels in the body; GET, POST and PATCH answer with the full
 * member list after the change, so a create that only adds is one POST unless `adopt` asks to list
 * the members first.
 */
export const inboxMembership = defineMembershipResource({
  inputs: InboxMembershipInputs,
  parentKey: "inboxId",
  parentNoun: "inbox",
  listPath: (t) => accountPath(t.accountId, "inbox_members", t.parentId),
  parentPath: (t) => accountPath(t.accountId, "inboxes", t.parentId),
  writePath: (t) => accountPath(t.accountId, "inbox_members"),
  body: (t, ids) => ({ inbox_id: t.parentId, user_ids: ids }),
  postAnswers: "members",
  agents: accountAgents,
});

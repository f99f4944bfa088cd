import { z } from "zod";
import { defineMembershipResource } from "../lifecycle/membership";
import type { MemberAgent } from "../wire/agent";
import { accountPath } from "../wire/paths";
import { accountId, allowEmpty, exclusive, objectId, refuseAccidentalEmpty, userIds } from "../validation/fields";

export const InboxMembershipInputs = z.strictObject({
  /** Account that owns the inbox. Defaults to `chatwoot:accountId`. Changing it replaces the membership. */
  accountId,
  /** The inbox whose members are managed. Changing it replaces the membership. */
  inboxId: objectId,
  /**
   * Users of the account who are members of the inbox, each listed once (order does not matter).
   * Without `exclusive`, other members of the inbox are left alone.
   */
  userIds,
  /**
   * `true`: the inbox holds exactly `userIds`, anyone else is removed. Default `false`: only the
   * listed users are added and, when they leave the list or the resource is deleted, removed.
   */
  exclusive,
  /**
   * With `exclusive: true`, an empty `userIds` removes every member of the inbox. That is refused
   * (a list that came out empty by mistake would empty the inbox) unless `allowEmpty: true` says it
   * is meant. Without `exclusive` it changes nothing.
   */
  allowEmpty,
}).superRefine(refuseAccidentalEmpty("inbox"));
export type InboxMembershipInputs = z.input<typeof InboxMembershipInputs>;

/** A member of an inbox as the `agents` output holds it (camelCase; other keys a server sends are kept). */
export type InboxAgent = MemberAgent;

/**
 * The members of an inbox (`/inbox_members`); id: `accountId/inboxId`. Without `exclusive` only the
 * listed users are managed (added with POST, removed with DELETE); with it, the inbox holds exactly
 * those users (PATCH). The inbox travels in the body; GET, POST and PATCH answer with the full
 * member list after the change.
 */
export const inboxMembership = defineMembershipResource({
  inputs: InboxMembershipInputs,
  parentKey: "inboxId",
  parentNoun: "inbox",
  listPath: (t) => accountPath(t.accountId, "inbox_members", t.parentId),
  writePath: (t) => accountPath(t.accountId, "inbox_members"),
  body: (t, ids) => ({ inbox_id: t.parentId, user_ids: ids }),
  postAnswers: "members",
});

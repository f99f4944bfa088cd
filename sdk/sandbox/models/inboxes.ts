/**
 * Inboxes, read side (research section 6): account-scoped lookups (foreign or unknown id → 404),
 * then InboxPolicy#show? (administrators, or agents who are members; otherwise 401). Lists are
 * `policy_scope`d the same way and ordered by lower(name). Writes to inboxes are not modelled.
 */
import type { AccountCaller } from "../auth";
import { notAuthorizedAction, recordNotFound } from "../errors";
import { rowById, type AccountRecord, type InboxRecord, type SandboxState } from "../state";

/** `Current.account.inboxes.find(id)`. */
export function findInbox(state: SandboxState, account: AccountRecord, idParam: unknown): InboxRecord {
  const inbox = rowById(state.inboxes, idParam, account);
  if (!inbox) throw recordNotFound();
  return inbox;
}

/** InboxPolicy#show?: administrators, or agents assigned to the inbox. */
export function authorizeInboxShow(caller: AccountCaller, inbox: InboxRecord): void {
  if (caller.role !== "administrator" && !inbox.member_ids.includes(caller.user.id)) throw notAuthorizedAction();
}

/** `policy_scope(Inbox)` ordered by lower(name): everything for administrators, assigned inboxes for agents. */
export function inboxesVisibleTo(state: SandboxState, caller: AccountCaller): InboxRecord[] {
  return [...state.inboxes.values()]
    .filter((inbox) => inbox.account_id === caller.account.id)
    .filter((inbox) => caller.role === "administrator" || inbox.member_ids.includes(caller.user.id))
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
}

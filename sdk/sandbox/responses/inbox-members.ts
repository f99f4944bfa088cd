import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { addMembers, membersOf, removeMembers, replaceMembers } from "../models/inbox-members";
import { authorizeInboxShow, findInbox } from "../models/inboxes";
import type { InboxRecord } from "../state";
import { agentView } from "./agent-view";

/** `{payload: [agent, ...]}`: the whole member list after the change (the same in both modes). */
function membersPayload(call: AccountCall, inbox: InboxRecord): ApiResult {
  return ok({ payload: membersOf(call.state, call.account, inbox).map((user) => agentView(call, user)) });
}

/** POST, PATCH and DELETE carry `inbox_id` in the body; the lookup comes before the role check. */
function adminInbox(call: AccountCall): InboxRecord {
  const inbox = findInbox(call.state, call.account, call.params.inbox_id);
  requireAdministrator(call);
  return inbox;
}

export function show(call: AccountCall): ApiResult {
  const inbox = findInbox(call.state, call.account, call.path.inbox_id);
  authorizeInboxShow(call, inbox);
  return membersPayload(call, inbox);
}

export function create(call: AccountCall): ApiResult {
  const inbox = adminInbox(call);
  addMembers(call.state, inbox, call.params.user_ids);
  return membersPayload(call, inbox);
}

export function update(call: AccountCall): ApiResult {
  const inbox = adminInbox(call);
  replaceMembers(call.state, inbox, call.params.user_ids);
  return membersPayload(call, inbox);
}

export function destroy(call: AccountCall): ApiResult {
  removeMembers(adminInbox(call), call.params.user_ids);
  return EMPTY_OK;
}

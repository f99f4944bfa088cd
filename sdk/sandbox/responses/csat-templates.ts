import { ok, type AccountCall, type ApiResult } from "../call";
import { createTemplate, requireWhatsapp, templateStatus } from "../models/csat-templates";
import { authorizeInboxShow, findInbox } from "../models/inboxes";
import type { InboxRecord } from "../state";

/** `fetch_inbox` (404), `authorize @inbox, :show?` (401), then `validate_whatsapp_channel` (400). */
function inboxOf(call: AccountCall): InboxRecord {
  const inbox = findInbox(call.state, call.account, call.path.inbox_id ?? "");
  authorizeInboxShow(call, inbox);
  requireWhatsapp(inbox);
  return inbox;
}

/** GET /inboxes/:inbox_id/csat_template. */
export function show(call: AccountCall): ApiResult {
  return ok(templateStatus(call.state, inboxOf(call)));
}

/** POST /inboxes/:inbox_id/csat_template: 201. */
export function create(call: AccountCall): ApiResult {
  return { status: 201, body: createTemplate(call.state, inboxOf(call), call.params) };
}

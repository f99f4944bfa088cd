import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { epochSeconds } from "../columns";
import { internalError } from "../errors";
import { campaignByDisplayId, campaigns } from "../models/campaigns";
import { authorizeInboxShow, findInbox } from "../models/inboxes";
import type { CampaignRecord } from "../state";
import { agentView } from "./agent-view";
import { inboxView } from "./inboxes";

/**
 * The `_campaign` partial (app/views/api/v1/models/_campaign.json.jbuilder at fd5ac2a8a): `id` is
 * the display id; the inbox in full and the sender as an agent (`{}` without one); `scheduled_at`
 * (epoch seconds: `.to_i`) and `audience` only for one-off campaigns; `created_at` and
 * `updated_at` as the datetimes they are (ISO 8601 text, no `.to_i`).
 */
function campaignView(call: AccountCall, c: CampaignRecord) {
  const inbox = call.state.inboxes.get(c.inbox_id);
  const sender = c.sender_id === null ? undefined : call.state.users.get(c.sender_id);
  const oneOff = c.campaign_type === "one_off";
  return {
    id: c.display_id,
    title: c.title,
    description: c.description,
    account_id: c.account_id,
    inbox: inbox ? inboxView(inbox, { administrator: true, origin: call.origin }, call.state) : null,
    sender: sender ? agentView(call, sender) : {},
    message: c.message,
    template_params: c.template_params,
    campaign_status: c.campaign_status,
    enabled: c.enabled,
    campaign_type: c.campaign_type,
    ...(oneOff ? { scheduled_at: c.scheduled_at === null ? null : epochSeconds(c.scheduled_at), audience: c.audience } : {}),
    trigger_rules: c.trigger_rules,
    trigger_only_during_business_hours: c.trigger_only_during_business_hours,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** `authorize(Campaign)` runs before any lookup, on every action. */
function admin(call: AccountCall): AccountCall {
  requireAdministrator(call);
  return call;
}

/** `find_by(display_id:)`: nil, and the action calling a method on it, is a 500. */
function found(call: AccountCall): CampaignRecord {
  const campaign = campaignByDisplayId(call.state, call.account, call.path.id ?? "");
  if (!campaign) throw internalError();
  return campaign;
}

/** A bare array, in id order. */
export function index(call: AccountCall): ApiResult {
  return ok(campaigns.of(admin(call).state, call.account).map((c) => campaignView(call, c)));
}

export function show(call: AccountCall): ApiResult {
  return ok(campaignView(call, found(admin(call))));
}

export function create(call: AccountCall): ApiResult {
  return ok(campaignView(call, campaigns.create(admin(call).state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  return ok(campaignView(call, campaigns.update(call.state, found(admin(call)), call)));
}

/** `destroy!` and `head :ok`. */
export function destroy(call: AccountCall): ApiResult {
  campaigns.destroy(call.state, found(admin(call)));
  return EMPTY_OK;
}

/** `GET /inboxes/:id/campaigns`: `fetch_inbox` (404, then `show?`), then `campaigns?` (administrators); the inbox's campaigns in id order. */
export function ofInbox(call: AccountCall): ApiResult {
  const inbox = findInbox(call.state, call.account, call.path.id ?? "");
  authorizeInboxShow(call, inbox);
  requireAdministrator(call);
  return ok(campaigns.of(call.state, call.account).filter((c) => c.inbox_id === inbox.id).map((c) => campaignView(call, c)));
}

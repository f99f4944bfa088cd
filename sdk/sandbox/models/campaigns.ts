/**
 * Campaigns, as upstream at fd5ac2a8a has them (app/controllers/api/v1/accounts/campaigns_controller.rb,
 * app/models/campaign.rb, app/policies/campaign_policy.rb, app/views/api/v1/models/_campaign.json.jbuilder,
 * db/schema.rb; an inbox's list: InboxesController#campaigns, app/views/api/v1/accounts/inboxes/campaigns.json.jbuilder):
 * - every action is administrator-only, checked on the class before any lookup (agents get 401
 *   even for unknown ids);
 * - the path's id is the campaign's `display_id`, a per-account sequence (`camp_dpid_seq_<account>`,
 *   never reused); show, update and destroy use `find_by(display_id:)`, so an unknown one is nil
 *   and the action a 500 (upstream issue #15802);
 * - `params.require(:campaign).permit(:title, :description, :message, :enabled,
 *   :trigger_only_during_business_hours, :inbox_id, :sender_id, :scheduled_at, audience: [:type, :id],
 *   trigger_rules: {}, template_params: {})`; `campaign_type` is not permitted;
 * - `ensure_correct_campaign_attributes`: an SMS or WhatsApp inbox makes the campaign `one_off` with
 *   `scheduled_at ||= now`, any other `ongoing` with `scheduled_at = nil`;
 * - validations: presence of inbox, title and message ("can't be blank"); the inbox must be a website,
 *   SMS or WhatsApp inbox ("Inbox Unsupported Inbox type") of the account; a website campaign's
 *   `trigger_rules.url`, when given, starts with http:// or https:// ("Url invalid"); the sender is a
 *   user of the account; a completed campaign takes no update ("Status The campaign is already
 *   completed"); 422 RecordInvalid;
 * - columns: `trigger_rules` defaults to `{}`, `audience` to `[]`, `template_params` (any hash) to nil;
 * - `GET /inboxes/:id/campaigns`: the inbox (404, then InboxPolicy#show?: 401 for an agent not in
 *   it), then administrators only; a bare array of the inbox's campaigns;
 * - the sandbox sends nothing: a one-off campaign stays active unless a fixture marks it completed.
 */
import { internalError } from "../errors";
import { castBoolean, castInteger, castString, isHash, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors } from "../record-errors";
import type { AccountRecord, CampaignRecord, SandboxState } from "../state";
import { accountTable } from "./account-table";

const COLUMNS = [
  "id", "title", "description", "message", "enabled", "trigger_only_during_business_hours", "trigger_rules", "audience", "template_params",
  "campaign_status", "campaign_type", "scheduled_at", "display_id", "account_id", "inbox_id", "sender_id", "created_at", "updated_at",
];

const PERMIT: PermitFilter = {
  title: "scalar", description: "scalar", message: "scalar", enabled: "scalar", trigger_only_during_business_hours: "scalar",
  inbox_id: "scalar", sender_id: "scalar", scheduled_at: "scalar", audience: { type: "scalar", id: "scalar" }, trigger_rules: "hash", template_params: "hash",
};

/** Channel types and the `inbox_type` names upstream's campaign rules use. */
const INBOX_TYPES: Record<string, string> = { "Channel::WebWidget": "Website", "Channel::Sms": "Sms", "Channel::Whatsapp": "Whatsapp" };
const ONE_OFF_INBOXES = new Set(["Sms", "Whatsapp"]);

type Draft = Omit<CampaignRecord, "title" | "message" | "inbox_id"> & { title: string | null; message: string | null; inbox_id: number | null };

/** The account's campaigns, in id order; a new one takes the account's next display id. */
export const campaigns = accountTable<CampaignRecord, Draft>({
  rows: (state) => state.campaigns,
  sequence: "campaigns",
  param: "campaign",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => {
    const now = new Date().toISOString();
    return {
      id: 0, account_id: account.id, display_id: 0, inbox_id: null, title: null, message: null, description: null, enabled: true, sender_id: null,
      trigger_rules: {}, trigger_only_during_business_hours: false, audience: [], template_params: null, campaign_type: "ongoing", campaign_status: "active",
      scheduled_at: null, created_at: now, updated_at: now,
    };
  },
  assign,
  save,
  created: (state, row) => void (row.display_id = state.nextCampaignDisplayId(row.account_id)),
  touch: true,
});

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("title")) draft.title = castString(attributes.title);
  if (has("description")) draft.description = castString(attributes.description);
  if (has("message")) draft.message = castString(attributes.message);
  if (has("enabled")) draft.enabled = castBoolean(attributes.enabled) ?? true;
  if (has("trigger_only_during_business_hours")) draft.trigger_only_during_business_hours = castBoolean(attributes.trigger_only_during_business_hours) ?? false;
  if (has("inbox_id")) draft.inbox_id = castInteger(attributes.inbox_id);
  if (has("sender_id")) draft.sender_id = castInteger(attributes.sender_id);
  if (has("scheduled_at")) draft.scheduled_at = scheduledAt(attributes.scheduled_at);
  if (has("trigger_rules")) draft.trigger_rules = isHash(attributes.trigger_rules) ? structuredClone(attributes.trigger_rules) : {};
  if (has("audience")) draft.audience = Array.isArray(attributes.audience) ? (structuredClone(attributes.audience) as Params[]) : null;
  if (has("template_params")) draft.template_params = isHash(attributes.template_params) ? structuredClone(attributes.template_params) : null;
  return draft;
}

/** A datetime column: ISO 8601 text (or epoch seconds) to the instant; anything else nil. */
function scheduledAt(value: unknown): string | null {
  const ms = typeof value === "number" ? value * 1000 : typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? new Date(Math.floor(ms / 1000) * 1000).toISOString() : null;
}

/** The inbox's `inbox_type`, or undefined for a missing inbox. */
function inboxTypeOf(state: SandboxState, inboxId: number | null): string | undefined {
  const inbox = inboxId === null ? undefined : state.inboxes.get(inboxId);
  return inbox ? (INBOX_TYPES[inbox.channel_type] ?? inbox.channel_type) : undefined;
}

function save(draft: Draft, state: SandboxState): CampaignRecord {
  const stored = draft.id === 0 ? undefined : state.campaigns.get(draft.id);
  const inbox = draft.inbox_id === null ? undefined : state.inboxes.get(draft.inbox_id);
  const type = inboxTypeOf(state, draft.inbox_id);
  // before_validation: the inbox decides the campaign's type.
  if (type !== undefined && ONE_OFF_INBOXES.has(type)) {
    draft.campaign_type = "one_off";
    draft.scheduled_at ??= new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
  } else if (type !== undefined) {
    draft.campaign_type = "ongoing";
    draft.scheduled_at = null;
  }
  const errors = new RecordErrors();
  if (!inbox) errors.add("inbox", "must exist");
  if (draft.inbox_id === null) errors.add("inbox_id", CANT_BE_BLANK);
  if (!draft.title?.trim()) errors.add("title", CANT_BE_BLANK);
  if (!draft.message?.trim()) errors.add("message", CANT_BE_BLANK);
  if (type !== undefined && type !== "Website" && !ONE_OFF_INBOXES.has(type)) errors.add("inbox", "Unsupported Inbox type");
  const url = draft.trigger_rules.url;
  if (typeof url === "string" && type === "Website" && !/^https?:\/\//.test(url)) errors.add("url", "invalid");
  if (stored?.campaign_status === "completed") errors.add("status", "The campaign is already completed");
  if (draft.sender_id !== null && !memberOf(state, draft.account_id, draft.sender_id)) errors.add("sender_id", "must belong to the same account as the campaign");
  if (inbox && inbox.account_id !== draft.account_id) errors.add("inbox_id", "must belong to the same account as the campaign");
  errors.raiseIfAny();
  if (draft.title === null || draft.message === null) throw internalError(); // NOT NULL
  return draft as CampaignRecord;
}

/** `account.users.exists?(id:)`; an unknown user id is no sender at all (`belongs_to optional`), so only a known one is checked. */
function memberOf(state: SandboxState, accountId: number, userId: number): boolean {
  const user = state.users.get(userId);
  return user === undefined ? true : user.memberships.some((m) => m.account_id === accountId);
}

/** `Current.account.campaigns.find_by(display_id:)`: undefined when missing. */
export function campaignByDisplayId(state: SandboxState, account: AccountRecord, displayId: string): CampaignRecord | undefined {
  return campaigns.of(state, account).find((c) => String(c.display_id) === displayId);
}

const THREE_DAYS_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * TriggerScheduledItemsJob with nothing sent: every active one-off campaign scheduled in the last
 * three days up to `nowMs` is marked completed, as the one-off services do once done. Answers the
 * row ids it completed.
 */
export function runScheduledCampaigns(state: SandboxState, nowMs: number): number[] {
  const done: number[] = [];
  for (const c of state.campaigns.values()) {
    const at = c.scheduled_at === null ? NaN : Date.parse(c.scheduled_at);
    if (c.campaign_type !== "one_off" || c.campaign_status !== "active" || !(at <= nowMs && at >= nowMs - THREE_DAYS_MS)) continue;
    c.campaign_status = "completed";
    done.push(c.id);
  }
  return done;
}

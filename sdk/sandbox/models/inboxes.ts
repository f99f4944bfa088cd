/**
 * Inboxes (research section 6; upstream InboxesController, Inbox, InboxPolicy), behaving like
 * current upstream:
 * - lookups are account-scoped (foreign or unknown id → 404), then InboxPolicy#show? (administrators,
 *   or agents who are members; otherwise 401); create, update, destroy and set_agent_bot are for
 *   administrators (401 otherwise), checked after the lookup;
 * - lists are `policy_scope`d the same way and ordered by lower(name);
 * - create takes `{name, channel: {type, ...channel fields}, ...settings}` for the types of
 *   `allowed_channel_types`: web_widget, api (models/inbox-channels.ts), email, telegram, line, sms
 *   and whatsapp (models/credentialed-channels.ts, third parties answering as they do for working
 *   credentials). A missing `channel` is `nil[:type]`, a 500; any other type leaves the inbox
 *   without a channel: 422 "Channel must exist". A Telegram inbox without a name takes its bot's.
 *   `working_hours` is not read on create: new inboxes get the default week
 *   (models/working-hours.ts), and a PATCH sets other hours. `csat_config` is stored as sent;
 * - update applies, in upstream's order and without a transaction around them: the settings
 *   (`update!`, 422 on invalid; a present `csat_config` through `format_csat_config`, which fills
 *   every key left out with its default and drops a template not sent), then `working_hours` (per
 *   day, invalid days silently skipped), then the channel fields (`update!`, 422; for an e-mail
 *   inbox the mail-server check first, whose 422 comes after the channel update is applied). A
 *   later failure leaves the earlier parts applied. A `type` key under `channel` is permitted but
 *   is no channel attribute: UnknownAttributeError, a 500;
 * - `portal_id` is `belongs_to :portal, optional: true`: any portal of the installation (another
 *   account's too, as upstream does not scope it); an id no portal has violates the foreign key, a
 *   500. The view shows the portal as `help_center {name, slug}` only, while it exists;
 * - settings' rules: name present and, for web-widget, API and email inboxes, free of < > / \ @ and
 *   neither starting nor ending with a symbol (upstream before its name sanitizer; Ruby's \b is
 *   ASCII, so a name ending in "é" is refused too); timezone an IANA identifier (models/timezones.ts);
 *   greeting and out-of-office messages at most 10000 characters; auto_assignment_config's
 *   max_assignment_limit blank or a positive integer on an Enterprise server (community's
 *   `ensure_valid_max_assignment_limit` is empty; `enterprise/app/models/enterprise/inbox.rb` fills it). Top-level "null" strings are nil
 *   (upstream's workaround for a frontend bug). `avatar` is permitted upstream but not modelled
 *   (dropped);
 * - set_agent_bot takes `{agent_bot: id}` (a bot of this account or a global one, otherwise 404;
 *   servers before `AgentBot.accessible_to` took any bot id) or a null/false/absent `agent_bot`, which
 *   removes the bot; the bot is looked up before the role check;
 * - destroy queues upstream's DeleteObjectJob (see requestInboxDeletion); the job deletes the inbox
 *   with its members, working hours and bot link, and unlinks portals.
 */
import type { AccountCaller } from "../auth";
import { internalError, notAuthorizedAction, recordNotFound } from "../errors";
import { unlinkInbox } from "./assignment-policies";
import { unlinkInboxFromCaptain } from "./captain";
import { InboxFixture } from "../fixture";
import type { Edition } from "../options";
import { castEnum, castInteger, castString, isHash, isPresent, permit, rubyToInteger, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors } from "../record-errors";
import { rowById, type AccountRecord, type AgentBotRecord, type InboxRecord, type SandboxState } from "../state";
import { mailServerCheck } from "./credentialed-channels";
import { CSAT_CONFIG_PERMIT, formatCsatConfig } from "./csat-config";
import type { ChannelKind } from "./channel-kind";
import { channelForRequestType, channelOf, flag } from "./inbox-channels";
import { isTimezoneIdentifier } from "./timezones";
import { defaultWorkingHours, updateWorkingHours } from "./working-hours";

/** `inbox_attributes` (the sandbox's subset). */
const INBOX_PERMIT: PermitFilter = {
  name: "scalar",
  greeting_enabled: "scalar",
  greeting_message: "scalar",
  enable_email_collect: "scalar",
  csat_survey_enabled: "scalar",
  enable_auto_assignment: "scalar",
  working_hours_enabled: "scalar",
  out_of_office_message: "scalar",
  timezone: "scalar",
  allow_messages_after_resolved: "scalar",
  lock_to_single_conversation: "scalar",
  sender_name_type: "scalar",
  business_name: "scalar",
  auto_assignment_config: { max_assignment_limit: "scalar" },
  portal_id: "scalar",
  csat_config: CSAT_CONFIG_PERMIT,
};

const BOOLEAN_SETTINGS = ["greeting_enabled", "enable_email_collect", "csat_survey_enabled", "enable_auto_assignment", "working_hours_enabled", "allow_messages_after_resolved", "lock_to_single_conversation"] as const;
const MESSAGE_MAX_LENGTH = 10_000;
/** `%r{^^\b[^/\\<>@]*\b$}` with `multiline: true`: some line of the name must match. */
const NAME_FORMAT = /^\b[^/\\<>@]*\b$/m;
const NAME_FORMAT_MESSAGE = "should not start or end with symbols, and it should not have < > / \\ @ characters.";
const NAMED_CHANNELS = new Set(["Channel::Email", "Channel::Api", "Channel::WebWidget"]);

/** `Current.account.inboxes.find(id)`; a lookup also counts down a queued deletion (see requestInboxDeletion). */
export function findInbox(state: SandboxState, account: AccountRecord, idParam: unknown): InboxRecord {
  const inbox = rowById(state.inboxes, idParam, account);
  if (!inbox) throw recordNotFound();
  const left = state.pendingInboxDeletions.get(inbox.id);
  if (left === 0) {
    deleteInbox(state, inbox);
    throw recordNotFound();
  }
  if (left !== undefined) state.pendingInboxDeletions.set(inbox.id, left - 1);
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

/** POST /inboxes: the channel, then the inbox, in one transaction; new tokens come from the secret book. */
export function createInbox(state: SandboxState, account: AccountRecord, params: Params, edition: Edition): InboxRecord {
  const request = nullStrings(params);
  const channelParams = request.channel;
  if (!isHash(channelParams)) throw internalError(); // permitted_params[:channel][:type] on nil
  const kind = channelForRequestType(channelParams.type);
  const draft: InboxRecord = {
    ...InboxFixture.parse({ id: 1, account_id: account.id, name: "", channel_type: kind?.channelType ?? "Channel::Api" }),
    channel_id: 0,
    working_hours: defaultWorkingHours(),
    website_token: null,
    hmac_token: null,
    inbox_identifier: null,
    forward_to_email: null,
    channel_credentials: {},
  };
  if (kind) {
    kind.assign(draft, permit(channelParams, kind.permit), state);
    const channelErrors = new RecordErrors();
    kind.create?.(draft, channelErrors);
    kind.validate(draft, channelErrors, state);
    channelErrors.raiseIfAny();
  }
  // `inbox_name(channel)`: a Telegram inbox is named after its bot, unless the request names it.
  draft.name = draft.bot_name ?? "";
  const attributes = permit(request, INBOX_PERMIT);
  assignSettings(state, draft, attributes);
  if (Object.hasOwn(attributes, "csat_config")) draft.csat_config = attributes.csat_config as Params;
  const errors = validateSettings(draft, kind !== undefined, edition);
  if (!kind) {
    errors.add("channel", "must exist");
    throw errors.toRecordInvalid();
  }
  errors.raiseIfAny();
  return commitNewInbox(state, draft, kind);
}

/** PATCH /inboxes/{id}: settings, then working hours, then channel fields; each step commits on its own. */
export function updateInbox(state: SandboxState, inbox: InboxRecord, params: Params, edition: Edition): InboxRecord {
  const request = nullStrings(params);
  const settings = { ...inbox };
  const attributes = permit(request, INBOX_PERMIT);
  assignSettings(state, settings, attributes);
  if (isPresent(attributes.csat_config)) settings.csat_config = formatCsatConfig(attributes.csat_config as Params);
  validateSettings(settings, true, edition).raiseIfAny();
  Object.assign(inbox, settings);
  // `if params[:working_hours]`: Ruby truthiness (an empty list still runs, and changes nothing).
  if (request.working_hours !== undefined && request.working_hours !== null && request.working_hours !== false) {
    inbox.working_hours = updateWorkingHours(inbox.working_hours, request.working_hours);
  }
  const kind = channelOf(inbox);
  const channelParams = isHash(request.channel) ? permit(request.channel, { type: "scalar", ...kind?.permit }) : {};
  if (!kind || !isPresent(channelParams)) return inbox;
  if (Object.hasOwn(channelParams, "type")) throw internalError();
  // validate_and_update_email_channel renders its 422 and returns; the channel update still runs.
  const refused = kind.channelType === "Channel::Email" ? mailServerCheck(channelParams) : undefined;
  const channel = { ...inbox, channel_credentials: { ...inbox.channel_credentials }, provider_config: { ...inbox.provider_config } };
  kind.assign(channel, channelParams, state);
  const errors = new RecordErrors();
  kind.validate(channel, errors, state);
  errors.raiseIfAny();
  Object.assign(inbox, channel);
  if (refused) throw refused;
  return inbox;
}

/** `AgentBot.accessible_to(Current.account).find(params[:agent_bot]) if params[:agent_bot]`; null means "remove". */
export function findAssignableBot(state: SandboxState, account: AccountRecord, botParam: unknown): AgentBotRecord | null {
  if (botParam === undefined || botParam === null || botParam === false) return null;
  if (typeof botParam === "object") throw internalError(); // find([..]) returns a list, not a bot
  const bot = rowById(state.agentBots, botParam);
  if (!bot || (bot.account_id !== null && bot.account_id !== account.id)) throw recordNotFound();
  return bot;
}

/** The inbox's AgentBotInbox row: set, replaced or removed. */
export function setInboxBot(inbox: InboxRecord, bot: AgentBotRecord | null): void {
  inbox.agent_bot_id = bot?.id ?? null;
}

/** `@inbox.agent_bot` (a bot deleted since is gone with its AgentBotInbox row). */
export function botOf(state: SandboxState, inbox: InboxRecord): AgentBotRecord | null {
  return inbox.agent_bot_id === null ? null : (state.agentBots.get(inbox.agent_bot_id) ?? null);
}

/**
 * DELETE: newer servers queue DeleteObjectJob and answer at once. Deterministic here: with the
 * state's `inboxDeletionLag` at 0 (the default) the job has run before the answer; with N > 0 the
 * next N lookups of the inbox by id (show, update, set_agent_bot, agent_bot, destroy, inbox
 * members) still find it, and the lookup after them runs the job and answers 404. Lists show
 * the inbox until then. A DELETE of an inbox already queued answers the same and queues nothing new.
 */
export function requestInboxDeletion(state: SandboxState, inbox: InboxRecord): void {
  if (state.pendingInboxDeletions.has(inbox.id)) return;
  if (state.inboxDeletionLag === 0) deleteInbox(state, inbox);
  else state.pendingInboxDeletions.set(inbox.id, state.inboxDeletionLag);
}

/**
 * DeleteObjectJob: the row goes with its members, hours, bot link, assignment policy link, Captain link, webhooks,
 * campaigns and integration hooks (`has_many :webhooks`, `:campaigns` and `:hooks`, `dependent:
 * :destroy_async`) and its capacity limits (Enterprise's `has_many :inbox_capacity_limits,
 * dependent: :destroy`); linked portals are unlinked.
 */
function deleteInbox(state: SandboxState, inbox: InboxRecord): void {
  state.inboxes.delete(inbox.id);
  state.pendingInboxDeletions.delete(inbox.id);
  for (const rows of [state.webhooks, state.campaigns, state.integrationHooks, state.inboxCapacityLimits]) {
    for (const [id, row] of rows) if (row.inbox_id === inbox.id) rows.delete(id);
  }
  for (const portal of state.portals.values()) if (portal.inbox_id === inbox.id) portal.inbox_id = null;
  unlinkInbox(state, inbox.id);
  unlinkInboxFromCaptain(state, inbox.id);
}

function commitNewInbox(state: SandboxState, draft: InboxRecord, kind: ChannelKind): InboxRecord {
  const id = state.nextId("inboxes");
  const widget = kind.channelType === "Channel::WebWidget";
  const api = kind.channelType === "Channel::Api";
  const channelId = state.nextId(kind.table);
  const inbox: InboxRecord = {
    ...draft,
    id,
    channel_id: channelId,
    website_token: widget ? state.secrets.fresh() : null,
    hmac_token: widget || api ? state.secrets.fresh() : null,
    inbox_identifier: api ? state.secrets.stable(`inbox-identifier:${id}`, false) : null,
    // ensure_forward_to_email (the inbound domain is the sandbox's).
    forward_to_email: kind.channelType === "Channel::Email" ? `forward-${channelId}@inbound.sandbox.test` : null,
  };
  state.inboxes.set(id, inbox);
  return inbox;
}

/** Permitted settings onto a copy of the row (casts as ActiveModel does). */
function assignSettings(state: SandboxState, inbox: InboxRecord, attributes: Params): void {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("name")) inbox.name = castString(attributes.name) ?? "";
  for (const key of BOOLEAN_SETTINGS) if (has(key)) inbox[key] = flag(attributes[key]);
  for (const key of ["greeting_message", "out_of_office_message", "business_name"] as const) if (has(key)) inbox[key] = castString(attributes[key]);
  if (has("timezone")) inbox.timezone = castString(attributes.timezone) ?? "";
  // A blank is NULL, refused by the NOT NULL column upstream (a 500); the sandbox keeps the current value.
  if (has("sender_name_type")) inbox.sender_name_type = castEnum(["friendly", "professional"], attributes.sender_name_type) ?? inbox.sender_name_type;
  if (has("auto_assignment_config")) inbox.auto_assignment_config = attributes.auto_assignment_config as Params;
  if (has("portal_id")) {
    const portal = castInteger(attributes.portal_id);
    // The foreign key, checked on the write: an id no portal has is a 500.
    if (portal !== null && !state.portals.has(portal)) throw internalError();
    inbox.portal_id = portal;
  }
}

/** Inbox's validations, in declaration order; `namedChannel` is `check_channel_type?`. */
function validateSettings(inbox: InboxRecord, namedChannel: boolean, edition: Edition): RecordErrors {
  const errors = new RecordErrors();
  if (!isPresent(inbox.name)) errors.add("name", CANT_BE_BLANK);
  if (namedChannel && NAMED_CHANNELS.has(inbox.channel_type) && !NAME_FORMAT.test(inbox.name)) errors.add("name", NAME_FORMAT_MESSAGE);
  if (!isTimezoneIdentifier(inbox.timezone)) errors.add("timezone", "is not included in the list");
  const tooLong = `is too long (maximum is ${MESSAGE_MAX_LENGTH} characters)`;
  if ((inbox.out_of_office_message ?? "").length > MESSAGE_MAX_LENGTH) errors.add("out_of_office_message", tooLong);
  if ((inbox.greeting_message ?? "").length > MESSAGE_MAX_LENGTH) errors.add("greeting_message", tooLong);
  const limit = inbox.auto_assignment_config.max_assignment_limit;
  if (edition === "enterprise" && isPresent(limit) && rubyToInteger(limit) <= 0) errors.add("auto_assignment_config", "max_assignment_limit must be greater than 0");
  return errors;
}

/** `params.each { |k, v| params[k] = nil if v == 'null' }`: top-level "null" strings are nil. */
function nullStrings(params: Params): Params {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, value === "null" ? null : value]));
}

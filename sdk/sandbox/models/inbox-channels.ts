/**
 * The channels an inbox can be created with through `POST /inboxes` (upstream's
 * `allowed_channel_types`): their `EDITABLE_ATTRS` (what create and update permit under
 * `channel`), attribute casts and validations. The sandbox keeps channel columns on the inbox row;
 * the API shows them flat too. Web widget and API here; the channels that need a third party's
 * credentials in credentialed-channels.ts.
 * - web widget: `website_url` and `widget_color` are required; `reply_time` is an enum
 *   (in_a_few_minutes, in_a_few_hours, in_a_day, or 0-2; a blank keeps the current value, where
 *   upstream stores NULL) and `selected_feature_flags` a list of
 *   FlagShihTzu flags: anything else raises ArgumentError, a 500; blank flags are skipped.
 *   `allowed_domains` is one text; `pre_chat_form_options` is stored as permitted, but a form
 *   without fields is replaced, its message included, by the default form
 *   (`validate_pre_chat_options`, before every validation);
 * - API: `webhook_url` at most 2048 characters, `hmac_mandatory`, `additional_attributes` (any
 *   hash, replaced whole; `agent_reply_time_window` blank or a positive number of hours).
 * Any other type (Facebook, Instagram, TikTok, Twilio: OAuth flows and controllers of their own)
 * leaves the inbox without a channel (see createInbox).
 */
import { internalError } from "../errors";
import { castBoolean, castEnum, castString, isHash, isPresent, rubyToInteger, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK } from "../record-errors";
import type { InboxRecord } from "../state";
import type { ChannelKind } from "./channel-kind";
import { CREDENTIALED_CHANNELS } from "./credentialed-channels";

const URL_LENGTH_LIMIT = 2048;
const REPLY_TIMES = ["in_a_few_minutes", "in_a_few_hours", "in_a_day"] as const;
/** FlagShihTzu bits 1..5, in bit order (the order the API lists selected flags in). */
const FEATURE_FLAGS = ["attachments", "emoji_picker", "end_conversation", "use_inbox_avatar_for_bot", "allow_mobile_webview"];

/** The form `validate_pre_chat_options` puts in place of one without fields. */
export const DEFAULT_PRE_CHAT_FORM = {
  pre_chat_message: "Share your queries or comments here.",
  pre_chat_fields: [
    { field_type: "standard", label: "Email Id", name: "emailAddress", type: "email", required: true, enabled: false },
    { field_type: "standard", label: "Full name", name: "fullName", type: "text", required: false, enabled: false },
    { field_type: "standard", label: "Phone number", name: "phoneNumber", type: "text", required: false, enabled: false },
  ],
};

const PRE_CHAT_FORM: PermitFilter = {
  pre_chat_message: "scalar",
  require_email: "scalar",
  pre_chat_fields: {
    field_type: "scalar", label: "scalar", placeholder: "scalar", name: "scalar", enabled: "scalar", type: "scalar", required: "scalar",
    locale: "scalar", values: "scalars", regex_pattern: "scalar", regex_cue: "scalar",
  },
};

/** A boolean column: nil is stored as false here (upstream keeps NULL, which reads as false). */
export const flag = (value: unknown): boolean => castBoolean(value) ?? false;

const webWidget: ChannelKind = {
  channelType: "Channel::WebWidget",
  table: "channel_web_widgets",
  permit: {
    website_url: "scalar",
    widget_color: "scalar",
    welcome_title: "scalar",
    welcome_tagline: "scalar",
    reply_time: "scalar",
    pre_chat_form_enabled: "scalar",
    continuity_via_email: "scalar",
    hmac_mandatory: "scalar",
    allowed_domains: "scalar",
    pre_chat_form_options: PRE_CHAT_FORM,
    selected_feature_flags: "scalars",
  },
  assign(inbox, attributes) {
    const has = (key: string) => Object.hasOwn(attributes, key);
    if (has("website_url")) inbox.website_url = castString(attributes.website_url);
    if (has("widget_color")) inbox.widget_color = castString(attributes.widget_color) ?? "";
    if (has("welcome_title")) inbox.welcome_title = castString(attributes.welcome_title);
    if (has("welcome_tagline")) inbox.welcome_tagline = castString(attributes.welcome_tagline);
    // A blank is stored as NULL upstream; the sandbox keeps the current value instead.
    if (has("reply_time")) inbox.reply_time = castEnum(REPLY_TIMES, attributes.reply_time) ?? inbox.reply_time;
    for (const key of ["pre_chat_form_enabled", "continuity_via_email", "hmac_mandatory"] as const) if (has(key)) inbox[key] = flag(attributes[key]);
    if (has("selected_feature_flags")) inbox.selected_feature_flags = featureFlags(attributes.selected_feature_flags as unknown[]);
    if (has("allowed_domains")) inbox.allowed_domains = castString(attributes.allowed_domains) ?? "";
    if (has("pre_chat_form_options")) {
      const form = attributes.pre_chat_form_options;
      // validate_pre_chat_options: a form without fields becomes the default form (null here).
      inbox.pre_chat_form_options = isHash(form) && isPresent(form.pre_chat_fields) ? form : null;
    }
  },
  validate(inbox, errors) {
    if (!isPresent(inbox.website_url)) errors.add("website_url", CANT_BE_BLANK);
    if (!isPresent(inbox.widget_color)) errors.add("widget_color", CANT_BE_BLANK);
  },
};

const api: ChannelKind = {
  channelType: "Channel::Api",
  table: "channel_api",
  permit: { webhook_url: "scalar", hmac_mandatory: "scalar", additional_attributes: "hash" },
  assign(inbox, attributes) {
    if (Object.hasOwn(attributes, "webhook_url")) inbox.webhook_url = castString(attributes.webhook_url);
    if (Object.hasOwn(attributes, "hmac_mandatory")) inbox.hmac_mandatory = flag(attributes.hmac_mandatory);
    if (Object.hasOwn(attributes, "additional_attributes")) inbox.additional_attributes = attributes.additional_attributes as Params;
  },
  validate(inbox, errors) {
    if ((inbox.webhook_url ?? "").length > URL_LENGTH_LIMIT) errors.add("webhook_url", `is too long (maximum is ${URL_LENGTH_LIMIT} characters)`);
    // ensure_valid_agent_reply_time_window: `to_i.positive?`.
    const window = inbox.additional_attributes.agent_reply_time_window;
    if (isPresent(window) && rubyToInteger(window) <= 0) errors.add("agent_reply_time_window", "agent_reply_time_window must be greater than 0");
  },
};

/** `channel[:type]` values `POST /inboxes` creates, by the name the API takes. */
const BY_REQUEST_TYPE: Record<string, ChannelKind> = { web_widget: webWidget, api, ...CREDENTIALED_CHANNELS };

/** The channel model for a create request's `channel.type`; undefined for every other type. */
export function channelForRequestType(type: unknown): ChannelKind | undefined {
  return typeof type === "string" && Object.hasOwn(BY_REQUEST_TYPE, type) ? BY_REQUEST_TYPE[type] : undefined;
}

/** The channel model of an existing inbox, when the sandbox models its fields. */
export function channelOf(inbox: InboxRecord): ChannelKind | undefined {
  return Object.values(BY_REQUEST_TYPE).find((kind) => kind.channelType === inbox.channel_type);
}

/** `selected_feature_flags=`: clears every flag, then sets each present one; an unknown flag raises. */
function featureFlags(given: readonly unknown[]): string[] {
  const chosen = given.filter(isPresent).map((value) => castString(value) ?? "");
  if (chosen.some((name) => !FEATURE_FLAGS.includes(name))) throw internalError();
  return FEATURE_FLAGS.filter((name) => chosen.includes(name));
}

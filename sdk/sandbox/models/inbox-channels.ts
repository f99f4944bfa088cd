/**
 * The channels an inbox can be created with here (Channel::WebWidget and Channel::Api): their
 * `EDITABLE_ATTRS` (what create and update permit under `channel`), attribute casts and
 * validations. The sandbox keeps channel columns on the inbox row; the API shows them flat too.
 * - web widget: `website_url` and `widget_color` are required; `reply_time` is an enum
 *   (in_a_few_minutes, in_a_few_hours, in_a_day, or 0-2; a blank keeps the current value, where
 *   upstream stores NULL) and `selected_feature_flags` a list of
 *   FlagShihTzu flags: anything else raises ArgumentError, a 500; blank flags are skipped.
 *   `pre_chat_form_options` is permitted upstream but not modelled (dropped).
 * - API: `webhook_url` at most 2048 characters, `hmac_mandatory`. `additional_attributes` is
 *   permitted upstream but not modelled (dropped).
 * Email, Line, Telegram, WhatsApp and SMS channels need third-party credentials: the sandbox
 * creates none of them (see createInbox), and ignores `channel` fields when updating their inboxes.
 */
import { internalError } from "../errors";
import type { CHANNEL_TYPES } from "../fixture";
import { castBoolean, castEnum, castString, isPresent, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, type RecordErrors } from "../record-errors";
import type { InboxRecord } from "../state";

/** One channel model: how `channel` fields land on the inbox row, and what makes them invalid. */
export interface ChannelKind {
  channelType: (typeof CHANNEL_TYPES)[number];
  /** The channel table's id sequence. */
  table: "channel_web_widgets" | "channel_api";
  /** `EDITABLE_ATTRS` as a permit filter (the sandbox's subset). */
  permit: PermitFilter;
  assign(inbox: InboxRecord, attributes: Params): void;
  validate(inbox: InboxRecord, errors: RecordErrors): void;
}

const URL_LENGTH_LIMIT = 2048;
const REPLY_TIMES = ["in_a_few_minutes", "in_a_few_hours", "in_a_day"] as const;
/** FlagShihTzu bits 1..5, in bit order (the order the API lists selected flags in). */
const FEATURE_FLAGS = ["attachments", "emoji_picker", "end_conversation", "use_inbox_avatar_for_bot", "allow_mobile_webview"];

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
  },
  validate(inbox, errors) {
    if (!isPresent(inbox.website_url)) errors.add("website_url", CANT_BE_BLANK);
    if (!isPresent(inbox.widget_color)) errors.add("widget_color", CANT_BE_BLANK);
  },
};

const api: ChannelKind = {
  channelType: "Channel::Api",
  table: "channel_api",
  permit: { webhook_url: "scalar", hmac_mandatory: "scalar" },
  assign(inbox, attributes) {
    if (Object.hasOwn(attributes, "webhook_url")) inbox.webhook_url = castString(attributes.webhook_url);
    if (Object.hasOwn(attributes, "hmac_mandatory")) inbox.hmac_mandatory = flag(attributes.hmac_mandatory);
  },
  validate(inbox, errors) {
    if ((inbox.webhook_url ?? "").length > URL_LENGTH_LIMIT) errors.add("webhook_url", `is too long (maximum is ${URL_LENGTH_LIMIT} characters)`);
  },
};

/** `channel[:type]` values the sandbox creates, by the name the API takes. */
const BY_REQUEST_TYPE: Record<string, ChannelKind> = { web_widget: webWidget, api };

/** The channel model for a create request's `channel.type`; undefined for every other type. */
export function channelForRequestType(type: unknown): ChannelKind | undefined {
  return typeof type === "string" && Object.hasOwn(BY_REQUEST_TYPE, type) ? BY_REQUEST_TYPE[type] : undefined;
}

/** The channel model of an existing inbox, when the sandbox models its fields. */
export function channelOf(inbox: InboxRecord): ChannelKind | undefined {
  return [webWidget, api].find((kind) => kind.channelType === inbox.channel_type);
}

/** `selected_feature_flags=`: clears every flag, then sets each present one; an unknown flag raises. */
function featureFlags(given: readonly unknown[]): string[] {
  const chosen = given.filter(isPresent).map((value) => castString(value) ?? "");
  if (chosen.some((name) => !FEATURE_FLAGS.includes(name))) throw internalError();
  return FEATURE_FLAGS.filter((name) => chosen.includes(name));
}


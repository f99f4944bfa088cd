import { z } from "zod";
import type { Normalizer } from "../../diff/diff";
import { normalizeColor } from "../../diff/normalize/color";
import { sameValue } from "../../diff/normalize/canonical";
import { asList, asPresentText, asText } from "../../diff/normalize/coerce";
import { givenFields } from "../../diff/normalize/given-fields";
import type { Props } from "../../lifecycle/json";
import { snakeKey } from "../../mapping";
import { hexColor, httpUrl, lineText, text } from "../../validation/fields";

/** When the widget tells visitors to expect an answer (Chatwoot's `reply_time` enum). */
export const REPLY_TIMES = ["in_a_few_minutes", "in_a_few_hours", "in_a_day"] as const;

/** The widget features Chatwoot can switch on (any other name fails on the server). */
export const FEATURE_FLAGS = ["attachments", "emoji_picker", "end_conversation", "use_inbox_avatar_for_bot"] as const;

/** An API channel: the checks of `InboxApiChannelArgs` (sdk/inbox.ts). */
export const ApiChannel = z.strictObject({
  type: z.literal("api"),
  webhookUrl: httpUrl.nullable().optional(),
  hmacMandatory: z.boolean().optional(),
});

/** A website live-chat widget: the checks of `InboxWebWidgetChannelArgs` (sdk/inbox.ts). */
export const WebWidgetChannel = z.strictObject({
  type: z.literal("web_widget"),
  websiteUrl: httpUrl.optional(),
  widgetColor: hexColor.optional(),
  welcomeTitle: lineText.optional(),
  welcomeTagline: text.optional(),
  replyTime: z.enum(REPLY_TIMES, { error: `must be one of ${REPLY_TIMES.join(", ")}` }).optional(),
  hmacMandatory: z.boolean().optional(),
  preChatFormEnabled: z.boolean().optional(),
  continuityViaEmail: z.boolean().optional(),
  selectedFeatureFlags: z
    .array(z.enum(FEATURE_FLAGS, { error: `must be one of ${FEATURE_FLAGS.join(", ")}` }))
    .refine((flags) => new Set(flags).size === flags.length, "lists a feature twice")
    .optional(),
});

/**
 * The channel of an inbox created by the resource: `api` or `web_widget` (the channel types that
 * need no third-party credentials). Inboxes of other types are managed by adoption, without it.
 */
export const InboxChannel = z.discriminatedUnion("type", [ApiChannel, WebWidgetChannel], {
  error: "must be an object whose type is api or web_widget; inboxes of other channel types are managed with adoptId and no channel",
});
export type InboxChannel = z.output<typeof InboxChannel>;

/**
 * A channel type in the form of the `channel` input: `Channel::WebWidget` → `web_widget`,
 * `Channel::TwilioSms` → `twilio_sms`; a short form is kept. `null` when there is none.
 */
export function channelTypeName(v: unknown): string | null {
  const text = asPresentText(v);
  if (text === null) return null;
  const name = text.replace(/^Channel::/, "");
  return snakeKey(name.charAt(0).toLowerCase() + name.slice(1));
}

/** The channel fields the server reports for a channel type, as the `channel` input names them. */
function channelFields(type: string | null): readonly string[] {
  if (type === "web_widget") return Object.keys(WebWidgetChannel.shape);
  if (type === "api") return Object.keys(ApiChannel.shape);
  return ["type"];
}

/** The channel's settings as the server reports them (camelCased inbox fields), in the form of the `channel` input. */
export function channelView(inbox: Props): Props {
  const type = channelTypeName(inbox.channelType);
  const view: Props = { type };
  for (const key of channelFields(type)) if (key !== "type") view[key] = inbox[key] ?? null;
  return view;
}

/**
 * The `channel` property in compared form: only the fields the program gives, and always the type.
 * Colours compare without regard to case, feature flags as a set, blank text as none.
 */
export const normalizeChannel: Normalizer = givenFields({
  always: ["type"],
  fields: {
    type: channelTypeName,
    widgetColor: normalizeColor,
    websiteUrl: asPresentText,
    webhookUrl: asPresentText,
    welcomeTitle: asPresentText,
    welcomeTagline: asPresentText,
    selectedFeatureFlags: (v) => [...new Set(asList(v).map(asText).filter((f): f is string => f !== null))].sort(),
  },
});

/** The channel fields (never the type) whose desired value differs from what the server holds. */
export function changedChannelFields(desired: InboxChannel, current: unknown): string[] {
  const want = normalizeChannel(desired, desired) as Props;
  const have = normalizeChannel(current, desired) as Props;
  return Object.keys(want).filter((key) => key !== "type" && !sameValue(want[key], have[key]));
}

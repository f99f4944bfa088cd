/**
 * The channels that need no third party's credentials: an API channel and a website's live-chat
 * widget. Their fields as the `channel` input takes them, and the ones the server stores in
 * another form (a widget's allowed domains as one comma-separated text, the API channel's
 * additional attributes as a JSON object it replaces whole).
 */
import { z } from "zod";
import { asList, asText, isRecord } from "../../diff/normalize/coerce";
import { hexColor, httpUrl, lineText, text } from "../../validation/fields";
import { PreChatFormOptions } from "./pre-chat-form";

/** When the widget tells visitors to expect an answer (Chatwoot's `reply_time` enum). */
export const REPLY_TIMES = ["in_a_few_minutes", "in_a_few_hours", "in_a_day"] as const;

/** The widget features Chatwoot can switch on (any other name fails on the server). */
export const FEATURE_FLAGS = ["attachments", "emoji_picker", "end_conversation", "use_inbox_avatar_for_bot"] as const;

/** A host name, or `*.` and one, that a widget may run on: letters, digits and hyphens in dot-separated labels. */
const domainPattern = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (v) => /^(\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(v) && v.length <= 253,
    "must be a host name such as www.example.com, or *. and one (*.example.com): no scheme, path, port or comma",
  );

/** Additional attributes of an API channel: JSON values by key; `agent_reply_time_window` is a positive number of hours. */
const additionalAttributes = z.record(z.string(), z.json()).superRefine((attributes, ctx) => {
  const window = attributes.agent_reply_time_window;
  if (window === undefined || window === null || window === "") return;
  const hours = typeof window === "string" ? Number(window) : window;
  if (typeof hours !== "number" || !Number.isInteger(hours) || hours <= 0) {
    ctx.addIssue({ code: "custom", path: ["agent_reply_time_window"], message: "must be a whole number of hours greater than 0 (Chatwoot refuses others)" });
  }
});

/** An API channel: the checks of `InboxApiChannelArgs` (sdk/inbox-channels.ts). */
export const ApiChannel = z.strictObject({
  type: z.literal("api"),
  webhookUrl: httpUrl.nullable().optional(),
  hmacMandatory: z.boolean().optional(),
  additionalAttributes: additionalAttributes.optional(),
});

/** A website live-chat widget: the checks of `InboxWebWidgetChannelArgs` (sdk/inbox-channels.ts). */
export const WebWidgetChannel = z.strictObject({
  type: z.literal("web_widget"),
  websiteUrl: httpUrl.optional(),
  widgetColor: hexColor.optional(),
  welcomeTitle: lineText.optional(),
  welcomeTagline: text.optional(),
  replyTime: z.enum(REPLY_TIMES, { error: `must be one of ${REPLY_TIMES.join(", ")}` }).optional(),
  hmacMandatory: z.boolean().optional(),
  preChatFormEnabled: z.boolean().optional(),
  preChatFormOptions: PreChatFormOptions.optional(),
  continuityViaEmail: z.boolean().optional(),
  selectedFeatureFlags: z
    .array(z.enum(FEATURE_FLAGS, { error: `must be one of ${FEATURE_FLAGS.join(", ")}` }))
    .refine((flags) => new Set(flags).size === flags.length, "lists a feature twice")
    .optional(),
  allowedDomains: z
    .array(domainPattern)
    .refine((domains) => new Set(domains).size === domains.length, "lists a domain twice")
    .optional(),
});

/** Allowed domains as the server stores them: one text, comma-separated. */
export const domainsBody = (domains: readonly string[]): string => domains.join(", ");

/** Allowed domains as a list, from the server's text (or a list). */
export function domainsOutput(v: unknown): string[] | null {
  if (v === null || v === undefined) return null;
  const items = Array.isArray(v) ? v.map(asText) : (asText(v) ?? "").split(",");
  return items.map((d) => (d ?? "").trim()).filter((d) => d !== "");
}

/** Allowed domains in compared form: a set, lower case (host names are). */
export const normalizeDomains = (v: unknown): string[] => [...new Set((domainsOutput(v) ?? []).map((d) => d.toLowerCase()))].sort();

/** Additional attributes in compared form: the whole object (Chatwoot replaces it whole), none as empty. */
export const normalizeAdditionalAttributes = (v: unknown): unknown => (isRecord(v) ? v : {});

/** Feature flags in compared form: a set. */
export const normalizeFlags = (v: unknown): string[] => [...new Set(asList(v).map(asText).filter((f): f is string => f !== null))].sort();

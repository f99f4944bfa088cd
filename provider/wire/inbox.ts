/** An inbox as the server sends it: what `getInbox` reads, what the `Inbox` resource manages, and its bot. */
import { z } from "zod";
import { asBoolean, asInteger, asText, isRecord } from "../diff/normalize/coerce";
import { normalizeWorkingHours, type WorkingHoursEntry } from "../resources/inbox/working-hours";
import { fromWire, type FromWire } from "../mapping";
import { credential, rememberCredentials } from "./credential";

// Real servers differ in how they type scalars (and omit keys per channel type and version): every
// field is read tolerantly and is null when absent or unreadable, rather than failing the lookup.
const text = z.unknown().optional().transform(asText);

const flag = z.unknown().optional().transform(asBoolean);

const integer = z.unknown().optional().transform(asInteger);

const object = z.unknown().optional().transform((v) => (isRecord(v) ? v : null));

/** The tolerant field readers of {@link InboxWire}, for schemas that extend it. */
export const tolerant = { text, flag, integer, object };

/** Feature flags as the names of the enabled ones: real servers send an array, the spec an object of flags. */
const featureFlags = z.unknown().optional().transform((v): string[] | null => {
  if (Array.isArray(v)) return v.map(asText).filter((f): f is string => f !== null);
  if (isRecord(v)) return Object.keys(v).filter((f) => asBoolean(v[f]) ?? Boolean(v[f]));
  return null;
});

/** Always seven days in Chatwoot; null only when a server leaves the key out. */
const workingHours = z.unknown().optional().transform((v): WorkingHoursEntry[] | null => (Array.isArray(v) ? normalizeWorkingHours(fromWire(v)) : null));

/**
 * The inbox fields of the spec (2.5), plus `hmac_token` (web widget and API channels, visible to
 * administrators). Other channel-specific keys (IMAP settings, provider config, ...) are ignored.
 */
export const InboxWire = z.object({
  id: z.number().int(),
  name: text,
  website_url: text,
  channel_type: text,
  avatar_url: text,
  widget_color: text,
  website_token: credential(text),
  enable_auto_assignment: flag,
  web_widget_script: text,
  welcome_title: text,
  welcome_tagline: text,
  greeting_enabled: flag,
  greeting_message: text,
  channel_id: integer,
  working_hours_enabled: flag,
  enable_email_collect: flag,
  csat_survey_enabled: flag,
  auto_assignment_config: object,
  out_of_office_message: text,
  working_hours: workingHours,
  timezone: text,
  callback_webhook_url: text,
  allow_messages_after_resolved: flag,
  lock_to_single_conversation: flag,
  sender_name_type: text,
  business_name: text,
  hmac_mandatory: flag,
  selected_feature_flags: featureFlags,
  reply_time: text,
  messaging_service_sid: text,
  phone_number: text,
  medium: text,
  provider: text,
  hmac_token: credential(text),
});

/** One inbox, camelCased; `websiteToken`, `hmacToken` and `webWidgetScript` (which embeds the token) are credentials. */
export type Inbox = FromWire<z.output<typeof InboxWire>>;

/** The keys of {@link Inbox} that hold credentials, for the SDK to mark secret. */
export const INBOX_SECRET_KEYS = ["websiteToken", "hmacToken", "webWidgetScript"] as const satisfies readonly (keyof Inbox)[];

/** An inbox as read by {@link InboxWire} (or a schema extending it), camelCased. */
export function inboxFromWire<W extends z.output<typeof InboxWire>>(wire: W): FromWire<W> {
  // Opaque objects (auto_assignment_config) keep their keys; working hours are already camelCase.
  const { working_hours: hours, ...rest } = wire;
  return { ...(fromWire(rest) as object), workingHours: hours } as FromWire<W>;
}

/** An object whose credential keys (`api_key`, `webhook_verify_token`, ...) are remembered for redaction as it is read. */
const credentialObject = z.unknown().optional().transform((v) => (isRecord(v) ? rememberCredentials(v) : null));

/**
 * An inbox as the server sends it: the fields `getInbox` reads, plus the settings and channel
 * fields the resource manages. Credentials a server shows to administrators (IMAP and SMTP
 * passwords, a WhatsApp provider's API key, an API channel's signing secret) are read only to be
 * remembered for redaction and to be compared as digests: they never reach an output.
 */
export const InboxServerWire = InboxWire.extend({
  webhook_url: tolerant.text,
  inbox_identifier: tolerant.text,
  pre_chat_form_enabled: tolerant.flag,
  pre_chat_form_options: tolerant.object,
  continuity_via_email: tolerant.flag,
  allowed_domains: z.unknown().optional().transform((v) => (typeof v === "string" || Array.isArray(v) ? v : null)),
  additional_attributes: tolerant.object,
  csat_config: tolerant.object,
  /** The linked help center, `{name, slug}`: servers show the portal by slug, not by id. */
  help_center: tolerant.object,
  secret: credential(text),
  // Telegram, LINE
  bot_name: text,
  line_channel_id: text,
  // E-mail
  email: text,
  forward_to_email: text,
  imap_enabled: flag,
  imap_address: text,
  imap_port: integer,
  imap_login: text,
  imap_password: credential(text),
  imap_enable_ssl: flag,
  smtp_enabled: flag,
  smtp_address: text,
  smtp_port: integer,
  smtp_login: text,
  smtp_password: credential(text),
  smtp_domain: text,
  smtp_enable_starttls_auto: flag,
  smtp_enable_ssl_tls: flag,
  smtp_openssl_verify_mode: text,
  smtp_authentication: text,
  // SMS, WhatsApp
  provider_config: credentialObject,
})
  // Upstream's partial leaves a LINE channel's id out; its callback URL (`/webhooks/line/<id>`) carries it.
  .transform((inbox) => ({ ...inbox, line_channel_id: inbox.line_channel_id ?? lineChannelIdOf(inbox.callback_webhook_url) }));
export type InboxServerWire = z.output<typeof InboxServerWire>;

/** The LINE channel id at the end of an inbox's callback URL, or null. */
function lineChannelIdOf(callbackUrl: string | null | undefined): string | null {
  const id = /\/webhooks\/line\/([^/?#]+)$/.exec(callbackUrl ?? "")?.[1];
  return id === undefined ? null : decodeURIComponent(id);
}

/** The bot of `GET /inboxes/{id}/agent_bot`: `{agent_bot: bot}` (empty or null when none), or a bare bot; its id. */
export const InboxBot = z.unknown().transform((v): number | null => {
  const bot = isRecord(v) && "agent_bot" in v ? v.agent_bot : v;
  return isRecord(bot) ? asInteger(bot.id) : null;
});

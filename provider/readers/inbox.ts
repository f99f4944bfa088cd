import { z } from "zod";
import { asBoolean, asInteger, asText, isRecord } from "../diff/normalize/coerce";
import { normalizeWorkingHours, type WorkingHoursEntry } from "../diff/normalize";
import { call } from "../lifecycle/api";
import { fromWire, type FromWire } from "../mapping";
import { accountId, objectId } from "../resources/fields";
import { credential } from "../wire/credential";
import { single } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { accountOf, parseArgs } from "./reader";

/** The checks of `GetInboxArgs` (sdk/get-inbox.ts, where each argument is documented). */
export const GetInboxArgs = z.strictObject({
  accountId: accountId.optional(),
  inboxId: objectId,
});
export type GetInboxArgs = z.input<typeof GetInboxArgs>;

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

/** Reads one inbox (`GET /inboxes/{id}`); a missing or foreign inbox fails with the server's 404. */
export async function getInbox(args: GetInboxArgs): Promise<Inbox> {
  const { accountId: given, inboxId } = parseArgs("getInbox", GetInboxArgs, args);
  const account = accountOf("getInbox", given);
  return inboxFromWire(await call(single(InboxWire), { method: "GET", path: accountPath(account, "inboxes", inboxId) }));
}

/** An inbox as read by {@link InboxWire} (or a schema extending it), camelCased. */
export function inboxFromWire<W extends z.output<typeof InboxWire>>(wire: W): FromWire<W> {
  // Opaque objects (auto_assignment_config) keep their keys; working hours are already camelCase.
  const { working_hours: hours, ...rest } = wire;
  return { ...(fromWire(rest) as object), workingHours: hours } as FromWire<W>;
}

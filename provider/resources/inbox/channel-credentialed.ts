/**
 * The channels Chatwoot creates with a third party's credentials through `POST /inboxes`: e-mail
 * (IMAP and SMTP), Telegram, LINE, SMS (Bandwidth) and WhatsApp (360dialog or the Cloud API). Their
 * fields as the `channel` input takes them, without the credentials, which are the top-level
 * `credentials` input (credentials.ts). Channels that connect through OAuth (Facebook, Instagram,
 * Google and Microsoft e-mail, TikTok) and Twilio's are not here: they are managed by adoption.
 */
import { z } from "zod";
import { asInteger, asPresentText, isRecord } from "../../diff/normalize/coerce";
import type { Props } from "../../lifecycle/json";
import { hostNameProblem, lineText } from "../../validation/fields";

/** An e-mail address (what `Mail` and Chatwoot's uniqueness need: one `@`, a domain with a dot). */
const email = z
  .string()
  .trim()
  .regex(/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;".]+$/, "must be an e-mail address such as support@example.com");

/** A mail server's host name. */
const host = z.string().trim().superRefine((v, ctx) => {
  const problem = hostNameProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const port = z.number({ error: "must be a port number, 1 to 65535" }).int("must be a whole port number").min(1, "must be 1 to 65535").max(65535, "must be 1 to 65535");

/** A phone number in E.164 form, as Chatwoot's SMS and WhatsApp webhooks route by it. */
const phoneNumber = z.string().regex(/^\+[1-9]\d{6,14}$/, "must be a phone number in E.164 form: + and the country code, then 6 to 14 digits (e.g. +4930123456)");

/** What `Net::SMTP` takes as `authentication`. */
export const SMTP_AUTHENTICATIONS = ["login", "plain", "cram_md5"] as const;
/** OpenSSL verify modes Chatwoot maps `smtp_openssl_verify_mode` to. */
export const OPENSSL_VERIFY_MODES = ["none", "peer", "client_once", "fail_if_no_peer_cert"] as const;

/** An e-mail channel, IMAP and SMTP: the checks of `InboxEmailChannelArgs` (sdk/inbox-channels.ts). */
export const EmailChannel = z.strictObject({
  type: z.literal("email"),
  email: email.optional(),
  imapEnabled: z.boolean().optional(),
  imapAddress: host.optional(),
  imapPort: port.optional(),
  imapLogin: lineText.optional(),
  imapEnableSsl: z.boolean().optional(),
  smtpEnabled: z.boolean().optional(),
  smtpAddress: host.optional(),
  smtpPort: port.optional(),
  smtpLogin: lineText.optional(),
  smtpDomain: host.optional(),
  smtpEnableStarttlsAuto: z.boolean().optional(),
  smtpEnableSslTls: z.boolean().optional(),
  smtpOpensslVerifyMode: z.enum(OPENSSL_VERIFY_MODES, { error: `must be one of ${OPENSSL_VERIFY_MODES.join(", ")}` }).optional(),
  smtpAuthentication: z.enum(SMTP_AUTHENTICATIONS, { error: `must be one of ${SMTP_AUTHENTICATIONS.join(", ")}` }).optional(),
});

/** A Telegram bot: the checks of `InboxTelegramChannelArgs`; its token is `credentials.botToken`. */
export const TelegramChannel = z.strictObject({ type: z.literal("telegram") });

/** A LINE official account: the checks of `InboxLineChannelArgs`. */
export const LineChannel = z.strictObject({
  type: z.literal("line"),
  lineChannelId: z.string().trim().min(1, "must not be blank").superRefine((v, ctx) => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(v)) ctx.addIssue({ code: "custom", message: "must be the LINE channel's id (letters, digits, _ and -)" });
  }).optional(),
});

/** An SMS number of Bandwidth: the checks of `InboxSmsChannelArgs`. */
export const SmsChannel = z.strictObject({
  type: z.literal("sms"),
  phoneNumber: phoneNumber.optional(),
  providerConfig: z.strictObject({ accountId: lineText.optional(), applicationId: lineText.optional() }).optional(),
});

/** WhatsApp providers Chatwoot knows (`Channel::Whatsapp::PROVIDERS`): `default` is 360dialog. */
export const WHATSAPP_PROVIDERS = ["default", "whatsapp_cloud"] as const;

/** A WhatsApp number: the checks of `InboxWhatsappChannelArgs`. */
export const WhatsappChannel = z.strictObject({
  type: z.literal("whatsapp"),
  phoneNumber: phoneNumber.optional(),
  provider: z.enum(WHATSAPP_PROVIDERS, { error: `must be ${WHATSAPP_PROVIDERS.join(" or ")}` }).optional(),
  providerConfig: z.strictObject({ phoneNumberId: lineText.optional(), businessAccountId: lineText.optional() }).optional(),
});

/** The provider-config keys the resource manages, by channel type, as the server names them. */
export const PROVIDER_CONFIG_KEYS: Readonly<Record<string, readonly string[]>> = {
  sms: ["account_id", "application_id"],
  whatsapp: ["phone_number_id", "business_account_id"],
};

/** The managed keys of a server's `provider_config`, as the `providerConfig` input names them (none: null). */
export function providerConfigOutput(type: string | null, wire: unknown): Props | null {
  const keys = PROVIDER_CONFIG_KEYS[type ?? ""];
  if (!keys || !isRecord(wire)) return null;
  const out: Props = {};
  for (const key of keys) out[key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = asPresentText(wire[key]);
  return out;
}

/** Ports in compared form (servers store 0 for none). */
export const normalizePort = (v: unknown): number | null => {
  const n = asInteger(v);
  return n === null || n === 0 ? null : n;
};

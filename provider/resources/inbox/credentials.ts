/**
 * An inbox's channel credentials (`credentials`): IMAP and SMTP passwords, a Telegram bot token,
 * LINE's channel secret and token, the API key (and secret) of an SMS or WhatsApp provider. They
 * are secret inputs (the SDK wraps them in `pulumi.secret`, so the engine stores them encrypted),
 * remembered for redaction before any request can quote them, and never in the outputs: the
 * `credentials` output holds a salted scrypt digest of each (a secret output too), which is how a
 * changed credential is seen without keeping it.
 */
import { digestMatches, digestOf, isDigest, normalizeCredentials } from "../../lifecycle/credential-digest";
import { z } from "zod";
import { isRecord } from "../../diff/normalize/coerce";
import { registerSecret } from "../../http/redaction/secrets";
import type { Props } from "../../lifecycle/json";
import { oneLine } from "../../validation/fields";

/** Longest credential accepted (API keys and tokens are far shorter; passwords too). */
const CREDENTIAL_MAX = 4096;

/** One credential: one line of visible text, not blank. Messages never quote the value. */
const secret = z.string({ error: "must be text (a secret)" }).min(1, "must not be empty").superRefine(oneLine(CREDENTIAL_MAX));

/** A Telegram bot token as BotFather hands it out: `<bot id>:<35 characters>`; Chatwoot's getMe fails on anything else. */
const botToken = secret.refine((v) => /^\d{1,20}:[A-Za-z0-9_-]{30,100}$/.test(v), "must be a Telegram bot token: the bot's id, a colon, then its key (as BotFather shows it)");

/** The checks of `InboxCredentialsArgs` (sdk/inbox-channels.ts): which apply depends on the channel type. */
export const InboxCredentials = z.strictObject({
  imapPassword: secret.optional(),
  smtpPassword: secret.optional(),
  botToken: botToken.optional(),
  lineChannelSecret: secret.optional(),
  lineChannelToken: secret.optional(),
  apiKey: secret.optional(),
  apiSecret: secret.optional(),
});
export type InboxCredentials = z.output<typeof InboxCredentials>;
export type CredentialKey = keyof InboxCredentials;

/**
 * Where each credential of a channel type goes in a request (`provider_config.api_key` inside the
 * provider config), and whether the server shows it back to administrators (`shown`), which is
 * what makes a change made in the dashboard visible.
 */
export const CREDENTIAL_FIELDS: Readonly<Record<string, Readonly<Partial<Record<CredentialKey, { wire: string; shown: boolean }>>>>> = {
  email: { imapPassword: { wire: "imap_password", shown: true }, smtpPassword: { wire: "smtp_password", shown: true } },
  telegram: { botToken: { wire: "bot_token", shown: false } },
  line: { lineChannelSecret: { wire: "line_channel_secret", shown: false }, lineChannelToken: { wire: "line_channel_token", shown: false } },
  sms: { apiKey: { wire: "provider_config.api_key", shown: false }, apiSecret: { wire: "provider_config.api_secret", shown: false } },
  whatsapp: { apiKey: { wire: "provider_config.api_key", shown: true } },
};

/** The credential keys a channel type takes (none for api and web_widget). */
export const credentialKeysOf = (type: string): CredentialKey[] => Object.keys(CREDENTIAL_FIELDS[type] ?? {}) as CredentialKey[];

/** Remembers every credential given for redaction, before any request or message can carry one. */
export function rememberGiven(credentials: unknown): void {
  if (!isRecord(credentials)) return;
  for (const value of Object.values(credentials)) if (typeof value === "string") registerSecret(value);
}

export { digestMatches, digestOf, isDigest, normalizeCredentials } from "../../lifecycle/credential-digest";

/** The credentials whose given value the last outputs do not hold (see {@link normalizeCredentials}). */
export function changedCredentials(desired: unknown, held: unknown): CredentialKey[] {
  const verdict = normalizeCredentials(held, desired) as Record<string, boolean>;
  return Object.keys(verdict).filter((key) => !verdict[key]) as CredentialKey[];
}

/**
 * The `credentials` output: a digest per credential the program gives (`given`, the inputs'
 * plaintext or the last outputs' digests). Where the server shows a credential (`shown`, from the
 * server's answer), the digest is of what it holds, so a change made in the dashboard shows as
 * drift; where it does not, the digest is of the value last sent. A digest that still matches is
 * kept (`previous`), so the outputs do not change when nothing did. `sent: false` (an inbox about
 * to be adopted) leaves a credential the server does not show unknown (null): it is then sent.
 */
export function credentialOutputs(options: {
  type: string | null;
  given: unknown;
  shown: (wire: string) => string | null | undefined;
  previous?: unknown;
  sent: boolean;
}): Props | null {
  const { type, given, shown, previous, sent } = options;
  if (!isRecord(given)) return null;
  const fields = CREDENTIAL_FIELDS[type ?? ""] ?? {};
  const kept = isRecord(previous) ? previous : {};
  const out: Props = {};
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const field = fields[key as CredentialKey];
    const server = field?.shown ? shown(field.wire) : undefined;
    const held = typeof server === "string" && server !== "" ? server : sent ? value : undefined;
    if (held === undefined || held === null) out[key] = null;
    else if (isDigest(held)) out[key] = held;
    else out[key] = [kept[key], value].find((candidate) => digestMatches(candidate, held)) ?? digestOf(String(held));
  }
  return out;
}

import { z } from "zod";
import type { Normalizer } from "../../diff/diff";
import { normalizeColor } from "../../diff/normalize/color";
import { sameValue } from "../../diff/normalize/canonical";
import { asPresentText } from "../../diff/normalize/coerce";
import { givenFields } from "./given-fields";
import type { Props } from "../../lifecycle/json";
import { pick } from "../../lifecycle/outputs";
import { snakeKey, toWire } from "../../mapping";
import {
  EmailChannel,
  LineChannel,
  normalizePort,
  PROVIDER_CONFIG_KEYS,
  providerConfigOutput,
  SmsChannel,
  TelegramChannel,
  WhatsappChannel,
} from "./channel-credentialed";
import { ApiChannel, domainsBody, domainsOutput, normalizeAdditionalAttributes, normalizeDomains, normalizeFlags, WebWidgetChannel } from "./channel-web";
import { CREDENTIAL_FIELDS, type CredentialKey } from "./credentials";
import { normalizePreChatForm, preChatFormBody, preChatFormOutput, type PreChatFormOptions } from "./pre-chat-form";

/** The channel types the resource creates, by the name the API's `channel.type` takes. */
const KINDS = {
  api: ApiChannel,
  web_widget: WebWidgetChannel,
  email: EmailChannel,
  telegram: TelegramChannel,
  line: LineChannel,
  sms: SmsChannel,
  whatsapp: WhatsappChannel,
} as const;

/** Channel types whose credentials come from the program (`credentials`), not the dashboard. */
export const CREDENTIALED_TYPES = ["email", "telegram", "line", "sms", "whatsapp"] as const;

/**
 * The channel of an inbox created by the resource. Channels that connect through OAuth (Facebook,
 * Instagram, Google and Microsoft e-mail, TikTok) or Twilio's own flow are managed by adoption,
 * without it.
 */
export const InboxChannel = z.discriminatedUnion("type", [ApiChannel, WebWidgetChannel, EmailChannel, TelegramChannel, LineChannel, SmsChannel, WhatsappChannel], {
  error:
    `must be an object whose type is ${Object.keys(KINDS).join(", ")}; inboxes that connect through OAuth ` +
    "(Facebook, Instagram, Google or Microsoft e-mail, TikTok) or Twilio are managed with adoptId and no channel",
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

/** Fields the outputs show besides the inputs (the server's own): a bot's name, an inbound address. */
const OUTPUT_ONLY: Readonly<Record<string, readonly string[]>> = { telegram: ["botName"], email: ["forwardToEmail"] };

/** Channel fields the server holds in another form than the input's: how the output shows each. */
const OUTPUT_FORMS: Readonly<Record<string, (inbox: Props, type: string | null) => unknown>> = {
  allowedDomains: (inbox) => domainsOutput(inbox.allowedDomains),
  preChatFormOptions: (inbox) => preChatFormOutput(inbox.preChatFormOptions),
  providerConfig: (inbox, type) => providerConfigOutput(type, inbox.providerConfig),
};

/** The channel fields the server reports for a channel type, as the `channel` input names them. */
function channelFields(type: string | null): readonly string[] {
  const kind = type !== null && Object.hasOwn(KINDS, type) ? KINDS[type as keyof typeof KINDS] : undefined;
  return kind ? [...Object.keys(kind.shape), ...(OUTPUT_ONLY[type as string] ?? [])] : ["type"];
}

/** The channel's settings as the server reports them (camelCased inbox fields), in the form of the `channel` input; never a credential. */
export function channelView(inbox: Props): Props {
  const type = channelTypeName(inbox.channelType);
  const view: Props = { type };
  for (const key of channelFields(type)) {
    if (key === "type") continue;
    const form = OUTPUT_FORMS[key];
    view[key] = (form ? form(inbox, type) : inbox[key]) ?? null;
  }
  return view;
}

/**
 * The `channel` property in compared form: only the fields the program gives, and always the type.
 * Colours compare without regard to case, feature flags and allowed domains as sets, blank text as
 * none, a port of 0 as none; a pre-chat form field by field (see its normalizer).
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
    selectedFeatureFlags: normalizeFlags,
    allowedDomains: normalizeDomains,
    preChatFormOptions: normalizePreChatForm,
    additionalAttributes: normalizeAdditionalAttributes,
    imapPort: normalizePort,
    smtpPort: normalizePort,
    imapLogin: asPresentText,
    smtpLogin: asPresentText,
  },
});

/** The channel fields (never the type) whose desired value differs from what the server holds. */
export function changedChannelFields(desired: InboxChannel, current: unknown): string[] {
  const want = normalizeChannel(desired, desired) as Props;
  const have = normalizeChannel(current, desired) as Props;
  return Object.keys(want).filter((key) => key !== "type" && !sameValue(want[key], have[key]));
}

/** An e-mail channel's server settings, which Chatwoot tests together (see {@link withMailServers}). */
const MAIL_SERVERS = {
  imap: { fields: ["imapEnabled", "imapAddress", "imapPort", "imapLogin", "imapEnableSsl"], password: "imapPassword" },
  smtp: {
    fields: ["smtpEnabled", "smtpAddress", "smtpPort", "smtpLogin", "smtpDomain", "smtpEnableStarttlsAuto", "smtpEnableSslTls", "smtpOpensslVerifyMode", "smtpAuthentication"],
    password: "smtpPassword",
  },
} as const;

/**
 * The fields and credentials to send, with a switched-on mail server's settings complete: an
 * update whose channel carries `imap_enabled`/`smtp_enabled` true makes Chatwoot connect with the
 * values in that request alone (the stored ones do not count), so a change of any of that server's
 * settings or its password sends them all, password included.
 */
function withMailServers(channel: InboxChannel, fields: readonly string[], sendCredentials: readonly CredentialKey[], credentials: Partial<Record<CredentialKey, string>>) {
  if (channel.type !== "email") return { fields, sendCredentials };
  const given = channel as Props;
  const allFields = new Set(fields);
  const allCredentials = new Set(sendCredentials);
  for (const server of Object.values(MAIL_SERVERS)) {
    const touched = server.fields.some((f) => fields.includes(f)) || sendCredentials.includes(server.password);
    if (!touched || given[server.fields[0]] !== true) continue;
    for (const field of server.fields) if (given[field] !== undefined) allFields.add(field);
    if (credentials[server.password] !== undefined) allCredentials.add(server.password);
  }
  return { fields: [...allFields], sendCredentials: [...allCredentials] };
}

/** Fields {@link channelBody} writes in the server's own form, not as snake_case copies. */
const SPECIAL_BODIES = { allowedDomains: true, preChatFormOptions: true, additionalAttributes: true, providerConfig: true } as const;

/**
 * The request's `channel` for the given fields and credentials (snake_case, credentials where the
 * API takes them). The provider config goes whole, as Chatwoot replaces it whole: the managed keys,
 * the credentials in it, and `heldConfig`'s other keys (the verify token Chatwoot made for a
 * WhatsApp Cloud number), when either changes.
 */
export function channelBody(options: {
  channel: InboxChannel;
  fields: readonly string[];
  credentials?: Partial<Record<CredentialKey, string>>;
  sendCredentials: readonly CredentialKey[];
  heldConfig?: unknown;
}): Props {
  const { channel, credentials = {}, heldConfig } = options;
  const { fields, sendCredentials } = withMailServers(channel, options.fields, options.sendCredentials, credentials);
  const plain = fields.filter((f) => f !== "type" && !Object.hasOwn(SPECIAL_BODIES, f));
  const body = toWire(pick(channel, plain)) as Props;
  const given = channel as Props;
  if (fields.includes("allowedDomains") && Array.isArray(given.allowedDomains)) body.allowed_domains = domainsBody(given.allowedDomains as string[]);
  if (fields.includes("preChatFormOptions") && given.preChatFormOptions) body.pre_chat_form_options = preChatFormBody(given.preChatFormOptions as PreChatFormOptions);
  if (fields.includes("additionalAttributes") && given.additionalAttributes) body.additional_attributes = given.additionalAttributes;
  const wired = CREDENTIAL_FIELDS[channel.type] ?? {};
  const configKeys = PROVIDER_CONFIG_KEYS[channel.type];
  const configChanged = fields.includes("providerConfig") || sendCredentials.some((k) => wired[k]?.wire.startsWith("provider_config."));
  if (configKeys && configChanged) {
    const config: Props = { ...(typeof heldConfig === "object" && heldConfig !== null ? (heldConfig as Props) : {}) };
    const managed = (toWire(given.providerConfig ?? {}) as Props) ?? {};
    for (const key of configKeys) if (managed[key] !== undefined) config[key] = managed[key];
    for (const [key, field] of Object.entries(wired)) {
      const value = credentials[key as CredentialKey];
      if (field.wire.startsWith("provider_config.") && value !== undefined) config[field.wire.slice("provider_config.".length)] = value;
    }
    body.provider_config = config;
  }
  for (const key of sendCredentials) {
    const field = wired[key];
    const value = credentials[key];
    if (field && value !== undefined && !field.wire.startsWith("provider_config.")) body[field.wire] = value;
  }
  return body;
}

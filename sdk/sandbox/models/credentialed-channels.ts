/**
 * The channels `POST /inboxes` creates with a third party's credentials (upstream Channel::Email,
 * Channel::Telegram, Channel::Line, Channel::Sms, Channel::Whatsapp): their EDITABLE_ATTRS,
 * validations and the calls Chatwoot makes to third parties, modelled as those answer when the
 * credentials work. Credentials land in the row's `channel_credentials` (kept out of snapshots,
 * remembered by the secret book so tests can search for leaks); a provider config's secret keys
 * (`api_key`, `api_secret`, `webhook_verify_token`) too, its other keys in `provider_config`.
 *
 * - e-mail: `email` must be unique across the installation (and is NOT NULL: a create without it
 *   is a 500); `forward_to_email` is generated on create (models/inboxes.ts). No third party on create. An update
 *   whose `channel` carries `imap_enabled`/`smtp_enabled` true tests the connection with the
 *   request's own values (address, port, login, password), not the stored ones; on a failure
 *   Chatwoot renders 422 `{message}` and still applies the channel update (see mailServerCheck);
 * - Telegram: `bot_token` present and unique; on create `getMe` names the bot (`bot_name`) and
 *   fails ("Bot token invalid token") for a token Telegram does not know, modelled as one that is
 *   not `<digits>:<30+ characters>`; `setWebhook` answers success;
 * - LINE: `line_channel_id` (unique), secret and token present; no third party on create;
 * - SMS (Bandwidth): `phone_number` present and unique; `provider_config` stored as sent (the
 *   upstream check of it is commented out);
 * - WhatsApp: `provider` in default/whatsapp_cloud, `phone_number` present and unique; the
 *   provider config is checked with the provider (360dialog, or Meta's Graph API with the
 *   business account id), modelled as failing ("Provider config Invalid Credentials") without an
 *   `api_key` (or, for whatsapp_cloud, a `business_account_id`); a Cloud number gets a
 *   `webhook_verify_token`; templates are synced (none).
 */
import { ApiError, internalError } from "../errors";
import { castBoolean, castInteger, castString, isHash, isPresent, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, TAKEN } from "../record-errors";
import type { InboxRecord, SandboxState } from "../state";
import type { ChannelKind } from "./channel-kind";

const CREDENTIAL = /password|token|secret|api_key/;

/** Assigns a credential column: the row keeps it apart, the secret book remembers it. */
function credential(state: SandboxState, inbox: InboxRecord, key: string, value: unknown): void {
  const text = castString(value);
  if (text === null) delete inbox.channel_credentials[key];
  else {
    inbox.channel_credentials[key] = text;
    state.secrets.received(text);
  }
}

/** `provider_config=`: replaced whole; its secret keys kept apart like the other credentials. */
function assignProviderConfig(state: SandboxState, inbox: InboxRecord, config: unknown): void {
  const given = isHash(config) ? config : {};
  for (const key of Object.keys(inbox.channel_credentials)) if (key.startsWith("provider_config.")) delete inbox.channel_credentials[key];
  inbox.provider_config = {};
  for (const [key, value] of Object.entries(given)) {
    if (CREDENTIAL.test(key)) credential(state, inbox, `provider_config.${key}`, value);
    else inbox.provider_config[key] = value;
  }
}

/** The provider config as the server holds it, secret keys included (what administrators are shown). */
export function providerConfigOf(inbox: InboxRecord): Params {
  const config: Params = { ...inbox.provider_config };
  for (const [key, value] of Object.entries(inbox.channel_credentials)) if (key.startsWith("provider_config.")) config[key.slice("provider_config.".length)] = value;
  return config;
}

/** Uniqueness across the installation (channel tables are not scoped to an account). */
function takenAnywhere(state: SandboxState, inbox: InboxRecord, read: (row: InboxRecord) => unknown): boolean {
  const value = read(inbox);
  if (value === null || value === undefined || value === "") return false;
  for (const other of state.inboxes.values()) if (other.id !== inbox.id && other.channel_type === inbox.channel_type && read(other) === value) return true;
  return false;
}

const MAIL_TEXT = ["imap_address", "imap_login", "smtp_address", "smtp_login", "smtp_domain", "smtp_openssl_verify_mode", "smtp_authentication"] as const;
const MAIL_FLAGS = ["imap_enabled", "imap_enable_ssl", "smtp_enabled", "smtp_enable_starttls_auto", "smtp_enable_ssl_tls"] as const;

const email: ChannelKind = {
  channelType: "Channel::Email",
  table: "channel_email",
  permit: Object.fromEntries(
    ["email", ...MAIL_TEXT, ...MAIL_FLAGS, "imap_port", "smtp_port", "imap_password", "smtp_password", "provider"].map((k) => [k, "scalar" as const]),
  ),
  assign(inbox, attributes, state) {
    const has = (key: string) => Object.hasOwn(attributes, key);
    if (has("email")) inbox.email = castString(attributes.email);
    for (const key of MAIL_TEXT) if (has(key)) inbox[key] = castString(attributes[key]) ?? "";
    for (const key of MAIL_FLAGS) if (has(key)) inbox[key] = castBoolean(attributes[key]) ?? false;
    for (const key of ["imap_port", "smtp_port"] as const) if (has(key)) inbox[key] = castInteger(attributes[key]) ?? 0;
    for (const key of ["imap_password", "smtp_password"]) if (has(key)) credential(state, inbox, key, attributes[key]);
    if (has("provider")) inbox.provider = castString(attributes.provider);
  },
  validate(inbox, errors, state) {
    if (takenAnywhere(state, inbox, (row) => row.email)) errors.add("email", TAKEN);
  },
  create(inbox) {
    if (inbox.email === null) throw internalError(); // the NOT NULL column
  },
};

/**
 * `validate_imap` / `validate_smtp` of an update whose channel params switch a server on: a
 * connection with the request's values. The sandbox's mail servers answer for any address but one
 * under `.invalid` (a name that never resolves, RFC 6761), and refuse a login without a password.
 * The message texts are the sandbox's own (upstream's come from its locale file).
 */
export function mailServerCheck(channel: Params): ApiError | undefined {
  for (const server of ["imap", "smtp"] as const) {
    if (!Object.hasOwn(channel, `${server}_enabled`) || castBoolean(channel[`${server}_enabled`]) !== true) continue;
    const address = castString(channel[`${server}_address`]) ?? "";
    const name = server.toUpperCase();
    if (address.trim() === "" || /\.invalid\.?$/i.test(address)) return new ApiError(422, { message: `Could not connect to the ${name} server ${address}: the host name does not resolve` });
    if (!isPresent(channel[`${server}_login`]) || !isPresent(channel[`${server}_password`])) return new ApiError(422, { message: `The ${name} server refused the login: check the login and password` });
  }
  return undefined;
}

const telegram: ChannelKind = {
  channelType: "Channel::Telegram",
  table: "channel_telegram",
  permit: { bot_token: "scalar" },
  assign(inbox, attributes, state) {
    if (Object.hasOwn(attributes, "bot_token")) credential(state, inbox, "bot_token", attributes.bot_token);
  },
  validate(inbox, errors, state) {
    if (!isPresent(inbox.channel_credentials.bot_token)) errors.add("bot_token", CANT_BE_BLANK);
    else if (takenAnywhere(state, inbox, (row) => row.channel_credentials.bot_token)) errors.add("bot_token", TAKEN);
  },
  create(inbox, errors) {
    // ensure_valid_bot_token: getMe, whose answer names the bot.
    const match = /^(\d+):[A-Za-z0-9_-]{30,}$/.exec(inbox.channel_credentials.bot_token ?? "");
    if (!match) errors.add("bot_token", "invalid token");
    else inbox.bot_name = `sandbox_${match[1]}_bot`;
  },
};

const line: ChannelKind = {
  channelType: "Channel::Line",
  table: "channel_line",
  permit: { line_channel_id: "scalar", line_channel_secret: "scalar", line_channel_token: "scalar" },
  assign(inbox, attributes, state) {
    if (Object.hasOwn(attributes, "line_channel_id")) inbox.line_channel_id = castString(attributes.line_channel_id);
    for (const key of ["line_channel_secret", "line_channel_token"]) if (Object.hasOwn(attributes, key)) credential(state, inbox, key, attributes[key]);
  },
  validate(inbox, errors, state) {
    if (takenAnywhere(state, inbox, (row) => row.line_channel_id)) errors.add("line_channel_id", TAKEN);
    if (!isPresent(inbox.line_channel_id)) errors.add("line_channel_id", CANT_BE_BLANK);
    for (const key of ["line_channel_secret", "line_channel_token"]) if (!isPresent(inbox.channel_credentials[key])) errors.add(key, CANT_BE_BLANK);
  },
};

const PROVIDER_CONFIG: PermitFilter = { provider_config: "hash" };

const sms: ChannelKind = {
  channelType: "Channel::Sms",
  table: "channel_sms",
  permit: { phone_number: "scalar", ...PROVIDER_CONFIG },
  assign(inbox, attributes, state) {
    if (Object.hasOwn(attributes, "phone_number")) inbox.phone_number = castString(attributes.phone_number);
    if (Object.hasOwn(attributes, "provider_config")) assignProviderConfig(state, inbox, attributes.provider_config);
    inbox.provider ??= "default";
  },
  validate(inbox, errors, state) {
    if (!isPresent(inbox.phone_number)) errors.add("phone_number", CANT_BE_BLANK);
    else if (takenAnywhere(state, inbox, (row) => row.phone_number)) errors.add("phone_number", TAKEN);
  },
};

const WHATSAPP_PROVIDERS = ["default", "whatsapp_cloud"];

const whatsapp: ChannelKind = {
  channelType: "Channel::Whatsapp",
  table: "channel_whatsapp",
  permit: { phone_number: "scalar", provider: "scalar", ...PROVIDER_CONFIG },
  assign(inbox, attributes, state) {
    if (Object.hasOwn(attributes, "phone_number")) inbox.phone_number = castString(attributes.phone_number);
    if (Object.hasOwn(attributes, "provider")) inbox.provider = castString(attributes.provider);
    inbox.provider ??= "default";
    if (Object.hasOwn(attributes, "provider_config")) assignProviderConfig(state, inbox, attributes.provider_config);
    // ensure_webhook_verify_token (before_validation): a Cloud number keeps one, or gets a new one.
    if (inbox.provider === "whatsapp_cloud" && !isPresent(inbox.channel_credentials["provider_config.webhook_verify_token"])) {
      inbox.channel_credentials["provider_config.webhook_verify_token"] = state.secrets.fresh();
    }
  },
  validate(inbox, errors, state) {
    if (!WHATSAPP_PROVIDERS.includes(inbox.provider ?? "")) errors.add("provider", "is not included in the list");
    if (!isPresent(inbox.phone_number)) errors.add("phone_number", CANT_BE_BLANK);
    else if (takenAnywhere(state, inbox, (row) => row.phone_number)) errors.add("phone_number", TAKEN);
    // validate_provider_config: the provider's API, called with the key (and the business account for the Cloud API).
    const cloud = inbox.provider === "whatsapp_cloud";
    const reachable = isPresent(inbox.channel_credentials["provider_config.api_key"]) && (!cloud || isPresent(inbox.provider_config.business_account_id));
    if (!reachable) errors.add("provider_config", "Invalid Credentials");
  },
};

/** The credentialed channels by the name `channel[:type]` takes. */
export const CREDENTIALED_CHANNELS: Record<string, ChannelKind> = { email, telegram, line, sms, whatsapp };

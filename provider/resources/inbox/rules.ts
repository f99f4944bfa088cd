/**
 * The checks of an inbox's inputs that span several properties: what a create needs per channel
 * type, which credentials a channel takes, and the name Chatwoot refuses for some channels.
 */
import type { z } from "zod";
import type { InboxChannel } from "./channel";
import { credentialKeysOf, type CredentialKey, type InboxCredentials } from "./credentials";

/** The inputs these checks read. */
interface Checked {
  name?: string;
  channel?: InboxChannel;
  credentials?: InboxCredentials;
  adoptId?: number;
}

/** Channel types whose names Chatwoot checks (`check_channel_type?`). */
const NAMED = new Set(["api", "web_widget", "email"]);

/** What a create of each channel type needs: channel fields, and credentials. */
const REQUIRED: Readonly<Record<string, { fields?: readonly string[]; credentials?: readonly CredentialKey[] }>> = {
  web_widget: { fields: ["websiteUrl"] },
  email: { fields: ["email"] },
  telegram: { credentials: ["botToken"] },
  line: { fields: ["lineChannelId"], credentials: ["lineChannelSecret", "lineChannelToken"] },
  sms: { fields: ["phoneNumber"], credentials: ["apiKey", "apiSecret"] },
  whatsapp: { fields: ["phoneNumber"], credentials: ["apiKey"] },
};

/** Credentials Chatwoot needs alongside a provider config, which it replaces whole. */
const WITH_PROVIDER_CONFIG: Readonly<Record<string, readonly CredentialKey[]>> = { sms: ["apiKey", "apiSecret"], whatsapp: ["apiKey"] };

export function checkInbox(v: Checked, ctx: z.core.$RefinementCtx<Checked>): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
  const channel = v.channel as (InboxChannel & Record<string, unknown>) | undefined;
  const misplaced = channel && v.name && NAMED.has(channel.type) ? /[/\\<>@]/.exec(v.name) : null;
  if (misplaced) issue(["name"], `must not contain "${misplaced[0]}" (Chatwoot refuses /, \\, <, > and @ in the names of ${channel!.type} inboxes)`);

  const credentials = v.credentials ?? {};
  const given = (Object.keys(credentials) as CredentialKey[]).filter((k) => credentials[k] !== undefined);
  if (given.length > 0 && !channel) issue(["credentials"], "needs channel: its type says which credentials apply");
  if (channel) {
    const allowed = credentialKeysOf(channel.type);
    for (const key of given.filter((k) => !allowed.includes(k))) {
      const takes = allowed.length > 0 ? `it takes ${allowed.join(", ")}` : "it takes none";
      issue(["credentials", key], `is not a credential of a ${channel.type} channel (${takes})`);
    }
    // Named where it is given: a config that cannot be sent without its credentials (an import, which reads no credential, leaves it out).
    const missing = (WITH_PROVIDER_CONFIG[channel.type] ?? []).filter((k) => credentials[k] === undefined);
    if (channel.providerConfig !== undefined && missing.length > 0) {
      const names = missing.map((k) => `credentials.${k}`).join(" and ");
      issue(["channel", "providerConfig"], `needs ${names} beside it: Chatwoot replaces the provider config whole, its credentials included`);
    }
  }
  if (v.adoptId !== undefined) return;

  if (v.name === undefined) issue(["name"], "required to create an inbox (or set adoptId to manage an existing one)");
  if (!channel) {
    issue(["channel"], 'required to create an inbox: { type: "api" }, { type: "web_widget", websiteUrl }, ... (or set adoptId to manage an existing inbox)');
    return;
  }
  const required = REQUIRED[channel.type] ?? {};
  for (const field of required.fields ?? []) if (channel[field] === undefined) issue(["channel", field], `required to create a ${channel.type} inbox`);
  for (const key of required.credentials ?? []) if (credentials[key] === undefined) issue(["credentials", key], `required to create a ${channel.type} inbox`);
  if (channel.type === "whatsapp" && channel.provider === "whatsapp_cloud") {
    const config = channel.providerConfig ?? {};
    for (const key of ["phoneNumberId", "businessAccountId"] as const) {
      if (config[key] === undefined) issue(["channel", "providerConfig", key], "required to create a WhatsApp Cloud inbox");
    }
  }
  if (channel.type === "email") checkMailServers(channel, credentials, issue);
}

/** A mail server switched on at create needs its address, port and password (Chatwoot connects on the first update). */
function checkMailServers(channel: Record<string, unknown>, credentials: InboxCredentials, issue: (path: string[], message: string) => void): void {
  for (const server of ["imap", "smtp"] as const) {
    if (channel[`${server}Enabled`] !== true) continue;
    const what = `required with ${server}Enabled: true`;
    for (const field of [`${server}Address`, `${server}Port`, `${server}Login`]) if (channel[field] === undefined) issue(["channel", field], what);
    if (credentials[`${server}Password`] === undefined) issue(["credentials", `${server}Password`], what);
  }
}

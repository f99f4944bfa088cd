import type * as pulumi from "@pulumi/pulumi";
import type { JsonInput } from "./inputs";

/**
 * The arguments of an inbox's channel (`InboxArgs.channel`), its credentials
 * (`InboxArgs.credentials`), its satisfaction survey (`InboxArgs.csatConfig`) and a web widget's
 * pre-chat form. Only the fields given are managed; changing `type` replaces the inbox.
 */

/** The channel of an API inbox: messages come and go through Chatwoot's API and a webhook. */
export interface InboxApiChannelArgs {
  /** `api`. Changing the type replaces the inbox. */
  type: pulumi.Input<"api">;
  /** URL Chatwoot posts new messages and events to (http or https); `null` clears it. */
  webhookUrl?: pulumi.Input<string | null | undefined>;
  /** Whether the channel accepts only requests signed with the inbox's HMAC token. */
  hmacMandatory?: pulumi.Input<boolean | undefined>;
  /**
   * Additional attributes of the channel, by key (JSON values), replaced whole on change:
   * `agent_reply_time_window` (a whole number of hours, greater than 0) limits how long after a
   * contact's last message agents may reply.
   */
  additionalAttributes?: pulumi.Input<{ [key: string]: JsonInput } | undefined>;
}

/** One field of a web widget's pre-chat form. */
export interface InboxPreChatFieldArgs {
  /**
   * What the answer fills in: `standard` (the contact's e-mail address, name or phone number), or a
   * custom attribute of the contact (`contact_attribute`) or of the conversation (`conversation_attribute`).
   */
  fieldType: pulumi.Input<"standard" | "contact_attribute" | "conversation_attribute">;
  /**
   * For a standard field `emailAddress`, `fullName` or `phoneNumber`; for an attribute's field the
   * attribute's key (a `CustomAttributeDefinition`'s `attributeKey`). Each field once.
   */
  name: pulumi.Input<string>;
  /** The field's label (one line). */
  label?: pulumi.Input<string | null | undefined>;
  /** The placeholder text inside the field (one line). */
  placeholder?: pulumi.Input<string | null | undefined>;
  /** How the widget renders it: `email`, `text`, `number`, `list`, `checkbox`, `date`, `link`, ... (the attribute's display type). */
  type?: pulumi.Input<string | undefined>;
  /** Whether the visitor must fill it in (default false). */
  required?: pulumi.Input<boolean | undefined>;
  /** Whether the form shows it (default false). */
  enabled?: pulumi.Input<boolean | undefined>;
  /** The choices of a `list` field. */
  values?: pulumi.Input<pulumi.Input<string>[] | undefined>;
  /** A regular expression answers must match (it must compile, without nested unbounded repetition). */
  regexPattern?: pulumi.Input<string | null | undefined>;
  /** The hint shown when an answer does not match `regexPattern` (one line). */
  regexCue?: pulumi.Input<string | null | undefined>;
}

/** A web widget's pre-chat form: replaced whole on change. */
export interface InboxPreChatFormOptionsArgs {
  /** The message above the form (at most 10,000 characters); `null` for none. */
  preChatMessage?: pulumi.Input<string | null | undefined>;
  /**
   * The form's fields, in the order shown; at least one (Chatwoot replaces a form without fields,
   * its message included, with its default form).
   */
  preChatFields: pulumi.Input<pulumi.Input<InboxPreChatFieldArgs>[]>;
}

/** The channel of a website live-chat widget inbox. */
export interface InboxWebWidgetChannelArgs {
  /** `web_widget`. Changing the type replaces the inbox. */
  type: pulumi.Input<"web_widget">;
  /** The website the widget runs on (http or https). Required to create the inbox. */
  websiteUrl?: pulumi.Input<string | undefined>;
  /** The widget's colour, `#RGB` or `#RRGGBB` (compared without regard to case). */
  widgetColor?: pulumi.Input<string | undefined>;
  /** Heading of the widget's welcome screen (one line); `null` clears it. */
  welcomeTitle?: pulumi.Input<string | null | undefined>;
  /** Text under the welcome heading (at most 10,000 characters); `null` clears it. */
  welcomeTagline?: pulumi.Input<string | null | undefined>;
  /** The answer time the widget announces. */
  replyTime?: pulumi.Input<"in_a_few_minutes" | "in_a_few_hours" | "in_a_day" | undefined>;
  /** Whether the widget accepts only visitors identified with an HMAC of their identifier. */
  hmacMandatory?: pulumi.Input<boolean | undefined>;
  /** Whether visitors fill in a form before the chat starts. */
  preChatFormEnabled?: pulumi.Input<boolean | undefined>;
  /** The pre-chat form: its message and fields, custom attributes' fields included. */
  preChatFormOptions?: pulumi.Input<InboxPreChatFormOptionsArgs | undefined>;
  /** Whether a conversation continues by e-mail once the visitor leaves. */
  continuityViaEmail?: pulumi.Input<boolean | undefined>;
  /** The widget features switched on (the others are off), each listed once; compared as a set. */
  selectedFeatureFlags?: pulumi.Input<pulumi.Input<"attachments" | "emoji_picker" | "end_conversation" | "use_inbox_avatar_for_bot">[] | undefined>;
  /**
   * The sites allowed to load the widget: host names (`www.example.com`) or `*.` and one
   * (`*.example.com`), each once; compared as a set, without regard to case. An empty list allows every site.
   */
  allowedDomains?: pulumi.Input<pulumi.Input<string>[] | undefined>;
}

/**
 * An e-mail inbox that reads mail over IMAP and sends over SMTP (passwords in `credentials`).
 * Chatwoot tests the connection with the values an update carries whenever it switches a server on,
 * so such an update sends that server's settings and password together.
 */
export interface InboxEmailChannelArgs {
  /** `email`. Changing the type replaces the inbox. */
  type: pulumi.Input<"email">;
  /** The inbox's address, unique across the installation. Required to create the inbox. */
  email?: pulumi.Input<string | undefined>;
  /** Whether Chatwoot fetches mail over IMAP (then imapAddress, imapPort, imapLogin and credentials.imapPassword are required). */
  imapEnabled?: pulumi.Input<boolean | undefined>;
  /** The IMAP server's host name. */
  imapAddress?: pulumi.Input<string | undefined>;
  /** The IMAP server's port (1-65535), e.g. 993. */
  imapPort?: pulumi.Input<number | undefined>;
  /** The IMAP login (one line). */
  imapLogin?: pulumi.Input<string | null | undefined>;
  /** Whether IMAP uses TLS. */
  imapEnableSsl?: pulumi.Input<boolean | undefined>;
  /** Whether Chatwoot sends over SMTP (then smtpAddress, smtpPort, smtpLogin and credentials.smtpPassword are required). */
  smtpEnabled?: pulumi.Input<boolean | undefined>;
  /** The SMTP server's host name. */
  smtpAddress?: pulumi.Input<string | undefined>;
  /** The SMTP server's port (1-65535), e.g. 587. */
  smtpPort?: pulumi.Input<number | undefined>;
  /** The SMTP login (one line). */
  smtpLogin?: pulumi.Input<string | null | undefined>;
  /** The HELO domain sent to the SMTP server (a host name). */
  smtpDomain?: pulumi.Input<string | undefined>;
  /** Whether SMTP upgrades to TLS with STARTTLS. */
  smtpEnableStarttlsAuto?: pulumi.Input<boolean | undefined>;
  /** Whether SMTP uses TLS from the start (port 465). */
  smtpEnableSslTls?: pulumi.Input<boolean | undefined>;
  /** How the SMTP server's certificate is checked. */
  smtpOpensslVerifyMode?: pulumi.Input<"none" | "peer" | "client_once" | "fail_if_no_peer_cert" | undefined>;
  /** The SMTP authentication method. */
  smtpAuthentication?: pulumi.Input<"login" | "plain" | "cram_md5" | undefined>;
}

/** A Telegram bot's inbox: the bot's token is `credentials.botToken` (required to create). */
export interface InboxTelegramChannelArgs {
  /** `telegram`. Changing the type replaces the inbox. */
  type: pulumi.Input<"telegram">;
}

/** A LINE official account's inbox: its secret and token are `credentials.lineChannelSecret` and `lineChannelToken`. */
export interface InboxLineChannelArgs {
  /** `line`. Changing the type replaces the inbox. */
  type: pulumi.Input<"line">;
  /** The LINE channel's id, unique across the installation. Required to create the inbox. */
  lineChannelId?: pulumi.Input<string | undefined>;
}

/** The provider config of a Bandwidth SMS number, besides its credentials. */
export interface InboxSmsProviderConfigArgs {
  /** The Bandwidth account id (one line). */
  accountId?: pulumi.Input<string | null | undefined>;
  /** The Bandwidth messaging application's id (one line). */
  applicationId?: pulumi.Input<string | null | undefined>;
}

/** An SMS number of Bandwidth: its API key and secret are `credentials.apiKey` and `apiSecret`. */
export interface InboxSmsChannelArgs {
  /** `sms`. Changing the type replaces the inbox. */
  type: pulumi.Input<"sms">;
  /** The number in E.164 form (`+4930123456`), unique across the installation. Required to create the inbox. */
  phoneNumber?: pulumi.Input<string | undefined>;
  /** The provider's account settings; sent with the credentials, as Chatwoot replaces them together. */
  providerConfig?: pulumi.Input<InboxSmsProviderConfigArgs | undefined>;
}

/** The provider config of a WhatsApp number, besides its API key. */
export interface InboxWhatsappProviderConfigArgs {
  /** The Cloud API's phone number id (required to create a whatsapp_cloud inbox). */
  phoneNumberId?: pulumi.Input<string | null | undefined>;
  /** The WhatsApp Business Account id (required to create a whatsapp_cloud inbox). */
  businessAccountId?: pulumi.Input<string | null | undefined>;
}

/** A WhatsApp number (360dialog or Meta's Cloud API): its API key is `credentials.apiKey`. */
export interface InboxWhatsappChannelArgs {
  /** `whatsapp`. Changing the type replaces the inbox. */
  type: pulumi.Input<"whatsapp">;
  /** The number in E.164 form, unique across the installation. Required to create the inbox. */
  phoneNumber?: pulumi.Input<string | undefined>;
  /** `default` (360dialog, Chatwoot's default) or `whatsapp_cloud` (Meta's Cloud API). */
  provider?: pulumi.Input<"default" | "whatsapp_cloud" | undefined>;
  /** The provider's account settings; sent with the API key, as Chatwoot replaces them together (its webhook verify token is kept). */
  providerConfig?: pulumi.Input<InboxWhatsappProviderConfigArgs | undefined>;
}

/** Any channel an inbox is created with. */
export type InboxChannelArgs =
  | InboxApiChannelArgs
  | InboxWebWidgetChannelArgs
  | InboxEmailChannelArgs
  | InboxTelegramChannelArgs
  | InboxLineChannelArgs
  | InboxSmsChannelArgs
  | InboxWhatsappChannelArgs;

/**
 * The credentials of a channel: secret inputs, whichever way the program gives them (the class
 * wraps them in `pulumi.secret`), never in an output or an error text. Which apply depends on
 * `channel.type`; a changed one is sent in the next update (the `credentials` output holds a
 * salted digest of each, which is how the change is seen).
 */
export interface InboxCredentialsArgs {
  /** e-mail: the IMAP password (required with `imapEnabled: true`). */
  imapPassword?: pulumi.Input<string | undefined>;
  /** e-mail: the SMTP password (required with `smtpEnabled: true`). */
  smtpPassword?: pulumi.Input<string | undefined>;
  /** telegram: the bot's token as BotFather shows it (`<bot id>:<key>`). Required to create. */
  botToken?: pulumi.Input<string | undefined>;
  /** line: the channel secret. Required to create. */
  lineChannelSecret?: pulumi.Input<string | undefined>;
  /** line: the channel access token. Required to create. */
  lineChannelToken?: pulumi.Input<string | undefined>;
  /** sms, whatsapp: the provider's API key. Required to create. */
  apiKey?: pulumi.Input<string | undefined>;
  /** sms: the provider's API secret. Required to create. */
  apiSecret?: pulumi.Input<string | undefined>;
}

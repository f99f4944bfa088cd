import type * as pulumi from "@pulumi/pulumi";
import type * as reader from "../provider/readers/inbox";
import { dataSource } from "./data-source";
import type { InboxWorkingHoursDay } from "./inbox";
import type { InputsOf } from "./inputs";

/** Arguments of {@link getInbox}. */
export interface GetInboxArgs {
  /** Id of the account of the inbox. Defaults to config `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). */
  accountId?: number;
  /** Id of the inbox: a number, or its digits as text (an `Inbox`'s `id`). */
  inboxId: string | number;
}

/** Arguments of {@link getInboxOutput}: those of {@link getInbox}, each a Pulumi input. */
export type GetInboxOutputArgs = InputsOf<GetInboxArgs>;

/**
 * What {@link getInbox} returns: every inbox field of the API, null where the server sends none
 * (e.g. widget settings of an API inbox). Channel-specific extras (IMAP settings, provider config,
 * ...) are left out. `websiteToken`, `hmacToken` and `webWidgetScript` (which embeds the website
 * token) are credentials.
 */
export interface GetInboxResult {
  /** The inbox id. */
  readonly id: number;
  /** Name shown to agents. */
  readonly name: string | null;
  /** The channel type as the server names it, e.g. `Channel::WebWidget`, `Channel::Api`, `Channel::Email`. */
  readonly channelType: string | null;
  /** Id of the inbox's channel object. */
  readonly channelId: number | null;
  /** URL of the inbox's avatar. */
  readonly avatarUrl: string | null;
  /** Web widget: the website the widget runs on. */
  readonly websiteUrl: string | null;
  /** Web widget: the widget's colour. */
  readonly widgetColor: string | null;
  /** Web widget: the token the widget script embeds (a credential). */
  readonly websiteToken: string | null;
  /** Web widget: the `<script>` snippet that embeds the widget in a site (a credential: it holds the website token). */
  readonly webWidgetScript: string | null;
  /** Web widget: heading of the welcome screen. */
  readonly welcomeTitle: string | null;
  /** Web widget: text under the welcome heading. */
  readonly welcomeTagline: string | null;
  /** Web widget: the answer time the widget announces (`in_a_few_minutes`, `in_a_few_hours`, `in_a_day`). */
  readonly replyTime: string | null;
  /** Web widget: the names of the enabled widget features (`attachments`, `emoji_picker`, ...). */
  readonly selectedFeatureFlags: string[] | null;
  /** Web widget and API: whether only visitors or requests identified with an HMAC are accepted. */
  readonly hmacMandatory: boolean | null;
  /** Web widget and API: the key for identity-verification HMACs (a credential; administrators only). */
  readonly hmacToken: string | null;
  /** Whether new conversations are assigned to the inbox's agents automatically. */
  readonly enableAutoAssignment: boolean | null;
  /** Auto-assignment settings, keys as the server names them. */
  readonly autoAssignmentConfig: Record<string, unknown> | null;
  /** Whether a greeting is sent to new conversations. */
  readonly greetingEnabled: boolean | null;
  /** The greeting sent to new conversations. */
  readonly greetingMessage: string | null;
  /** Whether the widget asks visitors for their e-mail address. */
  readonly enableEmailCollect: boolean | null;
  /** Whether a satisfaction survey is sent when a conversation is resolved. */
  readonly csatSurveyEnabled: boolean | null;
  /** Whether the working hours apply. */
  readonly workingHoursEnabled: boolean | null;
  /** The answer sent outside working hours. */
  readonly outOfOfficeMessage: string | null;
  /** The working hours: seven days, Sunday (0) first. */
  readonly workingHours: InboxWorkingHoursDay[] | null;
  /** Time zone of the working hours. */
  readonly timezone: string | null;
  /** Whether contacts may write into a resolved conversation. */
  readonly allowMessagesAfterResolved: boolean | null;
  /** Whether a contact keeps one conversation in this inbox. */
  readonly lockToSingleConversation: boolean | null;
  /** Whose name outgoing e-mail shows: `friendly` or `professional`. */
  readonly senderNameType: string | null;
  /** Business name shown with the `professional` sender name type. */
  readonly businessName: string | null;
  /** Webhook URL for callbacks, on channels that have one. */
  readonly callbackWebhookUrl: string | null;
  /** SMS channels: the messaging service identifier of the SMS provider. */
  readonly messagingServiceSid: string | null;
  /** The inbox's phone number, on channels that have one (SMS, WhatsApp). */
  readonly phoneNumber: string | null;
  /** Twilio channels: the medium of communication (e.g. `sms`). */
  readonly medium: string | null;
  /** The provider of the channel, on channel types that have one. */
  readonly provider: string | null;
}

/** The provider's reader, loaded when the data source first runs (see ./data-source.ts). */
const load = (): typeof reader => require("../provider/readers/inbox");
const source = dataSource("getInbox", () => load().getInbox, (inbox) => load().INBOX_SECRET_KEYS.some((key) => inbox[key] !== null));

/**
 * One inbox of an account, read when the program runs, with the stack's `chatwoot:*` config (or
 * the `CHATWOOT_*` environment variables). The website and HMAC tokens are plain in this form;
 * prefer {@link getInboxOutput}, which marks them secret.
 *
 * ## Example Usage
 * ```ts
 * // A CommonJS program cannot await at the top level: use .then, or await inside an async function.
 * export const websiteName = chatwoot.getInbox({ inboxId: 1 }).then((website) => website.name);
 * ```
 *
 * @param opts where the lookup runs: with a {@link Provider} (`{ provider }`, or a parent's), on the
 *   plugin against that provider's installation (so too with the stack setting `chatwoot:usePlugin`);
 *   otherwise in the program process, with the stack's connection.
 */
export const getInbox: (args: GetInboxArgs, opts?: pulumi.InvokeOptions) => Promise<GetInboxResult> = source.plain;

/**
 * {@link getInbox} as an Output. When the inbox carries a website or HMAC token the whole result
 * is a secret (Pulumi cannot mark one field of a value secret).
 *
 * ## Example Usage
 * ```ts
 * const support = chatwoot.getInboxOutput({ inboxId: 3 });
 * export const supportInbox = support.name;
 * export const supportChannel = support.channelType;
 * ```
 */
export const getInboxOutput: (args: GetInboxOutputArgs, opts?: pulumi.InvokeOptions) => pulumi.Output<GetInboxResult> = source.output;

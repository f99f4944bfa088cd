import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { InboxChannelArgs, InboxCredentialsArgs } from "./inbox-channels";
import type { InboxAutoAssignmentConfigArgs, InboxCsatConfig, InboxCsatConfigArgs, InboxWorkingHoursDay, InboxWorkingHoursDayArgs } from "./inbox-settings";

// The types of the inbox's arguments and outputs are part of the package's surface with it.
export type * from "./inbox-channels";
export type * from "./inbox-settings";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/inbox");
import { existingResource, isResourceOf, secretOutputsOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link Inbox}. To create an inbox give `name` and `channel`; to manage an existing
 * one give `adoptId`. A setting left out is not managed (the server keeps its value). Changes are
 * made in place, except where an argument says it replaces the inbox.
 */
export interface InboxArgs extends AccountArgs {
  /**
   * Name shown to agents (and to contacts, on some channels): one line, at most 255 characters;
   * for the api and web_widget channels without `/`, `\`, `<`, `>` or `@` (Chatwoot refuses those
   * there). Required to create an inbox.
   */
  name?: pulumi.Input<string | undefined>;
  /**
   * The channel and its settings: `{ type: "api", ... }`, `{ type: "web_widget", websiteUrl, ... }`,
   * or a channel whose credentials are `credentials`: `email`, `telegram`, `line`, `sms`,
   * `whatsapp`. Required to create an inbox; leave it out when adopting an inbox of a channel that
   * connects through OAuth (Facebook, Instagram, Google or Microsoft e-mail, TikTok) or Twilio.
   * Only the fields given are managed. Changing `type` replaces the inbox.
   */
  channel?: pulumi.Input<InboxChannelArgs | undefined>;
  /** Whether a greeting is sent to new conversations. */
  greetingEnabled?: pulumi.Input<boolean | undefined>;
  /** The greeting sent when `greetingEnabled` (at most 10,000 characters, Chatwoot's limit); `null` clears it. */
  greetingMessage?: pulumi.Input<string | null | undefined>;
  /** Whether the widget asks visitors for their e-mail address. */
  enableEmailCollect?: pulumi.Input<boolean | undefined>;
  /** Whether a satisfaction survey is sent when a conversation is resolved. */
  csatSurveyEnabled?: pulumi.Input<boolean | undefined>;
  /**
   * How the satisfaction survey looks and which conversations get one (by label titles, e.g.
   * `[vip.title]`); managed whole: a key left out means Chatwoot's default.
   */
  csatConfig?: pulumi.Input<InboxCsatConfigArgs | undefined>;
  /** Whether new conversations are assigned to the inbox's agents automatically. */
  enableAutoAssignment?: pulumi.Input<boolean | undefined>;
  /**
   * Auto-assignment settings (Enterprise): `{ max_assignment_limit: 5 }`, the key spelt as the
   * server spells it; only the keys given are managed.
   */
  autoAssignmentConfig?: pulumi.Input<InboxAutoAssignmentConfigArgs | undefined>;
  /** Whether `workingHours` apply (outside them, `outOfOfficeMessage` answers). */
  workingHoursEnabled?: pulumi.Input<boolean | undefined>;
  /** The answer sent outside working hours (at most 10,000 characters, Chatwoot's limit); `null` clears it. */
  outOfOfficeMessage?: pulumi.Input<string | null | undefined>;
  /**
   * Time zone of the working hours: an IANA name such as "Europe/Berlin", spelled exactly (aliases
   * compare equal), or a Rails name such as "Eastern Time (US & Canada)", sent as its IANA zone.
   */
  timezone?: pulumi.Input<string | undefined>;
  /** Whether contacts may write into a resolved conversation (otherwise a new one starts). */
  allowMessagesAfterResolved?: pulumi.Input<boolean | undefined>;
  /** Whether a contact keeps one conversation in this inbox. */
  lockToSingleConversation?: pulumi.Input<boolean | undefined>;
  /** Whose name outgoing e-mail shows: `friendly` (the agent's) or `professional` (the business's). */
  senderNameType?: pulumi.Input<"friendly" | "professional" | undefined>;
  /** Business name shown with `senderNameType: "professional"` (one line); `null` clears it. */
  businessName?: pulumi.Input<string | null | undefined>;
  /**
   * The help center (a `Portal`'s `id`, or a number) whose articles the inbox's widget offers;
   * `null` unlinks it. Chatwoot does not check that the portal is the account's: one of another
   * account is refused after the write (the inbox then shows no portal of its own).
   */
  portalId?: pulumi.Input<string | number | null | undefined>;
  /**
   * Opening hours per day of the week. Only the days listed are managed (the hours of the others
   * are neither compared nor changed); an update sends only the days that changed.
   */
  workingHours?: pulumi.Input<pulumi.Input<InboxWorkingHoursDayArgs>[] | undefined>;
  /** Id of the agent bot that answers the inbox (a number, or an `AgentBot`'s `id`); `null` removes the bot. */
  agentBotId?: pulumi.Input<string | number | null | undefined>;
  /**
   * The channel's credentials (IMAP and SMTP passwords, a Telegram bot token, LINE's secret and
   * token, an SMS or WhatsApp provider's API key): secret inputs, stored encrypted, never in an
   * output or error text. Which apply depends on `channel.type`; required ones depend on it too.
   */
  credentials?: pulumi.Input<InboxCredentialsArgs | undefined>;
  /**
   * Id of an existing inbox of the account, of any channel type, to manage instead of creating
   * one (see Adoption). Destroying the resource then only forgets the inbox, unless
   * `deleteOnDestroy` is true.
   */
  adoptId?: pulumi.Input<string | number | undefined>;
  /**
   * For an adopted inbox: delete it on the server when the resource is destroyed (default false:
   * only forget it). Inboxes the resource created are always deleted (keep one with Pulumi's
   * `retainOnDelete` option).
   */
  deleteOnDestroy?: pulumi.Input<boolean | undefined>;
}

/** An inbox's channel as the server holds it: its `type` (`api`, `web_widget`, `email`, ...) and settings, null where unset. */
export type InboxChannelState = { type: string } & Record<string, unknown>;

/** The outputs that the server fills in (the rest are the arguments as the server holds them). */
const SERVER_OUTPUTS = [
  "channelType",
  "channelId",
  "avatarUrl",
  "inboxIdentifier",
  "callbackWebhookUrl",
  "websiteToken",
  "hmacToken",
  "webWidgetScript",
  "adopted",
] as const;

/** Every argument: each is an output whether or not the program gives it. */
const INPUT_KEYS = [
  "accountId",
  "name",
  "channel",
  "greetingEnabled",
  "greetingMessage",
  "enableEmailCollect",
  "csatSurveyEnabled",
  "csatConfig",
  "enableAutoAssignment",
  "autoAssignmentConfig",
  "workingHoursEnabled",
  "outOfOfficeMessage",
  "timezone",
  "allowMessagesAfterResolved",
  "lockToSingleConversation",
  "senderNameType",
  "businessName",
  "portalId",
  "workingHours",
  "agentBotId",
  "credentials",
  "adoptId",
  "deleteOnDestroy",
] as const satisfies readonly (keyof InboxArgs)[];

// Every argument is listed above: leaving one out is a compile error here.
const _everyArgument: Exclude<keyof InboxArgs, (typeof INPUT_KEYS)[number]> extends never ? true : never = true;

/**
 * What {@link Inbox.get} may be given: the outputs of {@link Inbox}, each optional (as Pulumi's
 * generated `InboxState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type InboxState = ResourceState<Inbox>;

/**
 * An inbox of a Chatwoot account: a channel through which conversations arrive (a website widget,
 * an API integration, e-mail, WhatsApp, ...), with its settings, working hours and bot.
 *
 * API and web-widget inboxes are created by the resource, and so are e-mail (IMAP/SMTP), Telegram,
 * LINE, SMS and WhatsApp inboxes, whose credentials are secret inputs (`credentials`). Inboxes of
 * channels that connect through OAuth (Facebook, Instagram, Google or Microsoft e-mail, TikTok) or
 * Twilio are managed by adoption (`adoptId`), without `channel`.
 * Settings left out of the program are not managed, and neither are the working-hours days not
 * listed. An update sends one PATCH with only what changed (for working hours, only the days that
 * changed); a change of bot alone goes through `set_agent_bot`, without a PATCH. After each write
 * the inbox is read back: a setting the server answered with success but did not take (Chatwoot
 * skips an invalid working-hours day without saying so) fails the update, naming it. A create sends
 * one POST with the settings and the channel, then, only when the new inbox still differs
 * (Chatwoot's default week, no bot), one PATCH and the bot; should those fail, the inbox stays in
 * the state and the next `up` finishes it.
 *
 * ## Example Usage
 * ```ts
 * const website = new chatwoot.Inbox("website", {
 *   name: "Website",
 *   channel: { type: "web_widget", websiteUrl: "https://www.acme.test", widgetColor: "#1F93FF" },
 *   timezone: "Europe/Berlin",
 *   workingHoursEnabled: true,
 *   outOfOfficeMessage: "We are back on Monday.",
 *   workingHours: [
 *     { dayOfWeek: 1, openHour: 9, closeHour: 17 },
 *     { dayOfWeek: 5, openHour: 9, closeHour: 13, closeMinutes: 30 },
 *     { dayOfWeek: 6, closedAllDay: true },
 *   ],
 *   agentBotId: triage.id,
 * });
 * export const widgetToken = website.websiteToken; // a secret
 *
 * // A survey for VIP conversations, and a pre-chat form that asks for a custom attribute.
 * new chatwoot.Inbox("shop", {
 *   name: "Shop",
 *   channel: {
 *     type: "web_widget",
 *     websiteUrl: "https://shop.acme.test",
 *     allowedDomains: ["shop.acme.test", "*.acme.test"],
 *     preChatFormEnabled: true,
 *     preChatFormOptions: {
 *       preChatMessage: "Before we start:",
 *       preChatFields: [
 *         { fieldType: "standard", name: "emailAddress", label: "E-mail", type: "email", required: true, enabled: true },
 *         { fieldType: "contact_attribute", name: plan.attributeKey, label: "Your plan", type: "list", values: ["free", "pro"], enabled: true },
 *       ],
 *     },
 *   },
 *   csatSurveyEnabled: true,
 *   csatConfig: { displayType: "star", message: "How did we do?", surveyRules: { operator: "contains", values: [vip.title] } },
 * });
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing inbox of any channel type (on the plugin, `pulumi import` takes
 * it instead: see Import); the first `up` then changes what differs from the program. Destroying an
 * adopted inbox only removes it from the stack, unless `deleteOnDestroy: true`; inboxes the
 * resource created are deleted (Chatwoot finishes deleting in the background). Leave `channel` out
 * to manage only the inbox's settings; a `channel` of the inbox's own type manages those channel
 * fields too (with the `credentials` given), one of another type fails before any write.
 *
 * ## Channel credentials
 * `credentials` takes the secrets of the channel: `imapPassword` and `smtpPassword` (email),
 * `botToken` (telegram, as BotFather shows it), `lineChannelSecret` and `lineChannelToken` (line),
 * `apiKey` and `apiSecret` (sms), `apiKey` (whatsapp). A create needs those its channel cannot work
 * without. Take them from the stack's secrets: `config.requireSecret("imapPassword")`.
 *
 * - **Secret whatever the program passes**: the input is stored encrypted even when the program
 *   gives plain text (the TypeScript class wraps it in `pulumi.secret`, the plugin marks it secret),
 *   and the `credentials` output is a secret too.
 * - **Never in outputs, logs or errors**: the outputs hold only a salted scrypt digest of each
 *   (`scrypt$16384$8$<salt>$<hash>`), and an error text that quotes a credential (a server's 422, a
 *   proxy's page) shows `[redacted]`. Check failures never quote a value.
 * - **How a change is seen**: the digest is compared with the program's value, and a changed
 *   credential is sent in the next update (only the changed ones). Where the server shows a
 *   credential to administrators (e-mail passwords, a WhatsApp provider's API key) the digest is of
 *   what it holds, so a change made in the dashboard shows as drift on `refresh` and the next `up`
 *   sets it back; Telegram, LINE and SMS credentials are never shown, so such a change is not seen.
 *   Adopting an inbox sends the given credentials the server does not show.
 * - **Sent together where Chatwoot needs them together**: an update that switches an IMAP or SMTP
 *   server on makes Chatwoot connect with the values of that request alone, so a change of any of
 *   that server's settings or its password sends them all, password included. Chatwoot replaces a
 *   provider config (SMS, WhatsApp) whole: a change of it sends it whole, with the other keys the
 *   server holds (the webhook verify token Chatwoot made for a Cloud API number).
 *
 * What a real server needs: Chatwoot calls the third party while it creates or updates the channel,
 * so it must reach it and the credentials must work. Telegram's `getMe` must know the bot token (and
 * `setWebhook` points Telegram at the installation's `FRONTEND_URL`, which Telegram must reach);
 * WhatsApp checks the API key with 360dialog, or with Meta's Graph API for the business account; an
 * update that switches a mail server on connects to it and answers 422 with the reason when that
 * fails, after applying the update all the same (a `refresh` shows the new settings; the next `up`
 * tries again). LINE and SMS channels are created without a call; LINE, SMS and WhatsApp then need
 * `callbackWebhookUrl` configured at the third party.
 *
 * ## Working hours
 * `workingHours` entries name their day by `dayOfWeek`, 0 (Sunday) to 6 (Saturday); an open day
 * needs `openHour` and `closeHour`, and minutes default to 0.
 *
 * - **Days not listed are not managed**: what the server holds for them is never compared nor
 *   sent, so a program can own the weekdays and leave the weekend to the dashboard. The order of
 *   the entries does not matter.
 * - **Refused before any request**, naming the entry and field: a day outside 0-6 or listed twice;
 *   hours outside 0-23 and minutes outside 0-59 (whole numbers); a closing time that is not after
 *   the opening time (a day cannot run past midnight); `openAllDay` together with `closedAllDay`;
 *   an open day without `openHour` or `closeHour`; and a `timezone` that is neither an IANA
 *   identifier spelled exactly as the database does (Chatwoot compares case-sensitively:
 *   `europe/berlin` and `+02:00` are refused, with a suggestion where one exists) nor one of Rails'
 *   names (`"Eastern Time (US & Canada)"`, sent as its IANA zone). Chatwoot itself skips an invalid
 *   day without a word and still answers 200 (and an open day without hours is a 500).
 * - **Compared as equal**: `openAllDay: true` and an open day from 0:00 to 23:59; a closed day
 *   whatever hours it carries (closing a day in Chatwoot keeps its old hours), and hours given next
 *   to `openAllDay` or `closedAllDay`; missing minutes and 0; the names of one time zone, which
 *   servers store or rewrite either way (`US/Eastern` and `America/New_York`, `Etc/UTC` and `UTC`,
 *   a Rails name and its zone).
 * - **Only changed days are sent**, each as a complete entry (Chatwoot updates each listed day and
 *   leaves the others). A new inbox, which Chatwoot gives Monday to Friday 09:00-17:00 and the
 *   weekend closed, is sent the listed days that differ from that.
 * - **Read back**: a day the server did not take fails the run, naming the day, what was sent and
 *   what the server still holds (`... did not take workingHours for Friday (5) 09:00-16:00 (it still
 *   holds Friday (5) 09:00-15:00)`), instead of a change that every `up` would show again.
 */
export class Inbox extends ChatwootResource {
  /** The account the inbox belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name shown to agents; null when the server sends none. */
  declare readonly name: pulumi.Output<string | null>;
  /** The channel as the server holds it (every setting of its type, not only the managed ones). */
  declare readonly channel: pulumi.Output<InboxChannelState>;
  /** Whether a greeting is sent to new conversations. */
  declare readonly greetingEnabled: pulumi.Output<boolean | null>;
  /** The greeting sent to new conversations; null when none. */
  declare readonly greetingMessage: pulumi.Output<string | null>;
  /** Whether the widget asks visitors for their e-mail address. */
  declare readonly enableEmailCollect: pulumi.Output<boolean | null>;
  /** Whether a satisfaction survey is sent when a conversation is resolved. */
  declare readonly csatSurveyEnabled: pulumi.Output<boolean | null>;
  /** The satisfaction survey's settings as the server holds them (a WhatsApp template included); null when none. */
  declare readonly csatConfig: pulumi.Output<InboxCsatConfig | null>;
  /** Whether new conversations are assigned to the inbox's agents automatically. */
  declare readonly enableAutoAssignment: pulumi.Output<boolean | null>;
  /** Auto-assignment settings as the server holds them (keys as the server names them). */
  declare readonly autoAssignmentConfig: pulumi.Output<Record<string, unknown> | null>;
  /** Whether the working hours apply. */
  declare readonly workingHoursEnabled: pulumi.Output<boolean | null>;
  /** The answer sent outside working hours; null when none. */
  declare readonly outOfOfficeMessage: pulumi.Output<string | null>;
  /** The time zone as the server stores it. */
  declare readonly timezone: pulumi.Output<string | null>;
  /** Whether contacts may write into a resolved conversation. */
  declare readonly allowMessagesAfterResolved: pulumi.Output<boolean | null>;
  /** Whether a contact keeps one conversation in this inbox. */
  declare readonly lockToSingleConversation: pulumi.Output<boolean | null>;
  /** Whose name outgoing e-mail shows: `friendly` or `professional`. */
  declare readonly senderNameType: pulumi.Output<string | null>;
  /** Business name shown with the `professional` sender name type; null when none. */
  declare readonly businessName: pulumi.Output<string | null>;
  /** The linked help center's id (null: none); read only when the argument is given. */
  declare readonly portalId: pulumi.Output<number | null | undefined>;
  /** The listed days as the server holds them, in the program's order (the whole week, Sunday = 0, when it lists none). */
  declare readonly workingHours: pulumi.Output<InboxWorkingHoursDay[] | null>;
  /** The bot answering the inbox (null: none); read only when the argument is given. */
  declare readonly agentBotId: pulumi.Output<number | null | undefined>;
  /**
   * A salted scrypt digest of each credential given (a secret output; never the credential): of the
   * value the server shows (e-mail passwords, a WhatsApp API key) or, where it shows none, of the
   * value last sent; null for one not known yet. Null when no credentials are given.
   */
  declare readonly credentials: pulumi.Output<{ [key: string]: string | null } | null>;
  /** The `adoptId` argument as declared; undefined when the resource created the inbox. */
  declare readonly adoptId: pulumi.Output<number | undefined>;
  /** Whether destroying the resource deletes an adopted inbox. */
  declare readonly deleteOnDestroy: pulumi.Output<boolean>;
  /** Output only: the channel type, as `channel.type` names it: `web_widget`, `api`, `email`, `whatsapp`, `twilio_sms`, ... */
  declare readonly /*out*/ channelType: pulumi.Output<string>;
  /** Output only: the id of the inbox's channel object. */
  declare readonly /*out*/ channelId: pulumi.Output<number | null>;
  /** Output only: URL of the inbox's avatar; null when none. */
  declare readonly /*out*/ avatarUrl: pulumi.Output<string | null>;
  /** Output only: where the third party sends the channel's events (LINE, SMS, WhatsApp); null for other channels. */
  declare readonly /*out*/ callbackWebhookUrl: pulumi.Output<string | null>;
  /** Output only: an API inbox's identifier for Chatwoot's public client API. */
  declare readonly /*out*/ inboxIdentifier: pulumi.Output<string | null>;
  /** Output only: the web widget's token, which the widget script embeds (a secret). */
  declare readonly /*out*/ websiteToken: pulumi.Output<string | null>;
  /** Output only: the key for identity-verification HMACs of a web-widget or API inbox (a secret; administrators only). */
  declare readonly /*out*/ hmacToken: pulumi.Output<string | null>;
  /** Output only: the `<script>` snippet that embeds the web widget in a site (a secret: it holds the website token). */
  declare readonly /*out*/ webWidgetScript: pulumi.Output<string | null>;
  /** Output only: whether the inbox was adopted rather than created (destroy then only forgets it, unless `deleteOnDestroy`). */
  declare readonly /*out*/ adopted: pulumi.Output<boolean>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link InboxState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: InboxState, opts?: pulumi.CustomResourceOptions): Inbox {
    return existingResource(Inbox, "Inbox", name, id, state, opts);
  }

  /** Whether `obj` is a {@link Inbox}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is Inbox {
    return isResourceOf(obj, "Inbox");
  }

  constructor(name: string, args: InboxArgs, opts?: pulumi.CustomResourceOptions) {
    const optional = Object.fromEntries(
      [...INPUT_KEYS, ...SERVER_OUTPUTS].map((key): [string, undefined] => [key, undefined]),
    );
    // Credentials are secret inputs whatever the program passes, so the engine stores them encrypted.
    const credentials = args.credentials === undefined ? undefined : pulumi.secret(args.credentials);
    super(
      "Inbox",
      provider,
      name,
      { ...optional, ...args, credentials },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputsOf("Inbox") }),
    );
  }
}

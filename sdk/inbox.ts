import * as pulumi from "@pulumi/pulumi";
import type { WorkingHoursEntry } from "../provider/diff/normalize/working-hours";
import type { InboxInputs } from "../provider/resources/inbox";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/inbox");

/**
 * Arguments of {@link Inbox}. `accountId` defaults to config `chatwoot:accountId`. To create an
 * inbox give `name` and `channel`; to manage an existing one give `adoptId`.
 */
export type InboxArgs = ResourceArgs<InboxInputs, "accountId">;

/** An inbox's channel as the server holds it: its `type` (`api`, `web_widget`, `email`, ...) and settings, null where unset. */
export type InboxChannelState = { type: string } & Record<string, unknown>;

/** The outputs that the server fills in (the rest are the arguments as the server holds them). */
const SERVER_OUTPUTS = [
  "channelType",
  "channelId",
  "avatarUrl",
  "inboxIdentifier",
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
  "enableAutoAssignment",
  "autoAssignmentConfig",
  "workingHoursEnabled",
  "outOfOfficeMessage",
  "timezone",
  "allowMessagesAfterResolved",
  "lockToSingleConversation",
  "senderNameType",
  "businessName",
  "workingHours",
  "agentBotId",
  "adoptId",
  "deleteOnDestroy",
] as const satisfies readonly (keyof InboxArgs)[];

// Every argument is listed above: leaving one out is a compile error here.
const _everyArgument: Exclude<keyof InboxArgs, (typeof INPUT_KEYS)[number]> extends never ? true : never = true;

/** Credentials the server hands out with an inbox: secret outputs. */
const SECRET_OUTPUTS = ["websiteToken", "hmacToken", "webWidgetScript"];

/**
 * An inbox of a Chatwoot account: a channel through which conversations arrive (a website widget,
 * an API integration, e-mail, WhatsApp, ...), with its settings, working hours and bot.
 *
 * API and web-widget inboxes are created by the resource. Every other channel type needs
 * credentials of a third party and is managed by adoption (`adoptId`), without `channel`.
 * Settings left out of the program are not managed, and neither are the working-hours days not
 * listed. An update sends one PATCH with only what changed (for working hours, only the days that
 * changed); a change of bot alone goes through `set_agent_bot`, without a PATCH. After each write
 * the inbox is read back: a setting the server answered with success but did not take (Chatwoot
 * skips an invalid working-hours day without saying so) fails the update, naming it.
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
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing inbox of any channel type (Pulumi's `import` does not work for
 * dynamic resources); the first `up` then changes what differs from the program. Destroying an
 * adopted inbox only removes it from the stack, unless `deleteOnDestroy: true`; inboxes the resource
 * created are deleted (Chatwoot finishes deleting in the background).
 */
export class Inbox extends pulumi.dynamic.Resource {
  declare readonly accountId: pulumi.Output<number>;
  declare readonly name: pulumi.Output<string | null>;
  /** The channel as the server holds it (every setting of its type, not only the managed ones). */
  declare readonly channel: pulumi.Output<InboxChannelState>;
  declare readonly greetingEnabled: pulumi.Output<boolean | null>;
  declare readonly greetingMessage: pulumi.Output<string | null>;
  declare readonly enableEmailCollect: pulumi.Output<boolean | null>;
  declare readonly csatSurveyEnabled: pulumi.Output<boolean | null>;
  declare readonly enableAutoAssignment: pulumi.Output<boolean | null>;
  declare readonly autoAssignmentConfig: pulumi.Output<Record<string, unknown> | null>;
  declare readonly workingHoursEnabled: pulumi.Output<boolean | null>;
  declare readonly outOfOfficeMessage: pulumi.Output<string | null>;
  /** The time zone as the server stores it. */
  declare readonly timezone: pulumi.Output<string | null>;
  declare readonly allowMessagesAfterResolved: pulumi.Output<boolean | null>;
  declare readonly lockToSingleConversation: pulumi.Output<boolean | null>;
  declare readonly senderNameType: pulumi.Output<string | null>;
  declare readonly businessName: pulumi.Output<string | null>;
  /** The listed days as the server holds them, in the program's order (the whole week, Sunday = 0, when it lists none). */
  declare readonly workingHours: pulumi.Output<WorkingHoursEntry[] | null>;
  /** The bot answering the inbox (null: none); read only when the argument is given. */
  declare readonly agentBotId: pulumi.Output<number | null | undefined>;
  declare readonly adoptId: pulumi.Output<number | undefined>;
  declare readonly deleteOnDestroy: pulumi.Output<boolean>;
  /** The channel type, as `channel.type` names it: `web_widget`, `api`, `email`, `whatsapp`, `twilio_sms`, ... */
  declare readonly /*out*/ channelType: pulumi.Output<string>;
  declare readonly /*out*/ channelId: pulumi.Output<number | null>;
  declare readonly /*out*/ avatarUrl: pulumi.Output<string | null>;
  /** An API inbox's identifier for Chatwoot's public client API. */
  declare readonly /*out*/ inboxIdentifier: pulumi.Output<string | null>;
  /** The web widget's token, which the widget script embeds (a secret). */
  declare readonly /*out*/ websiteToken: pulumi.Output<string | null>;
  /** The key for identity-verification HMACs of a web-widget or API inbox (a secret; administrators only). */
  declare readonly /*out*/ hmacToken: pulumi.Output<string | null>;
  /** The `<script>` snippet that embeds the web widget in a site (a secret: it holds the website token). */
  declare readonly /*out*/ webWidgetScript: pulumi.Output<string | null>;
  /** Whether the inbox was adopted rather than created (destroy then only forgets it, unless `deleteOnDestroy`). */
  declare readonly /*out*/ adopted: pulumi.Output<boolean>;

  constructor(name: string, args: InboxArgs, opts?: pulumi.CustomResourceOptions) {
    const optional = Object.fromEntries(
      [...INPUT_KEYS, ...SERVER_OUTPUTS].map((key): [string, undefined] => [key, undefined]),
    );
    super(provider, name, { ...optional, ...args }, pulumi.mergeOptions(opts, { additionalSecretOutputs: SECRET_OUTPUTS }), "chatwoot", "Inbox");
    noticeOutsideEngine();
  }
}

import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = {
  accountId: 1,
  name: "Website",
  channel: { type: "web_widget", websiteUrl: "https://www.acme.test", widgetColor: "#1F93FF" },
  timezone: "Europe/Berlin",
  workingHours: [
    { dayOfWeek: 1, openHour: 9, closeHour: 17 },
    { dayOfWeek: 0, closedAllDay: true },
  ],
};
const withDay = (day: Record<string, unknown>) => ({ ...valid, workingHours: [valid.workingHours[0], day] });

export const corpus: BadInputCorpus = {
  kind: "Inbox",
  provider: resources.Inbox,
  cases: [
    { name: "no name for a new inbox", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "no channel for a new inbox", inputs: { ...valid, channel: undefined }, property: "channel" },
    { name: "a channel type that needs credentials (managed by adoption)", inputs: { ...valid, channel: { type: "email", email: "a@b.test" } }, property: "channel.type" },
    { name: "a web widget without its website", inputs: { ...valid, channel: { type: "web_widget" } }, property: "channel.websiteUrl" },
    { name: "a website that is not an http(s) URL", inputs: { ...valid, channel: { ...valid.channel, websiteUrl: "www.acme.test" } }, property: "channel.websiteUrl" },
    { name: "a colour that is not #RGB or #RRGGBB", inputs: { ...valid, channel: { ...valid.channel, widgetColor: "blue" } }, property: "channel.widgetColor" },
    { name: "an API channel field on a web widget", inputs: { ...valid, channel: { ...valid.channel, webhookUrl: "https://hooks.acme.test" } }, property: "channel.webhookUrl" },
    { name: "an unknown widget feature (a 500 upstream)", inputs: { ...valid, channel: { ...valid.channel, selectedFeatureFlags: ["attachments", "video_calls"] } }, property: "channel.selectedFeatureFlags.1" },
    { name: "an unknown reply time", inputs: { ...valid, channel: { ...valid.channel, replyTime: "in_a_week" } }, property: "channel.replyTime" },
    { name: "an unknown time zone", inputs: { ...valid, timezone: "Mars/Olympus_Mons" }, property: "timezone" },
    { name: "a time zone in the wrong case (Chatwoot compares exactly)", inputs: { ...valid, timezone: "europe/berlin" }, property: "timezone" },
    { name: "a UTC offset instead of a zone", inputs: { ...valid, timezone: "+02:00" }, property: "timezone" },
    { name: "a day after Saturday", inputs: withDay({ dayOfWeek: 7, closedAllDay: true }), property: "workingHours.1.dayOfWeek" },
    { name: "a day listed twice", inputs: withDay({ dayOfWeek: 1, openHour: 10, closeHour: 12 }), property: "workingHours.1.dayOfWeek" },
    { name: "an hour past 23", inputs: withDay({ dayOfWeek: 2, openHour: 9, closeHour: 24 }), property: "workingHours.1.closeHour" },
    { name: "minutes past 59", inputs: withDay({ dayOfWeek: 2, openHour: 9, openMinutes: 60, closeHour: 17 }), property: "workingHours.1.openMinutes" },
    { name: "closing before opening", inputs: withDay({ dayOfWeek: 2, openHour: 17, closeHour: 9 }), property: "workingHours.1.closeHour" },
    { name: "closing when opening (not after)", inputs: withDay({ dayOfWeek: 2, openHour: 9, openMinutes: 30, closeHour: 9, closeMinutes: 30 }), property: "workingHours.1.closeHour" },
    { name: "open all day and closed all day", inputs: withDay({ dayOfWeek: 3, openAllDay: true, closedAllDay: true }), property: "workingHours.1.openAllDay" },
    { name: "an open day without its hours (a 500 upstream)", inputs: withDay({ dayOfWeek: 4, closedAllDay: false }), property: "workingHours.1.openHour" },
    { name: "a sender name type Chatwoot does not know", inputs: { ...valid, senderNameType: "formal" }, property: "senderNameType" },
    { name: "a bot id that is not an integer", inputs: { ...valid, agentBotId: "1e3" }, property: "agentBotId" },
    { name: "adopting a non-integer id", inputs: { accountId: 1, adoptId: 1.5 }, property: "adoptId" },
    { name: "misspelt property", inputs: { ...valid, greetingMesage: "Hi" }, property: "greetingMesage" },
    { name: "name with a right-to-left override", inputs: { ...valid, name: "Web\u202Esite" }, property: "name", reason: "U+202E RIGHT-TO-LEFT OVERRIDE" },
    { name: "name with a NUL", inputs: { ...valid, name: "Web\u0000site" }, property: "name", reason: "U+0000 NULL" },
    { name: "name of 100,000 characters", inputs: { ...valid, name: "w".repeat(100_000) }, property: "name", reason: "at most 255 characters" },
    { name: "an e-mail address as a web widget's name (refused upstream)", inputs: { ...valid, name: "support@acme.test" }, property: "name", reason: 'must not contain "@"' },
    { name: "a greeting over Chatwoot's 10,000-character limit", inputs: { ...valid, greetingMessage: "g".repeat(10_001) }, property: "greetingMessage", reason: "at most 10000 characters" },
    { name: "an out-of-office message with a NUL", inputs: { ...valid, outOfOfficeMessage: "Closed\u0000" }, property: "outOfOfficeMessage", reason: "U+0000 NULL" },
    { name: "a business name on two lines", inputs: { ...valid, businessName: "Acme\nInc" }, property: "businessName", reason: "U+000A LINE FEED" },
    { name: "a website with a space after the host", inputs: { ...valid, channel: { ...valid.channel, websiteUrl: "https://www.acme.test /shop" } }, property: "channel.websiteUrl", reason: "U+0020 SPACE" },
    { name: "a welcome title with a zero-width space", inputs: { ...valid, channel: { ...valid.channel, welcomeTitle: "Hi\u200B there" } }, property: "channel.welcomeTitle", reason: "U+200B ZERO WIDTH SPACE" },
    { name: "an API webhook URL with CR LF after the host", inputs: { ...valid, channel: { type: "api", webhookUrl: "https://hooks.acme.test\r\nX-Injected: 1" } }, property: "channel.webhookUrl", reason: "U+000D CARRIAGE RETURN" },
  ],
};

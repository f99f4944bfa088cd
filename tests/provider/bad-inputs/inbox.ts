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
const mail = { type: "email", email: "support@acme.test" };
const imap = { ...mail, imapEnabled: true, imapAddress: "imap.acme.test", imapPort: 993, imapLogin: "support" };
const telegram = { accountId: 1, name: "Bot", channel: { type: "telegram" }, credentials: { botToken: "123456789:AAE_exampleBotKeyThatIsLongEnough42" } };
const cloud = { type: "whatsapp", phoneNumber: "+4915112345678", provider: "whatsapp_cloud", providerConfig: { phoneNumberId: "1", businessAccountId: "2" } };
const widget = (extra: Record<string, unknown>) => ({ ...valid, channel: { ...valid.channel, ...extra } });
const form = (...fields: Record<string, unknown>[]) => widget({ preChatFormOptions: { preChatMessage: "Hi", preChatFields: fields } });
const plan = { fieldType: "contact_attribute", name: "plan", type: "list", values: ["free", "pro"] };

export const corpus: BadInputCorpus = {
  kind: "Inbox",
  provider: resources.Inbox,
  cases: [
    { name: "no name for a new inbox", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "no channel for a new inbox", inputs: { ...valid, channel: undefined }, property: "channel" },
    { name: "a channel type that connects through OAuth (managed by adoption)", inputs: { ...valid, channel: { type: "facebook", pageId: "1" } }, property: "channel.type" },
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
    { name: "a day listed twice", inputs: withDay({ dayOfWeek: 1, openHour: 10, closeHour: 12 }), property: "workingHours.1.dayOfWeek", reason: "Monday (1) is listed twice, as entries 1 and 2" },
    { name: "an hour past 23", inputs: withDay({ dayOfWeek: 2, openHour: 9, closeHour: 24 }), property: "workingHours.1.closeHour" },
    { name: "minutes past 59", inputs: withDay({ dayOfWeek: 2, openHour: 9, openMinutes: 60, closeHour: 17 }), property: "workingHours.1.openMinutes" },
    {
      name: "closing before opening: the day and both times named, not the entry's place",
      inputs: withDay({ dayOfWeek: 5, openHour: 17, closeHour: 9 }),
      property: "workingHours.1.closeHour",
      reason: "Friday closes at 09:00, which is not after it opens at 17:00: give a closing time after the opening time",
    },
    { name: "closing when opening (not after)", inputs: withDay({ dayOfWeek: 2, openHour: 9, openMinutes: 30, closeHour: 9, closeMinutes: 30 }), property: "workingHours.1.closeHour" },
    { name: "open all day and closed all day", inputs: withDay({ dayOfWeek: 3, openAllDay: true, closedAllDay: true }), property: "workingHours.1.openAllDay" },
    { name: "an open day without its hours (a 500 upstream)", inputs: withDay({ dayOfWeek: 4, closedAllDay: false }), property: "workingHours.1.openHour", reason: "Thursday is open" },
    { name: "an auto-assignment key misspelt (Chatwoot drops it)", inputs: { ...valid, autoAssignmentConfig: { max_assignment_limt: 5 } }, property: "autoAssignmentConfig.max_assignment_limt", reason: "allowed: max_assignment_limit" },
    { name: "an auto-assignment key in camelCase (sent as written, so dropped too)", inputs: { ...valid, autoAssignmentConfig: { maxAssignmentLimit: 5 } }, property: "autoAssignmentConfig.maxAssignmentLimit" },
    { name: "an assignment limit of 0 (refused upstream)", inputs: { ...valid, autoAssignmentConfig: { max_assignment_limit: 0 } }, property: "autoAssignmentConfig.max_assignment_limit", reason: "greater than 0" },
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
    // Credentials and the channels that take them
    { name: "credentials without a channel to say which apply", inputs: { accountId: 1, adoptId: 3, credentials: { imapPassword: "p" } }, property: "credentials" },
    { name: "a credential of another channel type", inputs: { ...valid, credentials: { botToken: "123456789:AAE_exampleBotKeyThatIsLongEnough42" } }, property: "credentials.botToken", reason: "not a credential of a web_widget channel" },
    { name: "a Telegram inbox without its bot token", inputs: { ...telegram, credentials: {} }, property: "credentials.botToken", reason: "required to create a telegram inbox" },
    { name: "a bot token Telegram never issues (getMe fails upstream)", inputs: { ...telegram, credentials: { botToken: "my-bot-token" } }, property: "credentials.botToken", reason: "must be a Telegram bot token" },
    { name: "an empty password", inputs: { ...valid, name: "Mail", channel: imap, credentials: { imapPassword: "" } }, property: "credentials.imapPassword", reason: "must not be empty" },
    { name: "a password with a line break", inputs: { ...valid, name: "Mail", channel: imap, credentials: { imapPassword: "pass\nword" } }, property: "credentials.imapPassword", reason: "U+000A LINE FEED" },
    { name: "a credential that is not text", inputs: { ...valid, name: "Mail", channel: imap, credentials: { imapPassword: 1234 } }, property: "credentials.imapPassword" },
    { name: "an unknown credential", inputs: { ...valid, name: "Mail", channel: imap, credentials: { imapPassword: "p", oauthToken: "t" } }, property: "credentials.oauthToken" },
    { name: "an e-mail inbox without its address", inputs: { ...valid, name: "Mail", channel: { type: "email" } }, property: "channel.email" },
    { name: "an e-mail address without a domain", inputs: { ...valid, name: "Mail", channel: { type: "email", email: "support@acme" } }, property: "channel.email" },
    { name: "IMAP switched on without its password", inputs: { ...valid, name: "Mail", channel: imap }, property: "credentials.imapPassword", reason: "required with imapEnabled: true" },
    { name: "IMAP switched on without its server", inputs: { ...valid, name: "Mail", channel: { ...imap, imapAddress: undefined }, credentials: { imapPassword: "p" } }, property: "channel.imapAddress" },
    { name: "an IMAP port past 65535", inputs: { ...valid, name: "Mail", channel: { ...mail, imapPort: 70000 } }, property: "channel.imapPort" },
    { name: "an IMAP server given as a URL", inputs: { ...valid, name: "Mail", channel: { ...mail, imapAddress: "imaps://imap.acme.test" } }, property: "channel.imapAddress" },
    { name: "an SMTP authentication Net::SMTP does not know", inputs: { ...valid, name: "Mail", channel: { ...mail, smtpAuthentication: "ntlm" } }, property: "channel.smtpAuthentication" },
    { name: "a LINE inbox without its channel id", inputs: { ...valid, name: "LINE", channel: { type: "line" }, credentials: { lineChannelSecret: "s", lineChannelToken: "t" } }, property: "channel.lineChannelId" },
    { name: "a LINE inbox without its token", inputs: { ...valid, name: "LINE", channel: { type: "line", lineChannelId: "1650000000" }, credentials: { lineChannelSecret: "s" } }, property: "credentials.lineChannelToken" },
    { name: "an SMS number not in E.164 form", inputs: { ...valid, name: "SMS", channel: { type: "sms", phoneNumber: "030 123456" }, credentials: { apiKey: "k", apiSecret: "s" } }, property: "channel.phoneNumber" },
    { name: "an SMS inbox without its API secret", inputs: { ...valid, name: "SMS", channel: { type: "sms", phoneNumber: "+4930123456" }, credentials: { apiKey: "k" } }, property: "credentials.apiSecret" },
    { name: "a WhatsApp provider Chatwoot does not know", inputs: { ...valid, name: "WA", channel: { ...cloud, provider: "twilio" }, credentials: { apiKey: "k" } }, property: "channel.provider" },
    { name: "a WhatsApp Cloud number without its phone number id", inputs: { ...valid, name: "WA", channel: { ...cloud, providerConfig: { businessAccountId: "2" } }, credentials: { apiKey: "k" } }, property: "channel.providerConfig.phoneNumberId" },
    { name: "a provider config without the key it is replaced with", inputs: { accountId: 1, adoptId: 5, channel: cloud }, property: "channel.providerConfig", reason: "needs credentials.apiKey beside it: Chatwoot replaces the provider config whole" },
    // Web-widget and API channel settings
    { name: "an allowed domain with a scheme", inputs: widget({ allowedDomains: ["https://acme.test"] }), property: "channel.allowedDomains.0" },
    { name: "an allowed domain with a comma (Chatwoot stores the list as one comma-separated text)", inputs: widget({ allowedDomains: ["acme.test,evil.test"] }), property: "channel.allowedDomains.0" },
    { name: "an allowed domain listed twice", inputs: widget({ allowedDomains: ["acme.test", "ACME.test"] }), property: "channel.allowedDomains" },
    { name: "a pre-chat form without fields (Chatwoot puts its default form in its place)", inputs: form(), property: "channel.preChatFormOptions.preChatFields" },
    { name: "a standard pre-chat field Chatwoot does not have", inputs: form({ fieldType: "standard", name: "company" }), property: "channel.preChatFormOptions.preChatFields.0.name" },
    { name: "a pre-chat field whose attribute key has a space", inputs: form({ ...plan, name: "customer plan" }), property: "channel.preChatFormOptions.preChatFields.0.name" },
    { name: "a pre-chat field listed twice", inputs: form(plan, { ...plan, label: "Again" }), property: "channel.preChatFormOptions.preChatFields.1.name" },
    { name: "a pre-chat field that fills in something unknown", inputs: form({ ...plan, fieldType: "company_attribute" }), property: "channel.preChatFormOptions.preChatFields.0.fieldType" },
    { name: "a pre-chat pattern that backtracks exponentially", inputs: form({ ...plan, type: "text", regexPattern: "(a+)+$" }), property: "channel.preChatFormOptions.preChatFields.0.regexPattern", reason: "catastrophic backtracking" },
    { name: "an API channel's reply window of 0 hours", inputs: { ...valid, channel: { type: "api", additionalAttributes: { agent_reply_time_window: 0 } } }, property: "channel.additionalAttributes.agent_reply_time_window" },
    // Inbox settings that refer to other objects
    { name: "a survey shown as thumbs", inputs: { ...valid, csatConfig: { displayType: "thumbs" } }, property: "csatConfig.displayType" },
    { name: "a survey rule operator Chatwoot does not evaluate", inputs: { ...valid, csatConfig: { surveyRules: { operator: "equal_to", values: ["vip"] } } }, property: "csatConfig.surveyRules.operator" },
    { name: "a survey rule label with a space (no label title has one)", inputs: { ...valid, csatConfig: { surveyRules: { values: ["big customer"] } } }, property: "csatConfig.surveyRules.values.0" },
    { name: "a survey language that is no code", inputs: { ...valid, csatConfig: { language: "English" } }, property: "csatConfig.language" },
    { name: "a survey template (made through Chatwoot's template endpoints)", inputs: { ...valid, csatConfig: { template: { name: "t" } } }, property: "csatConfig.template" },
    { name: "a portal id that is no id", inputs: { ...valid, portalId: "help" }, property: "portalId" },
    { name: "an API webhook URL with CR LF after the host", inputs: { ...valid, channel: { type: "api", webhookUrl: "https://hooks.acme.test\r\nX-Injected: 1" } }, property: "channel.webhookUrl", reason: "U+000D CARRIAGE RETURN" },
  ],
};

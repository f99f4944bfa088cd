import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, inboxId: 1, title: "Pricing help", message: "Questions?" };

export const corpus: BadInputCorpus = {
  kind: "Campaign",
  provider: resources.Campaign,
  cases: [
    { name: "missing inbox", inputs: { ...valid, inboxId: undefined }, property: "inboxId" },
    { name: "inbox id 0", inputs: { ...valid, inboxId: 0 }, property: "inboxId", reason: "positive integer id" },
    { name: "missing title", inputs: { ...valid, title: undefined }, property: "title" },
    { name: "blank title", inputs: { ...valid, title: " " }, property: "title" },
    { name: "missing message (a NOT NULL column Chatwoot requires)", inputs: { ...valid, message: undefined }, property: "message" },
    { name: "blank message", inputs: { ...valid, message: "  " }, property: "message", reason: "must not be blank" },
    { name: "message over Chatwoot's 20,000-character text column", inputs: { ...valid, message: "m".repeat(20_001) }, property: "message", reason: "at most 20000 characters" },
    { name: "enabled as text", inputs: { ...valid, enabled: "yes" }, property: "enabled" },
    { name: "trigger URL without a scheme (Chatwoot: Url invalid)", inputs: { ...valid, triggerRules: { url: "www.acme.test/pricing" } }, property: "triggerRules.url", reason: "http:// or https://" },
    { name: "trigger rules without a URL", inputs: { ...valid, triggerRules: { timeOnPage: 10 } }, property: "triggerRules.url" },
    { name: "time on page in milliseconds", inputs: { ...valid, triggerRules: { url: "https://www.acme.test", timeOnPage: 10_000_000 } }, property: "triggerRules.timeOnPage", reason: "seconds from 0 to 86400" },
    { name: "negative time on page", inputs: { ...valid, triggerRules: { url: "https://www.acme.test", timeOnPage: -1 } }, property: "triggerRules.timeOnPage" },
    { name: "trigger rules in snake_case", inputs: { ...valid, triggerRules: { url: "https://www.acme.test", time_on_page: 10 } }, property: "triggerRules.time_on_page" },
    { name: "audience of a contact id (only labels are read)", inputs: { ...valid, audience: [{ type: "Contact", id: 1 }] }, property: "audience.0.type", reason: '"Label"' },
    { name: "audience of label titles", inputs: { ...valid, audience: ["vip"] }, property: "audience.0" },
    { name: "audience naming a label twice", inputs: { ...valid, audience: [{ type: "Label", id: 1 }, { type: "Label", id: "1" }] }, property: "audience", reason: "each label once" },
    { name: "schedule without an offset (read in the server's zone)", inputs: { ...valid, scheduledAt: "2030-01-01T09:00:00" }, property: "scheduledAt", reason: "with an offset" },
    { name: "schedule as a date only", inputs: { ...valid, scheduledAt: "2030-01-01" }, property: "scheduledAt" },
    { name: "schedule on a day that does not exist", inputs: { ...valid, scheduledAt: "2030-02-31T09:00:00Z" }, property: "scheduledAt" },
    { name: "schedule as epoch seconds", inputs: { ...valid, scheduledAt: 1893488400 }, property: "scheduledAt" },
    { name: "campaign type (derived from the inbox)", inputs: { ...valid, campaignType: "one_off" }, property: "campaignType" },
  ],
};

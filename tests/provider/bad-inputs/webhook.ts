import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, url: "https://crm.example.test/events", name: "CRM", subscriptions: ["message_created"] };

export const corpus: BadInputCorpus = {
  kind: "Webhook",
  provider: resources.Webhook,
  cases: [
    { name: "missing URL", inputs: { ...valid, url: undefined }, property: "url" },
    { name: "URL without a scheme", inputs: { ...valid, url: "crm.example.test/events" }, property: "url" },
    { name: "ftp URL", inputs: { ...valid, url: "ftp://crm.example.test/events" }, property: "url" },
    { name: "javascript: URL", inputs: { ...valid, url: "javascript:alert(1)" }, property: "url" },
    { name: "missing subscriptions", inputs: { ...valid, subscriptions: undefined }, property: "subscriptions" },
    { name: "no subscriptions (refused upstream)", inputs: { ...valid, subscriptions: [] }, property: "subscriptions" },
    { name: "an event webhooks cannot subscribe to", inputs: { ...valid, subscriptions: ["message_created", "conversation_deleted"] }, property: "subscriptions.1" },
    { name: "an event in the wrong case", inputs: { ...valid, subscriptions: ["Message_Created"] }, property: "subscriptions.0" },
    { name: "subscriptions as a lone string", inputs: { ...valid, subscriptions: "message_created" }, property: "subscriptions" },
    { name: "inbox id as negative text", inputs: { ...valid, inboxId: "-3" }, property: "inboxId" },
    { name: "inbox id zero", inputs: { ...valid, inboxId: 0 }, property: "inboxId" },
    { name: "name as a number", inputs: { ...valid, name: 7 }, property: "name" },
    { name: "a secret given as an input (it is the server's)", inputs: { ...valid, secret: "s3cr3t-from-elsewhere" }, property: "secret" },
    { name: "URL with a space after the host", inputs: { ...valid, url: "https://crm.example.test /events" }, property: "url", reason: "U+0020 SPACE at position 25" },
    { name: "URL with CR LF after the host", inputs: { ...valid, url: "https://crm.example.test\r\n/events" }, property: "url", reason: "U+000D CARRIAGE RETURN" },
    { name: "URL with a zero-width space in its host", inputs: { ...valid, url: "https://crm\u200B.example.test/events" }, property: "url", reason: "U+200B" },
    { name: "URL over 2048 characters", inputs: { ...valid, url: `https://crm.example.test/${"e".repeat(2048)}` }, property: "url", reason: "at most 2048 characters" },
    { name: "name on two lines", inputs: { ...valid, name: "CRM\nsync" }, property: "name", reason: "U+000A LINE FEED" },
    { name: "name with a right-to-left override", inputs: { ...valid, name: "\u202EMRC" }, property: "name", reason: "U+202E" },
  ],
};

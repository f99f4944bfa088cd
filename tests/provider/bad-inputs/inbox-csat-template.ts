import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, inboxId: 5, message: "How did we do?" };

export const corpus: BadInputCorpus = {
  kind: "InboxCsatTemplate",
  provider: resources.InboxCsatTemplate,
  cases: [
    { name: "no inbox", inputs: { ...valid, inboxId: undefined }, property: "inboxId" },
    { name: "inbox id zero", inputs: { ...valid, inboxId: 0 }, property: "inboxId" },
    { name: "no message (Chatwoot: Message is required)", inputs: { ...valid, message: undefined }, property: "message", reason: "required" },
    { name: "blank message", inputs: { ...valid, message: "  \n" }, property: "message", reason: "Message is required" },
    { name: "message past Meta's 1024 characters", inputs: { ...valid, message: "m".repeat(1025) }, property: "message", reason: "1024" },
    { name: "message with a NUL", inputs: { ...valid, message: "Rate us\u0000" }, property: "message", reason: "U+0000 NULL" },
    { name: "button text past Meta's 25 characters", inputs: { ...valid, buttonText: "Tell us how we did, please!" }, property: "buttonText", reason: "25" },
    { name: "blank button text", inputs: { ...valid, buttonText: " " }, property: "buttonText", reason: "Please rate us" },
    { name: "button text of two lines", inputs: { ...valid, buttonText: "Rate\nus" }, property: "buttonText" },
    { name: "language with a hyphen", inputs: { ...valid, language: "en-US" }, property: "language", reason: "en_US" },
    { name: "language as a name", inputs: { ...valid, language: "English" }, property: "language" },
    { name: "the template's name given (it is Chatwoot's)", inputs: { ...valid, templateName: "my_survey" }, property: "templateName" },
  ],
};

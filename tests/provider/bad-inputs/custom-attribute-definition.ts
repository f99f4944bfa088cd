import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = {
  accountId: 1,
  attributeKey: "plan_tier",
  attributeModel: "contact_attribute",
  attributeDisplayName: "Plan tier",
  attributeDisplayType: "text",
};

export const corpus: BadInputCorpus = {
  kind: "CustomAttributeDefinition",
  provider: resources.CustomAttributeDefinition,
  cases: [
    { name: "missing key", inputs: { ...valid, attributeKey: undefined }, property: "attributeKey" },
    { name: "key with spaces", inputs: { ...valid, attributeKey: "plan tier" }, property: "attributeKey" },
    { name: "unknown model", inputs: { ...valid, attributeModel: "ticket_attribute" }, property: "attributeModel" },
    { name: "model as a digit string", inputs: { ...valid, attributeModel: "1" }, property: "attributeModel" },
    { name: "unknown display type", inputs: { ...valid, attributeDisplayType: "dropdown" }, property: "attributeDisplayType" },
    { name: "blank display name", inputs: { ...valid, attributeDisplayName: "  " }, property: "attributeDisplayName" },
    { name: "list without values", inputs: { ...valid, attributeDisplayType: "list" }, property: "attributeValues" },
    { name: "regex on a number attribute", inputs: { ...valid, attributeDisplayType: "number", regexPattern: "^\\d+$" }, property: "regexPattern" },
    { name: "regex cue on a list attribute", inputs: { ...valid, attributeDisplayType: "list", attributeValues: ["a"], regexCue: "no" }, property: "regexCue" },
    { name: "regex that does not compile", inputs: { ...valid, regexPattern: "([a-z" }, property: "regexPattern" },
    { name: "built-in contact key", inputs: { ...valid, attributeKey: "email" }, property: "attributeKey" },
    { name: "built-in conversation key", inputs: { ...valid, attributeModel: "conversation_attribute", attributeKey: "priority" }, property: "attributeKey" },
    { name: "negative account id", inputs: { ...valid, accountId: -3 }, property: "accountId" },
    { name: "misspelt property", inputs: { ...valid, attributeDescripton: "typo" }, property: "attributeDescripton" },
    { name: "key of dots only", inputs: { ...valid, attributeKey: "..." }, property: "attributeKey", reason: "at least one letter or digit" },
    { name: "key of punctuation only", inputs: { ...valid, attributeKey: "_.-" }, property: "attributeKey", reason: "at least one letter or digit" },
    { name: "key of 300 characters", inputs: { ...valid, attributeKey: "k".repeat(300) }, property: "attributeKey", reason: "at most 255 characters" },
    { name: "built-in company key (domain)", inputs: { ...valid, attributeModel: "company_attribute", attributeKey: "domain" }, property: "attributeKey", reason: "built-in company_attribute key" },
    { name: "built-in company key (contacts_count)", inputs: { ...valid, attributeModel: "company_attribute", attributeKey: "contacts_count" }, property: "attributeKey", reason: "built-in" },
    { name: "display name with a NUL", inputs: { ...valid, attributeDisplayName: "Plan\u0000tier" }, property: "attributeDisplayName", reason: "U+0000 NULL" },
    { name: "display name of 100,000 characters", inputs: { ...valid, attributeDisplayName: "p".repeat(100_000) }, property: "attributeDisplayName", reason: "at most 255" },
    { name: "description with a BEL", inputs: { ...valid, attributeDescription: "Tier\u0007" }, property: "attributeDescription", reason: "U+0007 BELL" },
    { name: "a list value repeated", inputs: { ...valid, attributeDisplayType: "list", attributeValues: ["free", "pro", "free"] }, property: "attributeValues", reason: '"free" (values 1 and 3)' },
    { name: "5,000 list values with repeats", inputs: { ...valid, attributeDisplayType: "list", attributeValues: Array.from({ length: 5000 }, (_, i) => `tier-${i % 2500}`) }, property: "attributeValues", reason: "at most 1000 values" },
    { name: "a list value on two lines", inputs: { ...valid, attributeDisplayType: "list", attributeValues: ["free", "pro\nplus"] }, property: "attributeValues.1", reason: "U+000A LINE FEED" },
    { name: "a blank list value", inputs: { ...valid, attributeDisplayType: "list", attributeValues: ["free", "  "] }, property: "attributeValues.1", reason: "must not be blank" },
    { name: "regex with catastrophic backtracking", inputs: { ...valid, regexPattern: "(a+)+$" }, property: "regexPattern", reason: "catastrophic backtracking" },
    { name: "e-mail regex with a nested repetition", inputs: { ...valid, regexPattern: "^([a-z0-9]+[-.]?)+@example\\.com$" }, property: "regexPattern", reason: "([a-z0-9]+[-.]?)+" },
    { name: "regex cue on two lines", inputs: { ...valid, regexPattern: "^\\d+$", regexCue: "digits\r\nonly" }, property: "regexCue", reason: "U+000D CARRIAGE RETURN" },
  ],
};

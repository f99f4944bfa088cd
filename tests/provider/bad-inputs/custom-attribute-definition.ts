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
  ],
};

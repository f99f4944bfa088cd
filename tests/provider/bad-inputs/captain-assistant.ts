import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, name: "Helpdesk", description: "Answers questions", temperature: 0.3 };

export const corpus: BadInputCorpus = {
  kind: "CaptainAssistant",
  provider: resources.CaptainAssistant,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: " " }, property: "name" },
    { name: "missing description (Chatwoot requires one)", inputs: { ...valid, description: undefined }, property: "description", reason: "required" },
    { name: "blank description", inputs: { ...valid, description: "  " }, property: "description", reason: "must not be blank" },
    { name: "temperature above 2", inputs: { ...valid, temperature: 7 }, property: "temperature", reason: "from 0 to 2" },
    { name: "negative temperature", inputs: { ...valid, temperature: -0.1 }, property: "temperature", reason: "from 0 to 2" },
    { name: "temperature as text", inputs: { ...valid, temperature: "0.3" }, property: "temperature" },
    { name: "feature switch as text", inputs: { ...valid, featureFaq: "yes" }, property: "featureFaq" },
    { name: "guardrails as one text", inputs: { ...valid, guardrails: "No refunds" }, property: "guardrails" },
    { name: "blank guideline", inputs: { ...valid, responseGuidelines: ["Be brief", " "] }, property: "responseGuidelines.1", reason: "must not be blank" },
    { name: "config as a nested object", inputs: { ...valid, config: { product_name: "Acme" } }, property: "config" },
  ],
};

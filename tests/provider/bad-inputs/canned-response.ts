import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, shortCode: "refund", content: "Your refund is on its way." };

export const corpus: BadInputCorpus = {
  kind: "CannedResponse",
  provider: resources.CannedResponse,
  cases: [
    { name: "missing short code", inputs: { ...valid, shortCode: undefined }, property: "shortCode" },
    { name: "blank short code", inputs: { ...valid, shortCode: " " }, property: "shortCode" },
    { name: "short code as a number", inputs: { ...valid, shortCode: 42 }, property: "shortCode" },
    { name: "missing content", inputs: { ...valid, content: undefined }, property: "content" },
    { name: "blank content", inputs: { ...valid, content: "\n  " }, property: "content" },
    { name: "null content", inputs: { ...valid, content: null }, property: "content" },
    { name: "misspelt property", inputs: { ...valid, shortcode: "refund" }, property: "shortcode" },
  ],
};

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
    { name: "short code on two lines", inputs: { ...valid, shortCode: "re\nfund" }, property: "shortCode", reason: "U+000A LINE FEED at position 3" },
    { name: "short code with a zero-width space", inputs: { ...valid, shortCode: "refund\u200B" }, property: "shortCode", reason: "U+200B ZERO WIDTH SPACE" },
    { name: "short code of 100,000 characters", inputs: { ...valid, shortCode: "s".repeat(100_000) }, property: "shortCode", reason: "at most 255 characters" },
    { name: "content with a NUL", inputs: { ...valid, content: "Your refund\u0000 is on its way." }, property: "content", reason: "U+0000 NULL" },
    { name: "content with a BEL", inputs: { ...valid, content: "Ding\u0007" }, property: "content", reason: "U+0007 BELL" },
    { name: "content over Chatwoot's 20,000-character text column", inputs: { ...valid, content: "c".repeat(20_001) }, property: "content", reason: "at most 20000 characters" },
  ],
};

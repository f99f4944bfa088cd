import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, title: "vip", description: "Enterprise customers", color: "#7C3AED", showOnSidebar: true };

export const corpus: BadInputCorpus = {
  kind: "Label",
  provider: resources.Label,
  cases: [
    { name: "missing title", inputs: { ...valid, title: undefined }, property: "title" },
    { name: "blank title", inputs: { ...valid, title: "  " }, property: "title" },
    { name: "title with a space", inputs: { ...valid, title: "big customer" }, property: "title" },
    { name: "title with punctuation", inputs: { ...valid, title: "vip!" }, property: "title" },
    { name: "one-character title (Chatwoot wants two)", inputs: { ...valid, title: "v" }, property: "title" },
    { name: "title starting with a hyphen", inputs: { ...valid, title: "-vip" }, property: "title" },
    { name: "colour by name", inputs: { ...valid, color: "purple" }, property: "color" },
    { name: "colour with five hex digits", inputs: { ...valid, color: "#7C3AE" }, property: "color" },
    { name: "null colour (a NOT NULL column: a 500 upstream)", inputs: { ...valid, color: null }, property: "color" },
    { name: "sidebar flag as text", inputs: { ...valid, showOnSidebar: "yes" }, property: "showOnSidebar" },
    { name: "misspelt property", inputs: { ...valid, colour: "#7C3AED" }, property: "colour" },
    { name: "title of 100,000 characters", inputs: { ...valid, title: "v".repeat(100_000) }, property: "title", reason: "at most 255 characters" },
    { name: "description with a NUL", inputs: { ...valid, description: "Enterprise\u0000" }, property: "description", reason: "U+0000 NULL" },
    { name: "description over 10,000 characters", inputs: { ...valid, description: "e".repeat(10_001) }, property: "description", reason: "at most 10000" },
  ],
};

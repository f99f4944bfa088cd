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
  ],
};

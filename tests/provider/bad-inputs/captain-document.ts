import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, assistantId: 1, externalLink: "https://www.acme.test/guide", name: "Guide" };

export const corpus: BadInputCorpus = {
  kind: "CaptainDocument",
  provider: resources.CaptainDocument,
  cases: [
    { name: "missing assistant", inputs: { ...valid, assistantId: undefined }, property: "assistantId" },
    { name: "missing link", inputs: { ...valid, externalLink: undefined }, property: "externalLink" },
    { name: "link without a scheme", inputs: { ...valid, externalLink: "www.acme.test/guide" }, property: "externalLink" },
    { name: "link of another scheme", inputs: { ...valid, externalLink: "ftp://acme.test/guide" }, property: "externalLink" },
    { name: "name with a line break", inputs: { ...valid, name: "Gu\nide" }, property: "name", reason: "U+000A" },
    { name: "a .pdf link (a PDF document needs an uploaded file)", inputs: { ...valid, externalLink: "https://www.acme.test/guide.pdf" }, property: "externalLink", reason: "PDF document" },
    { name: "content as an input (the server crawls it)", inputs: { ...valid, content: "text" }, property: "content" },
  ],
};

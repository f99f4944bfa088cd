import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, title: "CRM", frameUrls: ["https://crm.acme.test/panel"] };

export const corpus: BadInputCorpus = {
  kind: "DashboardApp",
  provider: resources.DashboardApp,
  cases: [
    { name: "missing title (a NOT NULL column: a 500 upstream)", inputs: { ...valid, title: undefined }, property: "title" },
    { name: "blank title", inputs: { ...valid, title: " " }, property: "title" },
    { name: "title of 1,000 characters", inputs: { ...valid, title: "t".repeat(1_000) }, property: "title", reason: "at most 255 characters" },
    { name: "missing frames", inputs: { ...valid, frameUrls: undefined }, property: "frameUrls" },
    { name: "no frame (Chatwoot refuses an empty content)", inputs: { ...valid, frameUrls: [] }, property: "frameUrls", reason: "at least one URL" },
    { name: "one URL as text instead of a list", inputs: { ...valid, frameUrls: "https://crm.acme.test" }, property: "frameUrls", reason: "list of http(s) URLs" },
    { name: "a URL without a scheme", inputs: { ...valid, frameUrls: ["crm.acme.test"] }, property: "frameUrls.0", reason: "http:// or https://" },
    { name: "an ftp URL", inputs: { ...valid, frameUrls: ["ftp://crm.acme.test"] }, property: "frameUrls.0", reason: "http:// or https://" },
    { name: "a URL with a space", inputs: { ...valid, frameUrls: ["https://crm.acme.test/my panel"] }, property: "frameUrls.0" },
    { name: "a URL over 2048 characters", inputs: { ...valid, frameUrls: [`https://crm.acme.test/${"p".repeat(2048)}`] }, property: "frameUrls.0", reason: "at most 2048" },
    { name: "frames as objects", inputs: { ...valid, frameUrls: [{ type: "frame", url: "https://crm.acme.test" }] }, property: "frameUrls.0" },
    { name: "misspelt property", inputs: { ...valid, frameUrl: "https://crm.acme.test" }, property: "frameUrl" },
  ],
};

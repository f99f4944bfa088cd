import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, name: "Gold", firstResponseTimeThreshold: 900, nextResponseTimeThreshold: 3600, resolutionTimeThreshold: 86400 };

export const corpus: BadInputCorpus = {
  kind: "SlaPolicy",
  provider: resources.SlaPolicy,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "  " }, property: "name" },
    { name: "name with a line break", inputs: { ...valid, name: "Gold\nplan" }, property: "name", reason: "U+000A" },
    { name: "zero seconds", inputs: { ...valid, firstResponseTimeThreshold: 0 }, property: "firstResponseTimeThreshold", reason: "from 1 to 31536000" },
    { name: "negative seconds", inputs: { ...valid, nextResponseTimeThreshold: -60 }, property: "nextResponseTimeThreshold", reason: "whole number of seconds" },
    { name: "fractional seconds", inputs: { ...valid, resolutionTimeThreshold: 90.5 }, property: "resolutionTimeThreshold", reason: "whole number of seconds" },
    { name: "milliseconds by mistake (over a year)", inputs: { ...valid, resolutionTimeThreshold: 86_400_000 }, property: "resolutionTimeThreshold", reason: "365 days" },
    { name: "threshold as text with a unit", inputs: { ...valid, firstResponseTimeThreshold: "15m" }, property: "firstResponseTimeThreshold", reason: "seconds" },
    { name: "threshold as digits in text", inputs: { ...valid, firstResponseTimeThreshold: "900" }, property: "firstResponseTimeThreshold" },
    { name: "infinite threshold", inputs: { ...valid, nextResponseTimeThreshold: Infinity }, property: "nextResponseTimeThreshold" },
    { name: "business-hours flag as text", inputs: { ...valid, onlyDuringBusinessHours: "yes" }, property: "onlyDuringBusinessHours" },
    { name: "description with a NUL", inputs: { ...valid, description: "Gold\u0000" }, property: "description", reason: "U+0000 NULL" },
    { name: "adoptId that is no id", inputs: { ...valid, adoptId: "gold" }, property: "adoptId" },
    { name: "misspelt property", inputs: { ...valid, firstResponseThreshold: 900 }, property: "firstResponseThreshold" },
  ],
};

import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, name: "VIP capacity", exclusionRules: { excludedLabels: ["vip"], excludeOlderThanHours: 48 } };

export const corpus: BadInputCorpus = {
  kind: "AgentCapacityPolicy",
  provider: resources.AgentCapacityPolicy,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "  " }, property: "name" },
    { name: "name past 255 characters", inputs: { ...valid, name: "x".repeat(256) }, property: "name", reason: "255" },
    { name: "description with a NUL", inputs: { ...valid, description: "VIP\u0000" }, property: "description", reason: "U+0000 NULL" },
    { name: "exclusion rules as a list", inputs: { ...valid, exclusionRules: ["vip"] }, property: "exclusionRules", reason: "excludedLabels" },
    { name: "exclusion rule the server drops", inputs: { ...valid, exclusionRules: { overallCapacity: 10 } }, property: "exclusionRules.overallCapacity" },
    { name: "excluded label with a space", inputs: { ...valid, exclusionRules: { excludedLabels: ["very important"] } }, property: "exclusionRules.excludedLabels.0", reason: "no spaces" },
    { name: "excluded label twice", inputs: { ...valid, exclusionRules: { excludedLabels: ["vip", "VIP"] } }, property: "exclusionRules.excludedLabels", reason: "once" },
    { name: "zero hours", inputs: { ...valid, exclusionRules: { excludeOlderThanHours: 0 } }, property: "exclusionRules.excludeOlderThanHours", reason: "from 1" },
    { name: "fractional hours", inputs: { ...valid, exclusionRules: { excludeOlderThanHours: 1.5 } }, property: "exclusionRules.excludeOlderThanHours", reason: "whole number of hours" },
    { name: "hours as text", inputs: { ...valid, exclusionRules: { excludeOlderThanHours: "48" } }, property: "exclusionRules.excludeOlderThanHours" },
    { name: "adopt as text", inputs: { ...valid, adopt: "yes" }, property: "adopt" },
    { name: "misspelt property", inputs: { ...valid, exclusionRule: {} }, property: "exclusionRule" },
  ],
};

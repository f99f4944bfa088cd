import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, name: "Round robin", assignmentOrder: "round_robin", conversationPriority: "earliest_created", fairDistributionLimit: 20, fairDistributionWindow: 3600 };

export const corpus: BadInputCorpus = {
  kind: "AssignmentPolicy",
  provider: resources.AssignmentPolicy,
  cases: [
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "  " }, property: "name" },
    { name: "name past the column's 255 characters", inputs: { ...valid, name: "x".repeat(256) }, property: "name", reason: "255" },
    { name: "unknown assignment order (a 500 on the server)", inputs: { ...valid, assignmentOrder: "random" }, property: "assignmentOrder", reason: "round_robin, balanced" },
    { name: "assignment order as its integer", inputs: { ...valid, assignmentOrder: 0 }, property: "assignmentOrder" },
    { name: "unknown conversation priority", inputs: { ...valid, conversationPriority: "newest" }, property: "conversationPriority", reason: "earliest_created, longest_waiting" },
    { name: "zero limit", inputs: { ...valid, fairDistributionLimit: 0 }, property: "fairDistributionLimit", reason: "from 1" },
    { name: "fractional limit", inputs: { ...valid, fairDistributionLimit: 2.5 }, property: "fairDistributionLimit", reason: "whole number of conversations" },
    { name: "negative window", inputs: { ...valid, fairDistributionWindow: -60 }, property: "fairDistributionWindow", reason: "whole number of seconds" },
    { name: "window as text with a unit", inputs: { ...valid, fairDistributionWindow: "1h" }, property: "fairDistributionWindow", reason: "seconds" },
    { name: "window past the integer column", inputs: { ...valid, fairDistributionWindow: 2 ** 31 }, property: "fairDistributionWindow", reason: "2147483647" },
    { name: "enabled as text", inputs: { ...valid, enabled: "yes" }, property: "enabled" },
    { name: "description with a NUL", inputs: { ...valid, description: "Even\u0000" }, property: "description", reason: "U+0000 NULL" },
    { name: "adoptId instead of adopt (adoption is by name)", inputs: { ...valid, adoptId: 3 }, property: "adoptId" },
  ],
};

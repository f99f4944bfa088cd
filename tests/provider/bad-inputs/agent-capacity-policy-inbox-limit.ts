import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, policyId: 1, inboxId: 1, conversationLimit: 8 };

export const corpus: BadInputCorpus = {
  kind: "AgentCapacityPolicyInboxLimit",
  provider: resources.AgentCapacityPolicyInboxLimit,
  cases: [
    { name: "missing policy", inputs: { ...valid, policyId: undefined }, property: "policyId" },
    { name: "policy id as a name", inputs: { ...valid, policyId: "vip-capacity" }, property: "policyId" },
    { name: "zero inbox id", inputs: { ...valid, inboxId: 0 }, property: "inboxId" },
    { name: "missing limit", inputs: { ...valid, conversationLimit: undefined }, property: "conversationLimit" },
    { name: "zero conversations", inputs: { ...valid, conversationLimit: 0 }, property: "conversationLimit", reason: "from 1" },
    { name: "fractional conversations", inputs: { ...valid, conversationLimit: 2.5 }, property: "conversationLimit", reason: "whole number" },
    { name: "limit past the integer column", inputs: { ...valid, conversationLimit: 2 ** 31 }, property: "conversationLimit", reason: "2147483647" },
    { name: "limit as text", inputs: { ...valid, conversationLimit: "8" }, property: "conversationLimit" },
    { name: "adopt as text", inputs: { ...valid, adopt: "yes" }, property: "adopt" },
    { name: "misspelt property", inputs: { ...valid, limit: 8 }, property: "limit" },
  ],
};

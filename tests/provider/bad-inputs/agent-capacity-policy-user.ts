import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, policyId: 1, userIds: [2, 3] };

export const corpus: BadInputCorpus = {
  kind: "AgentCapacityPolicyUser",
  provider: resources.AgentCapacityPolicyUser,
  cases: [
    { name: "missing policy", inputs: { ...valid, policyId: undefined }, property: "policyId" },
    { name: "policy id as a name", inputs: { ...valid, policyId: "vip-capacity" }, property: "policyId" },
    { name: "missing user list", inputs: { ...valid, userIds: undefined }, property: "userIds" },
    { name: "a user listed twice", inputs: { ...valid, userIds: [3, 3] }, property: "userIds" },
    { name: "a user id of zero as text", inputs: { ...valid, userIds: [2, "0"] }, property: "userIds.1" },
    { name: "exclusive as text", inputs: { ...valid, exclusive: "yes" }, property: "exclusive" },
    { name: "exclusive with no users (takes everyone off the policy)", inputs: { ...valid, userIds: [], exclusive: true }, property: "userIds", reason: "capacity policy" },
  ],
};

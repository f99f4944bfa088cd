import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import type { Feature } from "../lifecycle/feature-gate";
import { outputsOf } from "../lifecycle/outputs";
import { accountId, adopt, eachOnce, labelTitle, name, positiveCount, text } from "../validation/fields";
import { AgentCapacityPolicyWire } from "../wire/agent-capacity-policy";

/** The checks of `AgentCapacityPolicyArgs` (sdk/agent-capacity-policy.ts, where each argument is documented). */
export const AgentCapacityPolicyInputs = z.strictObject({
  accountId,
  name,
  description: text.optional(),
  // Only the two keys the controller permits: any other would be dropped and read back as drift.
  exclusionRules: z
    .strictObject(
      {
        excludedLabels: z.array(labelTitle, { error: "must be a list of label titles" }).superRefine(eachOnce("label")).optional(),
        excludeOlderThanHours: positiveCount("hours").optional(),
      },
      { error: "must be an object with excludedLabels and/or excludeOlderThanHours" },
    )
    .optional(),
  adopt,
});
export type AgentCapacityPolicyInputs = z.input<typeof AgentCapacityPolicyInputs>;

/**
 * An agent capacity policy of an account (`/agent_capacity_policies`, Chatwoot Enterprise,
 * Assignment V2): how many conversations each agent it applies to may hold per inbox; id: the
 * policy id. Adoption key: the name, which Chatwoot does not keep unique (this provider does): a
 * name several policies hold is not adopted. Every call needs an administrator's token.
 */
/** Agent capacity policies: Enterprise's, with no account flag (every action is administrator-only). */
export const capacityFeature: Feature = { what: "agent capacity policies" };

export const agentCapacityPolicy = defineCollectionResource({
  inputs: AgentCapacityPolicyInputs,
  wire: AgentCapacityPolicyWire,
  noun: "agent capacity policy",
  at: { path: "agent_capacity_policies", show: "member", feature: capacityFeature },
  adoption: {
    key: {
      matches: (inputs, p) => p.name === inputs.name,
      describe: (inputs) => `name "${inputs.name}"`,
    },
  },
  content: {
    // The inbox limits are their own resources (AgentCapacityPolicyInboxLimit): read there, never here.
    outputs: (base, policy) => {
      const { inbox_capacity_limits: _limits, ...rest } = policy;
      return outputsOf(base, rest);
    },
  },
});

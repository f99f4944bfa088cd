import { z } from "zod";
import { ChatwootApiError } from "../http/transport/errors";
import { defineCollectionResource } from "../lifecycle/collection";
import { outputsOf } from "../lifecycle/outputs";
import { accountId, adopt, name, positiveCount, text } from "../validation/fields";
import { ASSIGNMENT_ORDERS, AssignmentPolicyWire, CONVERSATION_PRIORITIES } from "../wire/assignment-policy";

/** A positive whole number, as the model's `numericality: { greater_than: 0 }` and the integer column take it. */
const positive = (unit: string) => positiveCount(unit).optional();

/** The checks of `AssignmentPolicyArgs` (sdk/assignment-policy.ts, where each argument is documented). */
export const AssignmentPolicyInputs = z.strictObject({
  accountId,
  name,
  description: text.optional(),
  assignmentOrder: z.enum(ASSIGNMENT_ORDERS, { error: `must be one of ${ASSIGNMENT_ORDERS.join(", ")}` }).optional(),
  conversationPriority: z.enum(CONVERSATION_PRIORITIES, { error: `must be one of ${CONVERSATION_PRIORITIES.join(", ")}` }).optional(),
  fairDistributionLimit: positive("conversations"),
  fairDistributionWindow: positive("seconds"),
  enabled: z.boolean().optional(),
  adopt,
});
export type AssignmentPolicyInputs = z.input<typeof AssignmentPolicyInputs>;

/**
 * Chatwoot answers an enum value its edition does not know with a 500 (an ArgumentError): on a
 * community server that is `balanced`, which only Enterprise's model adds.
 */
function explain(err: unknown, inputs: z.output<typeof AssignmentPolicyInputs>, keys: readonly string[]): unknown {
  if (!ChatwootApiError.isInstance(err) || err.status !== 500 || !keys.includes("assignmentOrder") || inputs.assignmentOrder !== "balanced") return err;
  return err.withHint('assignmentOrder "balanced" exists only on Chatwoot\'s Enterprise edition (a community edition server answers 500 for it)');
}

/**
 * An assignment policy of an account (`/assignment_policies`, Assignment V2): how conversations
 * are handed to the agents of the inboxes linked to it; id: the policy id. Adoption key: the name,
 * unique in the account (case-sensitive). Every call needs an administrator's token.
 */
export const assignmentPolicy = defineCollectionResource({
  inputs: AssignmentPolicyInputs,
  wire: AssignmentPolicyWire,
  noun: "assignment policy",
  at: { path: "assignment_policies", show: "member" },
  adoption: {
    key: {
      matches: (inputs, p) => p.name === inputs.name,
      describe: (inputs) => `name "${inputs.name}"`,
    },
  },
  content: {
    // The linked inboxes are the links' own (InboxAssignmentPolicy): read, never written here.
    outputs: (base, policy) => {
      const { inboxes, ...rest } = policy;
      return { ...outputsOf(base, rest), inboxIds: inboxes, inboxCount: inboxes.length };
    },
  },
  hooks: { explain },
});

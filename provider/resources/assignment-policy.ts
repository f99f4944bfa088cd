import { z } from "zod";
import { ChatwootApiError } from "../http/transport/errors";
import { call, unlessNotFound } from "../lifecycle/api";
import { defineCollectionResource } from "../lifecycle/collection";
import { outputsOf } from "../lifecycle/outputs";
import { accountId, adopt, name, positiveCount, text } from "../validation/fields";
import type { Props } from "../lifecycle/json";
import { ASSIGNMENT_ORDERS, AssignmentPolicyWire, CONVERSATION_PRIORITIES, PolicyInboxesWire } from "../wire/assignment-policy";
import { accountPath } from "../wire/paths";

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

type Policy = z.output<typeof AssignmentPolicyWire>;

/**
 * The policy with its linked inboxes: from the answer where it lists them, else from the policy's
 * inbox list (upstream's route for them); a server with neither shows none.
 */
async function withInboxes(props: Props, policy: Policy | undefined): Promise<Policy | undefined> {
  if (!policy || policy.inboxes !== null) return policy;
  const path = accountPath(props.accountId as number, "assignment_policies", policy.id, "inboxes");
  const inboxes = (await unlessNotFound(() => call(PolicyInboxesWire, { method: "GET", path }))) ?? [];
  return { ...policy, inboxes, inbox_count: policy.inbox_count ?? inboxes.length };
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
      const { inboxes, inbox_count, ...rest } = policy;
      return { ...outputsOf(base, rest), inboxIds: inboxes ?? [], inboxCount: inbox_count ?? inboxes?.length ?? 0 };
    },
  },
  hooks: {
    explain,
    // A read and an update show the linked inboxes too; a new policy has none.
    api: (rest) => ({
      get: async (props, id) => withInboxes(props, await rest.get(props, id)),
      patch: async (inputs, id, keys, current) => (await withInboxes(inputs, await rest.patch(inputs, id, keys, current))) as Policy,
      post: async (inputs) => ({ ...(await rest.post(inputs)), inboxes: [] }),
    }),
  },
});

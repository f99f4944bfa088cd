/** An assignment policy as the server sends it. */
import { z } from "zod";
import { enumName, optionalString } from "./envelope";

/** The `assignment_order` enum in its integer order; `balanced` (1) is Chatwoot Enterprise's. */
export const ASSIGNMENT_ORDERS = ["round_robin", "balanced"] as const;

/** The `conversation_priority` enum in its integer order. */
export const CONVERSATION_PRIORITIES = ["earliest_created", "longest_waiting"] as const;

/** The `_assignment_policy` partial; `inboxes` are the linked inboxes (id and name), timestamps are left out. */
export const AssignmentPolicyWire = z.object({
  id: z.number().int(),
  name: z.string(),
  description: optionalString,
  assignment_order: enumName(ASSIGNMENT_ORDERS).nullish(),
  conversation_priority: enumName(CONVERSATION_PRIORITIES).nullish(),
  fair_distribution_limit: z.number().int().nullish(),
  fair_distribution_window: z.number().int().nullish(),
  enabled: z.boolean().nullish(),
  inboxes: z
    .array(z.object({ id: z.number().int() }).loose())
    .nullish()
    .transform((v) => (v ?? []).map((inbox) => inbox.id)),
});
export type AssignmentPolicyWire = z.output<typeof AssignmentPolicyWire>;

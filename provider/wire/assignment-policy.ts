/** An assignment policy as the server sends it. */
import { z } from "zod";
import { enumName, optionalString } from "./envelope";

/** The `assignment_order` enum in its integer order; `balanced` (1) is Chatwoot Enterprise's. */
export const ASSIGNMENT_ORDERS = ["round_robin", "balanced"] as const;

/** The `conversation_priority` enum in its integer order. */
export const CONVERSATION_PRIORITIES = ["earliest_created", "longest_waiting"] as const;

/**
 * The `_assignment_policy` partial: upstream renders `assigned_inbox_count` and epoch-second
 * timestamps (left out here); some servers render `inbox_count` and the linked inboxes (id and
 * name) instead. `inboxes` is their ids where the answer lists them, else null (upstream lists
 * them at `GET /assignment_policies/{id}/inboxes`).
 */
export const AssignmentPolicyWire = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: optionalString,
    assignment_order: enumName(ASSIGNMENT_ORDERS).nullish(),
    conversation_priority: enumName(CONVERSATION_PRIORITIES).nullish(),
    fair_distribution_limit: z.number().int().nullish(),
    fair_distribution_window: z.number().int().nullish(),
    enabled: z.boolean().nullish(),
    assigned_inbox_count: z.number().int().nullish(),
    inbox_count: z.number().int().nullish(),
    inboxes: z
      .array(z.object({ id: z.number().int() }).loose())
      .nullish()
      .transform((v) => (v ? v.map((inbox) => inbox.id) : null)),
  })
  .transform(({ assigned_inbox_count, inbox_count, ...policy }) => ({
    ...policy,
    inbox_count: assigned_inbox_count ?? inbox_count ?? policy.inboxes?.length ?? null,
  }));
export type AssignmentPolicyWire = z.output<typeof AssignmentPolicyWire>;

/** `GET /assignment_policies/{id}/inboxes`: `{inboxes: [inbox]}`, read as their ids. */
export const PolicyInboxesWire = z
  .object({ inboxes: z.array(z.object({ id: z.number().int() }).loose()).nullish() })
  .transform((v) => (v.inboxes ?? []).map((inbox) => inbox.id));

/** An agent capacity policy as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";

/** A number of hours as a jsonb value holds it: a JSON number, or numeric text a client stored. */
const hours = z
  .union([z.number(), z.string()])
  .optional()
  .transform((v) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : typeof v === "number" ? v : undefined));

/** The `exclusion_rules` jsonb: the two keys the controller permits (any other is left out). */
const ExclusionRules = z
  .object({
    excluded_labels: z.array(z.string()).optional(),
    exclude_older_than_hours: hours,
  })
  .nullish()
  .transform((v) => {
    const rules: { excluded_labels?: string[]; exclude_older_than_hours?: number } = {};
    if (v?.excluded_labels !== undefined) rules.excluded_labels = v.excluded_labels;
    if (v?.exclude_older_than_hours !== undefined) rules.exclude_older_than_hours = v.exclude_older_than_hours;
    return rules;
  });

/** One row of the policy's `inbox_capacity_limits` (the partial renders id, inbox and limit). */
export const InboxCapacityLimitWire = z.object({
  id: z.number().int(),
  inbox_id: z.number().int(),
  conversation_limit: z.number().int(),
});
export type InboxCapacityLimitWire = z.output<typeof InboxCapacityLimitWire>;

/** The `_agent_capacity_policy` partial (Enterprise); timestamps are left out (not configuration). */
export const AgentCapacityPolicyWire = z.object({
  id: z.number().int(),
  name: z.string(),
  description: optionalString,
  exclusion_rules: ExclusionRules,
  inbox_capacity_limits: z
    .array(InboxCapacityLimitWire)
    .nullish()
    .transform((v) => v ?? []),
});
export type AgentCapacityPolicyWire = z.output<typeof AgentCapacityPolicyWire>;

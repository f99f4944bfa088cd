import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import type { Feature } from "../lifecycle/feature-gate";
import { accountId, name, objectId, text } from "../validation/fields";
import { SlaPolicyWire } from "../wire/sla-policy";

/**
 * Longest threshold accepted, in seconds: a year. Chatwoot sets no bound (a float column); this
 * generous one of the provider's own catches a value given in the wrong unit (milliseconds, say),
 * since an SLA that runs out after more than a year measures nothing.
 */
export const THRESHOLD_MAX_SECONDS = 365 * 24 * 60 * 60;

const thresholdRule = `must be a whole number of seconds from 1 to ${THRESHOLD_MAX_SECONDS} (365 days), or null to clear it`;

/** A threshold in seconds, the unit Chatwoot measures SLAs in (a conversation's time plus it is the deadline). */
const threshold = z
  .number({ error: thresholdRule })
  .int(thresholdRule)
  .min(1, thresholdRule)
  .max(THRESHOLD_MAX_SECONDS, thresholdRule)
  .nullable()
  .optional();

/** What cannot change once a policy exists. */
const FIXED = ["firstResponseTimeThreshold", "nextResponseTimeThreshold", "resolutionTimeThreshold", "onlyDuringBusinessHours"] as const;

/** SLA policies: Enterprise's, with the account's `sla` flag. */
export const slaFeature: Feature = { flag: "sla", what: "SLA policies" };

/** The checks of `SlaPolicyArgs` (sdk/sla-policy.ts, where each argument is documented). */
export const SlaPolicyInputs = z.strictObject({
  accountId,
  name,
  description: text.optional(),
  firstResponseTimeThreshold: threshold,
  nextResponseTimeThreshold: threshold,
  resolutionTimeThreshold: threshold,
  onlyDuringBusinessHours: z.boolean().optional(),
  adoptId: objectId.optional(),
});
export type SlaPolicyInputs = z.input<typeof SlaPolicyInputs>;

/**
 * An SLA policy of an account (`/sla_policies`, Chatwoot Enterprise with the account's `sla`
 * feature); id: the policy id. Names need not be unique: taken over with `adoptId`, and a lost
 * create is recognised by its content. The thresholds and the business-hours flag are fixed once a
 * policy exists (newer servers drop them from an update: conversations already measured against
 * the policy keep its meaning), so changing one makes a new policy.
 */
export const slaPolicy = defineCollectionResource({
  inputs: SlaPolicyInputs,
  wire: SlaPolicyWire,
  noun: "SLA policy",
  at: {
    path: "sla_policies",
    show: "member",
    feature: slaFeature,
    // For an id the account does not have, show and update render nil: a 500 (destroy answers 200).
    goneAnswers: [500],
  },
  adoption: { byId: { refuse: fixedValuesDiffer } },
  content: { replaceOn: FIXED },
});

/** An adopted policy must already hold the fixed values the program gives: an update could not set them. */
function fixedValuesDiffer(inputs: z.output<typeof SlaPolicyInputs>, policy: SlaPolicyWire): string | undefined {
  const held = { firstResponseTimeThreshold: policy.first_response_time_threshold, nextResponseTimeThreshold: policy.next_response_time_threshold, resolutionTimeThreshold: policy.resolution_time_threshold, onlyDuringBusinessHours: policy.only_during_business_hours ?? false };
  const differ = FIXED.filter((key) => inputs[key] !== undefined && inputs[key] !== held[key]);
  if (differ.length === 0) return undefined;
  return `it holds ${differ.map((k) => `${k}=${JSON.stringify(held[k])}`).join(", ")}, and a policy's thresholds and business-hours flag are fixed once it exists; declare those values, or leave out adoptId to make a new policy`;
}

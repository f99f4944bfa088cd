/** An automation rule as the server sends it. */
import { z } from "zod";

/** Creation time as epoch seconds: an integer on real servers; also read from a digit or ISO string. */
const createdOn = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v): number | null => {
    if (typeof v === "number") return Math.floor(v);
    if (typeof v !== "string" || v.trim() === "") return null;
    const seconds = /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Date.parse(v) / 1000;
    return Number.isFinite(seconds) ? Math.floor(seconds) : null;
  });

/** Fields the user may set are `undefined` when missing (the input then stays in the outputs). */
export const RuleWire = z.object({
  id: z.number(),
  account_id: z.number().optional(),
  name: z.string().optional(),
  description: z.string().nullish(),
  event_name: z.string().optional(),
  conditions: z.array(z.record(z.string(), z.unknown())).nullish(),
  actions: z.array(z.record(z.string(), z.unknown())).nullish(),
  active: z.boolean().optional(),
  created_on: createdOn,
});
export type RuleWire = z.output<typeof RuleWire>;

/** An SLA policy as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";

/** A threshold in seconds: a float column, sent as a JSON number (read from numeric text too); null when unset. */
const seconds = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v): number | null => {
    if (typeof v === "number") return v;
    if (typeof v !== "string" || v.trim() === "") return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  });

/** The `_sla_policy` partial (Enterprise). */
export const SlaPolicyWire = z.object({
  id: z.number().int(),
  name: z.string(),
  description: optionalString,
  first_response_time_threshold: seconds,
  next_response_time_threshold: seconds,
  resolution_time_threshold: seconds,
  only_during_business_hours: z.boolean().nullish().transform((v) => v ?? null),
});
export type SlaPolicyWire = z.output<typeof SlaPolicyWire>;

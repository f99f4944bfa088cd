/** A Captain scenario as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";

/** The `captain/_scenario` partial; `tools` are the ids the server derived from the instruction (none: null). */
export const CaptainScenarioWire = z.object({
  id: z.number().int(),
  assistant_id: z.number().int().nullish(),
  title: z.string(),
  description: optionalString,
  instruction: optionalString,
  tools: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  enabled: z.boolean().nullish().transform((v) => v ?? null),
});
export type CaptainScenarioWire = z.output<typeof CaptainScenarioWire>;

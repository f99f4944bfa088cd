/** A macro as the server sends it. */
import { z } from "zod";
import { enumName } from "./envelope";

/** Chatwoot's `enum visibility: { personal: 0, global: 1 }`. */
export const MACRO_VISIBILITIES = ["personal", "global"] as const;

/** A macro as the server sends it (the visibility read as its name). */
export const MacroWire = z.object({
  id: z.number().int(),
  name: z.string(),
  visibility: enumName(MACRO_VISIBILITIES).nullish().transform((v) => v ?? null),
  /** Stored verbatim, as for automation rules. */
  actions: z.array(z.record(z.string(), z.unknown())).nullish().transform((v) => v ?? []),
});
export type MacroWire = z.output<typeof MacroWire>;

/** A canned response as the server sends it. */
import { z } from "zod";

/** A canned response as the server sends it. */
export const CannedResponseWire = z.object({
  id: z.number().int(),
  short_code: z.string(),
  content: z.string().nullish().transform((v) => v ?? null),
});
export type CannedResponseWire = z.output<typeof CannedResponseWire>;

/** A label as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";

export const LabelWire = z.object({
  id: z.number().int(),
  title: z.string(),
  description: optionalString,
  color: optionalString,
  show_on_sidebar: z.boolean().nullish().transform((v) => v ?? null),
});
export type LabelWire = z.output<typeof LabelWire>;

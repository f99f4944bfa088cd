/** A custom role as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";

/** The `_custom_role` partial (Enterprise); timestamps are left out (not configuration). */
export const CustomRoleWire = z.object({
  id: z.number().int(),
  name: z.string(),
  description: optionalString,
  permissions: z.array(z.string()).nullish().transform((v) => v ?? []),
});
export type CustomRoleWire = z.output<typeof CustomRoleWire>;

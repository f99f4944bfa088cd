/** A team as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";

/**
 * A team as the API sends it (`_team.json.jbuilder`). `is_member` is left out: it says whether the
 * token's own user is a member, not something about the team.
 */
export const TeamWire = z.object({
  id: z.number().int(),
  name: z.string(),
  description: optionalString,
  allow_auto_assign: z.boolean().nullish().transform((v) => v ?? null),
});
export type TeamWire = z.output<typeof TeamWire>;

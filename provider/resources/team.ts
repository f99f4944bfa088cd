import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { optionalString } from "../wire/envelope";
import { accountId, adopt, oneLine, text } from "./fields";

/** Chatwoot lower-cases team names before saving them (and keeps them unique per account). */
const lowerCase = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : (v ?? null));

/** The checks of `TeamArgs` (sdk/team.ts, where each argument is documented). */
export const TeamInputs = z.strictObject({
  accountId,
  name: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .superRefine(oneLine())
    .transform((v) => v.toLowerCase()),
  description: text.optional(),
  allowAutoAssign: z.boolean().optional(),
  adopt,
});
export type TeamInputs = z.input<typeof TeamInputs>;

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

/** A team of an account (`/teams`); id: the team id. Adoption key: the name (compared in lower case). */
export const team = defineCollectionResource({
  inputs: TeamInputs,
  path: "teams",
  wire: TeamWire,
  show: "member",
  key: {
    matches: (inputs, t) => t.name.toLowerCase() === inputs.name,
    describe: (inputs) => `name "${inputs.name}"`,
  },
  normalizers: {
    // An older state or a server that keeps another case (some forks do) is the same team.
    name: lowerCase,
  },
});

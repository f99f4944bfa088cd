import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { accountId, adopt, oneLine, text } from "../validation/fields";
import { TeamWire } from "../wire/team";

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

/** A team of an account (`/teams`); id: the team id. Adoption key: the name (compared in lower case). */
export const team = defineCollectionResource({
  inputs: TeamInputs,
  wire: TeamWire,
  at: { path: "teams", show: "member" },
  adoption: {
    key: {
      matches: (inputs, t) => t.name.toLowerCase() === inputs.name,
      describe: (inputs) => `name "${inputs.name}"`,
    },
  },
  // An older state or a server that keeps another case (some forks do) is the same team.
  content: { normalizers: { name: lowerCase } },
});

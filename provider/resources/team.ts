import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { accountId, adopt, oneLine, text } from "../validation/fields";
import { TeamWire } from "../wire/team";

/** Chatwoot lower-cases team names before saving them (and keeps them unique per account). */
const lowerCase = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : (v ?? null));

export const TeamInputs = z.strictObject({
  /** Account that owns the team. Defaults to `chatwoot:accountId`. Changing it replaces the team. */
  accountId,
  /**
   * The team's name, unique in the account. Chatwoot stores names in lower case, so `Billing` is
   * sent and kept as `billing`. One line, at most 255 characters. Changing it renames the team in place.
   */
  name: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .superRefine(oneLine())
    .transform((v) => v.toLowerCase()),
  /** What the team does. */
  description: text.optional(),
  /**
   * Whether conversations assigned to the team are also assigned to one of its agents
   * automatically (Chatwoot's default: `true`).
   */
  allowAutoAssign: z.boolean().optional(),
  /** Take over the existing team with this name instead of failing on it. */
  adopt,
});
export type TeamInputs = z.input<typeof TeamInputs>;

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

import { z } from "zod";
import type { Normalizer } from "../diff/diff";
import { normalizeActions } from "../diff/normalize/automation";
import { fromWire, toWire } from "../mapping";
import { oneLine } from "./fields";

/**
 * The action shape automation rules and macros share: Chatwoot runs both through the same action
 * service, stores both lists verbatim, and a program writes them the same way.
 */

/** A required, non-blank one-line text field (a name or key); the message says what it names. */
export const present = (what: string) =>
  z.string({ error: `required: the ${what}` }).trim().min(1, `must not be blank (the ${what})`).superRefine(oneLine());

/** A condition or action value: Chatwoot compares scalars (ids are often given as numbers). */
export const scalar = z.union([z.string(), z.number(), z.boolean()], { error: "must be a string, number or boolean" });

/** One action of a rule or macro: the checks of `AutomationActionArgs` (sdk/automation-rule.ts). */
export const AutomationAction = z.looseObject({
  actionName: present("action to run"),
  actionParams: z
    .array(z.union([scalar, z.record(z.string(), z.unknown())], { error: "must be a string, number, boolean or object" }), {
      error: "must be a list of parameters",
    })
    .optional(),
});
export type AutomationAction = z.output<typeof AutomationAction>;

/**
 * Compares lists in the key spelling the API round trip produces (a program may write `team_ids`
 * or `teamIds` inside an action's parameters; the server echoes snake_case).
 */
export const viaWire = (normalize: Normalizer): Normalizer => (v) => normalize(fromWire(toWire(v)));

/** Actions as a program declares them and as the server stores them, in one compared form. */
export const normalizeStoredActions: Normalizer = viaWire(normalizeActions);

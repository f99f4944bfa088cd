import { z } from "zod";
import type { Normalizer } from "../diff/diff";
import { normalizeActions } from "../diff/normalize/automation";
import { camelKey, fromWire, snakeKey, toWire } from "../mapping";
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

/**
 * The keys Chatwoot reads from an action's object parameter, by action: it ignores any other, so
 * a misspelt one (`teamId`) makes the action do nothing. Written either way (`teamIds`, `team_ids`).
 */
const PARAMETER_KEYS: Partial<Record<string, readonly string[]>> = { send_email_to_team: ["message", "teamIds"] };

/**
 * One action of a rule or macro: the checks of `AutomationActionArgs` (sdk/automation-rule.ts).
 * Strict: Chatwoot stores an action verbatim, so a misspelt key (`actionParam`) would be saved and
 * ignored, leaving an action that does nothing. Action names stay open (Chatwoot keeps adding them).
 */
export const AutomationAction = z
  .strictObject({
    actionName: present("action to run"),
    actionParams: z
      .array(z.union([scalar, z.record(z.string(), z.unknown())], { error: "must be a string, number, boolean or object" }), {
        error: "must be a list of parameters",
      })
      .optional(),
  })
  .superRefine((action, ctx) => {
    const allowed = PARAMETER_KEYS[action.actionName];
    if (!allowed) return;
    (action.actionParams ?? []).forEach((param, i) => {
      if (typeof param !== "object") return;
      for (const key of Object.keys(param)) {
        if (allowed.includes(camelKey(key))) continue;
        const names = allowed.map((k) => (snakeKey(k) === k ? k : `${k} (or ${snakeKey(k)})`)).join(", ");
        ctx.addIssue({ code: "custom", path: ["actionParams", i, key], message: `unknown key "${key}" of ${action.actionName}'s parameter; allowed: ${names}` });
      }
    });
  });
export type AutomationAction = z.output<typeof AutomationAction>;

/**
 * Compares lists in the key spelling the API round trip produces (a program may write `team_ids`
 * or `teamIds` inside an action's parameters; the server echoes snake_case).
 */
export const viaWire = (normalize: Normalizer): Normalizer => (v) => normalize(fromWire(toWire(v)));

/** Actions as a program declares them and as the server stores them, in one compared form. */
export const normalizeStoredActions: Normalizer = viaWire(normalizeActions);

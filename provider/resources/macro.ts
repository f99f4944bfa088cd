import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { AutomationAction, normalizeStoredActions } from "../validation/automation-actions";
import { accountId, adopt, name } from "../validation/fields";
import { MACRO_VISIBILITIES, MacroWire } from "../wire/macro";

export const MacroInputs = z.strictObject({
  /** Account that owns the macro. Defaults to `chatwoot:accountId`. Changing it replaces the macro. */
  accountId,
  /**
   * Name agents pick the macro by. The adoption key: Chatwoot allows two macros with one name, this
   * provider does not (a create refuses a name the account already shows unless `adopt: true`).
   * One line, at most 255 characters. Changing it renames the macro in place.
   */
  name,
  /**
   * Who sees and runs it: `global` (every agent of the account; only administrators may change it)
   * or `personal` (only the user whose token manages it). Default: `personal`, as in Chatwoot.
   */
  visibility: z.enum(MACRO_VISIBILITIES, { error: 'must be "global" or "personal"' }).default("personal"),
  /**
   * What the macro does, in order, when an agent runs it on a conversation: the same actions as
   * automation rules (`add_label`, `assign_team`, `send_message`, `resolve_conversation`, ...; names
   * are not checked here, as Chatwoot keeps adding them). Replaced whole on change.
   */
  actions: z.array(AutomationAction, { error: "must be a list of actions" }),
  /** Take over the existing macro with this name instead of failing on it. */
  adopt,
});
export type MacroInputs = z.input<typeof MacroInputs>;

/** A macro of an account (`/macros`); id: the macro id. Adoption key: the name. */
export const macro = defineCollectionResource({
  inputs: MacroInputs,
  path: "macros",
  wire: MacroWire,
  show: "member",
  key: {
    matches: (inputs, m) => m.name === inputs.name,
    describe: (inputs) => `name "${inputs.name}"`,
  },
  normalizers: { actions: normalizeStoredActions },
  // For a macro the account does not have, show answers an empty 404, update and destroy a 500.
  goneAnswers: [404, 500],
  // Chatwoot sets the visibility from every create and update request: left out, it becomes null
  // and the macro drops out of every list.
  alwaysSend: ["visibility"],
});

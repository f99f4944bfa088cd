import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { pick } from "../lifecycle/outputs";
import { toWire } from "../mapping";
import { AutomationAction, normalizeStoredActions } from "../validation/automation-actions";
import { accountId, adopt, name } from "../validation/fields";
import { MACRO_VISIBILITIES, MacroWire } from "../wire/macro";

/** The checks of `MacroArgs` (sdk/macro.ts, where each argument is documented). */
export const MacroInputs = z.strictObject({
  accountId,
  name,
  visibility: z.enum(MACRO_VISIBILITIES, { error: 'must be "global" or "personal"' }).default("personal"),
  actions: z.array(AutomationAction, { error: "must be a list of actions" }),
  adopt,
});
export type MacroInputs = z.input<typeof MacroInputs>;

/** A macro of an account (`/macros`); id: the macro id. Adoption key: the name. */
export const macro = defineCollectionResource({
  inputs: MacroInputs,
  wire: MacroWire,
  // For a macro the account does not have, show answers an empty 404, update and destroy a 500.
  at: { path: "macros", show: "member", goneAnswers: [404, 500] },
  adoption: {
    key: {
      matches: (inputs, m) => m.name === inputs.name,
      describe: (inputs) => `name "${inputs.name}"`,
    },
  },
  content: {
    normalizers: { actions: normalizeStoredActions },
    // Chatwoot sets the visibility from every create and update request: left out, it becomes null
    // and the macro drops out of every list.
    body: (inputs, keys) => toWire(pick(inputs, [...new Set([...keys, "visibility"])])) as object,
  },
});

import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { accountId, adopt, TEXT_COLUMN_MAX, presentLine, presentText } from "../validation/fields";
import { CannedResponseWire } from "../wire/canned-response";

/** The checks of `CannedResponseArgs` (sdk/canned-response.ts, where each argument is documented). */
export const CannedResponseInputs = z.strictObject({
  accountId,
  shortCode: presentLine("the short code agents type"),
  content: presentText("the text of the response", TEXT_COLUMN_MAX),
  adopt,
});
export type CannedResponseInputs = z.input<typeof CannedResponseInputs>;

/**
 * A canned response of an account (`/canned_responses`); id: the canned response id. Adoption key:
 * the short code. Upstream has no show route: one response is read from the list.
 */
export const cannedResponse = defineCollectionResource({
  inputs: CannedResponseInputs,
  wire: CannedResponseWire,
  at: { path: "canned_responses", show: "list" },
  adoption: {
    key: {
      matches: (inputs, r) => r.short_code === inputs.shortCode,
      describe: (inputs) => `short code "${inputs.shortCode}"`,
    },
  },
});

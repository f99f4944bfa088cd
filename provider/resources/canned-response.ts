import { z } from "zod";
import { defineCollectionResource } from "../lifecycle/collection";
import { accountId, adopt, MESSAGE_MAX, presentLine, presentText } from "../validation/fields";
import { CannedResponseWire } from "../wire/canned-response";

export const CannedResponseInputs = z.strictObject({
  /** Account that owns the canned response. Defaults to `chatwoot:accountId`. Changing it replaces the response. */
  accountId,
  /**
   * What agents type after `/` to insert the response; unique in the account, case included
   * (`Hello` and `hello` are two responses). One line, at most 255 characters. The adoption key.
   * Changing it renames the response in place.
   */
  shortCode: presentLine("the short code agents type"),
  /**
   * The message inserted into the reply (Markdown). Must not be blank; at most 150,000 characters
   * (Chatwoot's limit on a message).
   */
  content: presentText("the text of the response", MESSAGE_MAX),
  /** Take over the existing canned response with this short code instead of failing on it. */
  adopt,
});
export type CannedResponseInputs = z.input<typeof CannedResponseInputs>;

/**
 * A canned response of an account (`/canned_responses`); id: the canned response id. Adoption key:
 * the short code. Upstream has no show route: one response is read from the list.
 */
export const cannedResponse = defineCollectionResource({
  inputs: CannedResponseInputs,
  path: "canned_responses",
  wire: CannedResponseWire,
  show: "list",
  key: {
    matches: (inputs, r) => r.short_code === inputs.shortCode,
    describe: (inputs) => `short code "${inputs.shortCode}"`,
  },
});

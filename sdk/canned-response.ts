import * as pulumi from "@pulumi/pulumi";
import type { CannedResponseInputs } from "../provider/resources/canned-response";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/canned-response");

/** Arguments of {@link CannedResponse}. `accountId` defaults to config `chatwoot:accountId`. */
export type CannedResponseArgs = ResourceArgs<CannedResponseInputs, "accountId">;

/**
 * A canned response of a Chatwoot account: a saved reply agents insert by typing `/` and its
 * short code.
 *
 * ## Example Usage
 * ```ts
 * const refund = new chatwoot.CannedResponse("refund", {
 *   shortCode: "refund",
 *   content: "Your refund is on its way; it takes 3 to 5 business days to arrive.",
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the existing canned response with the same short code (Pulumi's
 * `import` does not work for dynamic resources); the first `up` then brings it to the declared state.
 */
export class CannedResponse extends pulumi.dynamic.Resource {
  declare readonly accountId: pulumi.Output<number>;
  declare readonly shortCode: pulumi.Output<string>;
  declare readonly content: pulumi.Output<string>;

  constructor(name: string, args: CannedResponseArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, args, opts, "chatwoot", "CannedResponse");
    noticeOutsideEngine();
  }
}

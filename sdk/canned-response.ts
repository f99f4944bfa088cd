import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/canned-response");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link CannedResponse}. Changes are made in place, except where an argument says it
 * replaces the canned response.
 */
export interface CannedResponseArgs extends AccountArgs {
  /**
   * What agents type after `/` to insert the response: one line, at most 255 characters, unique in
   * the account, case included (`Hello` and `hello` are two responses). The adoption key. Changing
   * it renames the response in place.
   */
  shortCode: pulumi.Input<string>;
  /**
   * The message inserted into the reply (Markdown), sent as written: not blank, at most 20,000
   * characters (Chatwoot's limit on its column).
   */
  content: pulumi.Input<string>;
  /** Take over the existing canned response with this short code instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link CannedResponse.get} may be given: the outputs of {@link CannedResponse}, each optional (as Pulumi's
 * generated `CannedResponseState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type CannedResponseState = ResourceState<CannedResponse>;

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
 * `adopt: true` takes over the existing canned response with the same short code (on the plugin,
 * `pulumi import` takes it instead: see Import); the first `up` then brings it to the declared
 * state.
 */
export class CannedResponse extends ChatwootResource {
  /** The account the canned response belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** What agents type after `/` to insert the response. */
  declare readonly shortCode: pulumi.Output<string>;
  /** The message inserted into the reply. */
  declare readonly content: pulumi.Output<string>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link CannedResponseState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CannedResponseState, opts?: pulumi.CustomResourceOptions): CannedResponse {
    return existingResource(CannedResponse, "CannedResponse", name, id, state, opts);
  }

  /** Whether `obj` is a {@link CannedResponse}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is CannedResponse {
    return isResourceOf(obj, "CannedResponse");
  }

  constructor(name: string, args: CannedResponseArgs, opts?: pulumi.CustomResourceOptions) {
    super("CannedResponse", provider, name, args, opts);
  }
}

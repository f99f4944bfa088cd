import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/platform-account-user");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link PlatformAccountUser}. Changing the account or the user replaces the
 * membership; the role changes in place.
 */
export interface PlatformAccountUserArgs extends AccountArgs {
  /**
   * Id of the user who becomes a member (a `PlatformUser`'s id, or any user of the installation): a
   * number, or its digits as text. Changing it replaces the membership.
   */
  userId: pulumi.Input<string | number>;
  /** `agent` or `administrator`: the user's role in the account (Chatwoot's default: `agent`). */
  role?: pulumi.Input<"agent" | "administrator" | undefined>;
  /** Take over the membership the user already has in the account instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link PlatformAccountUser.get} may be given: the outputs of {@link PlatformAccountUser}, each optional (as Pulumi's
 * generated `PlatformAccountUserState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type PlatformAccountUserState = ResourceState<PlatformAccountUser>;

/**
 * A user's membership of an account with a role, made through the Platform API with
 * `chatwoot:platformAccessToken`; the id is the user id. The account must be one the Platform App
 * made (a `PlatformAccount`). Deleting it removes the user from the account (the user stays).
 *
 * ## Example Usage
 * ```ts
 * // In the stack's account (chatwoot:accountId), which the Platform App made; in another, `accountId` names it.
 * new chatwoot.PlatformAccountUser("owner-admin", { userId: owner.id, role: "administrator" });
 * ```
 *
 * ## Adoption
 * Chatwoot's create sets the role of a user who already is a member: without `adopt: true` such a
 * user is refused before any write; with it, the membership is taken over (its role set).
 */
export class PlatformAccountUser extends ChatwootResource {
  /** The account. */
  declare readonly accountId: pulumi.Output<number>;
  /** The user's id. */
  declare readonly userId: pulumi.Output<number>;
  /** The role in the account (`agent` or `administrator`; a newer server may send another). */
  declare readonly role: pulumi.Output<string>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link PlatformAccountUserState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: PlatformAccountUserState, opts?: pulumi.CustomResourceOptions): PlatformAccountUser {
    return existingResource(PlatformAccountUser, "PlatformAccountUser", name, id, state, opts);
  }

  /** Whether `obj` is a {@link PlatformAccountUser}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is PlatformAccountUser {
    return isResourceOf(obj, "PlatformAccountUser");
  }

  constructor(name: string, args: PlatformAccountUserArgs, opts?: pulumi.CustomResourceOptions) {
    super("PlatformAccountUser", provider, name, { role: undefined, ...args }, opts);
  }
}

import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/inbox-assignment-policy");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** Arguments of {@link InboxAssignmentPolicy}. Changes are made in place, except where an argument says it replaces the link. */
export interface InboxAssignmentPolicyArgs extends AccountArgs {
  /** The inbox (a number, or an `Inbox`'s `id`); it has at most one policy. The adoption key. Changing it replaces the link. */
  inboxId: pulumi.Input<string | number>;
  /** The policy the inbox's conversations are assigned by (a number, or an `AssignmentPolicy`'s `id`). Changing it links the inbox to the other policy in place. */
  assignmentPolicyId: pulumi.Input<string | number>;
  /** Take over the inbox's link when it has one already, instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link InboxAssignmentPolicy.get} may be given: the outputs of {@link InboxAssignmentPolicy}, each optional (as Pulumi's
 * generated `InboxAssignmentPolicyState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type InboxAssignmentPolicyState = ResourceState<InboxAssignmentPolicy>;

/**
 * The assignment policy of a Chatwoot inbox (Assignment V2): which {@link AssignmentPolicy} hands
 * the inbox's conversations to its agents. An inbox has at most one; linking it to another policy
 * is one request, which Chatwoot applies by replacing the link. Deleting the resource unlinks the
 * inbox; deleting the inbox or the policy deletes the link, which `refresh` then shows as gone.
 * Needs an administrator's access token.
 *
 * ## Example Usage
 * ```ts
 * new chatwoot.InboxAssignmentPolicy("website-assignment", {
 *   inboxId: website.id,
 *   assignmentPolicyId: roundRobin.id,
 * });
 * ```
 *
 * ## Adoption
 * An inbox that is linked to a policy already is refused, naming the policy, unless `adopt: true`
 * takes the link over (on the plugin, `pulumi import` takes it instead: see Import); the first `up`
 * then links the declared policy, and sends nothing when it is the one linked. The id is
 * `accountId/inboxId`.
 */
export class InboxAssignmentPolicy extends ChatwootResource {
  /** The account the inbox belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The inbox. */
  declare readonly inboxId: pulumi.Output<number>;
  /** The policy the inbox is linked to. */
  declare readonly assignmentPolicyId: pulumi.Output<number>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<inboxId>` or `<accountId>/<inboxId>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link InboxAssignmentPolicyState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: InboxAssignmentPolicyState, opts?: pulumi.CustomResourceOptions): InboxAssignmentPolicy {
    return existingResource(InboxAssignmentPolicy, "InboxAssignmentPolicy", name, id, state, opts);
  }

  /** Whether `obj` is a {@link InboxAssignmentPolicy}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is InboxAssignmentPolicy {
    return isResourceOf(obj, "InboxAssignmentPolicy");
  }

  constructor(name: string, args: InboxAssignmentPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super("InboxAssignmentPolicy", provider, name, { ...args }, opts);
  }
}

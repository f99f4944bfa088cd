import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { InboxAgent } from "../provider/resources/inbox-membership";
import type { MembershipArgs } from "./inputs";
import provider = require("./shims/inbox-membership");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** Arguments of {@link InboxMembership}. Changes are made in place, except where an argument says it replaces the membership. */
export interface InboxMembershipArgs extends MembershipArgs {
  /** The inbox whose members are managed (a number, or an `Inbox`'s `id`). Changing it replaces the membership. */
  inboxId: pulumi.Input<string | number>;
  /**
   * List the inbox's members before creating, and send no write when every listed user is a member
   * already (an export applied to the account it came from sets it). Without it, creating is one
   * POST, which leaves users who are members already as they are. Default: false.
   */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link InboxMembership.get} may be given: the outputs of {@link InboxMembership}, each optional (as Pulumi's
 * generated `InboxMembershipState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type InboxMembershipState = ResourceState<InboxMembership>;

/**
 * The agents of a Chatwoot inbox. By default only the listed users are managed: they are added
 * when listed and removed when they leave the list or the resource is deleted, and anyone else in
 * the inbox is left alone (so several stacks can each manage their own users of one inbox). With
 * `exclusive: true` the inbox holds exactly the listed users and everyone else is removed; do not
 * combine an exclusive membership with other memberships of the same inbox. An exclusive
 * membership with an empty `userIds` removes every member of the inbox: it is refused unless
 * `allowEmpty: true` says that is meant.
 *
 * Users must belong to the inbox's account. Chatwoot itself accepts a user of another account
 * without ever listing it; the provider detects that, undoes the change and fails.
 *
 * ## Example Usage
 * ```ts
 * const websiteAgents = new chatwoot.InboxMembership("website-agents", {
 *   inboxId: website.id,
 *   userIds: [dana.id, 2],
 * });
 * // Exactly these agents: the inbox's other members are removed.
 * const onlyTheseAgents = new chatwoot.InboxMembership("support-agents", {
 *   inboxId: 3,
 *   userIds: [2],
 *   exclusive: true,
 * });
 * ```
 *
 * ## Adoption
 * Users who already are members are taken over, and from then on they are managed (deleting the
 * resource removes them). Creating sends one POST, which changes nothing for them; with
 * `adopt: true` the members are listed first and no write is sent for users who are members
 * already. The id is `accountId/inboxId`.
 */
export class InboxMembership extends ChatwootResource {
  /** The account the inbox belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The inbox whose members are managed. */
  declare readonly inboxId: pulumi.Output<number>;
  /**
   * The listed users that really are members (a user removed out of band is missing, and shows as
   * a change on the next `up`); with `exclusive`, every member of the inbox.
   */
  declare readonly userIds: pulumi.Output<number[]>;
  /** Whether the inbox holds exactly the listed users. */
  declare readonly exclusive: pulumi.Output<boolean>;
  /** Output only: every member of the inbox (listed or not) as Chatwoot describes them: id, name, email, role, availability. */
  declare readonly /*out*/ agents: pulumi.Output<InboxAgent[]>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<inboxId>` or `<accountId>/<inboxId>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link InboxMembershipState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: InboxMembershipState, opts?: pulumi.CustomResourceOptions): InboxMembership {
    return existingResource(InboxMembership, "InboxMembership", name, id, state, opts);
  }

  /** Whether `obj` is a {@link InboxMembership}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is InboxMembership {
    return isResourceOf(obj, "InboxMembership");
  }

  constructor(name: string, args: InboxMembershipArgs, opts?: pulumi.CustomResourceOptions) {
    super("InboxMembership", provider, name, { exclusive: undefined, agents: undefined, ...args }, opts);
  }
}

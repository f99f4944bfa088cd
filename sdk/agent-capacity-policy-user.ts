import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { CapacityPolicyAgent } from "../provider/resources/agent-capacity-policy-user";
import type { MembershipArgs } from "./inputs";
import provider = require("./shims/agent-capacity-policy-user");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** Arguments of {@link AgentCapacityPolicyUser}. Changes are made in place, except where an argument says it replaces the membership. */
export interface AgentCapacityPolicyUserArgs extends MembershipArgs {
  /** The policy whose agents are managed (a number, or an `AgentCapacityPolicy`'s `id`). Changing it replaces the membership. */
  policyId: pulumi.Input<string | number>;
}

/**
 * What {@link AgentCapacityPolicyUser.get} may be given: the outputs of {@link AgentCapacityPolicyUser}, each optional (as Pulumi's
 * generated `AgentCapacityPolicyUserState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type AgentCapacityPolicyUserState = ResourceState<AgentCapacityPolicyUser>;

/**
 * The agents an {@link AgentCapacityPolicy} applies to (Chatwoot Enterprise), with the contract of
 * {@link InboxMembership}: by default only the listed users are managed (added when listed, removed
 * when they leave the list or the resource is deleted); with `exclusive: true` the policy applies to
 * exactly the listed users and everyone else is taken off it. An exclusive membership with an empty
 * `userIds` is refused unless `allowEmpty: true` says that is meant.
 *
 * One policy per agent: Chatwoot keeps a single capacity policy for each user of an account, so
 * adding a user to this policy takes them off any other. Do not list one user in the memberships of
 * two policies: each `up` would move them back and forth. A user moved to another policy by hand
 * drops out of `userIds` (drift, which the next `up` repairs by moving them back), and deleting the
 * resource leaves such a user where they are. Users must belong to the policy's account (Chatwoot
 * answers others with 404); a change that fails is undone. Deleting the policy frees its users: the
 * membership then reads as gone.
 *
 * ## Example Usage
 * ```ts
 * new chatwoot.AgentCapacityPolicyUser("vip-capacity-agents", {
 *   policyId: vipCapacity.id,
 *   userIds: [dana.id],
 * });
 * ```
 *
 * ## Adoption
 * Nothing to declare: users the policy applies to already are taken over without a write, and from
 * then on they are managed (deleting the resource takes them off the policy). The id is
 * `accountId/policyId`.
 */
export class AgentCapacityPolicyUser extends ChatwootResource {
  /** The account the policy belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The policy whose agents are managed. */
  declare readonly policyId: pulumi.Output<number>;
  /**
   * The listed users the policy really applies to (a user removed or moved to another policy out of
   * band is missing, and shows as a change on the next `up`); with `exclusive`, every user of the policy.
   */
  declare readonly userIds: pulumi.Output<number[]>;
  /** Whether the policy applies to exactly the listed users. */
  declare readonly exclusive: pulumi.Output<boolean>;
  /** Output only: every user of the policy (listed or not) as Chatwoot describes them: id, name, email, role (never their tokens). */
  declare readonly /*out*/ agents: pulumi.Output<CapacityPolicyAgent[]>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<policyId>` or `<accountId>/<policyId>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link AgentCapacityPolicyUserState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AgentCapacityPolicyUserState, opts?: pulumi.CustomResourceOptions): AgentCapacityPolicyUser {
    return existingResource(AgentCapacityPolicyUser, "AgentCapacityPolicyUser", name, id, state, opts);
  }

  /** Whether `obj` is a {@link AgentCapacityPolicyUser}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is AgentCapacityPolicyUser {
    return isResourceOf(obj, "AgentCapacityPolicyUser");
  }

  constructor(name: string, args: AgentCapacityPolicyUserArgs, opts?: pulumi.CustomResourceOptions) {
    super("AgentCapacityPolicyUser", provider, name, { exclusive: undefined, agents: undefined, ...args }, opts);
  }
}

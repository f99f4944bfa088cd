import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/agent-capacity-policy-inbox-limit");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** Arguments of {@link AgentCapacityPolicyInboxLimit}. Changes are made in place, except where an argument says it replaces the limit. */
export interface AgentCapacityPolicyInboxLimitArgs extends AccountArgs {
  /** The policy (a number, or an `AgentCapacityPolicy`'s `id`). With the inbox, the adoption key. Changing it replaces the limit. */
  policyId: pulumi.Input<string | number>;
  /** The inbox (a number, or an `Inbox`'s `id`); a policy has one limit per inbox. Changing it replaces the limit. */
  inboxId: pulumi.Input<string | number>;
  /** How many conversations of the inbox each agent of the policy may hold at once: a whole number from 1. Changing it updates the limit in place. */
  conversationLimit: pulumi.Input<number>;
  /** Take over the policy's limit for the inbox when it has one already, instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link AgentCapacityPolicyInboxLimit.get} may be given: the outputs of {@link AgentCapacityPolicyInboxLimit}, each optional (as Pulumi's
 * generated `AgentCapacityPolicyInboxLimitState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type AgentCapacityPolicyInboxLimitState = ResourceState<AgentCapacityPolicyInboxLimit>;

/**
 * The conversation limit of one inbox in an {@link AgentCapacityPolicy} (Chatwoot Enterprise): each
 * agent the policy applies to holds at most this many of the inbox's conversations at once. A
 * policy has one limit per inbox; a change of the limit is one request. Deleting the policy or the
 * inbox deletes the limit, which `refresh` then shows as gone. Needs an administrator's access token.
 *
 * ## Example Usage
 * ```ts
 * new chatwoot.AgentCapacityPolicyInboxLimit("website-capacity", {
 *   policyId: vipCapacity.id,
 *   inboxId: website.id,
 *   conversationLimit: 8,
 * });
 * ```
 *
 * ## Adoption
 * A policy that has a limit for the inbox already is refused, naming the limit, unless
 * `adopt: true` takes it over (on the plugin, `pulumi import` takes it instead: see Import); the
 * first `up` then sets the declared limit, and sends nothing when it is the one set. The id is the
 * limit's own (`limitId`), as Chatwoot addresses it.
 */
export class AgentCapacityPolicyInboxLimit extends ChatwootResource {
  /** The account the policy belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The policy. */
  declare readonly policyId: pulumi.Output<number>;
  /** The inbox. */
  declare readonly inboxId: pulumi.Output<number>;
  /** Conversations of the inbox each agent of the policy may hold at once. */
  declare readonly conversationLimit: pulumi.Output<number>;
  /** Output only: the id of the limit's row (Chatwoot's `inbox_capacity_limits` id), which its update and delete address. */
  declare readonly /*out*/ limitId: pulumi.Output<number>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>` (the limit's id); the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link AgentCapacityPolicyInboxLimitState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AgentCapacityPolicyInboxLimitState, opts?: pulumi.CustomResourceOptions): AgentCapacityPolicyInboxLimit {
    return existingResource(AgentCapacityPolicyInboxLimit, "AgentCapacityPolicyInboxLimit", name, id, state, opts);
  }

  /** Whether `obj` is a {@link AgentCapacityPolicyInboxLimit}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is AgentCapacityPolicyInboxLimit {
    return isResourceOf(obj, "AgentCapacityPolicyInboxLimit");
  }

  constructor(name: string, args: AgentCapacityPolicyInboxLimitArgs, opts?: pulumi.CustomResourceOptions) {
    super("AgentCapacityPolicyInboxLimit", provider, name, { limitId: undefined, ...args }, opts);
  }
}

import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/agent-capacity-policy");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** Which conversations do not count towards an agent's capacity. */
export interface AgentCapacityPolicyExclusionRulesArgs {
  /** Conversations carrying any of these labels (titles, in lower case, each once) do not count. */
  excludedLabels?: pulumi.Input<pulumi.Input<string>[] | undefined>;
  /** Conversations older than this many hours (a whole number from 1) do not count. */
  excludeOlderThanHours?: pulumi.Input<number | undefined>;
}

/**
 * Arguments of {@link AgentCapacityPolicy}. An argument left out is not managed (the server keeps
 * its value). Changes are made in place.
 */
export interface AgentCapacityPolicyArgs extends AccountArgs {
  /**
   * Name of the policy: one line, at most 255 characters. Chatwoot lets several policies share a
   * name; this provider keeps it unique in the account (compared with regard to case), since it is
   * the adoption key. Changing it renames the policy in place.
   */
  name: pulumi.Input<string>;
  /** What the policy is for (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /**
   * Conversations that do not count towards the limits: set whole (a rule left out of a given
   * object is removed); `{}` removes both. Chatwoot keeps only these two rules.
   */
  exclusionRules?: pulumi.Input<AgentCapacityPolicyExclusionRulesArgs | undefined>;
  /** Take over the one existing policy with this name instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link AgentCapacityPolicy.get} may be given: the outputs of {@link AgentCapacityPolicy}, each optional (as Pulumi's
 * generated `AgentCapacityPolicyState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type AgentCapacityPolicyState = ResourceState<AgentCapacityPolicy>;

/**
 * An agent capacity policy of a Chatwoot account (Chatwoot Enterprise, Assignment V2): how many
 * conversations each agent it applies to may hold at once, per inbox
 * ({@link AgentCapacityPolicyInboxLimit}), and which conversations do not count. Deleting the
 * policy deletes its inbox limits and frees its agents. A community edition server has none (its
 * routes answer 404, which the provider names as such). Managing policies needs an
 * administrator's access token.
 *
 * ## Example Usage
 * ```ts
 * const vipCapacity = new chatwoot.AgentCapacityPolicy("vip-capacity", {
 *   name: "VIP capacity",
 *   description: "VIP conversations and week-old ones do not count",
 *   exclusionRules: { excludedLabels: [vip.title], excludeOlderThanHours: 7 * 24 },
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the existing policy with the same name (on the plugin, `pulumi import`
 * takes it instead: see Import); the first `up` then brings it to the declared state, leaving alone
 * what the program does not set. Since Chatwoot lets several policies share a name, a name that
 * more than one policy has is not adopted: the create fails naming them.
 */
export class AgentCapacityPolicy extends ChatwootResource {
  /** The account the policy belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name of the policy. */
  declare readonly name: pulumi.Output<string>;
  /** What the policy is for; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** The exclusion rules as the server holds them (`{}` when none). */
  declare readonly exclusionRules: pulumi.Output<{ excludedLabels?: string[]; excludeOlderThanHours?: number }>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link AgentCapacityPolicyState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AgentCapacityPolicyState, opts?: pulumi.CustomResourceOptions): AgentCapacityPolicy {
    return existingResource(AgentCapacityPolicy, "AgentCapacityPolicy", name, id, state, opts);
  }

  /** Whether `obj` is a {@link AgentCapacityPolicy}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is AgentCapacityPolicy {
    return isResourceOf(obj, "AgentCapacityPolicy");
  }

  constructor(name: string, args: AgentCapacityPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super("AgentCapacityPolicy", provider, name, { description: undefined, exclusionRules: undefined, ...args }, opts);
  }
}

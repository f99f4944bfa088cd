import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/assignment-policy");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link AssignmentPolicy}. An argument left out is not managed (the server keeps its
 * value, or gives a new policy its default). Changes are made in place, except where an argument
 * says it replaces the policy.
 */
export interface AssignmentPolicyArgs extends AccountArgs {
  /**
   * Name of the policy: one line, at most 255 characters, unique in the account (compared with
   * regard to case). The adoption key. Changing it renames the policy in place.
   */
  name: pulumi.Input<string>;
  /** What the policy is for (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /**
   * How conversations are handed to the inboxes' agents: `round_robin` (in turn; Chatwoot's
   * default) or `balanced` (to the agent with the fewest open conversations; Chatwoot Enterprise
   * only, a community server answers 500 for it).
   */
  assignmentOrder?: pulumi.Input<"round_robin" | "balanced" | undefined>;
  /**
   * Which waiting conversation is assigned first: `earliest_created` (the oldest conversation;
   * Chatwoot's default) or `longest_waiting` (the one waiting longest for a reply).
   */
  conversationPriority?: pulumi.Input<"earliest_created" | "longest_waiting" | undefined>;
  /** At most this many conversations are assigned to one agent per window: a whole number from 1 (Chatwoot's default: 100). */
  fairDistributionLimit?: pulumi.Input<number | undefined>;
  /** The window of the fair distribution limit, in seconds: a whole number from 1 (Chatwoot's default: 3600, an hour). */
  fairDistributionWindow?: pulumi.Input<number | undefined>;
  /** Whether the policy assigns conversations (Chatwoot's default: true). */
  enabled?: pulumi.Input<boolean | undefined>;
  /** Take over the existing policy with this name instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link AssignmentPolicy.get} may be given: the outputs of {@link AssignmentPolicy}, each optional (as Pulumi's
 * generated `AssignmentPolicyState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type AssignmentPolicyState = ResourceState<AssignmentPolicy>;

/**
 * An assignment policy of a Chatwoot account (Assignment V2): how the conversations of the inboxes
 * linked to it are handed to their agents, in which order, and how many each agent gets per
 * window. An inbox is linked to a policy with {@link InboxAssignmentPolicy}; deleting the policy
 * unlinks its inboxes. Managing policies needs an administrator's access token.
 *
 * ## Example Usage
 * ```ts
 * const roundRobin = new chatwoot.AssignmentPolicy("round-robin", {
 *   name: "Round robin",
 *   description: "Oldest conversations first, at most 20 an hour per agent",
 *   assignmentOrder: "round_robin",
 *   conversationPriority: "earliest_created",
 *   fairDistributionLimit: 20,
 *   fairDistributionWindow: 60 * 60,
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the existing policy with the same name (on the plugin, `pulumi import`
 * takes it instead: see Import); the first `up` then brings it to the declared state, leaving alone
 * what the program does not set.
 */
export class AssignmentPolicy extends ChatwootResource {
  /** The account the policy belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name of the policy. */
  declare readonly name: pulumi.Output<string>;
  /** What the policy is for; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** How conversations are handed out, `round_robin` or `balanced`; null when the server does not say. */
  declare readonly assignmentOrder: pulumi.Output<string | null>;
  /** Which waiting conversation goes first, `earliest_created` or `longest_waiting`; null when the server does not say. */
  declare readonly conversationPriority: pulumi.Output<string | null>;
  /** Conversations one agent gets per window; null when the server does not say. */
  declare readonly fairDistributionLimit: pulumi.Output<number | null>;
  /** The window of the limit, in seconds; null when the server does not say. */
  declare readonly fairDistributionWindow: pulumi.Output<number | null>;
  /** Whether the policy assigns conversations; null when the server does not say. */
  declare readonly enabled: pulumi.Output<boolean | null>;
  /** Output only: the ids of the inboxes linked to the policy. */
  declare readonly /*out*/ inboxIds: pulumi.Output<number[]>;
  /** Output only: how many inboxes are linked to the policy. */
  declare readonly /*out*/ inboxCount: pulumi.Output<number>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link AssignmentPolicyState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AssignmentPolicyState, opts?: pulumi.CustomResourceOptions): AssignmentPolicy {
    return existingResource(AssignmentPolicy, "AssignmentPolicy", name, id, state, opts);
  }

  /** Whether `obj` is a {@link AssignmentPolicy}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is AssignmentPolicy {
    return isResourceOf(obj, "AssignmentPolicy");
  }

  constructor(name: string, args: AssignmentPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    const outputs = {
      description: undefined,
      assignmentOrder: undefined,
      conversationPriority: undefined,
      fairDistributionLimit: undefined,
      fairDistributionWindow: undefined,
      enabled: undefined,
      inboxIds: undefined,
      inboxCount: undefined,
    };
    super("AssignmentPolicy", provider, name, { ...outputs, ...args }, opts);
  }
}

import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/sla-policy");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link SlaPolicy}. An argument left out is not managed (the server keeps its value).
 * Changes are made in place, except where an argument says it replaces the policy. Thresholds are
 * in seconds, as Chatwoot stores them: a whole number from 1 to 31,536,000 (365 days), or `null`
 * to clear one (a policy measures only the thresholds it has).
 */
export interface SlaPolicyArgs extends AccountArgs {
  /** Name of the policy: one line, at most 255 characters. Chatwoot does not keep names unique. */
  name: pulumi.Input<string>;
  /** What the policy is for (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /** Seconds from a conversation's start to the first reply of an agent (first response time, FRT). A change replaces the policy (see {@link SlaPolicy}). */
  firstResponseTimeThreshold?: pulumi.Input<number | null | undefined>;
  /** Seconds from a customer's message to the next reply of an agent (next response time, NRT). A change replaces the policy. */
  nextResponseTimeThreshold?: pulumi.Input<number | null | undefined>;
  /** Seconds from a conversation's start to its resolution (resolution time, RT). A change replaces the policy. */
  resolutionTimeThreshold?: pulumi.Input<number | null | undefined>;
  /**
   * Whether only the inbox's working hours count towards the thresholds (Chatwoot's default:
   * false, every hour counts). A change replaces the policy.
   */
  onlyDuringBusinessHours?: pulumi.Input<boolean | undefined>;
  /** Id of an existing policy of the account to take over instead of creating one (see Adoption). */
  adoptId?: pulumi.Input<string | number | undefined>;
}

/**
 * What {@link SlaPolicy.get} may be given: the outputs of {@link SlaPolicy}, each optional (as Pulumi's
 * generated `SlaPolicyState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type SlaPolicyState = ResourceState<SlaPolicy>;

/**
 * An SLA policy of a Chatwoot account: the response and resolution times its conversations are
 * held to. Automation rules apply one with the `add_sla` action, whose parameters take the
 * policy's id (`actionParams: [gold.id]`). SLA policies are a Chatwoot Enterprise feature: the
 * account's `sla` feature must be on, and an error says which is missing (the Enterprise edition,
 * or the feature) when it is not; a community server's 404 never makes a policy gone (`refresh`
 * fails instead of dropping it). Managing policies needs an administrator's access token.
 *
 * Thresholds are in seconds, as Chatwoot stores and measures them: a whole number from 1 to
 * 31,536,000 (a year, a bound of the provider's own that catches a value in the wrong unit), or
 * `null` to clear one (a policy measures only the thresholds it has).
 *
 * The thresholds and `onlyDuringBusinessHours` are fixed once a policy exists: Chatwoot measures
 * its conversations against the values they started with, and newer servers drop a change of them
 * from an update. Changing one replaces the policy: the new one is made first, rules that apply the
 * policy by `gold.id` switch to it, then the old one is deleted, and with it the SLA of the
 * conversations it was applied to (`pulumi preview` shows the replacement). The name and the
 * description change in place.
 *
 * ## Example Usage
 * ```ts
 * const gold = new chatwoot.SlaPolicy("gold", {
 *   name: "Gold",
 *   description: "Customers on the gold plan",
 *   firstResponseTimeThreshold: 15 * 60,
 *   nextResponseTimeThreshold: 60 * 60,
 *   resolutionTimeThreshold: 24 * 60 * 60,
 *   onlyDuringBusinessHours: true,
 * });
 * new chatwoot.AutomationRule("gold-sla", {
 *   name: "Gold customers get the gold SLA",
 *   eventName: "conversation_created",
 *   conditions: [{ attributeKey: "labels", filterOperator: "equal_to", values: ["gold"] }],
 *   actions: [{ actionName: "add_sla", actionParams: [gold.id] }],
 * });
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing policy of the account (on the plugin, `pulumi import` takes it
 * instead: see Import); the first `up` then brings it to the declared state, leaving alone what the
 * program does not set. The thresholds and the business-hours flag it must hold already (they are
 * fixed): a policy holding others is refused before any write. Names need not be unique, so there
 * is no adoption by name.
 */
export class SlaPolicy extends ChatwootResource {
  /** The account the policy belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name of the policy. */
  declare readonly name: pulumi.Output<string>;
  /** What the policy is for; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** First response time threshold in seconds; null when the policy has none. */
  declare readonly firstResponseTimeThreshold: pulumi.Output<number | null>;
  /** Next response time threshold in seconds; null when the policy has none. */
  declare readonly nextResponseTimeThreshold: pulumi.Output<number | null>;
  /** Resolution time threshold in seconds; null when the policy has none. */
  declare readonly resolutionTimeThreshold: pulumi.Output<number | null>;
  /** Whether only working hours count; null when the server does not say. */
  declare readonly onlyDuringBusinessHours: pulumi.Output<boolean | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link SlaPolicyState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: SlaPolicyState, opts?: pulumi.CustomResourceOptions): SlaPolicy {
    return existingResource(SlaPolicy, "SlaPolicy", name, id, state, opts);
  }

  /** Whether `obj` is a {@link SlaPolicy}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is SlaPolicy {
    return isResourceOf(obj, "SlaPolicy");
  }

  constructor(name: string, args: SlaPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    const outputs = { description: undefined, firstResponseTimeThreshold: undefined, nextResponseTimeThreshold: undefined, resolutionTimeThreshold: undefined, onlyDuringBusinessHours: undefined };
    super("SlaPolicy", provider, name, { ...outputs, ...args }, opts);
  }
}

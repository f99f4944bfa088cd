import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/team");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link Team}. An argument left out is not managed (the server keeps its value).
 * Changes are made in place, except where an argument says it replaces the team.
 */
export interface TeamArgs extends AccountArgs {
  /**
   * The team's name: one line, at most 255 characters, unique in the account. Chatwoot stores
   * names in lower case, so `Billing` is sent and kept as `billing`. The adoption key. Changing it
   * renames the team in place.
   */
  name: pulumi.Input<string>;
  /** What the team does (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /**
   * Whether conversations assigned to the team are also assigned to one of its agents
   * automatically (Chatwoot's default: `true`).
   */
  allowAutoAssign?: pulumi.Input<boolean | undefined>;
  /** Take over the existing team with this name instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link Team.get} may be given: the outputs of {@link Team}, each optional (as Pulumi's
 * generated `TeamState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type TeamState = ResourceState<Team>;

/**
 * A team of a Chatwoot account: a group of agents that conversations can be assigned to (by hand,
 * or by the `assign_team` action of automation rules and macros). Its members are managed with
 * {@link TeamMembership}; deleting a team deletes its memberships.
 *
 * ## Example Usage
 * ```ts
 * const billing = new chatwoot.Team("billing", {
 *   name: "billing",
 *   description: "Invoices, refunds and plan changes",
 *   allowAutoAssign: true,
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the existing team with the same name (compared in lower case; on the
 * plugin, `pulumi import` takes it instead: see Import); the first `up` then brings it to the
 * declared state.
 */
export class Team extends ChatwootResource {
  /** The account the team belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The name as Chatwoot stores it (lower case). */
  declare readonly name: pulumi.Output<string>;
  /** What the team does; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** Whether conversations assigned to the team are assigned to its agents automatically; null when the server does not say. */
  declare readonly allowAutoAssign: pulumi.Output<boolean | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link TeamState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: TeamState, opts?: pulumi.CustomResourceOptions): Team {
    return existingResource(Team, "Team", name, id, state, opts);
  }

  /** Whether `obj` is a {@link Team}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is Team {
    return isResourceOf(obj, "Team");
  }

  constructor(name: string, args: TeamArgs, opts?: pulumi.CustomResourceOptions) {
    super("Team", provider, name, { description: undefined, allowAutoAssign: undefined, ...args }, opts);
  }
}

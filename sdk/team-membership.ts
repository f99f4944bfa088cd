import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { TeamAgent } from "../provider/resources/team-membership";
import type { MembershipArgs } from "./inputs";
import provider = require("./shims/team-membership");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** Arguments of {@link TeamMembership}. Changes are made in place, except where an argument says it replaces the membership. */
export interface TeamMembershipArgs extends MembershipArgs {
  /** The team whose members are managed (a number, or a `Team`'s `id`). Changing it replaces the membership. */
  teamId: pulumi.Input<string | number>;
}

/**
 * What {@link TeamMembership.get} may be given: the outputs of {@link TeamMembership}, each optional (as Pulumi's
 * generated `TeamMembershipState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type TeamMembershipState = ResourceState<TeamMembership>;

/**
 * The agents of a Chatwoot team, with the same contract as {@link InboxMembership}. By default only
 * the listed users are managed: they are added when listed and removed when they leave the list or
 * the resource is deleted, and anyone else in the team is left alone (so several stacks can each
 * manage their own users of one team). With `exclusive: true` the team holds exactly the listed
 * users and everyone else is removed; do not combine an exclusive membership with other
 * memberships of the same team. An exclusive membership with an empty `userIds` removes every
 * member of the team: it is refused unless `allowEmpty: true` says that is meant.
 *
 * Users must belong to the team's account (Chatwoot refuses others with 401 "Invalid User IDs");
 * a change that fails is undone. Deleting the team deletes its members: the membership then
 * reads as gone.
 *
 * ## Example Usage
 * ```ts
 * const carol = chatwoot.getAgentsOutput({ email: "carol@acme.test" }).agents[0].id;
 * const billingAgents = new chatwoot.TeamMembership("billing-agents", {
 *   teamId: billing.id,
 *   userIds: [carol],
 * });
 * ```
 *
 * ## Adoption
 * Nothing to declare: users who already are members are taken over without a write, and from then
 * on they are managed (deleting the resource removes them). The id is `accountId/teamId`.
 */
export class TeamMembership extends ChatwootResource {
  /** The account the team belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The team whose members are managed. */
  declare readonly teamId: pulumi.Output<number>;
  /**
   * The listed users that really are members (a user removed out of band is missing, and shows as
   * a change on the next `up`); with `exclusive`, every member of the team.
   */
  declare readonly userIds: pulumi.Output<number[]>;
  /** Whether the team holds exactly the listed users. */
  declare readonly exclusive: pulumi.Output<boolean>;
  /** Output only: every member of the team (listed or not) as Chatwoot describes them: id, name, email, role, availability. */
  declare readonly /*out*/ agents: pulumi.Output<TeamAgent[]>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<teamId>` or `<accountId>/<teamId>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link TeamMembershipState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: TeamMembershipState, opts?: pulumi.CustomResourceOptions): TeamMembership {
    return existingResource(TeamMembership, "TeamMembership", name, id, state, opts);
  }

  /** Whether `obj` is a {@link TeamMembership}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is TeamMembership {
    return isResourceOf(obj, "TeamMembership");
  }

  constructor(name: string, args: TeamMembershipArgs, opts?: pulumi.CustomResourceOptions) {
    super("TeamMembership", provider, name, { exclusive: undefined, agents: undefined, ...args }, opts);
  }
}

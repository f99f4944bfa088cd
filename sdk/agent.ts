import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/agent");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link Agent}. An argument left out is not managed (the server keeps its value).
 * Changes are made in place, except where an argument says it replaces the agent.
 */
export interface AgentArgs extends AccountArgs {
  /**
   * The person's e-mail address (one line, `name@domain`). Chatwoot keeps addresses in lower case,
   * so `Carol@Acme.test` is sent and kept as `carol@acme.test`. The adoption key. Changing it
   * replaces the agent: another address is another person.
   */
  email: pulumi.Input<string>;
  /**
   * The person's name: one line, not blank, at most 255 characters. It is the user's, shared by
   * every account they belong to: changing it (or inviting a user of the installation under another
   * name) renames them everywhere. Changed in place.
   */
  name: pulumi.Input<string>;
  /** `agent` or `administrator`: the person's role in this account (Chatwoot's default: `agent`). */
  role?: pulumi.Input<"agent" | "administrator" | undefined>;
  /**
   * `online`, `busy` or `offline`: the availability the person has in this account (Chatwoot's
   * default: `online`). With `autoOffline`, Chatwoot reports anyone not signed in as offline.
   */
  availabilityStatus?: pulumi.Input<"online" | "busy" | "offline" | undefined>;
  /**
   * Whether Chatwoot marks the person offline while they are not signed in (Chatwoot's default:
   * `true`).
   */
  autoOffline?: pulumi.Input<boolean | undefined>;
  /**
   * Id of a custom role of the account that limits what the person may do (Chatwoot Enterprise;
   * other servers ignore it, and the change then fails as not taken); `null` removes it. A number,
   * or its digits as text.
   */
  customRoleId?: pulumi.Input<string | number | null | undefined>;
  /** Take over the person who is already an agent of the account with this address instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link Agent.get} may be given: the outputs of {@link Agent}, each optional (as Pulumi's
 * generated `AgentState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type AgentState = ResourceState<Agent>;

/**
 * An agent of a Chatwoot account: a user of the installation with a role in the account. The id is
 * the user id, which other resources take (`InboxMembership.userIds`, `TeamMembership.userIds`,
 * an `assign_agent` action).
 *
 * Creating the resource invites the address, as the dashboard's "Add agent" does: a user of the
 * installation with that address (a member of another account) joins this account; anyone else is
 * made a user and e-mailed an invitation to set a password (passwords cannot be set through the
 * API). Deleting it removes the person from this account, with their inbox and team memberships
 * there; the provider never deletes a user, though Chatwoot itself deletes one who is then left in
 * no account.
 *
 * ## Example Usage
 * ```ts
 * const dana = new chatwoot.Agent("dana", { email: "dana@acme.test", name: "Dana Example", role: "agent", customRoleId: billingDesk.id });
 * new chatwoot.TeamMembership("billing-dana", { teamId: billing.id, userIds: [dana.id] });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the agent of the account with the same address (on the plugin,
 * `pulumi import` takes it instead: see Import); the first `up` then brings them to the declared
 * state. Without it, an address that is already an agent of the account is refused before any
 * write.
 */
export class Agent extends ChatwootResource {
  /** The account the person is an agent of. */
  declare readonly accountId: pulumi.Output<number>;
  /** The e-mail address as Chatwoot stores it (lower case). */
  declare readonly email: pulumi.Output<string>;
  /** The person's name. */
  declare readonly name: pulumi.Output<string>;
  /** The role in the account (`agent` or `administrator`; a newer server may send another). */
  declare readonly role: pulumi.Output<string>;
  /**
   * The availability in the account. While Chatwoot reports the person offline only because they
   * are not signed in (with `autoOffline`), this keeps the availability last declared or seen; an
   * availability changed by hand is seen only while the person is signed in (or without auto-offline).
   */
  declare readonly availabilityStatus: pulumi.Output<string>;
  /** Whether Chatwoot marks the person offline while they are not signed in. */
  declare readonly autoOffline: pulumi.Output<boolean | null>;
  /** The custom role's id (Chatwoot Enterprise); null when none, or on servers without custom roles. */
  declare readonly customRoleId: pulumi.Output<number | null>;
  /** Output only: whether the person has confirmed their address (a new user has not, until they accept the invitation). */
  declare readonly /*out*/ confirmed: pulumi.Output<boolean | null>;
  /** Output only: the name shown to contacts (the person's display name, else their name). */
  declare readonly /*out*/ availableName: pulumi.Output<string | null>;
  /** Output only: the URL of the person's avatar; empty or null when none. */
  declare readonly /*out*/ thumbnail: pulumi.Output<string | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link AgentState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AgentState, opts?: pulumi.CustomResourceOptions): Agent {
    return existingResource(Agent, "Agent", name, id, state, opts);
  }

  /** Whether `obj` is a {@link Agent}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is Agent {
    return isResourceOf(obj, "Agent");
  }

  constructor(name: string, args: AgentArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "Agent",
      provider,
      name,
      {
        role: undefined,
        availabilityStatus: undefined,
        autoOffline: undefined,
        customRoleId: undefined,
        confirmed: undefined,
        availableName: undefined,
        thumbnail: undefined,
        ...args,
      },
      opts,
    );
  }
}

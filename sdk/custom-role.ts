import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/custom-role");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** What a custom role may let its agents do: the permissions Chatwoot's `CustomRole` accepts. */
export type CustomRolePermission =
  | "conversation_manage"
  | "conversation_unassigned_manage"
  | "conversation_participating_manage"
  | "contact_manage"
  | "report_manage"
  | "knowledge_base_manage";

/**
 * Arguments of {@link CustomRole}. An argument left out is not managed (the server keeps its
 * value). Changes are made in place, except where an argument says it replaces the role.
 */
export interface CustomRoleArgs extends AccountArgs {
  /** Name of the role: one line, at most 255 characters. Chatwoot does not keep names unique. */
  name: pulumi.Input<string>;
  /** What the role is for (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /**
   * What agents with the role may do, each listed once, compared as a set (order does not
   * matter): `conversation_manage` (every conversation), `conversation_unassigned_manage`
   * (unassigned ones, and assign them to themselves), `conversation_participating_manage` (those
   * they are assigned to or take part in), `contact_manage`, `report_manage`,
   * `knowledge_base_manage` (help-center portals). Chatwoot refuses any other name. On create,
   * left out: none.
   */
  permissions?: pulumi.Input<pulumi.Input<CustomRolePermission>[] | undefined>;
  /** Id of an existing role of the account to take over instead of creating one (see Adoption). */
  adoptId?: pulumi.Input<string | number | undefined>;
}

/**
 * What {@link CustomRole.get} may be given: the outputs of {@link CustomRole}, each optional (as Pulumi's
 * generated `CustomRoleState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type CustomRoleState = ResourceState<CustomRole>;

/**
 * A custom role of a Chatwoot account: a set of permissions given to agents in place of the
 * plain agent role (an agent takes one by its id, `role.id`). Custom roles are a Chatwoot
 * Enterprise feature: the account's `custom_roles` feature must be on, and an error says which is
 * missing (the Enterprise edition, or the feature) when it is not. Managing roles needs an
 * administrator's access token.
 *
 * ## Example Usage
 * ```ts
 * const billingDesk = new chatwoot.CustomRole("billing-desk", {
 *   name: "Billing desk",
 *   description: "Handles the billing inbox and its contacts",
 *   permissions: ["conversation_unassigned_manage", "contact_manage", "report_manage"],
 * });
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing role of the account (on the plugin, `pulumi import` takes it
 * instead: see Import); the first `up` then brings it to the declared state. Names need not be
 * unique, so there is no adoption by name.
 */
export class CustomRole extends ChatwootResource {
  /** The account the role belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name of the role. */
  declare readonly name: pulumi.Output<string>;
  /** What the role is for; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** The permissions as the server holds them, in its order. */
  declare readonly permissions: pulumi.Output<string[]>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link CustomRoleState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CustomRoleState, opts?: pulumi.CustomResourceOptions): CustomRole {
    return existingResource(CustomRole, "CustomRole", name, id, state, opts);
  }

  /** Whether `obj` is a {@link CustomRole}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is CustomRole {
    return isResourceOf(obj, "CustomRole");
  }

  constructor(name: string, args: CustomRoleArgs, opts?: pulumi.CustomResourceOptions) {
    super("CustomRole", provider, name, { description: undefined, permissions: undefined, ...args }, opts);
  }
}

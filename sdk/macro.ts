import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AutomationAction } from "../provider/validation/automation-actions";
import type { AutomationActionArgs } from "./automation-rule";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/macro");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link Macro}. Changes are made in place, except where an argument says it replaces
 * the macro.
 */
export interface MacroArgs extends AccountArgs {
  /**
   * Name agents pick the macro by: one line, at most 255 characters. The adoption key: Chatwoot
   * allows two macros with one name, this provider does not (a create refuses a name the account
   * already shows unless `adopt: true`). Changing it renames the macro in place.
   */
  name: pulumi.Input<string>;
  /**
   * Who sees and runs it: `global` (every agent of the account; only administrators may change it)
   * or `personal` (only the user whose token manages it). Default: `personal`, as in Chatwoot.
   */
  visibility?: pulumi.Input<"personal" | "global" | undefined>;
  /**
   * What the macro does, in order, when an agent runs it on a conversation: the same actions as
   * automation rules. Replaced whole on change.
   */
  actions: pulumi.Input<pulumi.Input<AutomationActionArgs>[]>;
  /** Take over the existing macro with this name instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link Macro.get} may be given: the outputs of {@link Macro}, each optional (as Pulumi's
 * generated `MacroState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type MacroState = ResourceState<Macro>;

/**
 * A macro of a Chatwoot account: a named list of actions an agent runs on a conversation in one
 * click. The actions are written as for {@link AutomationRule}; action names and parameters are
 * passed through unchecked (the server refuses names it does not know), and compared as the server
 * stores them (a team id as a number or as text is the same). Chatwoot's macros do not take the
 * `add_sla` action: only automation rules apply SLA policies.
 *
 * ## Example Usage
 * ```ts
 * const urgent = new chatwoot.Label("urgent", { title: "urgent", color: "#DC2626" });
 * const escalate = new chatwoot.Macro("escalate", {
 *   name: "Escalate to billing",
 *   visibility: "global",
 *   actions: [
 *     { actionName: "assign_team", actionParams: [billing.id] },
 *     { actionName: "add_label", actionParams: [urgent.title] },
 *     { actionName: "send_message", actionParams: ["Our billing team will take it from here."] },
 *   ],
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the existing macro with the same name (on the plugin, `pulumi import`
 * takes it instead: see Import); the first `up` then brings it to the declared state. Chatwoot
 * allows several macros with one name; this provider does not create a second one: without `adopt`,
 * a create fails when the account already has a macro with the name. Personal macros of other users
 * are not visible to the provider's token.
 */
export class Macro extends ChatwootResource {
  /** The account the macro belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name agents pick the macro by. */
  declare readonly name: pulumi.Output<string>;
  /** Who sees and runs the macro: `global` or `personal`. */
  declare readonly visibility: pulumi.Output<"personal" | "global">;
  /** The actions as the server holds them. */
  declare readonly actions: pulumi.Output<AutomationAction[]>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link MacroState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: MacroState, opts?: pulumi.CustomResourceOptions): Macro {
    return existingResource(Macro, "Macro", name, id, state, opts);
  }

  /** Whether `obj` is a {@link Macro}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is Macro {
    return isResourceOf(obj, "Macro");
  }

  constructor(name: string, args: MacroArgs, opts?: pulumi.CustomResourceOptions) {
    super("Macro", provider, name, { visibility: undefined, ...args }, opts);
  }
}

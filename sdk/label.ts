import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/label");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link Label}. An argument left out is not managed (the server keeps its value).
 * Changes are made in place, except where an argument says it replaces the label.
 */
export interface LabelArgs extends AccountArgs {
  /**
   * The label's name: at least two characters, letters, digits, `_` and `-`, starting with a letter
   * or digit; at most 255 characters; unique in the account. Chatwoot stores titles in lower case,
   * so `VIP` is sent and kept as `vip`. The adoption key. Changing it renames the label in place.
   */
  title: pulumi.Input<string>;
  /** What the label is for (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /** Colour of the label, `#RGB` or `#RRGGBB`, compared without regard to case (Chatwoot's default: `#1f93ff`). */
  color?: pulumi.Input<string | undefined>;
  /** Whether the label is listed in the dashboard's sidebar. */
  showOnSidebar?: pulumi.Input<boolean | undefined>;
  /** Take over the existing label with this title instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link Label.get} may be given: the outputs of {@link Label}, each optional (as Pulumi's
 * generated `LabelState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type LabelState = ResourceState<Label>;

/**
 * A label of a Chatwoot account, for tagging conversations and contacts (and the `add_label`
 * action of automation rules and macros).
 *
 * ## Example Usage
 * ```ts
 * const vip = new chatwoot.Label("vip", {
 *   title: "vip",
 *   description: "Customers on the enterprise plan",
 *   color: "#7C3AED",
 *   showOnSidebar: true,
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the existing label with the same title (on the plugin, `pulumi import`
 * takes it instead: see Import); the first `up` then brings it to the declared state.
 */
export class Label extends ChatwootResource {
  /** The account the label belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The title as Chatwoot stores it (lower case). */
  declare readonly title: pulumi.Output<string>;
  /** What the label is for; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** The label's colour as the server holds it; null when the server sends none. */
  declare readonly color: pulumi.Output<string | null>;
  /** Whether the label is listed in the sidebar; null when the server does not say. */
  declare readonly showOnSidebar: pulumi.Output<boolean | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link LabelState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: LabelState, opts?: pulumi.CustomResourceOptions): Label {
    return existingResource(Label, "Label", name, id, state, opts);
  }

  /** Whether `obj` is a {@link Label}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is Label {
    return isResourceOf(obj, "Label");
  }

  constructor(name: string, args: LabelArgs, opts?: pulumi.CustomResourceOptions) {
    super("Label", provider, name, { description: undefined, color: undefined, showOnSidebar: undefined, ...args }, opts);
  }
}

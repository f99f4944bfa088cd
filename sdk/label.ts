import * as pulumi from "@pulumi/pulumi";
import type { AccountArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/label");

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
 * `adopt: true` takes over the existing label with the same title (Pulumi's `import` does not work
 * for dynamic resources); the first `up` then brings it to the declared state.
 */
export class Label extends pulumi.dynamic.Resource {
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

  constructor(name: string, args: LabelArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { description: undefined, color: undefined, showOnSidebar: undefined, ...args }, opts, "chatwoot", "Label");
    noticeOutsideEngine();
  }
}

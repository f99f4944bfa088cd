import * as pulumi from "@pulumi/pulumi";
import type { LabelInputs } from "../provider/resources/label";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/label");

/** Arguments of {@link Label}. `accountId` defaults to config `chatwoot:accountId`. */
export type LabelArgs = ResourceArgs<LabelInputs, "accountId">;

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
  declare readonly accountId: pulumi.Output<number>;
  /** The title as Chatwoot stores it (lower case). */
  declare readonly title: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | null>;
  declare readonly color: pulumi.Output<string | null>;
  declare readonly showOnSidebar: pulumi.Output<boolean | null>;

  constructor(name: string, args: LabelArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { description: undefined, color: undefined, showOnSidebar: undefined, ...args }, opts, "chatwoot", "Label");
    noticeOutsideEngine();
  }
}

import * as pulumi from "@pulumi/pulumi";
import type { AutomationAction } from "../provider/validation/automation-actions";
import type { MacroInputs } from "../provider/resources/macro";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/macro");

/** Arguments of {@link Macro}. `accountId` defaults to config `chatwoot:accountId`. */
export type MacroArgs = ResourceArgs<MacroInputs, "accountId">;

/**
 * A macro of a Chatwoot account: a named list of actions an agent runs on a conversation in one
 * click. The actions are written as for {@link AutomationRule}; action names and parameters are
 * passed through unchecked (the server refuses names it does not know).
 *
 * ## Example Usage
 * ```ts
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
 * `adopt: true` takes over the existing macro with the same name (Pulumi's `import` does not work
 * for dynamic resources); the first `up` then brings it to the declared state. Chatwoot allows
 * several macros with one name; this provider does not create a second one: without `adopt`, a
 * create fails when the account already has a macro with the name. Personal macros of other
 * users are not visible to the provider's token.
 */
export class Macro extends pulumi.dynamic.Resource {
  declare readonly accountId: pulumi.Output<number>;
  declare readonly name: pulumi.Output<string>;
  declare readonly visibility: pulumi.Output<"personal" | "global">;
  /** The actions as the server holds them. */
  declare readonly actions: pulumi.Output<AutomationAction[]>;

  constructor(name: string, args: MacroArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { visibility: undefined, ...args }, opts, "chatwoot", "Macro");
    noticeOutsideEngine();
  }
}

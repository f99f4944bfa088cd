import * as pulumi from "@pulumi/pulumi";
import type { AutomationAction, AutomationCondition, AutomationRuleInputs } from "../provider/resources/automation-rule";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/automation-rule");

/** Arguments of {@link AutomationRule}. `accountId` defaults to config `chatwoot:accountId`. */
export type AutomationRuleArgs = ResourceArgs<AutomationRuleInputs, "accountId">;

/**
 * An automation rule of a Chatwoot account: when the event happens and the conditions match,
 * the actions run. Managing rules needs an administrator's access token.
 *
 * Condition attributes, filter operators and action names are passed through unchecked, since
 * Chatwoot keeps adding them; the server itself accepts only known attributes (or the account's
 * custom attribute keys) and known actions. The last condition leaves `queryOperator` out (or
 * null); every other one needs `AND` or `OR`. Conditions and actions are each replaced whole
 * when they change.
 *
 * ## Example Usage
 * ```ts
 * const refunds = new chatwoot.AutomationRule("refunds", {
 *   name: "Route refund requests",
 *   eventName: "message_created",
 *   conditions: [
 *     { attributeKey: "message_type", filterOperator: "equal_to", values: ["incoming"], queryOperator: "AND" },
 *     { attributeKey: "content", filterOperator: "contains", values: ["refund"] },
 *   ],
 *   actions: [
 *     { actionName: "assign_team", actionParams: [billingTeamId] },
 *     { actionName: "add_label", actionParams: ["refund"] },
 *   ],
 * });
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing rule of the account (Pulumi's `import` does not work for
 * dynamic resources); the first `up` then brings it to the declared state, leaving alone what
 * the program does not set.
 *
 * ## Lost answers
 * Rules have no natural key. When the answer to the create request is lost, the rule is looked
 * up as the newest one with the same name, event, conditions and actions created since the
 * request (allowing five minutes of clock skew between this machine and the server); only when
 * none exists is the request sent again. Two identical rules declared in one program cannot be
 * told apart this way.
 */
export class AutomationRule extends pulumi.dynamic.Resource {
  declare readonly accountId: pulumi.Output<number>;
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | null>;
  declare readonly eventName: pulumi.Output<string>;
  declare readonly active: pulumi.Output<boolean | null>;
  /** The conditions as the server holds them. */
  declare readonly conditions: pulumi.Output<AutomationCondition[] | null>;
  /** The actions as the server holds them. */
  declare readonly actions: pulumi.Output<AutomationAction[] | null>;
  /** Creation time, in seconds since the epoch (server clock). */
  declare readonly /*out*/ createdOn: pulumi.Output<number | null>;

  constructor(name: string, args: AutomationRuleArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { description: undefined, active: undefined, conditions: undefined, actions: undefined, createdOn: undefined, ...args }, opts, "chatwoot", "AutomationRule");
    noticeOutsideEngine();
  }
}

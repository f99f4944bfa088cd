import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AutomationAction, AutomationCondition } from "../provider/resources/automation-rule";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/automation-rule");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** One condition of an {@link AutomationRule}. */
export interface AutomationConditionArgs {
  /**
   * What is tested: a conversation or contact attribute (`status`, `inbox_id`, `labels`, ...) or a
   * custom attribute key. Not checked here: the server accepts only the ones it knows.
   */
  attributeKey: pulumi.Input<string>;
  /** How it is tested: `equal_to`, `not_equal_to`, `contains`, `is_present`, `is_greater_than`, ... */
  filterOperator: pulumi.Input<string>;
  /** The values to compare with (ids may be numbers). */
  values?: pulumi.Input<pulumi.Input<string | number | boolean>[] | undefined>;
  /**
   * Joins this condition to the next one: `AND` or `OR` (any case). Only one condition, normally
   * the last, may leave it out (or give null).
   */
  queryOperator?: pulumi.Input<string | null | undefined>;
  /**
   * Where a custom attribute key lives: `conversation_attribute` or `contact_attribute` (blank or
   * left out for a standard attribute), as Chatwoot's dashboard sends it.
   */
  customAttributeType?: pulumi.Input<string | null | undefined>;
}

/** One action of an {@link AutomationRule} or a {@link Macro}. */
export interface AutomationActionArgs {
  /**
   * What to do: `add_label`, `assign_team`, `send_message`, `resolve_conversation`, ... Not checked
   * here, as Chatwoot keeps adding actions; the server refuses names it does not know.
   */
  actionName: pulumi.Input<string>;
  /**
   * The action's arguments: label names, team or agent ids, a message text, an e-mail payload
   * object (`send_email_to_team`: `{ message, teamIds }`, whose keys are checked).
   */
  actionParams?: pulumi.Input<pulumi.Input<string | number | boolean | { [key: string]: unknown }>[] | undefined>;
}

/**
 * Arguments of {@link AutomationRule}. An argument left out is not managed (the server keeps its
 * value). Changes are made in place, except where an argument says it replaces the rule.
 */
export interface AutomationRuleArgs extends AccountArgs {
  /** Name of the rule: one line, at most 255 characters. */
  name: pulumi.Input<string>;
  /** What the rule is for (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /** The event that runs the rule. */
  eventName: pulumi.Input<"conversation_created" | "conversation_updated" | "conversation_opened" | "conversation_resolved" | "message_created">;
  /** Whether the rule runs (Chatwoot's default: true). */
  active?: pulumi.Input<boolean | undefined>;
  /**
   * Conditions the conversation must meet, in order; each one's `queryOperator` joins it to the
   * next. Empty: the rule runs on every event. Replaced whole on change. Left out: `[]` on create,
   * otherwise not managed.
   */
  conditions?: pulumi.Input<pulumi.Input<AutomationConditionArgs>[] | undefined>;
  /**
   * Actions run, in order, when the conditions match. Replaced whole on change. Left out: `[]` on
   * create, otherwise not managed.
   */
  actions?: pulumi.Input<pulumi.Input<AutomationActionArgs>[] | undefined>;
  /** Id of an existing rule of the account to take over instead of creating one (see Adoption). */
  adoptId?: pulumi.Input<string | number | undefined>;
}

/**
 * What {@link AutomationRule.get} may be given: the outputs of {@link AutomationRule}, each optional (as Pulumi's
 * generated `AutomationRuleState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type AutomationRuleState = ResourceState<AutomationRule>;

/**
 * An automation rule of a Chatwoot account: when the event happens and the conditions match,
 * the actions run. Managing rules needs an administrator's access token.
 *
 * Condition attributes, filter operators and action names are passed through unchecked, since
 * Chatwoot keeps adding them; the server itself accepts only known attributes (or the account's
 * custom attribute keys) and known actions. The keys of a condition or an action are checked:
 * Chatwoot would store a misspelt key (`actionParam`) and ignore it, so one is refused by the
 * compiler and before any request, naming the keys allowed. The last condition leaves `queryOperator` out (or
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
 *     { actionName: "assign_team", actionParams: [billing.id] },
 *     { actionName: "add_label", actionParams: ["refund"] },
 *   ],
 * });
 * ```
 *
 * ## Adoption
 * `adoptId` takes over an existing rule of the account (on the plugin, `pulumi import` takes it
 * instead: see Import); the first `up` then brings it to the declared state, leaving alone what the
 * program does not set.
 *
 * ## Lost answers
 * Rules have no natural key. When the answer to the create request is lost, the rule is looked
 * up as the newest one with the same name, event, conditions and actions created since the
 * request (allowing five minutes of clock skew between this machine and the server); only when
 * none exists is the request sent again. Two identical rules declared in one program cannot be
 * told apart this way.
 */
export class AutomationRule extends ChatwootResource {
  /** The account the rule belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name of the rule. */
  declare readonly name: pulumi.Output<string>;
  /** What the rule is for; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** The event that runs the rule. */
  declare readonly eventName: pulumi.Output<string>;
  /** Whether the rule runs; null when the server does not say. */
  declare readonly active: pulumi.Output<boolean | null>;
  /** The conditions as the server holds them. */
  declare readonly conditions: pulumi.Output<AutomationCondition[] | null>;
  /** The actions as the server holds them. */
  declare readonly actions: pulumi.Output<AutomationAction[] | null>;
  /** Output only: creation time, in seconds since the epoch (server clock). */
  declare readonly /*out*/ createdOn: pulumi.Output<number | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link AutomationRuleState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AutomationRuleState, opts?: pulumi.CustomResourceOptions): AutomationRule {
    return existingResource(AutomationRule, "AutomationRule", name, id, state, opts);
  }

  /** Whether `obj` is a {@link AutomationRule}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is AutomationRule {
    return isResourceOf(obj, "AutomationRule");
  }

  constructor(name: string, args: AutomationRuleArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "AutomationRule",
      provider,
      name,
      { description: undefined, active: undefined, conditions: undefined, actions: undefined, createdOn: undefined, ...args },
      opts,
    );
  }
}

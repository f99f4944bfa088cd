import { z } from "zod";
import { normalizeConditions } from "../diff/normalize/automation";
import { sameValue } from "../diff/normalize/canonical";
import { ChatwootApiError } from "../http/transport/errors";
import { defineCollectionResource } from "../lifecycle/collection";
import type { Props } from "../lifecycle/json";
import { outputsOf, pick } from "../lifecycle/outputs";
import { toWire } from "../mapping";
import { AutomationAction, normalizeStoredActions, present, scalar, viaWire } from "../validation/automation-actions";
import { accountId, lineText, name, objectId, text } from "../validation/fields";
import { RuleWire } from "../wire/automation-rule";

export { AutomationAction } from "../validation/automation-actions";

/** The events Chatwoot's automation listener fires rules on; any other name saves but never runs. */
export const EVENTS = ["conversation_created", "conversation_updated", "conversation_opened", "conversation_resolved", "message_created"] as const;

/** `AND`/`OR` in any case (the server upper-cases before checking, and echoes what was sent). */
const queryOperator = z
  .string({ error: 'must be "AND", "OR" or null' })
  .refine((v) => ["AND", "OR"].includes(v.toUpperCase()), {
    error: (issue) =>
      String(issue.input).trim().toLowerCase() === "nil"
        ? 'the text "nil" is not an operator (a YAML artefact of the API docs); use null'
        : 'must be "AND" or "OR" (any case), or null on the last condition',
  })
  .nullable()
  .optional();

/**
 * One condition of a rule: the checks of `AutomationConditionArgs` (sdk/automation-rule.ts). Strict,
 * as actions are (see `AutomationAction`): the keys are those Chatwoot's controller permits;
 * attribute keys and filter operators stay open.
 */
export const AutomationCondition = z.strictObject({
  attributeKey: present("attribute to test"),
  filterOperator: present("filter operator"),
  values: z.array(scalar, { error: "must be a list of values" }).optional(),
  queryOperator,
  customAttributeType: lineText.optional(),
});
export type AutomationCondition = z.output<typeof AutomationCondition>;

/** The checks of `AutomationRuleArgs` (sdk/automation-rule.ts, where each argument is documented). */
export const AutomationRuleInputs = z
  .strictObject({
    accountId,
    name,
    description: text.optional(),
    eventName: z.enum(EVENTS, { error: `must be one of ${EVENTS.join(", ")} (the events rules run on)` }),
    active: z.boolean().optional(),
    conditions: z.array(AutomationCondition).optional(),
    actions: z.array(AutomationAction).optional(),
    adoptId: objectId.optional(),
  })
  .superRefine((v, ctx) => {
    // Chatwoot refuses a rule where more than one condition lacks the operator joining it to the next.
    const open = (v.conditions ?? []).flatMap((c, i) => (c.queryOperator == null ? [i] : []));
    for (const i of open.slice(0, -1)) {
      ctx.addIssue({
        code: "custom",
        path: ["conditions", i, "queryOperator"],
        message: 'required ("AND" or "OR") to join this condition to the next; only one condition, normally the last, may leave it out',
      });
    }
  });
export type AutomationRuleInputs = z.input<typeof AutomationRuleInputs>;
type Inputs = z.output<typeof AutomationRuleInputs>;


/** The response fields every output carries, `null` when neither the server nor the program gives them. */
const OUTPUT_KEYS = ["description", "active", "conditions", "actions", "createdOn"] as const;

/** Conditions and actions are compared in the key spelling the API round trip produces (see `viaWire`). */
const normalizers = { conditions: viaWire(normalizeConditions), actions: normalizeStoredActions };

function outputs(base: Props, rule: RuleWire): Props {
  const outs = outputsOf(base, rule);
  for (const key of OUTPUT_KEYS) outs[key] ??= null;
  return outs;
}

/** A missing name, event, conditions or actions makes Chatwoot fail with a 500: a create always sends them. */
const complete = (inputs: Inputs): Inputs => ({ ...inputs, conditions: inputs.conditions ?? [], actions: inputs.actions ?? [] });

/**
 * Whether a rule is what a create with these inputs makes: rules have no natural key, so it is one
 * with the same name, event, conditions and actions. An identical rule can be someone else's, so
 * create recovery takes only one that is new since the POST (see `createOnce`), never an older one.
 */
function sameRule(inputs: Inputs, rule: RuleWire): boolean {
  const full = complete(inputs);
  const same = (key: "conditions" | "actions", server: unknown) => sameValue(normalizers[key](server), normalizers[key](full[key]));
  return rule.name === full.name && rule.event_name === full.eventName && same("conditions", rule.conditions) && same("actions", rule.actions);
}

/** What Chatwoot's Enterprise edition adds to the rules' lists; a community server refuses them as unknown. */
const ENTERPRISE_NAMES = /\b(?:add_sla|sla_policy_id)\b/;

/** A 422 naming an Enterprise action or condition: say where it comes from. */
function explain(err: unknown): unknown {
  if (!ChatwootApiError.isInstance(err) || err.status !== 422 || !ENTERPRISE_NAMES.test(err.serverMessage ?? "")) return err;
  return err.withHint("the add_sla action and the sla_policy_id condition exist only on Chatwoot's Enterprise edition (a community edition server refuses them)");
}

/**
 * An automation rule (`/automation_rules`); id: the rule id. Every call needs an administrator's
 * token. No natural key: taken over with `adoptId`. Through Chatwoot 4.17 an unknown id answers 500
 * rather than 404, so a 500 is settled by listing the account's rules.
 */
export const automationRule = defineCollectionResource({
  inputs: AutomationRuleInputs,
  wire: RuleWire,
  at: { path: "automation_rules", show: "member", goneAnswers: [500] },
  adoption: { byId: {}, sameContent: sameRule },
  content: {
    normalizers,
    body: (inputs, keys, write) => toWire(pick(write === "create" ? complete(inputs) : inputs, keys)) as object,
    outputs,
  },
  hooks: { explain },
});

import { z } from "zod";
import { normalizeConditions } from "../diff/normalize/automation";
import { sameValue } from "../diff/normalize/canonical";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { takeOver } from "../lifecycle/adopt";
import { call, send, writeThenRead } from "../lifecycle/api";
import { createOnce } from "../lifecycle/create-once";
import type { Props } from "../lifecycle/json";
import { outputsOf, pick } from "../lifecycle/outputs";
import { defineResource, managedKeysOf } from "../lifecycle/resource";
import { toWire } from "../mapping";
import { list, single } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { AutomationAction, normalizeStoredActions, present, scalar, viaWire } from "./automation-actions";
import { accountId, name, objectId, text } from "./fields";

export { AutomationAction } from "./automation-actions";

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

/** One condition of a rule. Keys beyond these (e.g. `customAttributeType`) are sent as given. */
export const AutomationCondition = z.looseObject({
  /** What is tested: a conversation/contact attribute (`status`, `inbox_id`, `labels`, ...) or a custom attribute key. */
  attributeKey: present("attribute to test"),
  /** How it is tested: `equal_to`, `not_equal_to`, `contains`, `is_present`, `is_greater_than`, ... */
  filterOperator: present("filter operator"),
  /** The values to compare with (ids may be numbers). */
  values: z.array(scalar, { error: "must be a list of values" }).optional(),
  /** Joins this condition to the next one: `AND` or `OR` (any case); null or absent on the last condition. */
  queryOperator,
});
export type AutomationCondition = z.output<typeof AutomationCondition>;

export const AutomationRuleInputs = z
  .strictObject({
    /** Account that owns the rule. Defaults to `chatwoot:accountId`. Changing it replaces the rule. */
    accountId,
    /** Name of the rule. */
    name,
    /** What the rule is for. */
    description: text.optional(),
    /**
     * The event that runs the rule: `conversation_created`, `conversation_updated`,
     * `conversation_opened`, `conversation_resolved` or `message_created`.
     */
    eventName: z.enum(EVENTS, { error: `must be one of ${EVENTS.join(", ")} (the events rules run on)` }),
    /** Whether the rule runs (Chatwoot's default: true). */
    active: z.boolean().optional(),
    /**
     * Conditions the conversation must meet, in order; each one's `queryOperator` joins it to the
     * next. Empty: the rule runs on every event. Replaced whole on change. Absent: `[]` on create,
     * otherwise not managed.
     */
    conditions: z.array(AutomationCondition).optional(),
    /** Actions run, in order, when the conditions match. Replaced whole on change. Absent: `[]` on create, otherwise not managed. */
    actions: z.array(AutomationAction).optional(),
    /** The id of an existing rule in the account to take over instead of creating one. */
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

/** Creation time as epoch seconds: an integer on real servers; also read from a digit or ISO string. */
const createdOn = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v): number | null => {
    if (typeof v === "number") return Math.floor(v);
    if (typeof v !== "string" || v.trim() === "") return null;
    const seconds = /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Date.parse(v) / 1000;
    return Number.isFinite(seconds) ? Math.floor(seconds) : null;
  });

/** Fields the user may set are `undefined` when missing (the input then stays in the outputs). */
export const RuleWire = z.object({
  id: z.number(),
  account_id: z.number().optional(),
  name: z.string().optional(),
  description: z.string().nullish(),
  event_name: z.string().optional(),
  conditions: z.array(z.record(z.string(), z.unknown())).nullish(),
  actions: z.array(z.record(z.string(), z.unknown())).nullish(),
  active: z.boolean().optional(),
  created_on: createdOn,
});
type RuleWire = z.output<typeof RuleWire>;

/** The response fields every output carries, `null` when neither the server nor the program gives them. */
const OUTPUT_KEYS = ["description", "active", "conditions", "actions", "createdOn"] as const;

const CONTROL_KEYS = ["adoptId"] as const;
const managedKeys = managedKeysOf(AutomationRuleInputs, CONTROL_KEYS);

/** Conditions and actions are compared in the key spelling the API round trip produces (see `viaWire`). */
const normalizers = { conditions: viaWire(normalizeConditions), actions: normalizeStoredActions };

const path = (account: number, id?: string | number) =>
  id === undefined ? accountPath(account, "automation_rules") : accountPath(account, "automation_rules", id);

function outputs(inputs: Props, rule: RuleWire): Props {
  const outs = outputsOf(inputs, rule);
  for (const key of OUTPUT_KEYS) outs[key] ??= null;
  return outs;
}

/** The request body for the given properties; conditions and actions always go whole. */
function body(inputs: Inputs, keys: readonly string[]): object {
  return toWire(pick(inputs, keys.filter((k) => k !== "accountId" && managedKeys.includes(k)))) as object;
}

const listRules = (account: number) => call(list(RuleWire), { method: "GET", path: path(account) });

/**
 * The rule, or `undefined` once it is known to be gone. Through Chatwoot 4.17 an unknown id answers
 * 500 rather than 404, so a 500 is settled by listing the account's rules: the listed rule (the 500
 * was something else), or gone when it is not there either. A 404 is gone too; other failures throw.
 */
async function findRule(account: number, id: string | number): Promise<RuleWire | undefined> {
  try {
    return await call(single(RuleWire), { method: "GET", path: path(account, id) });
  } catch (err) {
    if (isNotFound(err)) return undefined;
    if (!(ChatwootApiError.isInstance(err) && err.status === 500)) throw err;
    return (await listRules(account)).find((rule) => String(rule.id) === String(id));
  }
}

function gone(account: number, id: string | number, what: string): Error {
  return new Error(`${what}: account ${account} has no automation rule ${id} (deleted outside Pulumi? run \`pulumi refresh\`)`);
}

function patch(inputs: Inputs, id: string | number, keys: readonly string[]): Promise<RuleWire> {
  const req = { method: "PATCH", path: path(inputs.accountId, id), json: body(inputs, keys) } as const;
  return writeThenRead(
    async () => {
      try {
        return await call(single(RuleWire), req);
      } catch (err) {
        // An unknown id answers 500: say so plainly when the rule is indeed gone.
        if (ChatwootApiError.isInstance(err) && err.status === 500 && !(await findRule(inputs.accountId, id))) {
          throw gone(inputs.accountId, id, `PATCH ${req.path}`);
        }
        throw err;
      }
    },
    async () => (await findRule(inputs.accountId, id)) ?? Promise.reject(gone(inputs.accountId, id, `PATCH ${req.path}`)),
  );
}

/**
 * Whether a rule is what a create with these inputs makes: rules have no natural key, so it is one
 * with the same name, event, conditions and actions. An identical rule can be someone else's, so
 * create recovery takes only one that is new since the POST (see `createOnce`), never an older one.
 */
function sameRule(inputs: Inputs, rule: RuleWire): boolean {
  const same = (key: "conditions" | "actions", server: unknown) => sameValue(normalizers[key](server), normalizers[key](inputs[key]));
  return rule.name === inputs.name && rule.event_name === inputs.eventName && same("conditions", rule.conditions) && same("actions", rule.actions);
}

/** Takes over the rule `adoptId` and PATCHes what differs from the program. */
async function adopt(inputs: Inputs & { adoptId: number }): Promise<{ id: string; outs: Props }> {
  const id = String(inputs.adoptId);
  const existing = await findRule(inputs.accountId, id);
  if (!existing) throw new Error(`adoptId ${id}: account ${inputs.accountId} has no automation rule with this id`);
  return takeOver({
    id,
    current: outputs(inputs, existing),
    inputs,
    keys: managedKeys,
    normalizers,
    patch: async (changed) => outputs(inputs, await patch(inputs, id, changed)),
  });
}

/** An automation rule (`/automation_rules`); id: the rule id. Every call needs an administrator's token. */
export const automationRule = defineResource({
  inputs: AutomationRuleInputs,
  account: "required",
  controlKeys: CONTROL_KEYS,
  replaceOn: ["accountId"],
  normalizers,

  async create(inputs) {
    if (inputs.adoptId !== undefined) return adopt({ ...inputs, adoptId: inputs.adoptId });
    // A missing name, event, conditions or actions makes Chatwoot fail with a 500: always send them.
    const full = { ...inputs, conditions: inputs.conditions ?? [], actions: inputs.actions ?? [] };
    const created = await createOnce({
      request: `POST ${path(inputs.accountId)}`,
      noun: "automation rule",
      post: () => call(single(RuleWire), { method: "POST", path: path(inputs.accountId), json: body(full, managedKeys) }),
      list: () => listRules(inputs.accountId),
      matches: (rule) => sameRule(full, rule),
      outputs: (rule) => outputs(inputs, rule),
    });
    return { id: String(created.id), outs: outputs(inputs, created) };
  },

  async read(id, olds) {
    const current = await findRule((olds as Inputs).accountId, id);
    return current && outputs(olds, current);
  },

  async update(id, olds, news, changed) {
    return outputs(news, await patch(news, id, changed));
  },

  async delete(id, olds) {
    const account = (olds as Inputs).accountId;
    try {
      await send({ method: "DELETE", path: path(account, id) });
    } catch (err) {
      if (isNotFound(err)) return;
      // A 500 (an unknown id, or a real failure) or an answer lost after sending: the list decides.
      if (!ChatwootApiError.isInstance(err) || err.writeOutcome === "not-applied") throw err;
      if ((await listRules(account)).some((rule) => String(rule.id) === id)) throw err;
    }
  },
});

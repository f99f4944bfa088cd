import { z } from "zod";
import { Json, canonical } from "./canonical";
import { asList, asText, isRecord } from "./coerce";

/**
 * One automation-rule condition in compared form. Keys other than the four named here (for example
 * `customAttributeType`) are kept, since Chatwoot stores and echoes a condition verbatim.
 */
export const NormalizedCondition = z.looseObject({
  attributeKey: z.string().nullable(),
  filterOperator: z.string().nullable(),
  values: z.array(Json),
  queryOperator: z.string().nullable(),
});
/** One automation-rule condition in compared form (see the schema of the same name). */
export type NormalizedCondition = z.infer<typeof NormalizedCondition>;

/** One automation-rule action in compared form; extra keys are kept, as for conditions. */
export const NormalizedAction = z.looseObject({
  actionName: z.string().nullable(),
  actionParams: z.array(Json),
});
/** One automation-rule action in compared form (see the schema of the same name). */
export type NormalizedAction = z.infer<typeof NormalizedAction>;

const CONDITION_KEYS = ["attributeKey", "filterOperator", "values", "queryOperator"];
const ACTION_KEYS = ["actionName", "actionParams"];

/**
 * Automation-rule conditions in compared form. What is treated as equal, and why:
 * - The order of the conditions is kept: each `queryOperator` joins a condition to the next one,
 *   so reordering changes the rule.
 * - `queryOperator` is compared case-insensitively (upper-cased): the server accepts any case and
 *   echoes it as sent. A missing operator is `null` (the last condition's usual value), while a
 *   blank `""` stays `""` because the server tells the two apart.
 * - Scalar `values` are compared as strings (`5` ≡ `"5"`), as the API documents them; a lone
 *   value counts as a one-element list and a missing list as `[]`.
 * - Other keys are kept (Chatwoot stores conditions verbatim), after the named ones, in sorted order.
 * Entries that are not objects carry no condition and are dropped.
 */
export function normalizeConditions(v: unknown): NormalizedCondition[] {
  const out: NormalizedCondition[] = [];
  for (const condition of asList(v)) {
    if (!isRecord(condition)) continue;
    const operator = asText(condition.queryOperator);
    out.push({
      attributeKey: asText(condition.attributeKey),
      filterOperator: asText(condition.filterOperator),
      values: normalizeParams(condition.values),
      queryOperator: operator === null ? null : operator.toUpperCase(),
      ...extraKeys(condition, CONDITION_KEYS),
    });
  }
  return out;
}

/**
 * Automation-rule actions in compared form. What is treated as equal, and why:
 * - The order of the actions is kept: they run in that order.
 * - Scalar `actionParams` are compared as strings (`12` ≡ `"12"`: the API documents strings, while
 *   ids such as a team's are often given as numbers); a lone parameter counts as a one-element list
 *   and a missing list as `[]`. Object parameters (a webhook or e-mail payload) are kept whole, their
 *   scalars compared as strings too (`{ teamIds: [1] }` ≡ `{ teamIds: ["1"] }`: Pulumi YAML gives a
 *   resource's id as text).
 * - Other keys are kept (Chatwoot stores actions verbatim), after the named ones, in sorted order.
 * Entries that are not objects carry no action and are dropped.
 */
export function normalizeActions(v: unknown): NormalizedAction[] {
  const out: NormalizedAction[] = [];
  for (const action of asList(v)) {
    if (!isRecord(action)) continue;
    out.push({
      actionName: asText(action.actionName),
      actionParams: asList(action.actionParams).map(paramValue),
      ...extraKeys(action, ACTION_KEYS),
    });
  }
  return out;
}

/** A condition's values: scalars as strings, null kept, objects and lists in canonical form. */
function normalizeParams(v: unknown): Json[] {
  return asList(v).map((item) => asText(item) ?? canonical(item));
}

/** An action's parameter in compared form: scalars as strings, inside objects and lists too (a payload's `teamIds`). */
function paramValue(item: unknown): Json {
  const text = asText(item);
  if (text !== null) return text;
  if (Array.isArray(item)) return canonical(item.map(paramValue));
  if (isRecord(item)) return canonical(Object.fromEntries(Object.entries(item).map(([k, v]) => [k, v === undefined ? v : paramValue(v)])));
  return canonical(item);
}

/** The keys of `entry` not in `known` (nor undefined), sorted, with canonical values. */
function extraKeys(entry: Record<string, unknown>, known: readonly string[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const key of Object.keys(entry).sort()) {
    const value = entry[key];
    if (!known.includes(key) && value !== undefined) out[key] = canonical(value);
  }
  return out;
}

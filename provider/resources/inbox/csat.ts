/**
 * An inbox's satisfaction survey settings (`csatConfig`): how the survey looks and, through its
 * survey rule, which conversations get one (by their labels). Chatwoot formats the whole object on
 * every update, filling each key left out with its default and dropping a WhatsApp template that
 * is not sent along, so the config is managed whole: what the program leaves out means the default.
 */
import { z } from "zod";
import { asPresentText, asText, isRecord } from "../../diff/normalize/coerce";
import type { Props } from "../../lifecycle/json";
import { fromWire, toWire } from "../../mapping";
import { labelTitle, lineText, text } from "../../validation/fields";

/** What Chatwoot's `format_csat_config` puts in place of a key left out. */
const DEFAULTS = { displayType: "emoji", message: "", buttonText: "Please rate us", language: "en", operator: "contains" } as const;

export const DISPLAY_TYPES = ["emoji", "star"] as const;
export const RULE_OPERATORS = ["contains", "does_not_contain"] as const;

/** The checks of `InboxCsatConfigArgs` (sdk/inbox.ts). */
export const CsatConfig = z.strictObject({
  displayType: z.enum(DISPLAY_TYPES, { error: `must be ${DISPLAY_TYPES.join(" or ")}` }).optional(),
  message: text.optional(),
  buttonText: lineText.optional(),
  // The language of a WhatsApp survey template (`en`, `pt_BR`).
  language: z
    .string()
    .regex(/^[a-z]{2,3}(?:_[A-Za-z0-9]{2,8})*$/, "must be a language code such as en, de or pt_BR")
    .optional(),
  surveyRules: z
    .strictObject({
      operator: z.enum(RULE_OPERATORS, { error: `must be ${RULE_OPERATORS.join(" or ")}` }).optional(),
      // Conversations carry label titles in lower case: a title in another case would never match.
      values: z.array(labelTitle).optional(),
    })
    .optional(),
});
export type CsatConfig = z.output<typeof CsatConfig>;

/**
 * A CSAT config in the form Chatwoot stores after an update: every key, the defaults in place of
 * the keys left out, the rule's labels in lower case, each once, in order of title.
 */
function formatted(v: unknown): Props {
  const config = isRecord(v) ? v : {};
  const rules = isRecord(config.surveyRules) ? config.surveyRules : {};
  const labels = Array.isArray(rules.values) ? rules.values.map(asText).filter((l): l is string => l !== null).map((l) => l.toLowerCase()) : [];
  return {
    displayType: asPresentText(config.displayType) ?? DEFAULTS.displayType,
    message: asText(config.message) ?? DEFAULTS.message,
    buttonText: asPresentText(config.buttonText) ?? DEFAULTS.buttonText,
    language: asPresentText(config.language) ?? DEFAULTS.language,
    surveyRules: { operator: asPresentText(rules.operator) ?? DEFAULTS.operator, values: [...new Set(labels)].sort() },
  };
}

/**
 * `csatConfig` in compared form: {@link formatted}, so that a key left out and its default are
 * equal, as are the order and case of the rule's labels; a server that never had a config (`{}`)
 * holds the defaults. The WhatsApp template (set through Chatwoot's template endpoints) is not
 * managed, and not compared.
 */
export const normalizeCsatConfig = (v: unknown): unknown => formatted(v);

/**
 * The `csat_config` of a request: every key (so that a create stores what an update would), and
 * the template the inbox holds, which an update without it would drop.
 */
export function csatConfigBody(desired: CsatConfig, held: unknown): Props {
  const template = isRecord(held) ? held.template : undefined;
  const body = toWire(formatted(desired)) as Props;
  return template === undefined || template === null ? body : { ...body, template };
}

/** The server's `csat_config` as the output shows it: camelCase keys, the template as the server holds it. */
export function csatConfigOutput(wire: unknown): Props | null {
  if (!isRecord(wire)) return null;
  const { template, ...rest } = wire;
  const out = fromWire(rest) as Props;
  return template === undefined ? out : { ...out, template };
}

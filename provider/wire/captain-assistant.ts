/** A Captain assistant as the server sends it, its `config` read as top-level fields. */
import { z } from "zod";
import { optionalString } from "./envelope";

/** The `config` keys the assistants controller permits (`config: [...]`), each kept as sent. */
export const ASSISTANT_CONFIG_KEYS = [
  "product_name", "feature_faq", "feature_memory", "feature_citation", "feature_contact_attributes",
  "welcome_message", "handoff_message", "resolution_message", "instructions", "temperature",
] as const;
export type AssistantConfigKey = (typeof ASSISTANT_CONFIG_KEYS)[number];

/** The `feature_*` switches: booleans in JSON, "true"/"false" after a form post. */
const FLAGS: readonly AssistantConfigKey[] = ["feature_faq", "feature_memory", "feature_citation", "feature_contact_attributes"];

/** A config value as the program gave it: a flag as a boolean, the temperature as a number, text as text; null when unset. */
function configValue(key: AssistantConfigKey, value: unknown): unknown {
  if (value === undefined || value === null || value === "") return null;
  if (FLAGS.includes(key)) return value === true || value === "true" || value === "1" || value === 1;
  if (key === "temperature") {
    const n = typeof value === "number" ? value : Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

const texts = z.array(z.string()).nullish().transform((v) => v ?? null);

/**
 * The `captain/_assistant` partial. The newest servers add computed keys to `config`
 * (`auto_resolve_mode`, ...): only the permitted ones are read.
 */
export const CaptainAssistantWire = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: optionalString,
    config: z.record(z.string(), z.unknown()).nullish(),
    response_guidelines: texts,
    guardrails: texts,
  })
  .transform(({ config, ...assistant }) => ({
    ...assistant,
    ...(Object.fromEntries(ASSISTANT_CONFIG_KEYS.map((key) => [key, configValue(key, config?.[key])])) as Record<AssistantConfigKey, unknown>),
  }));
export type CaptainAssistantWire = z.output<typeof CaptainAssistantWire>;

/**
 * An inbox's satisfaction survey settings (`csat_config`, upstream's `inbox_attributes` and
 * `format_csat_config`): what create and update permit, and the form an update stores.
 */
import { isHash, isPresent, type Params, type PermitFilter } from "../params";

/** `csat_config: [:display_type, :message, :button_text, :language, { survey_rules: [...], template: [...] }]`. */
export const CSAT_CONFIG_PERMIT: PermitFilter = {
  display_type: "scalar",
  message: "scalar",
  button_text: "scalar",
  language: "scalar",
  survey_rules: { operator: "scalar", values: "scalars" },
  template: { name: "scalar", template_id: "scalar", friendly_name: "scalar", content_sid: "scalar", approval_sid: "scalar", created_at: "scalar", language: "scalar", status: "scalar" },
};

/**
 * `format_csat_config`: every key, a key left out (nil or false) as its default, the template only
 * when one is sent.
 */
export function formatCsatConfig(config: Params): Params {
  const or = (value: unknown, fallback: unknown) => (value === undefined || value === null || value === false ? fallback : value);
  const rules = isHash(config.survey_rules) ? config.survey_rules : {};
  const formatted: Params = {
    display_type: or(config.display_type, "emoji"),
    message: or(config.message, ""),
    survey_rules: { operator: or(rules.operator, "contains"), values: or(rules.values, []) },
    button_text: or(config.button_text, "Please rate us"),
    language: or(config.language, "en"),
  };
  if (isPresent(config.template)) formatted.template = config.template;
  return formatted;
}

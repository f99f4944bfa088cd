/** An inbox's WhatsApp satisfaction-survey template as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";

/** Meta's limits of a template: the body text, and a button's text. */
export const CSAT_TEMPLATE_MESSAGE_MAX = 1024;
export const CSAT_TEMPLATE_BUTTON_MAX = 25;

/**
 * The show (`GET /inboxes/{id}/csat_template`): whether the template the inbox's `csat_config`
 * names exists at Meta, and if so its name, approval status and Meta's id.
 */
export const CsatTemplateStatusWire = z.object({
  template_exists: z.boolean().nullish(),
  template_name: optionalString,
  status: optionalString,
  template_id: z.union([z.string(), z.number()]).nullish(),
});
export type CsatTemplateStatusWire = z.output<typeof CsatTemplateStatusWire>;

/** The create's answer (201): `{"template": {name, template_id, status, language}}`, or a Twilio number's `friendly_name`. */
export const CsatTemplateCreatedWire = z
  .object({
    template: z.object({
      name: optionalString,
      friendly_name: optionalString,
      status: optionalString,
      language: optionalString,
    }),
  })
  .transform((v) => ({ name: v.template.name ?? v.template.friendly_name, status: v.template.status, language: v.template.language }));

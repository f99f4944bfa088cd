import { z } from "zod";
import { optionalString } from "./envelope";

/**
 * An account as the accounts controller sends it (show and update alike). The settings and custom
 * attributes are stores of free-form keys: only the ones read are named; older servers send no
 * `settings` at all.
 */
export const AccountWire = z.object({
  id: z.number().int(),
  name: optionalString,
  locale: optionalString,
  domain: optionalString,
  support_email: optionalString,
  status: optionalString,
  settings: z.record(z.string(), z.unknown()).nullish(),
  custom_attributes: z.record(z.string(), z.unknown()).nullish(),
});
export type AccountWire = z.output<typeof AccountWire>;

/**
 * What `support_email` reads as while an account has none: the installation's sender address
 * (`MAILER_SENDER_EMAIL`), here its default. An installation that sets its own shows that one.
 */
export const INSTALLATION_SENDER = "Chatwoot <accounts@chatwoot.com>";

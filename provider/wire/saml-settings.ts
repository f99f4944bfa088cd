/** An account's SAML settings as the server sends them (Enterprise). */
import { z } from "zod";
import { optionalString } from "./envelope";

/** The account roles a role mapping grants, as `AccountUser`'s role enum numbers them. */
export const SAML_ROLES = ["agent", "administrator"] as const;

/** One group's mapping: an account role (0 agent, 1 administrator) or a custom role's id. */
const RoleMappingWire = z.object({
  role: z.union([z.number().int(), z.string()]).nullish(),
  custom_role_id: z.union([z.number().int(), z.string()]).nullish(),
});

/**
 * The `_account_saml_settings` partial: its columns and the certificate's SHA-1 `fingerprint`,
 * which the server computes. A server without settings shows a blank object (`id: null`). Newer
 * builds keep a generated private key of their own (the service provider's): no view shows it,
 * and this schema reads nothing but the fields below.
 */
export const SamlSettingsWire = z.object({
  id: z.number().int().nullish(),
  sso_url: optionalString,
  certificate: optionalString,
  fingerprint: optionalString,
  idp_entity_id: optionalString,
  sp_entity_id: optionalString,
  role_mappings: z.record(z.string(), RoleMappingWire).nullish().transform((v) => v ?? {}),
});
export type SamlSettingsWire = z.output<typeof SamlSettingsWire>;

/** A custom role as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";

/**
 * CustomRole::PERMISSIONS of upstream Chatwoot: the only permissions its model accepts
 * ("Permissions is not included in the list" otherwise). One list for the provider's check and
 * the sandbox's model.
 */
export const CUSTOM_ROLE_PERMISSIONS = [
  "conversation_manage",
  "conversation_unassigned_manage",
  "conversation_participating_manage",
  "contact_manage",
  "report_manage",
  "knowledge_base_manage",
] as const;

/** The `_custom_role` partial (Enterprise); timestamps are left out (not configuration). */
export const CustomRoleWire = z.object({
  id: z.number().int(),
  name: z.string(),
  description: optionalString,
  permissions: z.array(z.string()).nullish().transform((v) => v ?? []),
});
export type CustomRoleWire = z.output<typeof CustomRoleWire>;

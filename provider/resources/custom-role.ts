import { z } from "zod";
import { normalizeTextSet } from "../diff/normalize";
import { defineCollectionResource } from "../lifecycle/collection";
import type { Feature } from "../lifecycle/feature-gate";
import { accountId, eachOnce, name, objectId, text } from "../validation/fields";
import { CUSTOM_ROLE_PERMISSIONS, CustomRoleWire } from "../wire/custom-role";

const names = CUSTOM_ROLE_PERMISSIONS.join(", ");

/** The checks of `CustomRoleArgs` (sdk/custom-role.ts, where each argument is documented). */
export const CustomRoleInputs = z.strictObject({
  accountId,
  name,
  description: text.optional(),
  permissions: z
    .array(z.enum(CUSTOM_ROLE_PERMISSIONS, { error: `must be one of ${names}` }), { error: `must be a list of permissions, each one of ${names}` })
    .superRefine(eachOnce("permission"))
    .optional(),
  adoptId: objectId.optional(),
});
export type CustomRoleInputs = z.input<typeof CustomRoleInputs>;

/**
 * A custom role of an account (`/custom_roles`, Chatwoot Enterprise with the account's
 * `custom_roles` feature); id: the role id. Names need not be unique: taken over with `adoptId`,
 * and a lost create is recognised by its content.
 */
/** Custom roles: Enterprise's, with the account's `custom_roles` flag. */
export const customRolesFeature: Feature = { flag: "custom_roles", what: "custom roles" };

export const customRole = defineCollectionResource({
  inputs: CustomRoleInputs,
  wire: CustomRoleWire,
  at: {
    path: "custom_roles",
    show: "member",
    feature: customRolesFeature,
    // For an id the account does not have, show, update and destroy act on nil: a 500.
    goneAnswers: [500],
  },
  adoption: { byId: {} },
  // A role's permissions are a set: the server keeps the order sent, which means nothing.
  content: { normalizers: { permissions: normalizeTextSet } },
});

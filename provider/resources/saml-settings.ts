import { X509Certificate } from "node:crypto";
import { z } from "zod";
import type { Feature } from "../lifecycle/feature-gate";
import type { Props } from "../lifecycle/json";
import { defineSingletonResource } from "../lifecycle/singleton";
import { accountId, adopt, httpUrl, objectId, oneLine, presentLine } from "../validation/fields";
import { SAML_ROLES, SamlSettingsWire } from "../wire/saml-settings";
import { accountPath } from "../wire/paths";

/** The identity provider's signing certificate: PEM, as `OpenSSL::X509::Certificate.new` must parse it. */
const certificate = z.string({ error: "required: the identity provider's signing certificate (PEM)" }).superRefine((v, ctx) => {
  if (!/-----BEGIN CERTIFICATE-----/.test(v)) {
    ctx.addIssue({ code: "custom", message: "must be an X.509 certificate in PEM form (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)" });
    return;
  }
  try {
    new X509Certificate(v);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be an X.509 certificate in PEM form: this one does not parse (cut short, or not base64 between its lines)" });
  }
});

/** A group's mapping: an account role, or a custom role (Enterprise). */
const RoleMapping = z
  .strictObject({
    role: z.enum(SAML_ROLES, { error: `must be one of ${SAML_ROLES.join(", ")}` }).optional(),
    customRoleId: objectId.optional(),
  })
  .refine((m) => (m.role === undefined) !== (m.customRoleId === undefined), "must give either role or customRoleId (one of them)");

/** The checks of `SamlSettingsArgs` (sdk/saml-settings.ts, where each argument is documented). */
export const SamlSettingsInputs = z.strictObject({
  accountId,
  ssoUrl: httpUrl,
  idpEntityId: presentLine("the identity provider's entity id"),
  certificate,
  spEntityId: z.string().trim().min(1, "must not be blank; leave it out for the server's own").superRefine(oneLine()).optional(),
  roleMappings: z.record(z.string().trim().min(1, "group names must not be blank"), RoleMapping).optional(),
  adopt,
});
export type SamlSettingsInputs = z.input<typeof SamlSettingsInputs>;
type Inputs = z.output<typeof SamlSettingsInputs>;
type Mappings = NonNullable<Inputs["roleMappings"]>;

/** `{role: 1}` and `{custom_role_id: 5}` as the API stores them (group names are data, never renamed). */
function mappingsToWire(mappings: Mappings): Record<string, object> {
  return Object.fromEntries(
    Object.entries(mappings).map(([group, m]) => [group, m.role !== undefined ? { role: SAML_ROLES.indexOf(m.role) } : { custom_role_id: m.customRoleId }]),
  );
}

/** The server's mappings in the inputs' form: a role by name, a custom role by id. */
export function mappingsFromWire(mappings: SamlSettingsWire["role_mappings"]): Record<string, Props> {
  return Object.fromEntries(
    Object.entries(mappings).map(([group, m]) => {
      if (m.custom_role_id !== null && m.custom_role_id !== undefined && m.custom_role_id !== "") return [group, { customRoleId: Number(m.custom_role_id) }];
      const role = typeof m.role === "number" || /^\d+$/.test(String(m.role)) ? SAML_ROLES[Number(m.role)] : m.role;
      return [group, { role: role ?? null }];
    }),
  );
}

const WIRE_NAMES: Record<string, string> = { ssoUrl: "sso_url", idpEntityId: "idp_entity_id", certificate: "certificate", spEntityId: "sp_entity_id" };

/** PEM compared without its line breaks and spaces: an identity provider's download and a pasted copy wrap it differently. */
export const normalizeCertificate = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, "") : (v ?? null));

/**
 * An account's SAML single sign-on settings (`/saml_settings`, Enterprise, feature `saml`): one per
 * account, so its id is the account's. Adoption key: the account (settings already there are taken
 * over with `adopt: true`). Create POSTs them, an update PATCHes what changed, delete DELETEs them;
 * the server switches every user of the account to SAML sign-in when they are created and back to
 * e-mail when they are deleted.
 */
/** SAML settings: Enterprise's, with the account's `saml` flag (its guard answers 403). */
export const samlFeature: Feature = { flag: "saml", what: "SAML settings" };

export const samlSettings = defineSingletonResource({
  inputs: SamlSettingsInputs,
  noun: "SAML settings",
  path: (props) => accountPath(props.accountId as number, "saml_settings"),
  wire: SamlSettingsWire,
  optional: { exists: (object) => object.id !== null && object.id !== undefined },
  feature: samlFeature,
  // `params.require(:saml_settings)`: the controller's name is plural, Rails' wrapper key singular.
  body: (inputs, keys) => {
    const fields: Record<string, unknown> = {};
    for (const key of keys) {
      if (key === "roleMappings") fields.role_mappings = mappingsToWire(inputs.roleMappings ?? {});
      else if (WIRE_NAMES[key]) fields[WIRE_NAMES[key]] = inputs[key as keyof Inputs];
    }
    return { saml_settings: fields };
  },
  outputs: (base, s) => ({
    ...base,
    ssoUrl: s.sso_url,
    idpEntityId: s.idp_entity_id,
    certificate: s.certificate,
    spEntityId: s.sp_entity_id,
    roleMappings: mappingsFromWire(s.role_mappings),
    fingerprint: s.fingerprint,
  }),
  normalizers: { certificate: normalizeCertificate },
});

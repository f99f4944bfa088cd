/**
 * An account's SAML settings, as upstream at fd5ac2a8a has them (enterprise/app/controllers/api/v1/accounts/saml_settings_controller.rb,
 * enterprise/app/models/account_saml_settings.rb, enterprise/app/views/api/v1/models/_account_saml_settings.json.jbuilder,
 * the policy, Saml::UpdateAccountUsersProviderJob, config/locales/en.yml):
 * - `check_saml_feature_enabled` first: an account without the `saml` feature gets 403
 *   `{"error": "SAML feature not enabled for this account"}`, then administrators only (Pundit's 401);
 * - one per account; the show of an account without settings renders a blank, unsaved one (`id: null`);
 * - `params.require(:saml_settings).permit(:sso_url, :certificate, :idp_entity_id, :sp_entity_id,
 *   role_mappings: {})` (no JSON wrapping: the controller's wrapper key would be `saml_setting`);
 * - validations: sso_url, certificate and idp_entity_id present, the certificate an X.509
 *   certificate (`OpenSSL::X509::Certificate.new` parses PEM or DER); a blank sp_entity_id is
 *   generated as `<FRONTEND_URL>/saml/sp/<account_id>` (the sandbox's own address stands for
 *   FRONTEND_URL, which upstream reads from its installation config, default
 *   `http://localhost:3000`); create and update answer 422
 *   `{"errors": [full messages]}` (non-bang `save`);
 * - a POST when the account has settings replaces them (`build_saml_settings` on a has_one: the
 *   old row goes, from memory of Rails' has_one replace, not an upstream spec); a PUT or PATCH
 *   without settings creates them (`update` of the built record);
 * - creating switches every user of the account to SAML sign-in (`provider: saml`); deleting
 *   switches them back to `email`, except users of another account that has SAML settings.
 */
import { X509Certificate } from "node:crypto";
import type { AccountRecord, SamlSettingsRecord, SandboxState } from "../state";
import { ApiError } from "../errors";
import { castString, isHash, permit, requireParam, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors } from "../record-errors";

const PERMIT: PermitFilter = { sso_url: "scalar", certificate: "scalar", idp_entity_id: "scalar", sp_entity_id: "scalar" };

/** `errors.account_saml_settings.invalid_certificate` (config/locales/en.yml at fd5ac2a8a). */
export const INVALID_CERTIFICATE = "must be a valid X.509 certificate in PEM format";

/** The account's settings, or undefined when it has none. */
export function samlSettingsOf(state: SandboxState, account: { id: number }): SamlSettingsRecord | undefined {
  return [...state.samlSettings.values()].find((s) => s.account_id === account.id);
}

/** `certificate_fingerprint`: SHA-1 of the DER, upper-case hex pairs joined by colons; nil when it does not parse. */
export function certificateFingerprint(certificate: string | null): string | null {
  if (!certificate) return null;
  try {
    return new X509Certificate(certificate).fingerprint;
  } catch {
    return null;
  }
}

/** The permitted attributes of a write; `role_mappings: {}` keeps any hash as sent. */
function attributesOf(params: Params): Params {
  const fields = requireParam(params, "saml_settings");
  const attributes = permit(fields, PERMIT);
  if (isHash(fields.role_mappings)) attributes.role_mappings = structuredClone(fields.role_mappings);
  return attributes;
}

/** Assigns, generates the SP entity id, validates; a failure is 422 `{"errors": [...]}`. */
function assignAndValidate(row: SamlSettingsRecord, attributes: Params, origin: string): void {
  for (const key of ["sso_url", "certificate", "idp_entity_id", "sp_entity_id"] as const) {
    if (Object.hasOwn(attributes, key)) (row as Record<string, unknown>)[key] = castString(attributes[key]);
  }
  if (Object.hasOwn(attributes, "role_mappings")) row.role_mappings = (attributes.role_mappings as Params | null) ?? {};
  if (!row.sp_entity_id?.trim()) row.sp_entity_id = `${origin}/saml/sp/${row.account_id}`;
  const errors = new RecordErrors();
  if (!row.sso_url?.trim()) errors.add("sso_url", CANT_BE_BLANK);
  if (!row.certificate?.trim()) errors.add("certificate", CANT_BE_BLANK);
  if (!row.idp_entity_id?.trim()) errors.add("idp_entity_id", CANT_BE_BLANK);
  if (row.certificate?.trim() && certificateFingerprint(row.certificate) === null) errors.add("certificate", INVALID_CERTIFICATE);
  if (errors.any()) throw new ApiError(422, { errors: errors.fullMessages() });
}

/** `Saml::UpdateAccountUsersProviderJob` (run at once here): every user of the account to `provider`. */
function updateUsersProvider(state: SandboxState, account: AccountRecord, provider: "saml" | "email"): void {
  for (const user of state.users.values()) {
    if (!user.memberships.some((m) => m.account_id === account.id)) continue;
    const elsewhere = user.memberships.some((m) => m.account_id !== account.id && samlSettingsOf(state, { id: m.account_id }) !== undefined);
    if (provider === "email" && elsewhere) continue;
    user.provider = provider;
  }
}

/** Creates the account's settings (after destroying any it has: the has_one replace). */
export function createSamlSettings(state: SandboxState, account: AccountRecord, params: Params, origin: string): SamlSettingsRecord {
  const attributes = attributesOf(params);
  const now = new Date().toISOString();
  const row = { id: 0, account_id: account.id, sso_url: "", certificate: "", idp_entity_id: "", sp_entity_id: null, role_mappings: {}, created_at: now, updated_at: now };
  assignAndValidate(row, attributes, origin);
  const existing = samlSettingsOf(state, account);
  if (existing) destroySamlSettings(state, account, existing);
  row.id = state.nextId("account_saml_settings");
  state.samlSettings.set(row.id, row);
  updateUsersProvider(state, account, "saml");
  return row;
}

/** `update`: the account's settings changed, or created when it has none. */
export function updateSamlSettings(state: SandboxState, account: AccountRecord, params: Params, origin: string): SamlSettingsRecord {
  const existing = samlSettingsOf(state, account);
  if (!existing) return createSamlSettings(state, account, params, origin);
  const draft = structuredClone(existing);
  assignAndValidate(draft, attributesOf(params), origin);
  Object.assign(existing, draft, { updated_at: new Date().toISOString() });
  return existing;
}

/** `destroy!`: gone, and the account's users back to e-mail sign-in. */
export function destroySamlSettings(state: SandboxState, account: AccountRecord, row: SamlSettingsRecord): void {
  state.samlSettings.delete(row.id);
  updateUsersProvider(state, account, "email");
}

import { requireAdministrator, requireEnabled } from "../auth";
import { ok, type AccountCall, type ApiResult } from "../call";
import { certificateFingerprint, createSamlSettings, destroySamlSettings, samlSettingsOf, updateSamlSettings } from "../models/saml-settings";
import type { SamlSettingsRecord } from "../state";

/** `check_saml_feature_enabled`, then `authorize(AccountSamlSettings)` (administrators only). */
function guard(call: AccountCall): void {
  requireEnabled(call, ["saml"], "SAML feature not enabled for this account");
  requireAdministrator(call);
}

/** The `_account_saml_settings` partial; an account without settings renders a blank, unsaved row. */
function view(call: AccountCall, row: SamlSettingsRecord | undefined) {
  return {
    id: row?.id ?? null,
    account_id: call.account.id,
    sso_url: row?.sso_url ?? null,
    certificate: row?.certificate ?? null,
    fingerprint: certificateFingerprint(row?.certificate ?? null),
    idp_entity_id: row?.idp_entity_id ?? null,
    sp_entity_id: row?.sp_entity_id ?? null,
    role_mappings: row?.role_mappings ?? {},
    created_at: row?.created_at ?? null,
    updated_at: row?.updated_at ?? null,
  };
}

export function show(call: AccountCall): ApiResult {
  guard(call);
  return ok(view(call, samlSettingsOf(call.state, call.account)));
}

/** `render :show` after `save`. */
export function create(call: AccountCall): ApiResult {
  guard(call);
  return ok(view(call, createSamlSettings(call.state, call.account, call.params, call.origin)));
}

export function update(call: AccountCall): ApiResult {
  guard(call);
  return ok(view(call, updateSamlSettings(call.state, call.account, call.params, call.origin)));
}

/** `destroy!` then `head :no_content` (an account without settings destroys its blank one: 204 too). */
export function destroy(call: AccountCall): ApiResult {
  guard(call);
  const row = samlSettingsOf(call.state, call.account);
  if (row) destroySamlSettings(call.state, call.account, row);
  return { status: 204 };
}

import { requireAdministrator } from "../auth";
import { ok, type ApiResult, type UserCall } from "../call";
import { isPresent } from "../params";
import { INSTALLATION_SENDER } from "../../../provider/wire/account";
import { findAccount, updateAccount } from "../models/accounts";
import type { AccountRecord, SandboxState, UserRecord } from "../state";

/** `custom_attributes` keys the partial always renders (null when unset): the billing ones. */
const BILLING_ATTRIBUTES = ["plan_name", "subscribed_quantity", "subscription_status", "subscription_ends_on"];
/**
 * Keys it renders only when present, as the partial at fd5ac2a8a lists them; any other key is
 * stored but never shown (later builds add `call_config`, `calling_settings`, `contact_masking`
 * and the agents' visibility switches to this list).
 */
const SHOWN_WHEN_PRESENT = ["industry", "company_size", "timezone", "logo", "onboarding_step", "marked_for_deletion_at", "marked_for_deletion_reason"];

/**
 * The account partial (`app/views/api/v1/models/_account.json.jbuilder` at fd5ac2a8a, show and update alike):
 * the whole `settings` store; the custom attributes only when the store is not empty, then the
 * billing keys always and a fixed list of others when present; the support address falling back
 * to the installation's sender.
 */
function accountView(account: AccountRecord) {
  const attributes = account.custom_attributes;
  const customAttributes = {
    ...Object.fromEntries(BILLING_ATTRIBUTES.map((key) => [key, attributes[key] ?? null])),
    ...Object.fromEntries(SHOWN_WHEN_PRESENT.filter((key) => isPresent(attributes[key])).map((key) => [key, attributes[key]])),
  };
  return {
    settings: account.settings,
    created_at: "2024-01-01T00:00:00.000Z",
    ...(isPresent(attributes) ? { custom_attributes: customAttributes } : {}),
    domain: account.domain,
    features: Object.fromEntries([...account.features].sort().map((f) => [f, true])),
    id: account.id,
    locale: account.locale,
    name: account.name,
    support_email: account.support_email || INSTALLATION_SENDER,
    status: account.status,
    cache_keys: {},
  };
}

/** The account with the caller's role in it (`pundit_user`). */
function accountOf(call: UserCall): { account: AccountRecord; role: "administrator" | "agent" } {
  const account = findAccount(call.state, call.user, call.path.id ?? "");
  return { account, role: roleIn(call.state, call.user, account) };
}

const roleIn = (state: SandboxState, user: UserRecord, account: AccountRecord) => state.roleOf(user, account.id) as "administrator" | "agent";

/**
 * show.json.jbuilder: the partial, `latest_chatwoot_version`, and on Enterprise the plan's
 * `subscribed_features` (none without `CHATWOOT_CLOUD_PLAN_FEATURES`, a Cloud setting).
 */
export function show(call: UserCall): ApiResult {
  return ok({ ...accountView(accountOf(call).account), latest_chatwoot_version: null, ...(call.edition === "enterprise" ? { subscribed_features: [] } : {}) });
}

export function update(call: UserCall): ApiResult {
  const { account, role } = accountOf(call);
  requireAdministrator({ role });
  return ok(accountView(updateAccount(account, call.params)));
}

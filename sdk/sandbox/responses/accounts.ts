import { requireAdministrator } from "../auth";
import { ok, type ApiResult, type UserCall } from "../call";
import { findAccount, INSTALLATION_SENDER, updateAccount } from "../models/accounts";
import type { AccountRecord, SandboxState, UserRecord } from "../state";

/**
 * The account partial (show and update alike): the whole `settings` store, the custom attributes
 * only when there are any (and of those only the ones present), the support address falling back
 * to the installation's sender.
 */
function accountView(account: AccountRecord) {
  const present = Object.entries(account.custom_attributes).filter(([, v]) => v !== null && v !== undefined && v !== "");
  return {
    settings: account.settings,
    created_at: "2024-01-01T00:00:00.000Z",
    ...(present.length > 0 ? { custom_attributes: Object.fromEntries(present) } : {}),
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

export function show(call: UserCall): ApiResult {
  return ok({ ...accountView(accountOf(call).account), latest_chatwoot_version: null });
}

export function update(call: UserCall): ApiResult {
  const { account, role } = accountOf(call);
  requireAdministrator({ role });
  return ok(accountView(updateAccount(account, call.params)));
}

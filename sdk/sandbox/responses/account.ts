import { ok, type AccountCall, type ApiResult } from "../call";

/**
 * `GET /api/v1/accounts/{id}` (AccountsController#show, open to every member): the account with
 * `features`, the flags it has enabled as `{name: true}` (`enabled_features`). Real servers list
 * every enabled flag; the sandbox knows only those that change its behaviour.
 */
export function show(call: AccountCall): ApiResult {
  const { account } = call;
  return ok({
    id: account.id,
    name: account.name,
    locale: account.locale,
    status: "active",
    features: Object.fromEntries([...account.features].sort().map((feature) => [feature, true])),
  });
}

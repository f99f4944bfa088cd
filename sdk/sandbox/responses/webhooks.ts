import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { webhooks } from "../models/webhooks";
import type { WebhookRecord } from "../state";

/** The `_webhook` partial of newer builds: the signing secret included, `inbox` only when it exists. */
function webhookView(call: AccountCall, webhook: WebhookRecord) {
  const inbox = webhook.inbox_id === null ? undefined : call.state.inboxes.get(webhook.inbox_id);
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    account_id: webhook.account_id,
    subscriptions: webhook.subscriptions,
    secret: webhook.secret,
    ...(inbox ? { inbox: { id: inbox.id, name: inbox.name } } : {}),
  };
}

/** `{payload: {webhook}}`, what create and update render. */
function single(call: AccountCall, webhook: WebhookRecord): ApiResult {
  return ok({ payload: { webhook: webhookView(call, webhook) } });
}

/** The role check runs before any lookup, on every action. */
function admin(call: AccountCall): AccountCall {
  requireAdministrator(call);
  return call;
}

/** `{payload: {webhooks: [...]}}`. */
export function index(call: AccountCall): ApiResult {
  return ok({ payload: { webhooks: webhooks.of(admin(call).state, call.account).map((webhook) => webhookView(call, webhook)) } });
}

export function create(call: AccountCall): ApiResult {
  return single(call, webhooks.create(admin(call).state, call.account, call));
}

export function update(call: AccountCall): ApiResult {
  const webhook = webhooks.find(admin(call).state, call.account, call.path.id ?? "");
  return single(call, webhooks.update(call.state, webhook, call));
}

export function destroy(call: AccountCall): ApiResult {
  webhooks.destroy(call.state, webhooks.find(admin(call).state, call.account, call.path.id ?? ""));
  return EMPTY_OK;
}

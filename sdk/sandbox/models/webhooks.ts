/**
 * Account webhooks, as upstream at fd5ac2a8a has them (app/controllers/api/v1/accounts/webhooks_controller.rb,
 * app/models/webhook.rb, app/policies/webhook_policy.rb, app/views/api/v1/accounts/webhooks/*.json.jbuilder),
 * with one later build's addition (the signing secret, last point):
 * - every action, the list included, is administrator-only, checked before the lookup (agents get
 *   401 even for unknown ids); routes are index, create, update and destroy (there is no show);
 * - `params.require(:webhook)` after JSON wrapping; permitted: inbox_id, name, url and
 *   `subscriptions` (a list of scalars; anything else is dropped, as strong parameters do);
 * - validations: ApplicationRecord's length limits (column-lengths.ts: the url 20,000 characters,
 *   the name 255), url uniqueness per account ("has already been taken") and the format of
 *   `URI::DEFAULT_PARSER.make_regexp(%w[http https])`, which is unanchored: the url must contain
 *   an absolute http(s) URI somewhere ("is invalid"); subscriptions must be a non-empty list of
 *   ALLOWED_WEBHOOK_EVENTS ("Invalid events"); 422 RecordInvalid on create and update;
 * - a create without subscriptions (left out, null, or not a list, which strong parameters drop)
 *   stores the column's default, eight events (DEFAULT_SUBSCRIPTIONS; upstream's request spec "use
 *   default if subscription events are nil"); an empty list is sent as such and refused;
 * - `inbox_id` is optional and not checked (`belongs_to :inbox, optional: true`): an unknown id
 *   is stored and the view omits `inbox`; another account's inbox is rendered, as upstream does;
 * - newer builds (WebhookSecretable) generate a signing `secret` on create (`has_secure_token`)
 *   and render it in every view; it is issued through the secret book and never snapshotted.
 */
import { castInteger, castString, type Params, type PermitFilter } from "../params";
import { TAKEN } from "../record-errors";
import type { SandboxState, WebhookRecord } from "../state";
import { accountTable } from "./account-table";
import { columnLengthErrors, type TextColumn } from "./column-lengths";
import { takenInAccount } from "./uniqueness";

/** Webhook::ALLOWED_WEBHOOK_EVENTS of current upstream. */
export const WEBHOOK_EVENTS = [
  "conversation_status_changed", "conversation_updated", "conversation_created", "contact_created", "contact_updated",
  "message_created", "message_updated", "webwidget_triggered", "inbox_created", "inbox_updated",
  "conversation_typing_on", "conversation_typing_off",
] as const;

/** The `subscriptions` column's default (db/schema.rb): what a webhook created without any subscribes to. */
export const DEFAULT_SUBSCRIPTIONS = [
  "conversation_status_changed", "conversation_updated", "conversation_created", "contact_created", "contact_updated",
  "message_created", "message_updated", "webwidget_triggered",
] as const;

const COLUMNS = ["id", "name", "url", "subscriptions", "webhook_type", "account_id", "inbox_id", "secret", "created_at", "updated_at"];
const TEXT_COLUMNS: Record<string, TextColumn> = { url: "text", name: "string" };
const PERMIT: PermitFilter = { inbox_id: "scalar", name: "scalar", url: "scalar", subscriptions: "scalars" };

/** An absolute http(s) URI anywhere in the text: the scheme, a colon and at least one URI character. */
const URL_FORMAT = /(?:http|https):[A-Za-z0-9\-_.!~*'();/?:@&=+$,%[\]#]/;

/** A webhook being assigned: url and subscriptions may be nil until validation refuses them. */
type Draft = Omit<WebhookRecord, "url" | "subscriptions"> & { url: string | null; subscriptions: unknown };

/** The account's webhooks, in id order. A new one gets its signing secret once it has an id. */
export const webhooks = accountTable<WebhookRecord, Draft>({
  rows: (state) => state.webhooks,
  sequence: "webhooks",
  param: "webhook",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => ({ id: 0, account_id: account.id, url: null, name: null, subscriptions: [...DEFAULT_SUBSCRIPTIONS], inbox_id: null, secret: "" }),
  assign,
  save: validated,
  created: (state, webhook) => void (webhook.secret = state.secrets.fresh()),
});

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("url")) draft.url = castString(attributes.url);
  if (has("name")) draft.name = castString(attributes.name);
  if (has("inbox_id")) draft.inbox_id = castInteger(attributes.inbox_id);
  if (has("subscriptions")) draft.subscriptions = attributes.subscriptions;
  return draft;
}

function validated(draft: Draft, state: SandboxState): WebhookRecord {
  const errors = columnLengthErrors(draft, TEXT_COLUMNS);
  if (takenInAccount(state.webhooks, draft as WebhookRecord, "url")) errors.add("url", TAKEN);
  if (!URL_FORMAT.test(draft.url ?? "")) errors.add("url", "is invalid");
  if (!validSubscriptions(draft.subscriptions)) errors.add("subscriptions", "Invalid events");
  errors.raiseIfAny();
  return draft as WebhookRecord; // validated: a null url fails the format, subscriptions are a list
}

/** `validate_webhook_subscriptions`: an Array, not blank, every entry an allowed event. */
function validSubscriptions(subscriptions: unknown): subscriptions is string[] {
  return Array.isArray(subscriptions) && subscriptions.length > 0 && subscriptions.every((event) => (WEBHOOK_EVENTS as readonly unknown[]).includes(event));
}

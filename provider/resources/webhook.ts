import { z } from "zod";
import { normalizeTextSet } from "../diff/normalize";
import { defineCollectionResource } from "../lifecycle/collection";
import { accountId, adopt, httpUrl, lineText, objectId } from "../validation/fields";
import { WebhookWire } from "../wire/webhook";

/** The events Chatwoot lets a webhook subscribe to (`Webhook::ALLOWED_WEBHOOK_EVENTS`); it refuses any other. */
export const WEBHOOK_EVENTS = [
  "conversation_created",
  "conversation_status_changed",
  "conversation_updated",
  "conversation_typing_on",
  "conversation_typing_off",
  "message_created",
  "message_updated",
  "contact_created",
  "contact_updated",
  "webwidget_triggered",
  "inbox_created",
  "inbox_updated",
] as const;

const allowedEvents = `must be one of ${WEBHOOK_EVENTS.join(", ")}`;

export const WebhookInputs = z.strictObject({
  /** Account that owns the webhook. Defaults to `chatwoot:accountId`. Changing it replaces the webhook. */
  accountId,
  /**
   * Where Chatwoot POSTs the events: an `http://` or `https://` URL (at most 2048 characters, no
   * spaces or control characters), unique in the account. The adoption key. Changing it moves the
   * webhook in place (its id and secret stay).
   */
  url: httpUrl,
  /**
   * The events sent (at least one): `conversation_created`, `conversation_status_changed`,
   * `conversation_updated`, `conversation_typing_on`, `conversation_typing_off`, `message_created`,
   * `message_updated`, `contact_created`, `contact_updated`, `webwidget_triggered`,
   * `inbox_created`, `inbox_updated`. Compared as a set: order and repeats do not matter.
   */
  subscriptions: z
    .array(z.enum(WEBHOOK_EVENTS, { error: allowedEvents }), { error: `must be a list of event names (${allowedEvents})` })
    .min(1, `must name at least one event (${allowedEvents})`),
  /** Name shown in the dashboard, one line (newer Chatwoot versions; older ones have no name and ignore it). */
  name: lineText.optional(),
  /**
   * An inbox of the account the webhook is attached to; null detaches it. Chatwoot records it, but
   * (through current versions) still sends the events of every inbox of the account.
   */
  inboxId: objectId.nullable().optional(),
  /** Take over the existing webhook with this URL instead of failing on it. */
  adopt,
});
export type WebhookInputs = z.input<typeof WebhookInputs>;

/**
 * A webhook of an account (`/webhooks`); id: the webhook id. Adoption key: the URL. Upstream has no
 * show route (one webhook is read from the list) and wraps objects under `webhook`/`webhooks`.
 */
export const webhook = defineCollectionResource({
  inputs: WebhookInputs,
  path: "webhooks",
  wire: WebhookWire,
  envelope: { one: "webhook", many: "webhooks" },
  show: "list",
  key: {
    matches: (inputs, w) => w.url === inputs.url,
    describe: (inputs) => `URL ${inputs.url}`,
  },
  normalizers: { subscriptions: normalizeTextSet },
});

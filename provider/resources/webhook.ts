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

/** The checks of `WebhookArgs` (sdk/webhook.ts, where each argument is documented). */
export const WebhookInputs = z.strictObject({
  accountId,
  url: httpUrl,
  subscriptions: z
    .array(z.enum(WEBHOOK_EVENTS, { error: allowedEvents }), { error: `must be a list of event names (${allowedEvents})` })
    .min(1, `must name at least one event (${allowedEvents})`),
  name: lineText.optional(),
  inboxId: objectId.nullable().optional(),
  adopt,
});
export type WebhookInputs = z.input<typeof WebhookInputs>;

/**
 * A webhook of an account (`/webhooks`); id: the webhook id. Adoption key: the URL. Upstream has no
 * show route (one webhook is read from the list) and wraps objects under `webhook`/`webhooks`.
 */
export const webhook = defineCollectionResource({
  inputs: WebhookInputs,
  wire: WebhookWire,
  at: { path: "webhooks", show: "list", envelope: { one: "webhook", many: "webhooks" } },
  adoption: {
    key: {
      matches: (inputs, w) => w.url === inputs.url,
      describe: (inputs) => `URL ${inputs.url}`,
    },
  },
  content: { normalizers: { subscriptions: normalizeTextSet } },
});

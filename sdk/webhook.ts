import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/webhook");
import { existingResource, isResourceOf, secretOutputsOf, type ResourceState } from "./resource-conventions";

/** An event a webhook can subscribe to (Chatwoot's `Webhook::ALLOWED_WEBHOOK_EVENTS`). */
export type WebhookEvent =
  | "conversation_created"
  | "conversation_status_changed"
  | "conversation_updated"
  | "conversation_typing_on"
  | "conversation_typing_off"
  | "message_created"
  | "message_updated"
  | "contact_created"
  | "contact_updated"
  | "webwidget_triggered"
  | "inbox_created"
  | "inbox_updated";

/**
 * Arguments of {@link Webhook}. An argument left out is not managed (the server keeps its value).
 * Changes are made in place, except where an argument says it replaces the webhook.
 */
export interface WebhookArgs extends AccountArgs {
  /**
   * Where Chatwoot POSTs the events: an `http://` or `https://` URL (at most 2048 characters, no
   * spaces or control characters), unique in the account. The adoption key. Changing it moves the
   * webhook in place (its id and secret stay).
   */
  url: pulumi.Input<string>;
  /**
   * The events sent, at least one (Chatwoot refuses any other name). Compared as a set: order and
   * repeats do not matter. Required, although Chatwoot subscribes a webhook created without any to
   * eight default events, so that the program says what it gets.
   */
  subscriptions: pulumi.Input<pulumi.Input<WebhookEvent>[]>;
  /** Name shown in the dashboard, one line (newer Chatwoot versions; older ones have no name and ignore it); `null` clears it. */
  name?: pulumi.Input<string | null | undefined>;
  /**
   * An inbox of the account the webhook is attached to (a number, or an `Inbox`'s `id`); `null`
   * detaches it. Chatwoot records it, but (through current versions) still sends the events of
   * every inbox of the account.
   */
  inboxId?: pulumi.Input<string | number | null | undefined>;
  /** Take over the existing webhook with this URL instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link Webhook.get} may be given: the outputs of {@link Webhook}, each optional (as Pulumi's
 * generated `WebhookState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type WebhookState = ResourceState<Webhook>;

/**
 * A webhook of a Chatwoot account: Chatwoot POSTs the subscribed events of the account to the URL.
 * Managing webhooks needs an administrator's access token.
 *
 * Chatwoot 4.11.2 and later sign each delivery (`X-Chatwoot-Signature`, an HMAC-SHA256 of
 * `<X-Chatwoot-Timestamp>.<body>`) with a per-webhook key, the `secret` output: a Pulumi secret,
 * for the receiving system's configuration. It is null on older servers.
 *
 * ## Example Usage
 * ```ts
 * const crm = new chatwoot.Webhook("crm", {
 *   url: "https://crm.example.com/chatwoot/events",
 *   name: "CRM sync",
 *   subscriptions: ["conversation_created", "conversation_status_changed", "contact_updated"],
 * });
 * export const crmSigningKey = crm.secret; // a secret
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the existing webhook with the same URL (on the plugin, `pulumi import`
 * takes it instead: see Import); the first `up` then brings it to the declared state.
 */
export class Webhook extends ChatwootResource {
  /** The account the webhook belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Where Chatwoot POSTs the events. */
  declare readonly url: pulumi.Output<string>;
  /** The subscribed events as the server holds them. */
  declare readonly subscriptions: pulumi.Output<string[]>;
  /** The name shown in the dashboard; null when none (on servers without webhook names, the declared one). */
  declare readonly name: pulumi.Output<string | null | undefined>;
  /** Id of the inbox the webhook is attached to; null when none. */
  declare readonly inboxId: pulumi.Output<number | null>;
  /** Output only: the key deliveries are signed with (a secret); null on servers before Chatwoot 4.11.2. */
  declare readonly /*out*/ secret: pulumi.Output<string | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link WebhookState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: WebhookState, opts?: pulumi.CustomResourceOptions): Webhook {
    return existingResource(Webhook, "Webhook", name, id, state, opts);
  }

  /** Whether `obj` is a {@link Webhook}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is Webhook {
    return isResourceOf(obj, "Webhook");
  }

  constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "Webhook",
      provider,
      name,
      { name: undefined, inboxId: undefined, secret: undefined, ...args },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputsOf("Webhook") }),
    );
  }
}

import * as pulumi from "@pulumi/pulumi";
import type { WebhookInputs } from "../provider/resources/webhook";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/webhook");

/** Arguments of {@link Webhook}. `accountId` defaults to config `chatwoot:accountId`. */
export type WebhookArgs = ResourceArgs<WebhookInputs, "accountId">;

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
 * `adopt: true` takes over the existing webhook with the same URL (Pulumi's `import` does not work
 * for dynamic resources); the first `up` then brings it to the declared state.
 */
export class Webhook extends pulumi.dynamic.Resource {
  declare readonly accountId: pulumi.Output<number>;
  declare readonly url: pulumi.Output<string>;
  /** The subscribed events as the server holds them. */
  declare readonly subscriptions: pulumi.Output<string[]>;
  declare readonly name: pulumi.Output<string | null | undefined>;
  declare readonly inboxId: pulumi.Output<number | null>;
  /** The key deliveries are signed with (a secret); null on servers before Chatwoot 4.11.2. */
  declare readonly /*out*/ secret: pulumi.Output<string | null>;

  constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { name: undefined, inboxId: undefined, secret: undefined, ...args },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["secret"] }),
      "chatwoot",
      "Webhook",
    );
    noticeOutsideEngine();
  }
}

import * as pulumi from "@pulumi/pulumi";
import type { PortalInputs } from "../provider/resources/portal";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/portal");

/** Arguments of {@link Portal}. `accountId` defaults to config `chatwoot:accountId`. */
export type PortalArgs = ResourceArgs<PortalInputs, "accountId">;

/**
 * A help-center portal of a Chatwoot account: the public knowledge base at `/hc/{slug}`.
 *
 * The Chatwoot API addresses a portal by its slug; the resource knows it by its id, so changing
 * `slug` renames the portal in place, and a portal renamed by hand is still found (a refresh shows
 * the new slug, the next `up` puts the declared one back). Slugs are unique across every account
 * of the installation, which is why a replacement (a new `accountId`) deletes the old portal first.
 * A `customDomain` given as a URL is stored as its host. Linking `inboxId` makes that web-widget
 * inbox show the help center; the inbox's tokens are left out of the `inbox` output.
 *
 * ## Example Usage
 * ```ts
 * const help = new chatwoot.Portal("help", {
 *   name: "Acme Help",
 *   slug: "help",
 *   color: "#1f93ff",
 *   customDomain: "docs.acme.com",
 *   homepageLink: "https://www.acme.com",
 *   config: { allowedLocales: ["en", "de"], defaultLocale: "en" },
 *   inboxId: website.id, // from chatwoot.getInbox
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the portal with the same `slug` in the same account (Pulumi's `import`
 * does not work for dynamic resources); the first `up` then brings it to the declared state with
 * one PATCH. Without it, a slug the account already uses fails the create with a 422 that says so;
 * a slug another account uses cannot be adopted.
 */
export class Portal extends pulumi.dynamic.Resource {
  declare readonly accountId: pulumi.Output<number>;
  declare readonly name: pulumi.Output<string>;
  /** The portal's current slug. */
  declare readonly slug: pulumi.Output<string>;
  /** Header colour; servers show `#1f93ff` when none is set. */
  declare readonly color: pulumi.Output<string | null>;
  /** The custom domain's host, or null. */
  declare readonly customDomain: pulumi.Output<string | null>;
  declare readonly headerText: pulumi.Output<string | null>;
  declare readonly homepageLink: pulumi.Output<string | null>;
  declare readonly pageTitle: pulumi.Output<string | null>;
  declare readonly archived: pulumi.Output<boolean>;
  /** The locale configuration, normalized: allowed locale codes (sorted) and the default locale. */
  declare readonly config: pulumi.Output<{ allowedLocales: string[]; defaultLocale: string }>;
  /** Id of the linked web-widget inbox, or null. */
  declare readonly inboxId: pulumi.Output<number | null>;
  declare readonly adopt: pulumi.Output<boolean | undefined>;
  /** The linked inbox as the server shows it, without its website token, HMAC token or widget script; null when none. */
  declare readonly /*out*/ inbox: pulumi.Output<Record<string, unknown> | null>;
  /** The logo (`id`, `portalId`, `fileType`, `accountId`, `fileUrl`, `blobId`, `filename`), or null. */
  declare readonly /*out*/ logo: pulumi.Output<Record<string, unknown> | null>;

  constructor(name: string, args: PortalArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      {
        accountId: undefined,
        color: undefined,
        customDomain: undefined,
        headerText: undefined,
        homepageLink: undefined,
        pageTitle: undefined,
        archived: undefined,
        config: undefined,
        inboxId: undefined,
        adopt: undefined,
        inbox: undefined,
        logo: undefined,
        ...args,
      },
      opts,
      "chatwoot",
      "Portal",
    );
    noticeOutsideEngine();
  }
}

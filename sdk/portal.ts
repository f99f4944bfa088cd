import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/portal");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** The locales a {@link Portal}'s help center offers. */
export interface PortalConfigArgs {
  /**
   * Locale codes articles can be written in (e.g. `["en", "es"]`): codes of the language list
   * Chatwoot's help center offers (`en`, `de`, `pt_BR`, `zh_TW`, ...; written with `_`).
   */
  allowedLocales?: pulumi.Input<pulumi.Input<string>[] | undefined>;
  /** The locale shown by default (a code of the same list); must be one of `allowedLocales` when both are given. */
  defaultLocale?: pulumi.Input<string | undefined>;
}

/**
 * Arguments of {@link Portal}. An argument left out is not managed (the server keeps its value).
 * Changes are made in place, except where an argument says it replaces the portal.
 */
export interface PortalArgs extends AccountArgs {
  /** Name of the help center: one line, at most 255 characters. */
  name: pulumi.Input<string>;
  /**
   * The portal's address in URLs (`/hc/{slug}`), unique across all accounts of the installation:
   * letters, digits and `-_~!$&'()*+,;=:@` only (`/`, `.`, `?`, `#`, `%`, `\`, spaces and invisible
   * characters cannot be addressed in a URL path), at most 255 characters. The adoption key.
   * Changing it renames the portal in place.
   */
  slug: pulumi.Input<string>;
  /** Header colour of the help center, `#RGB` or `#RRGGBB`. */
  color?: pulumi.Input<string | undefined>;
  /**
   * Domain the help center is served on: a host name such as `docs.example.com` (labels of letters,
   * digits and hyphens, at least one dot), or an http(s) URL whose host is used; `null` removes it.
   */
  customDomain?: pulumi.Input<string | null | undefined>;
  /** Text of the help-center header (at most 10,000 characters); `null` clears it. */
  headerText?: pulumi.Input<string | null | undefined>;
  /** Link back to the main site (http or https); `null` removes it. */
  homepageLink?: pulumi.Input<string | null | undefined>;
  /** Title of the help-center pages (one line); `null` clears it. */
  pageTitle?: pulumi.Input<string | null | undefined>;
  /** Whether the portal is archived (taken offline). */
  archived?: pulumi.Input<boolean | undefined>;
  /** The locales the help center offers. */
  config?: pulumi.Input<PortalConfigArgs | undefined>;
  /**
   * A web-widget inbox of the account whose widget links to this help center (a number, or an
   * `Inbox`'s `id`); `null` unlinks it.
   */
  inboxId?: pulumi.Input<string | number | null | undefined>;
  /** Take over the existing portal with this slug in this account instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link Portal.get} may be given: the outputs of {@link Portal}, each optional (as Pulumi's
 * generated `PortalState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type PortalState = ResourceState<Portal>;

/**
 * A help-center portal of a Chatwoot account: the public knowledge base at `/hc/{slug}`.
 *
 * The Chatwoot API addresses a portal by its slug; the resource knows it by its id, so changing
 * `slug` renames the portal in place, and a portal renamed by hand is still found (a refresh shows
 * the new slug, the next `up` puts the declared one back). Slugs are unique across every account
 * of the installation, which is why a replacement (a new `accountId`) deletes the old portal first.
 * A `customDomain` given as a URL is stored as its host. Linking `inboxId` makes that web-widget
 * inbox show the help center; the inbox's tokens are left out of the `inbox` output. The server's
 * article counters (`meta`) are not kept: they are no configuration, and every refresh would report
 * them changed. Deleting a portal deletes its categories and articles, which then read as gone.
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
 *   inboxId: website.id, // a web-widget Inbox (or its id as a number)
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the portal with the same `slug` in the same account (on the plugin,
 * `pulumi import` takes it instead: see Import); the first `up` then brings it to the declared
 * state with one PATCH. Without it, a slug the account already uses fails the create with a 422
 * that says so; a slug another account uses cannot be adopted.
 */
export class Portal extends ChatwootResource {
  /** The account the portal belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Name of the help center. */
  declare readonly name: pulumi.Output<string>;
  /** The portal's current slug. */
  declare readonly slug: pulumi.Output<string>;
  /** Header colour; servers show `#1f93ff` when none is set. */
  declare readonly color: pulumi.Output<string | null>;
  /** The custom domain's host, or null. */
  declare readonly customDomain: pulumi.Output<string | null>;
  /** Text of the help-center header; null when none. */
  declare readonly headerText: pulumi.Output<string | null>;
  /** Link back to the main site; null when none. */
  declare readonly homepageLink: pulumi.Output<string | null>;
  /** Title of the help-center pages; null when none. */
  declare readonly pageTitle: pulumi.Output<string | null>;
  /** Whether the portal is archived (taken offline). */
  declare readonly archived: pulumi.Output<boolean>;
  /** The locale configuration, normalized: allowed locale codes (sorted) and the default locale. */
  declare readonly config: pulumi.Output<{ allowedLocales: string[]; defaultLocale: string }>;
  /** Id of the linked web-widget inbox, or null. */
  declare readonly inboxId: pulumi.Output<number | null>;
  /** The `adopt` argument as declared. */
  declare readonly adopt: pulumi.Output<boolean | undefined>;
  /** Output only: the linked inbox as the server shows it, without its website token, HMAC token or widget script; null when none. */
  declare readonly /*out*/ inbox: pulumi.Output<Record<string, unknown> | null>;
  /** Output only: the logo (`id`, `portalId`, `fileType`, `accountId`, `fileUrl`, `blobId`, `filename`), or null. */
  declare readonly /*out*/ logo: pulumi.Output<Record<string, unknown> | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link PortalState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: PortalState, opts?: pulumi.CustomResourceOptions): Portal {
    return existingResource(Portal, "Portal", name, id, state, opts);
  }

  /** Whether `obj` is a {@link Portal}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is Portal {
    return isResourceOf(obj, "Portal");
  }

  constructor(name: string, args: PortalArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "Portal",
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
    );
  }
}

import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/portal-category");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link PortalCategory}. An argument left out is not managed (the server keeps its
 * value). Changes are made in place, except where an argument says it replaces the category.
 */
export interface PortalCategoryArgs extends AccountArgs {
  /**
   * The portal the category belongs to: a `Portal`'s `id` (or the portal id as a number). The
   * category follows the portal when its slug changes. Changing it replaces the category.
   */
  portalId: pulumi.Input<string | number>;
  /** Name of the category: one line, at most 255 characters. */
  name: pulumi.Input<string>;
  /**
   * The category's address in the help center (`/hc/{portal}/{locale}/categories/{slug}`): one URL
   * path segment (no `/`, `\`, `.`, `?`, `#`, `%` or spaces), at most 255 characters. With `locale`,
   * unique in the portal, and the adoption key. Changing it renames the category in place.
   */
  slug: pulumi.Input<string>;
  /**
   * The language of the category: a code of the language list Chatwoot's help center offers (`en`,
   * `de`, `pt_BR`, ...), which must be one of the portal's `allowedLocales` (Chatwoot refuses others).
   * Part of the adoption key. Changing it moves the category to that language in place.
   */
  locale: pulumi.Input<string>;
  /** What the category holds, shown under its name (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /** Its place among the portal's categories, smallest first (a whole number); `null` clears it. */
  position?: pulumi.Input<number | null | undefined>;
  /** An icon shown with the category, such as an emoji (one line); `null` clears it. */
  icon?: pulumi.Input<string | null | undefined>;
  /** The category this one is a sub-category of: another `PortalCategory`'s `id`; `null` makes it a top-level one. */
  parentCategoryId?: pulumi.Input<string | number | null | undefined>;
  /**
   * The category this one translates: another `PortalCategory`'s `id`, the first category of its
   * translation family (Chatwoot links a translation of a translation to that one, and keeps one
   * category per locale in a family); `null` unlinks it.
   */
  associatedCategoryId?: pulumi.Input<string | number | null | undefined>;
  /** Take over the portal's existing category with this slug and locale instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link PortalCategory.get} may be given: the outputs of {@link PortalCategory}, each optional (as Pulumi's
 * generated `PortalCategoryState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type PortalCategoryState = ResourceState<PortalCategory>;

/**
 * A category of a help-center portal: a section of the knowledge base in one language, which
 * articles are filed under and which may have sub-categories and translations.
 *
 * The API addresses a portal by its slug, while the category knows it by id: each request goes to
 * the slug last seen (`portalSlug`), and one that misses (Chatwoot answers 404, or 500 for a
 * category of a slug it does not know) has the portal found again by id, so a portal renamed in the
 * program or by hand is followed, and an old slug now taken by another portal never leads to that
 * portal's category. A category whose portal was deleted reads as gone. A translation of a
 * translation fails the run naming the first category of the family, since Chatwoot would link it
 * there. Deleting a category leaves its articles without a category and its sub-categories and
 * translations unlinked, as Chatwoot does.
 *
 * ## Example Usage
 * ```ts
 * const gettingStarted = new chatwoot.PortalCategory("getting-started", {
 *   portalId: help.id,
 *   name: "Getting started",
 *   slug: "getting-started",
 *   locale: "en",
 *   icon: "🚀",
 * });
 * new chatwoot.PortalCategory("erste-schritte", {
 *   portalId: help.id,
 *   name: "Erste Schritte",
 *   slug: "erste-schritte",
 *   locale: "de",
 *   associatedCategoryId: gettingStarted.id,
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the category with the same `slug` and `locale` in the portal (on the
 * plugin, `pulumi import` takes it instead: see Import); the first `up` then brings it to the
 * declared state.
 */
export class PortalCategory extends ChatwootResource {
  /** The account the category belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Id of the portal the category belongs to. */
  declare readonly portalId: pulumi.Output<number>;
  /** Output only: the portal's slug when the category was last read or written (the API addresses the portal by it). */
  declare readonly /*out*/ portalSlug: pulumi.Output<string>;
  /** Name of the category. */
  declare readonly name: pulumi.Output<string>;
  /** The category's slug. */
  declare readonly slug: pulumi.Output<string>;
  /** The category's locale. */
  declare readonly locale: pulumi.Output<string>;
  /** What the category holds; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** Its place among the portal's categories; null when none. */
  declare readonly position: pulumi.Output<number | null>;
  /** The icon; null or empty when none. */
  declare readonly icon: pulumi.Output<string | null>;
  /** Id of the parent category; null for a top-level one. */
  declare readonly parentCategoryId: pulumi.Output<number | null>;
  /** Id of the first category of the translation family this one belongs to; null when it translates none. */
  declare readonly associatedCategoryId: pulumi.Output<number | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link PortalCategoryState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: PortalCategoryState, opts?: pulumi.CustomResourceOptions): PortalCategory {
    return existingResource(PortalCategory, "PortalCategory", name, id, state, opts);
  }

  /** Whether `obj` is a {@link PortalCategory}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is PortalCategory {
    return isResourceOf(obj, "PortalCategory");
  }

  constructor(name: string, args: PortalCategoryArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "PortalCategory",
      provider,
      name,
      {
        accountId: undefined,
        portalSlug: undefined,
        description: undefined,
        position: undefined,
        icon: undefined,
        parentCategoryId: undefined,
        associatedCategoryId: undefined,
        ...args,
      },
      opts,
    );
  }
}

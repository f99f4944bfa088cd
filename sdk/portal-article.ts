import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/portal-article");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** Where an article stands: only published articles are shown in the help center. */
export type PortalArticleStatus = "draft" | "published" | "archived";

/** Search metadata of a {@link PortalArticle}; written whole (a key left out is cleared). */
export interface PortalArticleMetaArgs {
  /** Title for search engines (one line); `null` or leaving it out clears it. */
  title?: pulumi.Input<string | null | undefined>;
  /** Description for search engines (at most 10,000 characters); `null` or leaving it out clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /** Keywords, each one line, in order. */
  tags?: pulumi.Input<pulumi.Input<string>[] | undefined>;
}

/**
 * Arguments of {@link PortalArticle}. An argument left out is not managed (the server keeps its
 * value). Changes are made in place, except where an argument says it replaces the article.
 */
export interface PortalArticleArgs extends AccountArgs {
  /**
   * The portal the article belongs to: a `Portal`'s `id` (or the portal id as a number). The article
   * follows the portal when its slug changes. Changing it replaces the article (deleting it first:
   * its slug is unique).
   */
  portalId: pulumi.Input<string | number>;
  /** Title of the article: one line, at most 255 characters. */
  title: pulumi.Input<string>;
  /**
   * The article's address in the help center (`/hc/{portal}/articles/{slug}`): one URL path segment
   * (no `/`, `\`, `.`, `?`, `#`, `%` or spaces), at most 255 characters, not `search`, `articles` or
   * `categories`. Unique across the whole installation (every account and portal), and the adoption
   * key. Changing it renames the article in place.
   */
  slug: pulumi.Input<string>;
  /**
   * The article's text, in Markdown (not blank, at most 20,000 characters: Chatwoot's limit on its column), sent as written.
   * Required to publish. It is compared with what the server holds and sent only when it differs,
   * so a long text unchanged costs no upload.
   */
  content?: pulumi.Input<string | undefined>;
  /** A summary shown in lists and search results (at most 10,000 characters); `null` clears it. */
  description?: pulumi.Input<string | null | undefined>;
  /** `draft` (Chatwoot's default for a new article), `published` (shown in the help center) or `archived`. */
  status?: pulumi.Input<PortalArticleStatus | undefined>;
  /**
   * The article's language, a code of the language list Chatwoot's help center offers (`en`, `de`,
   * ...). An article in a category is in the category's language: leave it out then (another value
   * is not taken). Without a category and without it, Chatwoot takes the portal's default locale.
   */
  locale?: pulumi.Input<string | undefined>;
  /** Its place in its category, smallest first (a whole number). Chatwoot puts a new article last when it is left out. */
  position?: pulumi.Input<number | undefined>;
  /** The category the article is filed under: a `PortalCategory`'s `id` of the same portal; `null` files it under none. */
  categoryId?: pulumi.Input<string | number | null | undefined>;
  /**
   * The article this one translates: another `PortalArticle`'s `id`, the first article of its
   * translation family (Chatwoot links a translation of a translation to that one, and publishes one
   * article per locale in a family); `null` unlinks it.
   */
  associatedArticleId?: pulumi.Input<string | number | null | undefined>;
  /**
   * The author: the user id of a user of the account, e.g. `chatwoot.getAgentsOutput({ email }).agents[0].id`
   * or an `Agent`'s `id`. Chatwoot refuses another user on create and ignores one on update (which
   * then fails, naming it).
   */
  authorId: pulumi.Input<string | number>;
  /** Search metadata (title, description, tags), replaced whole when it changes; `null` clears it. */
  meta?: pulumi.Input<PortalArticleMetaArgs | null | undefined>;
  /** Take over the portal's existing article with this slug instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link PortalArticle.get} may be given: the outputs of {@link PortalArticle}, each optional (as Pulumi's
 * generated `PortalArticleState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type PortalArticleState = ResourceState<PortalArticle>;

/**
 * An article of a help-center portal: a page of the knowledge base, written in Markdown, filed
 * under a category, with translations linked to it. The portal is followed by id when its slug
 * changes, as a `PortalCategory`'s is.
 *
 * Chatwoot's own rules surface before or instead of a server error: an author who is no user of the
 * account is refused on create (422 `Invalid author ID`) and ignored on update, which then fails
 * naming `authorId`; a translation of no article of the portal is refused before the POST (Chatwoot
 * would make the article and then answer 404); a slug in use anywhere in the installation is a 500
 * that the error explains; moving an article to another category and setting its position takes
 * two PATCHes, since Chatwoot puts a moved article last whatever position came with it; a declared
 * locale that the category overrides fails naming both. Older servers make every new article a
 * draft: the status then follows in a second write.
 *
 * ## Example Usage
 * ```ts
 * const carol = chatwoot.getAgentsOutput({ email: "carol@acme.test" }).agents[0].id;
 * new chatwoot.PortalArticle("reset-password", {
 *   portalId: help.id,
 *   categoryId: gettingStarted.id,
 *   title: "Resetting your password",
 *   slug: "reset-password",
 *   content: fs.readFileSync("articles/reset-password.md", "utf8"),
 *   status: "published",
 *   authorId: carol,
 *   meta: { tags: ["account", "password"] },
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over the portal's article with the same `slug` (on the plugin,
 * `pulumi import` takes it instead: see Import); the first `up` then brings it to the declared
 * state.
 *
 * ## Long articles
 * `content` is compared with what the server holds, and a PATCH carries it only when it differs:
 * changing the title of a 50 KB article sends the title alone, and an unchanged article sends
 * nothing. The text is kept in the stack's state in full, as input and as output (a digest would
 * save that space but lose the text that `refresh` and `preview --diff` show when the dashboard
 * changed it): a help center of 200 articles of 25 KB adds about 10 MB to the state.
 */
export class PortalArticle extends ChatwootResource {
  /** The account the article belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Id of the portal the article belongs to. */
  declare readonly portalId: pulumi.Output<number>;
  /** Output only: the portal's slug when the article was last read or written (the API addresses the portal by it). */
  declare readonly /*out*/ portalSlug: pulumi.Output<string>;
  /** Title of the article. */
  declare readonly title: pulumi.Output<string>;
  /** The article's slug. */
  declare readonly slug: pulumi.Output<string>;
  /** The article's Markdown as the server holds it; null when it has none. */
  declare readonly content: pulumi.Output<string | null>;
  /** The summary; null when none. */
  declare readonly description: pulumi.Output<string | null>;
  /** `draft`, `published` or `archived`. */
  declare readonly status: pulumi.Output<string>;
  /** The article's locale (its category's when it has one). */
  declare readonly locale: pulumi.Output<string>;
  /** Its place in its category. */
  declare readonly position: pulumi.Output<number | null>;
  /** Id of the category; null when none. */
  declare readonly categoryId: pulumi.Output<number | null>;
  /** Id of the first article of the translation family this one belongs to; null when it translates none. */
  declare readonly associatedArticleId: pulumi.Output<number | null>;
  /** User id of the author. */
  declare readonly authorId: pulumi.Output<number>;
  /** Search metadata as the server holds it; null when never set. */
  declare readonly meta: pulumi.Output<{ title?: string | null; description?: string | null; tags?: string[] } | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link PortalArticleState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: PortalArticleState, opts?: pulumi.CustomResourceOptions): PortalArticle {
    return existingResource(PortalArticle, "PortalArticle", name, id, state, opts);
  }

  /** Whether `obj` is a {@link PortalArticle}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is PortalArticle {
    return isResourceOf(obj, "PortalArticle");
  }

  constructor(name: string, args: PortalArticleArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "PortalArticle",
      provider,
      name,
      {
        accountId: undefined,
        portalSlug: undefined,
        content: undefined,
        description: undefined,
        status: undefined,
        locale: undefined,
        position: undefined,
        categoryId: undefined,
        associatedArticleId: undefined,
        meta: undefined,
        ...args,
      },
      opts,
    );
  }
}

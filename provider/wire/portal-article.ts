/** A help-center article as the server sends it. */
import { z } from "zod";
import { enumName, optionalString } from "./envelope";

/** Chatwoot's `enum status: { draft: 0, published: 1, archived: 2 }`. */
export const ARTICLE_STATUSES = ["draft", "published", "archived"] as const;

const id = z.number().int().nullish();

/** The `associated_articles` list (the article's translations), `{}` when empty (Jbuilder's empty block): their ids. */
const translations = z
  .union([z.array(z.object({ id: z.number().int() })), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v.map((t) => t.id) : []));

/**
 * An article, with its category, its author and the first article of its translation family read
 * as ids (current servers nest the category and the author; older ones sent `category_id`). The
 * view counter and the time of the last change are left out: not configuration, and they move
 * without any change to it.
 *
 * Upstream's `_article` partial at fd5ac2a8a (February 2026) renders neither `locale` nor
 * `associated_article_id` (nor `root_article`); later builds render both. From such a server the
 * locale is the category's (an article in a category takes its locale) and otherwise unknown, and
 * the article's own link is unknown (it shows only in its target's `associated_articles`, read here
 * as `translation_ids`): an unknown value is `undefined`, which outputs never take over the inputs.
 */
export const PortalArticleWire = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: optionalString,
    content: optionalString,
    description: optionalString,
    status: enumName(ARTICLE_STATUSES).nullish().transform((v) => v ?? null),
    position: z.number().int().nullish().transform((v) => v ?? null),
    locale: z.string().nullish(),
    meta: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? null),
    associated_article_id: z.number().int().nullish(),
    root_article: z.object({ id: z.number().int() }).nullish(),
    category: z.object({ id, locale: z.string().nullish() }).nullish(),
    category_id: id,
    author: z.object({ id: z.number().int() }).nullish(),
    author_id: id,
    associated_articles: translations,
  })
  .transform(({ root_article, category, author, associated_articles, locale, associated_article_id, ...article }) => {
    const categoryId = category?.id ?? article.category_id ?? null;
    const rendersLink = associated_article_id !== undefined || root_article !== undefined;
    return {
      ...article,
      locale: locale !== undefined ? locale : categoryId !== null ? (category?.locale ?? undefined) : undefined,
      associated_article_id: rendersLink ? (associated_article_id ?? root_article?.id ?? null) : undefined,
      category_id: categoryId,
      author_id: author?.id ?? article.author_id ?? null,
      translation_ids: associated_articles,
    };
  });
export type PortalArticleWire = z.output<typeof PortalArticleWire>;

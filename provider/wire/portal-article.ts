/** A help-center article as the server sends it. */
import { z } from "zod";
import { enumName, optionalString } from "./envelope";

/** Chatwoot's `enum status: { draft: 0, published: 1, archived: 2 }`. */
export const ARTICLE_STATUSES = ["draft", "published", "archived"] as const;

const id = z.number().int().nullish();

/**
 * An article, with its category, its author and the first article of its translation family read
 * as ids (current servers nest the category and the author; older ones sent `category_id`). The
 * view counter and the time of the last change are left out: not configuration, and they move
 * without any change to it.
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
    locale: optionalString,
    meta: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? null),
    associated_article_id: id,
    root_article: z.object({ id: z.number().int() }).nullish(),
    category: z.object({ id }).nullish(),
    category_id: id,
    author: z.object({ id: z.number().int() }).nullish(),
    author_id: id,
  })
  .transform(({ root_article, category, author, ...article }) => ({
    ...article,
    associated_article_id: article.associated_article_id ?? root_article?.id ?? null,
    category_id: category?.id ?? article.category_id ?? null,
    author_id: author?.id ?? article.author_id ?? null,
  }));
export type PortalArticleWire = z.output<typeof PortalArticleWire>;

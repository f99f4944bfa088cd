/** A help-center category as the server sends it. */
import { z } from "zod";
import { optionalString } from "./envelope";

/** Another category a category names (its parent, the first category of its translation family). */
const named = z
  .object({ id: z.number().int() })
  .nullish()
  .transform((v) => v?.id ?? null);

/**
 * A category, with its parent and the first category of its translation family (`root_category`)
 * read as their ids. Related categories and the article counter (`meta`) are left out: not managed,
 * and the counter is not configuration. Servers from before icons send none.
 */
export const PortalCategoryWire = z
  .object({
    id: z.number().int(),
    name: optionalString,
    slug: z.string(),
    locale: z.string(),
    description: optionalString,
    position: z.number().int().nullish().transform((v) => v ?? null),
    icon: optionalString,
    parent_category: named,
    root_category: named,
  })
  .transform(({ parent_category, root_category, ...category }) => ({
    ...category,
    parent_category_id: parent_category,
    associated_category_id: root_category,
  }));
export type PortalCategoryWire = z.output<typeof PortalCategoryWire>;

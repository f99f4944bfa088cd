import { z } from "zod";
import { ChatwootApiError } from "../http/transport/errors";
import { defineCollectionResource } from "../lifecycle/collection";
import { pick } from "../lifecycle/outputs";
import { toWire } from "../mapping";
import { accountId, adopt, lineText, name, objectId, pathSegment, position, text } from "../validation/fields";
import { localeCode } from "../validation/portal-locales";
import { PortalCategoryWire } from "../wire/portal-category";
import { portalParent } from "./portal";

/** The checks of `PortalCategoryArgs` (sdk/portal-category.ts, where each argument is documented). */
export const PortalCategoryInputs = z.strictObject({
  accountId,
  portalId: objectId,
  name,
  slug: pathSegment,
  locale: localeCode,
  description: text.optional(),
  position: position.nullable().optional(),
  icon: lineText.optional(),
  parentCategoryId: objectId.nullable().optional(),
  associatedCategoryId: objectId.nullable().optional(),
  adopt,
});
export type PortalCategoryInputs = z.input<typeof PortalCategoryInputs>;
type Inputs = z.output<typeof PortalCategoryInputs>;

/** Chatwoot links a translation to the first category of its family: another id is stored as that one, which no later write could change. */
function assertRootLinked(inputs: Inputs, category: PortalCategoryWire): void {
  const wanted = inputs.associatedCategoryId;
  if (typeof wanted !== "number" || category.associated_category_id === wanted) return;
  throw new Error(
    `category ${category.id}: associatedCategoryId ${wanted} is itself a translation of category ${category.associated_category_id}; ` +
      `Chatwoot links a translation to the first category of its family: set associatedCategoryId to ${category.associated_category_id}`,
  );
}

/** What a 404 or 500 on a write that names other categories means upstream. */
function explainReference(err: unknown, inputs: Inputs, keys: readonly string[]): unknown {
  if (!ChatwootApiError.isInstance(err)) return err;
  if (err.status === 404 && keys.includes("associatedCategoryId") && typeof inputs.associatedCategoryId === "number") {
    return err.withHint(`associatedCategoryId ${inputs.associatedCategoryId} may not be a category of the portal`);
  }
  if (err.status === 500 && keys.includes("parentCategoryId") && typeof inputs.parentCategoryId === "number") {
    return err.withHint(`parentCategoryId ${inputs.parentCategoryId} may name no category (Chatwoot answers 500 for one that does not exist)`);
  }
  return err;
}

/**
 * A category of a help-center portal (`/portals/{slug}/categories`); id: the category id. Adoption
 * key: the slug and locale in the portal. The portal is named by id and addressed by its current slug.
 */
export const portalCategory = defineCollectionResource({
  inputs: PortalCategoryInputs,
  wire: PortalCategoryWire,
  noun: "category",
  at: { path: "categories", show: "member", parent: portalParent, pages: true },
  adoption: {
    key: {
      matches: (inputs, c) => c.slug === inputs.slug && c.locale === inputs.locale,
      describe: (inputs) => `slug "${inputs.slug}" in locale ${inputs.locale}`,
    },
  },
  content: {
    // A category without an icon holds "" (the column's default).
    normalizers: { icon: (v) => (v === "" ? null : (v ?? null)) },
    body: (inputs, keys) => ({ category: toWire(pick(inputs, keys)) }),
  },
  hooks: { verify: assertRootLinked, explain: explainReference },
});

import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, portalId: 1, name: "Billing", slug: "billing", locale: "en" };

export const corpus: BadInputCorpus = {
  kind: "PortalCategory",
  provider: resources.PortalCategory,
  cases: [
    { name: "missing portal", inputs: { ...valid, portalId: undefined }, property: "portalId" },
    { name: "portal by slug instead of id", inputs: { ...valid, portalId: "help" }, property: "portalId", reason: "positive integer id" },
    { name: "missing name", inputs: { ...valid, name: undefined }, property: "name" },
    { name: "blank name", inputs: { ...valid, name: "  " }, property: "name" },
    { name: "name on two lines", inputs: { ...valid, name: "Bill\ning" }, property: "name", reason: "U+000A LINE FEED" },
    { name: "missing slug", inputs: { ...valid, slug: undefined }, property: "slug" },
    { name: "slug with a slash", inputs: { ...valid, slug: "billing/refunds" }, property: "slug", reason: "URL path segment" },
    { name: "slug with a dot", inputs: { ...valid, slug: "billing.v2" }, property: "slug" },
    { name: "slug with a zero-width space", inputs: { ...valid, slug: "bill\u200Bing" }, property: "slug", reason: "U+200B ZERO WIDTH SPACE" },
    { name: "missing locale (part of the key)", inputs: { ...valid, locale: undefined }, property: "locale" },
    { name: "locale written with a hyphen", inputs: { ...valid, locale: "pt-BR" }, property: "locale", reason: 'did you mean "pt_BR"' },
    { name: "locale by name", inputs: { ...valid, locale: "English" }, property: "locale", reason: "not a locale" },
    { name: "position with a fraction", inputs: { ...valid, position: 1.5 }, property: "position", reason: "whole number" },
    { name: "position past a database integer", inputs: { ...valid, position: 2 ** 31 }, property: "position", reason: "at most 2147483647" },
    { name: "position as text", inputs: { ...valid, position: "1" }, property: "position" },
    { name: "icon on two lines", inputs: { ...valid, icon: "💳\n" }, property: "icon", reason: "U+000A LINE FEED" },
    { name: "description with a NUL", inputs: { ...valid, description: "Invoices\u0000" }, property: "description", reason: "U+0000 NULL" },
    { name: "parent as a name", inputs: { ...valid, parentCategoryId: "Billing" }, property: "parentCategoryId" },
    { name: "translation of category zero", inputs: { ...valid, associatedCategoryId: 0 }, property: "associatedCategoryId" },
    { name: "related categories (not managed)", inputs: { ...valid, relatedCategoryIds: [2] }, property: "relatedCategoryIds", reason: "unknown property" },
    { name: "the portal's slug as an input (an output only)", inputs: { ...valid, portalSlug: "help" }, property: "portalSlug" },
  ],
};

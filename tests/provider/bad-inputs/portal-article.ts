import { resources } from "../../../provider";
import type { BadInputCorpus } from "../support/corpus";

const valid = { accountId: 1, portalId: 1, title: "Getting started", slug: "getting-started", content: "# Welcome", authorId: 1 };

export const corpus: BadInputCorpus = {
  kind: "PortalArticle",
  provider: resources.PortalArticle,
  cases: [
    { name: "missing portal", inputs: { ...valid, portalId: undefined }, property: "portalId" },
    { name: "missing title", inputs: { ...valid, title: undefined }, property: "title" },
    { name: "title on two lines", inputs: { ...valid, title: "Getting\nstarted" }, property: "title", reason: "U+000A LINE FEED" },
    { name: "missing slug (the key)", inputs: { ...valid, slug: undefined }, property: "slug" },
    { name: "reserved slug search", inputs: { ...valid, slug: "search" }, property: "slug", reason: "must not be search, articles, categories" },
    { name: "reserved slug categories", inputs: { ...valid, slug: "categories" }, property: "slug", reason: "help-center routes" },
    { name: "slug with a question mark", inputs: { ...valid, slug: "why?" }, property: "slug", reason: "URL path segment" },
    { name: "blank content", inputs: { ...valid, content: " \n " }, property: "content", reason: "must not be blank" },
    { name: "content with a NUL", inputs: { ...valid, content: "# Hi\u0000" }, property: "content", reason: "U+0000 NULL" },
    { name: "content over Chatwoot's 20,000-character text column", inputs: { ...valid, content: "x".repeat(20_001) }, property: "content", reason: "at most 20000" },
    { name: "published without content", inputs: { ...valid, content: undefined, status: "published" }, property: "content", reason: "required to publish" },
    { name: "unknown status", inputs: { ...valid, status: "live" }, property: "status" },
    { name: "status by number", inputs: { ...valid, status: 1 }, property: "status" },
    { name: "missing author", inputs: { ...valid, authorId: undefined }, property: "authorId" },
    { name: "author by e-mail address", inputs: { ...valid, authorId: "carol@acme.test" }, property: "authorId", reason: "positive integer id" },
    { name: "locale not offered", inputs: { ...valid, locale: "klingon" }, property: "locale", reason: "not a locale" },
    { name: "negative category id", inputs: { ...valid, categoryId: -1 }, property: "categoryId" },
    { name: "position with a fraction", inputs: { ...valid, position: 0.5 }, property: "position", reason: "whole number" },
    { name: "meta with an unknown key", inputs: { ...valid, meta: { keywords: ["a"] } }, property: "meta.keywords", reason: "unknown property" },
    { name: "meta tag blank", inputs: { ...valid, meta: { tags: ["setup", " "] } }, property: "meta.tags.1", reason: "must not be blank" },
    { name: "meta title on two lines", inputs: { ...valid, meta: { title: "a\nb" } }, property: "meta.title", reason: "U+000A LINE FEED" },
    { name: "misspelt property", inputs: { ...valid, catgoryId: 1 }, property: "catgoryId", reason: "unknown property" },
  ],
};

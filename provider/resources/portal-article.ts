import { z } from "zod";
import { asPresentText, isRecord } from "../diff/normalize/coerce";
import { ChatwootApiError } from "../http/transport/errors";
import { defineCollectionResource } from "../lifecycle/collection";
import { outputsOf, pick } from "../lifecycle/outputs";
import { toWire } from "../mapping";
import { accountId, adopt, lineText, name, objectId, oneLine, pathSegment, position, presentText, text, TEXT_COLUMN_MAX } from "../validation/fields";
import { localeCode } from "../validation/portal-locales";
import { ARTICLE_STATUSES, PortalArticleWire } from "../wire/portal-article";
import { portalParent } from "./portal";

/** Slugs that would shadow help-center routes (`/hc/{portal}/{locale}/search`): Chatwoot refuses them. */
const RESERVED_SLUGS = ["search", "articles", "categories"];

/** The checks of `PortalArticleArgs` (sdk/portal-article.ts, where each argument is documented). */
export const PortalArticleInputs = z
  .strictObject({
    accountId,
    portalId: objectId,
    title: name,
    slug: pathSegment.refine((v) => !RESERVED_SLUGS.includes(v), `must not be ${RESERVED_SLUGS.join(", ")} (help-center routes use them)`),
    content: presentText("the article's Markdown", TEXT_COLUMN_MAX).optional(),
    description: text.optional(),
    status: z.enum(ARTICLE_STATUSES).optional(),
    locale: localeCode.optional(),
    position: position.optional(),
    categoryId: objectId.nullable().optional(),
    associatedArticleId: objectId.nullable().optional(),
    authorId: objectId,
    meta: z
      .strictObject({
        title: lineText.optional(),
        description: text.optional(),
        tags: z.array(z.string().trim().min(1, "must not be blank").superRefine(oneLine())).optional(),
      })
      .nullable()
      .optional(),
    adopt,
  })
  .superRefine((v, ctx) => {
    if (v.status === "published" && v.content === undefined) {
      ctx.addIssue({ code: "custom", path: ["content"], message: "required to publish an article (status: published)" });
    }
  });
export type PortalArticleInputs = z.input<typeof PortalArticleInputs>;
type Inputs = z.output<typeof PortalArticleInputs>;

/**
 * The search metadata as compared: title, description and tags, absent ones as null or none. The
 * server stores what a write sends, whole, so `{}`, `null` and a missing key mean the same.
 */
export function normalizeMeta(value: unknown): { title: string | null; description: string | null; tags: string[] } {
  const meta = isRecord(value) ? value : {};
  const tags = Array.isArray(meta.tags) ? meta.tags.filter((t): t is string => typeof t === "string") : [];
  return { title: asPresentText(meta.title), description: asPresentText(meta.description), tags };
}

/** What the server answered with success but did not take, said in Chatwoot's terms. */
function assertTaken(inputs: Inputs, article: PortalArticleWire): void {
  const problems: string[] = [];
  if (article.author_id !== inputs.authorId) {
    problems.push(`authorId ${inputs.authorId} was not taken (Chatwoot keeps the author when the user is not a user of account ${inputs.accountId})`);
  }
  // A server whose view renders no locale or link (upstream of February 2026) cannot be checked for them.
  if (inputs.locale !== undefined && article.locale !== undefined && article.locale !== inputs.locale && article.category_id !== null) {
    problems.push(`locale ${inputs.locale} was not taken: an article in a category is in the category's locale (${article.locale}); leave locale out`);
  }
  const linked = inputs.associatedArticleId;
  if (typeof linked === "number" && article.associated_article_id !== undefined && article.associated_article_id !== linked) {
    problems.push(
      `associatedArticleId ${linked} is itself a translation of article ${article.associated_article_id}; Chatwoot links a translation ` +
        `to the first article of its family: set associatedArticleId to ${article.associated_article_id}`,
    );
  }
  if (problems.length > 0) throw new Error(`article ${article.id}: ${problems.join("; ")}`);
}

/** A 500 on a write that sends the slug: article slugs are unique across the installation, and Chatwoot does not say so. */
function explainSlug(err: unknown, inputs: Inputs, keys: readonly string[]): unknown {
  if (!ChatwootApiError.isInstance(err) || err.status !== 500 || !keys.includes("slug")) return err;
  return err.withHint(`article slugs are unique across the whole installation, and Chatwoot answers 500 for one in use: "${inputs.slug}" may belong to an article of another portal or account`);
}

/**
 * An article of a help-center portal (`/portals/{slug}/articles`); id: the article id. Adoption key:
 * the slug in the portal. Older servers make every new article a draft: the status then follows in
 * a second write.
 */
export const portalArticle = defineCollectionResource({
  inputs: PortalArticleInputs,
  wire: PortalArticleWire,
  noun: "article",
  at: { path: "articles", show: "member", parent: portalParent, pages: true },
  adoption: {
    key: {
      matches: (inputs, a) => a.slug === inputs.slug,
      describe: (inputs) => `slug "${inputs.slug}"`,
    },
    // Chatwoot makes the article first and looks its translation up after: refuse one it would not find.
    refuseCreate: (inputs, listed) =>
      typeof inputs.associatedArticleId === "number" && !listed.some((a) => a.id === inputs.associatedArticleId)
        ? `associatedArticleId ${inputs.associatedArticleId} is not an article of portal ${inputs.portalId}`
        : undefined,
  },
  content: {
    normalizers: { meta: normalizeMeta },
    // The translations' ids are for a reader that learns links from their targets, not an output.
    outputs: (base, { translation_ids: _translations, ...article }) => outputsOf(base, article),
    // `meta: null` is dropped by the server's parameter filter: an empty object clears it.
    body: (inputs, keys) => ({ article: toWire({ ...pick(inputs, keys), ...(keys.includes("meta") && inputs.meta === null ? { meta: {} } : {}) }) }),
  },
  hooks: {
    complete: true,
    verify: assertTaken,
    explain: explainSlug,
    api: (rest) => ({
      // Moving an article to another category puts it last there, whatever position came along: the position follows.
      async patch(inputs, id, keys, current) {
        if (!keys.includes("categoryId") || !keys.includes("position")) return rest.patch(inputs, id, keys, current);
        await rest.patch(inputs, id, keys.filter((k) => k !== "position"), current);
        return rest.patch(inputs, id, ["position"], current);
      },
    }),
  },
});

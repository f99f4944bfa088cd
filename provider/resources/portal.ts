import { z } from "zod";
import type { Normalizer } from "../diff/diff";
import { normalizeCustomDomain, normalizeOptionalLink, normalizePortalConfig } from "../diff/normalize";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { call, send } from "../lifecycle/api";
import { defineCollectionResource } from "../lifecycle/collection";
import { pick } from "../lifecycle/outputs";
import type { Props } from "../lifecycle/json";
import type { ParentAddress } from "../lifecycle/parent";
import { managedKeysOf } from "../lifecycle/resource";
import { toWire } from "../mapping";
import { list, single } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { PortalWire } from "../wire/portal";
import { accountId, adopt, hostOrUrl, httpUrl, lineText, name, objectId, pathSegment, text } from "../validation/fields";
import { localeCode } from "../validation/portal-locales";

/** The checks of `PortalArgs` (sdk/portal.ts, where each argument is documented). */
export const PortalInputs = z
  .strictObject({
    accountId,
    name,
    slug: pathSegment,
    color: z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, "must be a hex colour, #RGB or #RRGGBB").optional(),
    customDomain: hostOrUrl.nullable().optional(),
    headerText: text.optional(),
    homepageLink: httpUrl.nullable().optional(),
    pageTitle: lineText.optional(),
    archived: z.boolean().optional(),
    config: z
      .strictObject({
        allowedLocales: z.array(localeCode).optional(),
        defaultLocale: localeCode.optional(),
      })
      .superRefine((c, ctx) => {
        if (c.allowedLocales && c.defaultLocale && !c.allowedLocales.includes(c.defaultLocale)) {
          ctx.addIssue({ code: "custom", path: ["defaultLocale"], message: `must be one of allowedLocales (${c.allowedLocales.join(", ")})` });
        }
      })
      .optional(),
    inboxId: objectId.nullable().optional(),
    adopt,
  });
export type PortalInputs = z.input<typeof PortalInputs>;
type Inputs = z.output<typeof PortalInputs>;


/** Where a portal is: the API addresses it by slug, the resource knows it by id. */
interface Where {
  accountId: number;
  id: string;
  slug: string;
}

const CONTROL_KEYS = ["adopt"] as const;
const managedKeys = managedKeysOf(PortalInputs, CONTROL_KEYS);
const path = (accountId: number, slug?: string) =>
  slug === undefined ? accountPath(accountId, "portals") : accountPath(accountId, "portals", slug);

/**
 * The portal fields among `keys`. The custom domain is sent as its host because create reduces it
 * and update does not; the config as exactly `{allowedLocales, defaultLocale}` with the server's
 * fallbacks applied, since other keys are dropped (or refused, by older servers) and the server
 * merges what is sent into the stored config: a default left out would keep the old one.
 */
function portalFields(inputs: Inputs, keys: readonly string[]): Props {
  const fields = pick(inputs, keys.filter((k) => k !== "accountId" && k !== "inboxId" && k !== "adopt"));
  if ("customDomain" in fields) fields.customDomain = normalizeCustomDomain(fields.customDomain) ?? "";
  if (fields.config !== undefined) fields.config = normalizePortalConfig(fields.config);
  return fields;
}

/** Portal fields go under `portal` (the controller requires it), `inbox_id` at the top level. */
function requestBody(fields: Props, inputs: Inputs, keys: readonly string[]): object {
  const inbox = keys.includes("inboxId") && inputs.inboxId !== undefined ? { inbox_id: inputs.inboxId } : {};
  return { portal: toWire(fields), ...inbox };
}

function createBody(inputs: Inputs): object {
  const keys = managedKeys.filter((k) => inputs[k as keyof Inputs] !== undefined);
  // Older servers fail with a 500 when custom_domain is missing (chatwoot#14397); "" means none.
  return requestBody({ customDomain: "", ...portalFields(inputs, keys) }, inputs, keys);
}

function patchBody(inputs: Inputs, keys: readonly string[], currentSlug: string): object {
  const fields = portalFields(inputs, keys);
  // `params.require(:portal)` refuses a request without portal fields: an inbox-only change names the slug.
  return requestBody(Object.keys(fields).length > 0 ? fields : { slug: currentSlug }, inputs, keys);
}

const get = (accountId: number, slug: string) => call(single(PortalWire), { method: "GET", path: path(accountId, slug) });
const listPortals = (accountId: number) => call(list(PortalWire), { method: "GET", path: path(accountId) });

/**
 * A portal as the parent of its categories and articles (`/portals/{slug}/...`): their inputs name it
 * by id, and its current slug is found by listing the account's portals. A slug the account does not
 * have answers 404, or 500 where the portal is looked up without a bang (categories, and articles on
 * servers before 2025).
 */
export const portalParent: ParentAddress = {
  idKey: "portalId",
  addressKey: "portalSlug",
  noun: "portal",
  segments: (slug) => ["portals", slug],
  locate: async (accountId, portalId) => (await listPortals(accountId)).find((p) => p.id === portalId)?.slug,
  all: async (accountId) => (await listPortals(accountId)).map((p) => ({ id: p.id, address: p.slug })),
  staleAnswers: [404, 500],
};

/** The answer servers before chatwoot#15798 (Sept 2026) give for a slug the account does not have. */
const isServerError = (err: unknown) => ChatwootApiError.isInstance(err) && err.status === 500;

/** A 404, or an older server's 500: the slug may no longer name the portal. */
function slugMissed(err: unknown): boolean {
  return isNotFound(err) || isServerError(err) || err instanceof SlugNamesAnotherPortal;
}

/** The stored slug now names a different portal (ours was renamed out of band and the slug reused). */
class SlugNamesAnotherPortal extends Error {}

const GONE = Symbol("gone");

/**
 * Runs `op` at the portal's slug. The stored slug can be stale (renamed out of band, or by a retried
 * PATCH whose first answer was lost), and older servers answer an unknown slug with a 500, so a miss
 * is settled by listing the account's portals and finding this one by id: under another slug, `op`
 * runs there; absent, the portal is gone; under the same slug, the failure was real and is raised.
 */
async function atCurrentSlug<T>(where: Where, op: (slug: string) => Promise<T>): Promise<T | typeof GONE> {
  try {
    return await op(where.slug);
  } catch (err) {
    if (!slugMissed(err)) throw err;
    const listed = (await listPortals(where.accountId)).find((p) => String(p.id) === where.id);
    if (listed === undefined) return GONE;
    if (listed.slug === where.slug) throw err;
    return op(listed.slug);
  }
}

/** The portal with this id, read at its current slug; `undefined` when the account no longer has it. */
async function locate(where: Where): Promise<PortalWire | undefined> {
  const found = await atCurrentSlug(where, async (slug) => {
    const portal = await get(where.accountId, slug);
    if (String(portal.id) !== where.id) throw new SlugNamesAnotherPortal(`slug "${slug}" names portal ${portal.id}`);
    return portal;
  });
  return found === GONE ? undefined : found;
}

/** Chatwoot silently ignores an inbox it cannot link (not a web widget); say so instead of drifting forever. */
function assertLinked(inputs: Inputs, portal: PortalWire): void {
  if (typeof inputs.inboxId === "number" && portal.inbox_id !== inputs.inboxId) {
    throw new Error(
      `portal "${portal.slug}": inbox ${inputs.inboxId} was not linked; Chatwoot links a portal only to a web-widget inbox of its account`,
    );
  }
}

/** Applies `keys` of `news` to the portal with one PATCH at its current slug and returns the result. */
async function patch(where: Where, news: Inputs, keys: readonly string[]): Promise<PortalWire> {
  const result = await atCurrentSlug(where, (slug) =>
    call(single(PortalWire), { method: "PATCH", path: path(where.accountId, slug), json: patchBody(news, keys, slug) }),
  );
  if (result === GONE) throw new Error(`portal ${where.id} no longer exists in account ${where.accountId}; run \`pulumi refresh\``);
  return result;
}

/** A 404 from a portal write that links an inbox: the inbox is what was not found. */
function explainInboxFailure(err: unknown, inputs: Inputs, keys: readonly string[]): unknown {
  if (!isNotFound(err) || !keys.includes("inboxId") || typeof inputs.inboxId !== "number") return err;
  return (err as ChatwootApiError).withHint(`inbox ${inputs.inboxId} was not found`);
}

const normalizers: Record<string, Normalizer> = {
  // Hex digits mean the same in either case.
  color: (v) => (typeof v === "string" ? v.toLowerCase() : (v ?? null)),
  customDomain: normalizeCustomDomain,
  homepageLink: normalizeOptionalLink,
  config: normalizePortalConfig,
};

/** Where the portal of these props (inputs or last outputs) is: its id, and the slug last seen. */
const whereOf = (props: Props, id: string): Where => ({ accountId: props.accountId as number, id, slug: props.slug as string });

/**
 * A help-center portal (`/portals/{slug}`); id: the portal id (the slug is an output and may
 * change). Adoption key: the slug. The API addresses a portal by its slug, which can change under
 * the resource: every request finds the portal by id when its slug misses.
 */
export const portal = defineCollectionResource({
  inputs: PortalInputs,
  wire: PortalWire,
  at: { path: "portals", show: "member" },
  adoption: {
    key: {
      matches: (inputs, p) => p.slug === inputs.slug,
      describe: (inputs) => `slug "${inputs.slug}"`,
    },
  },
  content: { normalizers, body: (inputs) => createBody(inputs) },
  hooks: {
    api: () => ({
      get: (props, id) => locate(whereOf(props, id)),
      patch: (inputs, id, keys, current) => patch(whereOf(current, id), inputs, keys),
      async remove(props, id) {
        // Deleting by a stale slug could delete another portal (ours renamed by hand, its old slug
        // reused): find this portal by id first; one GET is cheap next to a lost help center.
        const current = await locate(whereOf(props, id));
        if (current === undefined) return;
        // An answer lost after the portal was deleted is retried by the client and then 404s: deleted.
        await atCurrentSlug({ ...whereOf(props, id), slug: current.slug }, (slug) =>
          send({ method: "DELETE", path: path(props.accountId as number, slug) }),
        );
      },
    }),
    verify: assertLinked,
    explain: explainInboxFailure,
  },
});

import { z } from "zod";
import type { Normalizer } from "../diff/diff";
import { normalizeCustomDomain, normalizeOptionalLink, normalizePortalConfig } from "../diff/normalize";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { keyTaken, takeOver } from "../lifecycle/adopt";
import { call, send, writeThenRead } from "../lifecycle/api";
import { createOnce } from "../lifecycle/create-once";
import { outputsOf, pick } from "../lifecycle/outputs";
import { PartialCreateError } from "../lifecycle/partial-create";
import type { Props } from "../lifecycle/json";
import { defineResource, managedKeysOf } from "../lifecycle/resource";
import { fromWire, toWire } from "../mapping";
import { rememberCredentials } from "../wire/credential";
import { list, optionalString, single } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { accountId, adopt, hostOrUrl, httpUrl, lineText, name, objectId, oneLine, text } from "./fields";
import { localeCode } from "./portal-locales";

export const PortalInputs = z
  .strictObject({
    /** Account that owns the portal. Defaults to `chatwoot:accountId`. Changing it replaces the portal. */
    accountId,
    /** Name of the help center. */
    name,
    /**
     * The portal's address in URLs (`/hc/{slug}`), unique across all accounts of the installation.
     * Changing it renames the portal in place. Letters, digits and `-_~!$&'()*+,;=:@` only: `/`, `.`,
     * `?`, `#`, `%`, `\`, spaces and invisible characters cannot be addressed in a URL path. At
     * most 255 characters.
     */
    slug: z
      .string()
      .trim()
      .min(1, "must not be blank")
      .superRefine(oneLine())
      .regex(/^[^/\\.?#%\s\p{Cc}\p{Cf}]+$/u, 'must not contain "/", "\\", ".", "?", "#", "%" or spaces: it is a URL path segment'),
    /** Header colour of the help center, `#RGB` or `#RRGGBB`. */
    color: z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, "must be a hex colour, #RGB or #RRGGBB").optional(),
    /**
     * Domain the help center is served on: a host name such as `docs.example.com` (labels of
     * letters, digits and hyphens, at least one dot), or an http(s) URL whose host is used; `null`
     * removes it.
     */
    customDomain: hostOrUrl.nullable().optional(),
    /** Text of the help-center header. */
    headerText: text.optional(),
    /** Link back to the main site (http or https); `null` removes it. */
    homepageLink: httpUrl.nullable().optional(),
    /** Title of the help-center pages (one line). */
    pageTitle: lineText.optional(),
    /** Whether the portal is archived (taken offline). */
    archived: z.boolean().optional(),
    /** Locales the help center offers. */
    config: z
      .strictObject({
        /**
         * Locale codes articles can be written in (e.g. `["en", "es"]`): codes of the language list
         * Chatwoot's help center offers (`en`, `de`, `pt_BR`, `zh_TW`, ...; written with `_`).
         */
        allowedLocales: z.array(localeCode).optional(),
        /** The locale shown by default (a code of the same list); must be one of `allowedLocales` when both are given. */
        defaultLocale: localeCode.optional(),
      })
      .superRefine((c, ctx) => {
        if (c.allowedLocales && c.defaultLocale && !c.allowedLocales.includes(c.defaultLocale)) {
          ctx.addIssue({ code: "custom", path: ["defaultLocale"], message: `must be one of allowedLocales (${c.allowedLocales.join(", ")})` });
        }
      })
      .optional(),
    /** A web-widget inbox of the account whose widget links to this help center; `null` unlinks it. */
    inboxId: objectId.nullable().optional(),
    /** Take over the existing portal with this slug in this account instead of failing on it. */
    adopt,
  });
export type PortalInputs = z.input<typeof PortalInputs>;
type Inputs = z.output<typeof PortalInputs>;

/** Inbox fields that hold or embed secrets (the widget script carries the website token). */
const SECRET_INBOX_KEY = /token|secret|password|^web_widget_script$/i;

/**
 * The linked inbox as an output: never a website token, HMAC token or password in a portal's
 * outputs (their values are remembered for redaction all the same).
 */
const linkedInbox = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((inbox) => (inbox ? Object.fromEntries(Object.entries(rememberCredentials(inbox)).filter(([k]) => !SECRET_INBOX_KEY.test(k))) : null));

/** A portal as the server sends it, with the linked inbox (no credentials) and its id as `inbox_id`. */
export const PortalWire = z
  .object({
    id: z.number(),
    slug: z.string(),
    name: optionalString,
    color: optionalString,
    custom_domain: optionalString,
    header_text: optionalString,
    homepage_link: optionalString,
    page_title: optionalString,
    archived: z.boolean().nullish().transform((v) => v ?? false),
    account_id: z.number().optional(),
    // Reduced to what a user sets; locale objects with article counts become their codes.
    config: z.unknown().optional().transform((v) => normalizePortalConfig(fromWire(v))),
    inbox: linkedInbox,
    logo: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? null),
    // `meta` (article counters) is left out: not configuration, and counted only by show (create and
    // update answer null counts), so every refresh would report it as changed.
  })
  .transform((p) => ({ ...p, inbox_id: typeof p.inbox?.id === "number" ? p.inbox.id : null }));
type PortalWire = z.output<typeof PortalWire>;

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
 * fallbacks applied, since other keys are refused and a missing default would keep the old one.
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

/** The account's portal with this slug (to explain a create the server refused). */
async function findBySlug(accountId: number, slug: string): Promise<PortalWire | undefined> {
  try {
    return await get(accountId, slug);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    // A 500 means "unknown slug" only on older servers: believe it when the list agrees.
    if (!isServerError(err) || (await listPortals(accountId)).some((p) => p.slug === slug)) throw err;
    return undefined;
  }
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
  const after: Where = { ...where, slug: keys.includes("slug") ? news.slug : where.slug };
  const updated = await writeThenRead(
    async () => {
      const result = await atCurrentSlug(where, (slug) =>
        call(single(PortalWire), { method: "PATCH", path: path(where.accountId, slug), json: patchBody(news, keys, slug) }),
      ).catch((err: unknown) => Promise.reject(explainInboxFailure(err, news, keys)));
      if (result === GONE) throw new Error(`portal ${where.id} no longer exists in account ${where.accountId}; run \`pulumi refresh\``);
      return result;
    },
    async () => {
      const portal = await locate(after);
      if (portal === undefined) throw new Error(`portal ${where.id} disappeared from account ${where.accountId} during an update`);
      return portal;
    },
  );
  assertLinked(news, updated);
  return updated;
}

/** A 404 from a portal write that links an inbox: the inbox is what was not found. */
function explainInboxFailure(err: unknown, inputs: Inputs, keys: readonly string[]): unknown {
  if (!isNotFound(err) || !keys.includes("inboxId") || typeof inputs.inboxId !== "number") return err;
  return (err as ChatwootApiError).withHint(`inbox ${inputs.inboxId} was not found`);
}

/** Why a create must not make a portal with the slug, and what to do instead. */
const slugTaken = (existing: PortalWire, inputs: Inputs) => keyTaken(`portal ${existing.id} of account ${inputs.accountId}`, `slug "${inputs.slug}"`);

/** A 422 on create whose slug this account already uses: point to adoption. */
async function explainCreateFailure(err: unknown, inputs: Inputs): Promise<unknown> {
  if (!ChatwootApiError.isInstance(err) || err.status !== 422) return explainInboxFailure(err, inputs, ["inboxId"]);
  const existing = await findBySlug(inputs.accountId, inputs.slug).catch(() => undefined);
  if (!existing) return err;
  return err.withHint(slugTaken(existing, inputs));
}

const normalizers: Record<string, Normalizer> = {
  // Hex digits mean the same in either case.
  color: (v) => (typeof v === "string" ? v.toLowerCase() : (v ?? null)),
  customDomain: normalizeCustomDomain,
  homepageLink: normalizeOptionalLink,
  config: normalizePortalConfig,
};

/** A help-center portal (`/portals/{slug}`); id: the portal id (the slug is an output and may change). */
export const portal = defineResource({
  inputs: PortalInputs,
  account: "required",
  controlKeys: CONTROL_KEYS,
  replaceOn: ["accountId"],
  // Slugs are unique across every account: the old portal must give its slug up first.
  deleteBeforeReplace: true,
  normalizers,

  async create(inputs) {
    // The portals before the POST: one with the slug is adopted or refused, and none of them is
    // ever taken for the one a failed POST may have made.
    const listed = await listPortals(inputs.accountId);
    const existing = listed.find((p) => p.slug === inputs.slug);
    if (existing && !inputs.adopt) throw new Error(`POST ${path(inputs.accountId)} not sent: ${slugTaken(existing, inputs)}`);
    if (existing) {
      const where = { accountId: inputs.accountId, id: String(existing.id), slug: existing.slug };
      return takeOver({
        id: where.id,
        current: outputsOf(inputs, existing),
        inputs,
        keys: managedKeys,
        normalizers,
        patch: async (changed) => outputsOf(inputs, await patch(where, inputs, changed)),
      });
    }
    const json = createBody(inputs);
    const created = await createOnce({
      request: `POST ${path(inputs.accountId)}`,
      noun: "portal",
      post: () => call(single(PortalWire), { method: "POST", path: path(inputs.accountId), json }),
      list: () => listPortals(inputs.accountId),
      matches: (p) => p.slug === inputs.slug,
      listed,
      outputs: (p) => outputsOf(inputs, p),
    }).catch(async (err: unknown) => Promise.reject(await explainCreateFailure(err, inputs)));
    const outs = outputsOf(inputs, created);
    try {
      assertLinked(inputs, created);
    } catch (err) {
      throw new PartialCreateError(String(created.id), outs, err);
    }
    return { id: String(created.id), outs };
  },

  async read(id, olds) {
    const where = { accountId: olds.accountId as number, id, slug: olds.slug as string };
    const current = await locate(where);
    return current && outputsOf(olds, current);
  },

  async update(id, olds, news, changed) {
    const where = { accountId: news.accountId, id, slug: olds.slug as string };
    return outputsOf(news, await patch(where, news, changed));
  },

  async delete(id, olds) {
    const where = { accountId: olds.accountId as number, id, slug: olds.slug as string };
    // Deleting by a stale slug could delete another portal (ours renamed by hand, its old slug
    // reused): find this portal by id first; one GET is cheap next to a lost help center.
    const current = await locate(where);
    if (current === undefined) return;
    // An answer lost after the portal was deleted is retried by the client and then 404s: deleted.
    await atCurrentSlug({ ...where, slug: current.slug }, (slug) => send({ method: "DELETE", path: path(where.accountId, slug) }));
  },
});

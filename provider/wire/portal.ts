/** A help-center portal as the server sends it. */
import { z } from "zod";
import { normalizePortalConfig } from "../diff/normalize";
import { fromWire } from "../mapping";
import { rememberCredentials } from "./credential";
import { optionalString } from "./envelope";

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
export type PortalWire = z.output<typeof PortalWire>;

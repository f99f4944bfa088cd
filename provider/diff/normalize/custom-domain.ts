import { asPresentText } from "./coerce";

const HTTP_URL = /^https?:\/\//i;

/**
 * A portal's `customDomain` as the host it names, or `null` when there is none. What is treated as
 * equal, and why:
 * - Surrounding whitespace is ignored, and blank text means no custom domain (the server stores
 *   `""` as null).
 * - An http(s) URL counts as its host (`"https://Docs.example.com/x"` ≡ `"docs.example.com"`):
 *   Chatwoot reduces the value to its host on create (not on update), so a user who gives a URL
 *   would otherwise see drift after every create.
 * - Host names are case-insensitive, so the value is lower-cased.
 * A value that looks like a URL but does not parse is kept (trimmed, lower-cased).
 */
export function normalizeCustomDomain(v: unknown): string | null {
  const text = asPresentText(v)?.trim();
  if (text === undefined) return null;
  if (HTTP_URL.test(text)) {
    const host = hostOf(text);
    if (host) return host;
  }
  return text.toLowerCase();
}

/**
 * An optional link (a portal's `homepageLink`), or `null` when there is none: blank text means no
 * link, as the server stores `""` as null. Anything else is compared exactly, as stored.
 */
export function normalizeOptionalLink(v: unknown): string | null {
  return asPresentText(v);
}

/** The lower-cased host of a URL (WHATWG parsing lower-cases it and drops port and credentials). */
function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

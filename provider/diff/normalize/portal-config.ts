import { z } from "zod";
import { asList, asPresentText, isRecord } from "./coerce";

/** A portal's locale configuration, reduced to what a user sets. */
export const PortalConfig = z.object({
  allowedLocales: z.array(z.string()),
  defaultLocale: z.string(),
});
/** A portal's locale configuration, reduced to what a user sets. */
export type PortalConfig = z.infer<typeof PortalConfig>;

const FALLBACK_LOCALE = "en";

/**
 * A portal `config` reduced to `{ allowedLocales, defaultLocale }`. What is treated as equal, and why:
 * - Allowed locales given as codes (`"en"`, the request form) or as the server's objects
 *   (`{code, articlesCount, categoriesCount, draft}`, the response form) are reduced to their codes;
 *   the order and duplicates carry no meaning, so codes are de-duplicated and sorted. Blank codes
 *   are dropped, as the server does.
 * - A missing (or blank) default locale is the first allowed locale, else `"en"`; missing or empty
 *   allowed locales are `[defaultLocale]`: the fallbacks the server applies when it saves.
 * - The default locale always counts as allowed (the server adds it).
 * - Other config keys the server adds (`layout`, `draftLocales`, `websiteToken`, …) are not part of
 *   the comparison: they are not set through this field, and older servers reject them.
 * Locale codes are compared exactly (the server does not validate or rewrite them).
 */
export function normalizePortalConfig(v: unknown): PortalConfig {
  const config = isRecord(v) ? v : {};
  const codes: string[] = [];
  for (const locale of asList(config.allowedLocales)) {
    const code = asPresentText(isRecord(locale) ? locale.code : locale);
    if (code !== null) codes.push(code);
  }
  const defaultLocale = asPresentText(config.defaultLocale) ?? codes[0] ?? FALLBACK_LOCALE;
  // Plain code-unit sort: stable across machines, unlike localeCompare.
  const allowedLocales = [...new Set([...codes, defaultLocale])].sort();
  return { allowedLocales, defaultLocale };
}

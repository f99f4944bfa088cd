import { z } from "zod";
import { asPresentText } from "../../diff/normalize/coerce";
import { IANA_TIME_ZONES, RAILS_TIME_ZONES } from "./time-zone-names";

let known: Set<string> | undefined;

/** The IANA names a program may use: the database's identifiers, and whatever this Node.js knows besides. */
function knownNames(): Set<string> {
  known ??= new Set([...IANA_TIME_ZONES, ...Intl.supportedValuesOf("timeZone")]);
  return known;
}

/**
 * Whether Chatwoot accepts `name` as an inbox's time zone once the provider has mapped it (see
 * {@link ianaTimeZone}): an IANA identifier, spelled exactly (Chatwoot compares case-sensitively),
 * or one of Rails' friendly names.
 */
export function isKnownTimeZone(name: string): boolean {
  return knownNames().has(name) || Object.prototype.hasOwnProperty.call(RAILS_TIME_ZONES, name);
}

/**
 * The IANA spelling JavaScript gives a name it knows in another case (`"us/eastern"` →
 * `"America/New_York"`), for a check failure's suggestion; `undefined` when it knows none.
 */
export function suggestTimeZone(name: string): string | undefined {
  return resolve(name);
}

/** The IANA identifier to send for `name`: a Rails friendly name becomes its zone; anything else is kept. */
export function ianaTimeZone(name: string): string {
  return Object.prototype.hasOwnProperty.call(RAILS_TIME_ZONES, name) ? RAILS_TIME_ZONES[name] : name;
}

const resolved = new Map<string, string | undefined>();

/** The zone JavaScript resolves `name` to (one spelling per zone), or `undefined` when it knows none. */
function resolve(name: string): string | undefined {
  if (!resolved.has(name)) {
    let zone: string | undefined;
    try {
      zone = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      zone = undefined; // RangeError: not a zone JavaScript knows
    }
    resolved.set(name, zone);
  }
  return resolved.get(name);
}

/**
 * A time zone in compared form. What is treated as equal, and why:
 * - The names of one zone: links of the IANA database (`US/Eastern` ≡ `America/New_York`,
 *   `Asia/Calcutta` ≡ `Asia/Kolkata`, `Etc/UTC` ≡ `UTC`), which servers store or rewrite either way.
 * - A Rails friendly name and its zone (`"Eastern Time (US & Canada)"` ≡ `America/New_York`): the
 *   provider sends the zone in its place.
 * - Surrounding spaces; blank text is no zone (`null`).
 * A name JavaScript does not know is compared as given.
 */
export function normalizeTimeZone(v: unknown): string | null {
  const text = asPresentText(v)?.trim();
  if (text === undefined) return null;
  const iana = ianaTimeZone(text);
  return resolve(iana) ?? iana;
}

/**
 * The time zone of an inbox's working hours: an IANA name, spelled exactly (Chatwoot validates it
 * against the IANA database), or a Rails friendly name, which is sent as its IANA zone.
 */
export const TimeZone = z.string({ error: 'must be a time zone name such as "Europe/Berlin"' }).refine(isKnownTimeZone, {
  error: (issue) => {
    const given = String(issue.input);
    const suggestion = suggestTimeZone(given);
    return (
      `unknown time zone "${given}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}: use an IANA name such as ` +
      '"Europe/Berlin" or "America/New_York" (Rails names such as "Eastern Time (US & Canada)" are sent as their IANA zone)'
    );
  },
});

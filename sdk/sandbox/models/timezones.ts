/**
 * `validates :timezone, inclusion: { in: TZInfo::Timezone.all_identifiers }` (Inbox): IANA
 * identifiers, links included ("US/Eastern", "Asia/Calcutta", "Etc/UTC", "UTC"), spelled exactly;
 * Rails' friendly names ("Eastern Time (US & Canada)") and UTC offsets are refused. Upstream keeps
 * the identifier as sent (no rewriting of links to canonical names), and so does the sandbox.
 *
 * What the sandbox accepts: the names Node's ICU knows as time zones (canonical and linked; ICU's
 * data may lag tzdata by a release), spelled with IANA's case. ICU alone would also take
 * "europe/berlin", which TZInfo refuses: a name ICU resolves to itself must match it exactly, and
 * a link must start every path segment with a capital letter, as every IANA name does.
 */
export function isTimezoneIdentifier(name: string): boolean {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  if (name.toLowerCase() === resolved.toLowerCase()) return name === resolved;
  return name.split("/").every((segment) => /^[A-Z]/.test(segment));
}

/**
 * The account itself (AccountsController#show and #update, Account, AccountPolicy), behaving like
 * current upstream:
 * - the account is `current_user.accounts.find(id)`: an unknown account or one the user is no
 *   member of is 404; show is for every member, update for administrators;
 * - update reads top-level keys: name, locale, domain and support_email are assigned when sent;
 *   industry, company_size and timezone are merged into `custom_attributes`; auto_resolve_after,
 *   auto_resolve_message, auto_resolve_ignore_waiting, audio_transcriptions, auto_resolve_label
 *   and (Enterprise) conversation_required_attributes into `settings`; other keys are ignored;
 * - validations (422 RecordInvalid): name present; domain at most 100 characters; a support address
 *   that does not parse; the settings' JSON schema (auto_resolve_after an integer from 10 to
 *   1,439,856 minutes or null; the messages and label texts or null; the flags booleans or null;
 *   required attributes a list of texts or null); `locale` is a Rails enum of the account
 *   languages, another value an ArgumentError (a 500);
 * - `support_email` reads as the installation's sender address while the account has none.
 */
import { internalError, recordNotFound } from "../errors";
import { castString, permit, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors } from "../record-errors";
import type { AccountRecord, SandboxState, UserRecord } from "../state";

/** `LANGUAGES_CONFIG`'s codes, in their enum order. */
export const ACCOUNT_LOCALES = [
  "en", "ar", "nl", "fr", "de", "hi", "it", "ja", "ko", "pt", "ru", "zh", "es", "ml", "ca", "el", "pt_BR", "ro", "ta", "fa", "zh_TW",
  "vi", "da", "tr", "cs", "fi", "id", "sv", "hu", "nb", "zh_CN", "pl", "sk", "uk", "th", "lv", "is", "he", "lt", "sr",
] as const;


const ACCOUNT_PERMIT: PermitFilter = { name: "scalar", locale: "scalar", domain: "scalar", support_email: "scalar" };
const CUSTOM_ATTRIBUTES_PERMIT: PermitFilter = { industry: "scalar", company_size: "scalar", timezone: "scalar" };
const SETTINGS_PERMIT: PermitFilter = {
  auto_resolve_after: "scalar",
  auto_resolve_message: "scalar",
  auto_resolve_ignore_waiting: "scalar",
  audio_transcriptions: "scalar",
  auto_resolve_label: "scalar",
  conversation_required_attributes: "scalars",
};

/** `current_user.accounts.find(params[:id])`. */
export function findAccount(state: SandboxState, user: UserRecord, idParam: string): AccountRecord {
  const account = state.accounts.get(Number(idParam));
  if (!account || !/^\d+$/.test(idParam) || state.roleOf(user, account.id) === undefined) throw recordNotFound();
  return account;
}

/** Assigns what the request sends, validates, and saves (`save!`). */
export function updateAccount(account: AccountRecord, params: Params): AccountRecord {
  const draft: AccountRecord = structuredClone(account);
  const fields = permit(params, ACCOUNT_PERMIT);
  const has = (key: string) => Object.hasOwn(fields, key);
  if (has("name")) draft.name = castString(fields.name) ?? "";
  if (has("domain")) draft.domain = castString(fields.domain);
  if (has("support_email")) draft.support_email = castString(fields.support_email);
  if (has("locale")) draft.locale = localeOf(fields.locale);
  Object.assign(draft.custom_attributes, permit(params, CUSTOM_ATTRIBUTES_PERMIT));
  Object.assign(draft.settings, permit(params, SETTINGS_PERMIT));
  validateAccount(draft);
  Object.assign(account, draft);
  return account;
}

/** The enum: a code, its integer, or nil for a blank; anything else raises (a 500). */
export function localeOf(value: unknown): string | null {
  if (value === null || value === "") return null;
  if (typeof value === "number" && ACCOUNT_LOCALES[value] !== undefined) return ACCOUNT_LOCALES[value];
  if (typeof value === "string" && (ACCOUNT_LOCALES as readonly string[]).includes(value)) return value;
  throw internalError();
}

/** Account's validations; `errors` may hold those of a before_validation already. */
export function validateAccount(account: AccountRecord, errors = new RecordErrors()): void {
  if (account.name.trim() === "") errors.add("name", CANT_BE_BLANK);
  if (account.domain !== null && [...account.domain].length > 100) errors.add("domain", "is too long (maximum is 100 characters)");
  if (account.support_email !== null && account.support_email.trim() !== "" && !parsesAsAddress(account.support_email)) errors.add("support_email", "is invalid");
  const s = account.settings;
  const nullOr = (key: string, ok: (v: unknown) => boolean) => {
    if (s[key] !== null && s[key] !== undefined && !ok(s[key])) errors.add(key, "is invalid");
  };
  nullOr("auto_resolve_after", (v) => Number.isInteger(v) && (v as number) >= 10 && (v as number) <= 1_439_856);
  nullOr("auto_resolve_message", (v) => typeof v === "string");
  nullOr("auto_resolve_label", (v) => typeof v === "string");
  nullOr("auto_resolve_ignore_waiting", (v) => typeof v === "boolean");
  nullOr("audio_transcriptions", (v) => typeof v === "boolean");
  nullOr("conversation_required_attributes", (v) => Array.isArray(v) && v.every((x) => typeof x === "string"));
  errors.raiseIfAny();
  // support_email is a varchar(100): a longer one fails in the database.
  if (account.support_email !== null && [...account.support_email].length > 100) throw internalError();
}

/** `Mail::Address.new(value).address` is present: `addr@host`, or `Name <addr@host>`. */
function parsesAsAddress(value: string): boolean {
  return /^(?:[^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(value.trim());
}

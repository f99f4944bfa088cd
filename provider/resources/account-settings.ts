import { z } from "zod";
import { normalizeTextSet } from "../diff/normalize";
import { asInteger } from "../diff/normalize/coerce";
import { ChatwootApiError } from "../http/transport/errors";
import type { Props } from "../lifecycle/json";
import { defineSingletonResource } from "../lifecycle/singleton";
import { accountId, hostNameProblem, lineText, name, oneLine, text } from "../validation/fields";
import { AccountWire } from "../wire/account";
import { accountPath } from "../wire/paths";

/** The longest domain and support address the account's columns hold (`string(100)`). */
const COLUMN_MAX = 100;

/** `en`, `pt_BR`, `zh_TW`: Chatwoot's account languages are ISO 639-1 codes, some with a region after `_`. */
export const localeCode = z.string().superRefine((v, ctx) => {
  if (/^[a-z]{2,3}(?:_[A-Z][A-Za-z]{1,3})?$/.test(v)) return;
  const [language = "", region] = v.trim().split(/[-_]/);
  const hint = /^[a-z]{2,3}$/i.test(language) ? `; did you mean "${language.toLowerCase()}${region ? `_${region.toUpperCase()}` : ""}"?` : "";
  ctx.addIssue({ code: "custom", message: `must be a language code of Chatwoot's account languages, such as en, de, pt_BR or zh_TW${hint}` });
});

/** An address (`help@acme.test`) or a named one (`Acme Support <help@acme.test>`), as the mail library parses it. */
export const supportEmail = z
  .string({ error: "must be an e-mail address; Chatwoot shows the installation's sender address when the account has none, so it cannot be cleared" })
  .trim()
  .superRefine(oneLine(COLUMN_MAX))
  .regex(/^(?:[^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, "must be an e-mail address (help@acme.test, or Acme Support <help@acme.test>)");

/** The account's e-mail domain (for inbound mail and reply addresses), a host name. */
export const domain = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = [...v].length > COLUMN_MAX ? `must be at most ${COLUMN_MAX} characters` : hostNameProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .nullable();

/** Chatwoot's bounds of `auto_resolve_after`, in minutes (10 minutes to 999 days). */
const AUTO_RESOLVE_MIN = 10;
const AUTO_RESOLVE_MAX = 1_439_856;

/** The checks of `AccountSettingsArgs` (sdk/account-settings.ts, where each argument is documented). */
export const AccountSettingsInputs = z.strictObject({
  accountId,
  name: name.optional(),
  locale: localeCode.optional(),
  domain: domain.optional(),
  supportEmail: supportEmail.optional(),
  autoResolveAfter: z
    .number({ error: `must be a whole number of minutes from ${AUTO_RESOLVE_MIN} to ${AUTO_RESOLVE_MAX}, or null to turn auto-resolve off` })
    .int(`must be a whole number of minutes from ${AUTO_RESOLVE_MIN} to ${AUTO_RESOLVE_MAX}`)
    .min(AUTO_RESOLVE_MIN, `must be at least ${AUTO_RESOLVE_MIN} minutes`)
    .max(AUTO_RESOLVE_MAX, `must be at most ${AUTO_RESOLVE_MAX} minutes (999 days)`)
    .nullable()
    .optional(),
  autoResolveMessage: text.optional(),
  autoResolveIgnoreWaiting: z.boolean().nullable().optional(),
  autoResolveLabel: lineText.optional(),
  audioTranscriptions: z.boolean().nullable().optional(),
  // The server ignores a null list (it permits lists only): none is [].
  conversationRequiredAttributes: z.array(z.string().trim().min(1, "must not be blank").superRefine(oneLine()), { error: "must be a list of attribute keys ([] for none)" }).optional(),
  industry: lineText.optional(),
  companySize: lineText.optional(),
  timezone: lineText.optional(),
});
export type AccountSettingsInputs = z.input<typeof AccountSettingsInputs>;

/** Settings by output name, as the `settings` store names them. */
const SETTINGS = {
  autoResolveAfter: "auto_resolve_after",
  autoResolveMessage: "auto_resolve_message",
  autoResolveIgnoreWaiting: "auto_resolve_ignore_waiting",
  autoResolveLabel: "auto_resolve_label",
  audioTranscriptions: "audio_transcriptions",
  conversationRequiredAttributes: "conversation_required_attributes",
} as const;
/** Custom attributes by output name. */
const ATTRIBUTES = { industry: "industry", companySize: "company_size", timezone: "timezone" } as const;

/** Complete outputs: every managed property as the server holds it, null where it holds none. */
function outputs(base: Props, account: AccountWire): Props {
  const from = (store: Record<string, unknown> | null | undefined, names: Record<string, string>) =>
    Object.fromEntries(Object.entries(names).map(([output, key]) => [output, store?.[key] ?? null]));
  return {
    ...base,
    name: account.name,
    locale: account.locale,
    domain: account.domain,
    supportEmail: account.support_email,
    ...from(account.settings, SETTINGS),
    ...from(account.custom_attributes, ATTRIBUTES),
    status: account.status,
  };
}

/** Blank text is what Chatwoot leaves out of the custom attributes it shows: the same as none. */
const blankIsNone = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null));

/**
 * The account itself (`/api/v1/accounts/{id}`): its name, language, e-mail domain, support address,
 * auto-resolve and other settings; id: the account id. A singleton: creating it takes the account
 * over (one PATCH of what differs), deleting it only forgets it. Updating needs an administrator.
 */
export const accountSettings = defineSingletonResource({
  inputs: AccountSettingsInputs,
  noun: "settings",
  path: (props) => accountPath(props.accountId as number),
  wire: AccountWire,
  outputs,
  normalizers: {
    autoResolveAfter: (v) => asInteger(v) ?? (v ?? null),
    // A set of keys; an account that never had the setting holds none.
    conversationRequiredAttributes: normalizeTextSet,
    industry: blankIsNone,
    companySize: blankIsNone,
    timezone: blankIsNone,
  },
  explain: (err, _inputs, keys) =>
    ChatwootApiError.isInstance(err) && err.status === 500 && keys.includes("locale")
      ? err.withHint("Chatwoot answers 500 for a locale it does not offer as an account language; this server may not have it")
      : err,
});

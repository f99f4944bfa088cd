import { z } from "zod";
import { isRecord } from "../diff/normalize/coerce";
import { connection } from "../config";
import { ChatwootApiError } from "../http/transport/errors";
import { call } from "../lifecycle/api";
import { defineCollectionResource } from "../lifecycle/collection";
import type { Props } from "../lifecycle/json";
import { madeByRun } from "../lifecycle/run-listing";
import { name } from "../validation/fields";
import { list } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { ACCOUNT_LIMITS, PlatformAccountWire } from "../wire/platform";
import { domain, localeCode, supportEmail } from "./account-settings";

/** An account's status (Chatwoot's `accounts.status` enum). */
export const ACCOUNT_STATUSES = ["active", "suspended"] as const;

/** Refuses each limit whose name the server does not know, at the key. */
const knownLimits = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const key of Object.keys(value)) {
    if (!(ACCOUNT_LIMITS as readonly string[]).includes(key)) ctx.addIssue({ code: "custom", path: [key], message: `is not a limit Chatwoot knows: one of ${ACCOUNT_LIMITS.join(", ")}` });
  }
};

/** Feature flags are snake_case names (`help_center`, `channel_email`, `inbox_management`). */
const flagName = /^[a-z][a-z0-9_]*$/;

/** Refuses each key that is not a snake_case name, at the key. */
const snakeCaseKeys = (what: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const key of Object.keys(value)) if (!flagName.test(key)) ctx.addIssue({ code: "custom", path: [key], message: `must be ${what}` });
};

/** The checks of `PlatformAccountArgs` (sdk/platform-account.ts, where each argument is documented). */
export const PlatformAccountInputs = z.strictObject({
  name,
  locale: localeCode.optional(),
  domain: domain.optional(),
  supportEmail: supportEmail.optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: `must be one of ${ACCOUNT_STATUSES.join(", ")}` }).optional(),
  features: z
    .record(z.string(), z.boolean({ error: "must be true (on) or false (off)" }), { error: "must be an object of feature flags, each true (on) or false (off)" })
    .superRefine(snakeCaseKeys("a feature flag's name in snake_case (help_center, channel_email, ...)"))
    .optional(),
  limits: z
    .record(z.string(), z.number({ error: "must be a whole number, at least 0" }).int("must be a whole number").min(0, "must be at least 0"), {
      error: `must be an object of limits, each a whole number (${ACCOUNT_LIMITS.join(", ")})`,
    })
    .superRefine(knownLimits)
    .optional(),
  customAttributes: z.record(z.string(), z.json(), { error: "must be an object of JSON values" }).optional(),
});
export type PlatformAccountInputs = z.input<typeof PlatformAccountInputs>;
type Inputs = z.output<typeof PlatformAccountInputs>;

/** Inputs by the request field that carries them. */
const FIELDS = {
  name: "name", locale: "locale", domain: "domain", supportEmail: "support_email", status: "status", features: "features", limits: "limits", customAttributes: "custom_attributes",
} as const;

/** The flags the program names, each true when on: only those are managed (others stay as the installation set them). */
function declaredFlags(flags: unknown, enabled: readonly string[]): Record<string, boolean> | null {
  if (!isRecord(flags)) return null;
  return Object.fromEntries(Object.keys(flags).sort().map((flag) => [flag, enabled.includes(flag)]));
}

/** Complete outputs: the account as the Platform API shows it; `features` holds the flags the program names (all that are on, when it names none). */
function outputs(base: Props, account: PlatformAccountWire): Props {
  return {
    ...base,
    name: account.name,
    locale: account.locale,
    domain: account.domain,
    supportEmail: account.support_email,
    status: account.status,
    features: declaredFlags(base.features, account.enabled) ?? Object.fromEntries(account.enabled.sort().map((flag) => [flag, true])),
    limits: account.limits ?? {},
    customAttributes: account.custom_attributes ?? {},
  };
}

/** Whether an account is what a create with these inputs makes (accounts have no natural key: the name and what was sent). */
function sameAccount(inputs: Inputs, account: PlatformAccountWire): boolean {
  const sent = (v: unknown) => v ?? null;
  return account.name === inputs.name && (inputs.locale === undefined || sent(account.locale) === inputs.locale) && (inputs.domain === undefined || sent(account.domain) === sent(inputs.domain));
}

/** Older servers have no accounts index: without it a create cannot be recovered safely, so none is sent. */
function explainIndex(err: unknown): unknown {
  if (!ChatwootApiError.isInstance(err) || err.status !== 404) return err;
  return err.withHint(
    "this server has no accounts index (GET /platform/api/v1/accounts, which newer Chatwoot versions have): without it a create whose answer is lost cannot be told from a duplicate, so PlatformAccount needs it",
  );
}

/**
 * An account of the installation, made through the Platform API (`/platform/api/v1/accounts`,
 * `chatwoot:platformAccessToken`); id: the account id. A Platform App reaches only the accounts it
 * made. No natural key (names repeat): a lost create is recognised by its name among the accounts
 * new since the POST. Deleting answers at once; Chatwoot deletes the account in a background job.
 */
export const platformAccount = defineCollectionResource({
  inputs: PlatformAccountInputs,
  wire: PlatformAccountWire,
  noun: "account",
  at: { path: "accounts", show: "member", area: "platform", account: "none" },
  adoption: { sameContent: sameAccount },
  content: {
    normalizers: {
      // Only the named flags are compared; a flag the server does not list is off.
      features: (v, desired) => (isRecord(desired) ? Object.fromEntries(Object.keys(desired).sort().map((f) => [f, isRecord(v) && v[f] === true])) : (v ?? null)),
      limits: (v) => (isRecord(v) ? v : {}),
      customAttributes: (v) => (isRecord(v) ? v : {}),
    },
    body: (inputs, keys) => Object.fromEntries(Object.entries(FIELDS).filter(([input]) => keys.includes(input)).map(([input, field]) => [field, inputs[input as keyof typeof FIELDS]])),
    outputs,
  },
  hooks: {
    api: (_rest, at) => ({
      list: async (inputs) => call(list(PlatformAccountWire), { method: "GET", path: at.collection(inputs) }).catch((err: unknown) => Promise.reject(explainIndex(err))),
    }),
    // The account is new and empty: the creates of this run in it need not list its collections first.
    created: (_inputs, account) => madeByRun(connection().url, accountPath(account.id)),
  },
});

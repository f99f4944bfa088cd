/** The Platform API's accounts, users and account users, as the server sends them. */
import { z } from "zod";
import { AccountWire } from "./account";
import { credential } from "./credential";
import { optionalString } from "./envelope";

const hash = z.record(z.string(), z.unknown());

/**
 * The plan limits an account may have (`accounts.limits`): Enterprise's `validate_limit_keys`
 * refuses any other name (422 "Limits : Invalid data"), a community server reads none. Older
 * servers know fewer of them.
 */
export const ACCOUNT_LIMITS = ["agents", "inboxes", "emails", "captain_responses", "captain_documents"] as const;

/**
 * The enabled feature flags: `features` (a hash of `true`s) on current servers, `enabled_features`
 * (the same hash, or a list of names) on older ones.
 */
const flags = z.union([hash, z.array(z.string()).transform((names) => Object.fromEntries(names.map((n) => [n, true])))]).nullish();

/** `platform/api/v1/models/_account`: the account's fields of the accounts API, with its flags and limits. */
export const PlatformAccountWire = AccountWire.omit({ settings: true })
  .extend({
    features: flags,
    enabled_features: flags,
    limits: hash.nullish(),
  })
  .transform(({ enabled_features, features, ...account }) => ({
    ...account,
    /** The flags that are on, by name. */
    enabled: Object.keys(features ?? enabled_features ?? {}).filter((flag) => (features ?? enabled_features)?.[flag] === true),
  }));
export type PlatformAccountWire = z.output<typeof PlatformAccountWire>;

/**
 * `platform/api/v1/models/_user`. The view carries the user's API access token and pubsub token:
 * credentials, remembered for redaction and never kept in outputs.
 */
export const PlatformUserWire = z.object({
  id: z.number().int(),
  name: optionalString,
  display_name: optionalString,
  email: optionalString,
  available_name: optionalString,
  confirmed: z.boolean().nullish(),
  custom_attributes: hash.nullish(),
  access_token: credential(z.string()).nullish(),
  pubsub_token: credential(z.string()).nullish(),
  ui_settings: hash.nullish(),
  avatar_url: optionalString,
  accounts: z.array(z.object({ id: z.number().int() }).loose()).nullish(),
});
export type PlatformUserWire = z.output<typeof PlatformUserWire>;

/**
 * An AccountUser row (`render json: account_user`). The provider knows a membership by its user,
 * so the user id stands as the object's id.
 */
export const AccountUserWire = z
  .object({ id: z.number().int().nullish(), account_id: z.number().int(), user_id: z.number().int(), role: z.union([z.string(), z.number()]).nullish() })
  .transform(({ id: rowId, role, ...row }) => ({
    ...row,
    rowId: rowId ?? null,
    id: row.user_id,
    // Rails renders the enum by name; a build that renders its integer says 0 for agent, 1 for administrator.
    role: role === 0 ? "agent" : role === 1 ? "administrator" : (role ?? null),
  }));
export type AccountUserWire = z.output<typeof AccountUserWire>;

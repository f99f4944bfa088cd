import { z } from "zod";
import type { ApiRequest } from "../http/transport/client";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { single } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { call } from "./api";

/**
 * Features a server or an account may lack. A Chatwoot Enterprise feature is missing in one of two
 * ways: a community edition server has no controller for its routes (Rails' routing 404, which
 * must never read as "the object is gone"), and an Enterprise server answers every request of an
 * account whose feature flag is off with the role check's 401. Reading the account tells which
 * (`GET /api/v1/accounts/{id}`, open to every member): it exists, so a 404 was the route's; its
 * `features` lack the flag, so a 401 was the flag's.
 */
export interface Feature {
  /**
   * The account feature flag that turns it on (`sla`); none for a feature of the Enterprise edition
   * that no flag gates (agent capacity policies), where a 401 is the role's.
   */
  flag?: string;
  /** What the feature manages, in the plural, for messages (`SLA policies`). */
  what: string;
}

/** A request that failed because the server or the account lacks the feature; never a 404 of an object. */
export class FeatureUnavailableError extends Error {
  constructor(
    readonly request: ChatwootApiError,
    readonly reason: string,
  ) {
    // The server's own words, then why: the hint a role failure gets would mislead here.
    super(`${request.method} ${request.path}: ${request.status ?? request.kind} ${request.serverMessage ?? ""}`.trimEnd() + `; ${reason}`);
    this.name = "FeatureUnavailableError";
  }
}

/** An account as `GET /api/v1/accounts/{id}` answers it: `features` holds the enabled flags (`{"sla": true}`). */
export const AccountFeatures = single(z.object({ id: z.number(), features: z.record(z.string(), z.unknown()).nullish() }));
export type AccountFeatures = z.output<typeof AccountFeatures>;

/** The request that reads an account's features. */
export const accountRequest = (accountId: number): ApiRequest => ({ method: "GET", path: accountPath(accountId) });

/**
 * Why `err` happened, when it is the feature that is missing: the edition for a 404 (the account
 * exists), the account's flag for Pundit's 401 (the account does not list the flag as on).
 * Undefined for every other failure, and when the account cannot be read. `readAccount` sends
 * {@link accountRequest} through the caller's client.
 */
export async function missingFeature(err: unknown, feature: Feature, readAccount: () => Promise<AccountFeatures>): Promise<string | undefined> {
  if (!ChatwootApiError.isInstance(err)) return undefined;
  const guard = featureSwitchedOff(err);
  if (guard !== undefined) {
    return `the account's "${feature.flag}" feature is off (the server: "${guard}"): ${feature.what} are a Chatwoot Enterprise feature that a super administrator turns on per account`;
  }
  const denied = err.status === 401 && /not authorized to do this action/i.test(err.serverMessage ?? "");
  if (err.status !== 404 && !(denied && feature.flag !== undefined)) return undefined;
  let account: AccountFeatures;
  try {
    account = await readAccount();
  } catch {
    return undefined;
  }
  if (err.status === 404) {
    return `this server has no ${feature.what}: they are a feature of Chatwoot's Enterprise edition, and a community edition server answers their routes with 404`;
  }
  if (feature.flag === undefined || account.features?.[feature.flag] === true) return undefined;
  return (
    `the account's "${feature.flag}" feature is off: ${feature.what} are a Chatwoot Enterprise feature that a super administrator ` +
    "turns on per account (Super Admin > Accounts > the account > Features)"
  );
}

/**
 * The server's own words when `err` is the 403 of a feature guard of the newest Enterprise
 * controllers (Captain's `ensure_captain_enabled`, custom tools', SAML's: "Custom tools are not
 * enabled for this account"), or `undefined`. Left as the request's error in a resource's
 * lifecycle, where the transport's hint says what to turn on; an export reads it as a kind the
 * account does not have.
 */
export function featureSwitchedOff(err: unknown): string | undefined {
  if (!ChatwootApiError.isInstance(err) || err.status !== 403) return undefined;
  return /not enabled/i.test(err.serverMessage ?? "") ? err.serverMessage : undefined;
}

/** `err`, or the error saying which feature is missing when that is why it happened (through the provider's client). */
export async function explainMissing(err: unknown, accountId: number, feature: Feature): Promise<unknown> {
  const reason = await missingFeature(err, feature, () => call(AccountFeatures, accountRequest(accountId)));
  return reason === undefined ? err : new FeatureUnavailableError(err as ChatwootApiError, reason);
}

/**
 * A 404 of an object nested under a feature's collection (a capacity policy's limits or users, an assistant's inboxes):
 * the object's own when the feature's index answers (`GET` of `indexPath`), else the feature's
 * absence, explained. `err` as it is for every other failure.
 */
export async function notFoundOrMissing(err: unknown, accountId: number, feature: Feature, indexPath: string): Promise<unknown> {
  if (!ChatwootApiError.isInstance(err) || err.status !== 404) return err;
  try {
    await call(z.unknown(), { method: "GET", path: indexPath });
  } catch (indexErr) {
    return explainMissing(indexErr, accountId, feature);
  }
  return err;
}

/** A request method of an object API: its first argument holds the account (`accountId`). */
type Method = (props: { accountId?: unknown }, ...rest: unknown[]) => Promise<unknown>;

/**
 * `api` with every failure of a missing feature explained. A server without the feature answers
 * 404 for every one of its paths, so the collection must answer before a 404 may mean "gone": an
 * object read as gone is confirmed by `probe` (the collection's list by default; for a collection
 * nested under another object, the parents' list, which a gone parent does not fail), a delete
 * (which takes a 404 for done) probes first, and any other 404 is the object's only when the probe answers.
 */
export function gatedApi<A extends { list(props: never): Promise<unknown> }>(api: A, feature: Feature | undefined, probe?: (props: { accountId?: unknown }) => Promise<unknown>): A {
  if (!feature) return api;
  const methods = api as unknown as Record<string, Method>;
  const check = probe ?? (methods.list as Method);
  const answers = (props: { accountId?: unknown }) => check(props).then(() => true, () => false);
  const guarded: Record<string, Method> = {};
  for (const [name, method] of Object.entries(methods)) {
    guarded[name] = async (props, ...rest) => {
      let probed = false;
      try {
        if (name === "remove") probed = (await check(props), true);
        const result = await method(props, ...rest);
        if (name === "get" && result === undefined) await check(props);
        return result;
      } catch (err) {
        // A guard's 403 says what is off already, and carries the transport's hint: kept as it is.
        if (featureSwitchedOff(err) !== undefined) throw err;
        // The feature is there (the probe answers): the 404 is the object's (gone).
        if (isNotFound(err) && (probed || (name !== "list" && (await answers(props))))) throw err;
        throw await explainMissing(err, props.accountId as number, feature);
      }
    };
  }
  return guarded as unknown as A;
}

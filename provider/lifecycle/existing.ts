/**
 * `X.get` (sdk/resource-conventions.ts) on either front door: the SDK hands the engine the props it
 * was given with a mark, and the engine calls `read` with those props alone, not with state of ours.
 * The object is then read as `pulumi import` reads it. Outputs never carry the mark, so a refresh
 * reads as usual.
 */
import type { Props } from "./json";
import type { ResourceLifecycle } from "./resource";

/** The mark `X.get` puts in the props it hands to the engine (the SDK declares the same key). */
export const EXISTING_KEY = "__existing";

/** Whether a read's props are those of an `X.get`. */
export const isExistingRead = (props: Props | undefined): boolean => props?.[EXISTING_KEY] === true;

/**
 * `X.get`'s read: the object `id` found by the type's import (any object of the type by its id
 * alone, the account the configured one), in the account `props.accountId` names when the type's
 * ids take one in front (`<accountId>/<id>`). An id that names nothing fails, saying so.
 */
export async function readExisting(lifecycle: ResourceLifecycle, kind: string, id: string, props: Props): Promise<{ id: string; props: Props; inputs: Props }> {
  const number = /^[1-9]\d*$/;
  const account = String(props.accountId);
  const inAccount = number.test(account) && number.test(id) && lifecycle.importForms.some((f) => /^<accountId>\/<\w+>$/.test(f));
  const importId = inAccount ? `${account}/${id}` : id;
  const found = await lifecycle.import(importId);
  if (!found) throw new Error(`${kind} ${JSON.stringify(importId)} was not found (the server answered 404)`);
  return found;
}

import { ChatwootApiError } from "../http/transport/errors";
import type { Props } from "./json";

/**
 * Where a collection nested under another object is (a portal's categories, at
 * `/portals/{slug}/categories`): the inputs name that object by id, the API by an address that can
 * change (a slug renamed in the program or by hand).
 */
export interface ParentAddress {
  /** The input naming the parent by id (`portalId`); changing it replaces the object. */
  idKey: string;
  /**
   * The output keeping the parent's address as last seen (`portalSlug`); never an input. Absent
   * where the address is the parent's id (an assistant's scenarios, at `/captain/assistants/{id}/...`).
   */
  addressKey?: string;
  /** What the parent is called in messages: `portal`. */
  noun: string;
  /** The path segments below the account for the parent at `address`: `["portals", "help"]`. */
  segments(address: string): string[];
  /** The parent's current address, or `undefined` when the account has no such parent (one request). */
  locate(accountId: number, parentId: number): Promise<string | undefined>;
  /** Every parent of the account, with its address (one request): where an imported object may be. */
  all(accountId: number): Promise<{ id: number; address: string }[]>;
  /** Statuses that may mean the address is stale rather than the object gone: Chatwoot's 404, or an older server's 500. */
  staleAnswers: readonly number[];
}

/** `props` with the parent's address (kept only where it is not the id). */
const at = (parent: ParentAddress, props: Props, address: string): Props => (parent.addressKey ? { ...props, [parent.addressKey]: address } : props);

/** The parent's address as the props hold it: the kept address, or the parent's id. */
export const addressOf = (parent: ParentAddress, props: Props): string => String(props[parent.addressKey ?? parent.idKey]);

/** The parent of `props`, looked up: its current address, or `undefined` when it is gone. */
export const locateParent = (parent: ParentAddress, props: Props) => parent.locate(props.accountId as number, props[parent.idKey] as number);

/**
 * Runs `op` where the parent was last seen (the address in `props`). An answer that a stale address
 * may cause (one of the parent's `staleAnswers`, or a result `missed` calls a miss: nothing found)
 * has the parent looked up again: gone, and the result is `undefined`; elsewhere, and `op` runs
 * once more there; where it was, and the first answer stands. Resolves to the props `op` last ran
 * with (the address that worked) and its result.
 */
export async function atParent<T>(
  parent: ParentAddress,
  props: Props,
  op: (props: Props) => Promise<T>,
  missed: (value: T) => boolean = () => false,
): Promise<{ props: Props; value: T } | undefined> {
  const stored = addressOf(parent, props);
  let first: { value: T } | { error: unknown };
  try {
    first = { value: await op(props) };
    if (!missed(first.value)) return { props, value: first.value };
  } catch (err) {
    const stale = ChatwootApiError.isInstance(err) && err.status !== undefined && parent.staleAnswers.includes(err.status);
    if (!stale) throw err;
    first = { error: err };
  }
  const address = await locateParent(parent, props);
  if (address === undefined) return undefined;
  if (address !== stored) {
    const moved = at(parent, props, address);
    return { props: moved, value: await op(moved) };
  }
  if ("error" in first) throw first.error;
  return { props, value: first.value };
}

/** `props` placed at the parent's current address; fails naming the parent when the account has none with that id. */
export async function placeAtParent(parent: ParentAddress, props: Props): Promise<Props> {
  const address = await locateParent(parent, props);
  if (address === undefined) {
    throw new Error(`${parent.idKey} ${String(props[parent.idKey])}: account ${String(props.accountId)} has no ${parent.noun} with that id`);
  }
  return at(parent, props, address);
}

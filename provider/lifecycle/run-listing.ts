import { createHash } from "node:crypto";
import { configurationEpoch } from "../config";
import { runId } from "./run";

/** A server object: anything with a numeric id. */
type Identified = { id: number };

/**
 * How long a kept listing stands in for a fresh one: 30 s. Under a rate limit a create already
 * waits up to a window (Chatwoot's is a minute) between its listing and its POST, so a picture of
 * that age is what the POST could rely on before; an older one is listed again.
 */
export const LISTING_MAX_AGE_MS = 30_000;

/** What is listed: a collection as one set of credentials sees it, and the kind of its objects. */
export interface ListingScope {
  /**
   * The kind of object (any object standing for it, the same for every scope of the kind): the
   * run's updates and deletes of an object of the kind reach every listing that holds it.
   */
  family: object;
  /** Server, credentials, collection and query: only uses of one scope share a listing. */
  key: readonly unknown[];
  /**
   * The account whose collection this is, where a new account's is empty (see
   * {@link accountMadeByRun}): the server's URL and the account's id.
   */
  newAccount?: { url: string; accountId: number };
}

/** One use of a collection's listing. */
export interface Listing<T extends Identified> {
  /** The objects as the run knows them: as listed, with what the run made, changed and deleted since. */
  readonly objects: readonly T[];
  /** Whether they were listed for this use (just now), rather than kept from earlier in the run. */
  readonly fresh: boolean;
  /** The objects this run's creates made: never a lost answer's object for another create. */
  readonly claimed: ReadonlySet<number>;
  /** The collection listed again now, for a decision a kept listing must not make alone; it replaces the run's. */
  again(): Promise<Listing<T>>;
  /** Records an object a create of this run made (its answer, or the object found after a lost one). */
  claim(object: T): void;
  /** Records the id of an object a create of this run made, whose server form is not at hand. */
  claimId(id: number): void;
  /** Forgets the kept listing (a create failed): the next use lists again. */
  drop(): void;
}

interface Kept {
  family: object;
  /** When the listing was taken (its request sent). */
  at: number;
  objects: Map<number, Identified>;
}

interface Run {
  run: string;
  epoch: number;
  kept: Map<string, Kept>;
  /** Listings on their way, shared by the uses that wait for them. */
  pending: Map<string, Promise<Kept>>;
  claimed: Map<string, Set<number>>;
  /** The accounts this run made, by server and id: when each was made. */
  madeAccounts: Map<string, number>;
}

let state: Run | undefined;

/** The run's listings, started over for a new run or a new configuration. */
function current(): Run {
  const run = runId();
  const epoch = configurationEpoch();
  if (state?.run !== run || state.epoch !== epoch) state = { run, epoch, kept: new Map(), pending: new Map(), claimed: new Map(), madeAccounts: new Map() };
  return state;
}

const keyOf = (scope: ListingScope) => createHash("sha256").update(JSON.stringify(scope.key)).digest("hex");
const accountKey = (url: string, accountId: number) => JSON.stringify([url, accountId]);

/**
 * An account this run made (a `PlatformAccount`'s create): until {@link LISTING_MAX_AGE_MS} after
 * it, each of its collections that scopes it as `newAccount` is known without a listing, as the
 * account was made, empty, with what this run's creates make since. A member of a fleet whose
 * account is `new` then lists none of the collections it fills.
 */
export function accountMadeByRun(url: string, accountId: number): void {
  current().madeAccounts.set(accountKey(url, accountId), Date.now());
}

/**
 * A collection's listing for this run: the one kept since an earlier use, or a new one (one GET,
 * shared by the uses that come while it is on its way). Through `pulumi up` on a file or
 * PostgreSQL backend creates reach the provider one at a time, each after the engine saved a
 * checkpoint: listing the collection before each POST would cost every create two requests, where
 * one listing per collection serves the run. The kept listing follows the run's own writes (what
 * its creates make, see {@link Listing.claim}, and what its updates and deletes change, see
 * {@link listedChanged} and {@link listedGone}), and is used for at most {@link LISTING_MAX_AGE_MS}
 * after it was taken: objects other clients make meanwhile are what it does not show (see
 * `createOnce` for what that means for a create). A new run, or the provider configured anew,
 * lists afresh.
 */
export async function runListing<T extends Identified>(scope: ListingScope, list: () => Promise<T[]>): Promise<Listing<T>> {
  const run = current();
  const key = keyOf(scope);
  const found = run.kept.get(key);
  if (found && Date.now() - found.at <= LISTING_MAX_AGE_MS) return use<T>(run, key, found, false, list, scope);
  const made = !found && scope.newAccount ? run.madeAccounts.get(accountKey(scope.newAccount.url, scope.newAccount.accountId)) : undefined;
  if (made !== undefined && Date.now() - made <= LISTING_MAX_AGE_MS) {
    // As a listing taken when the account was made: kept, so a decision against a create lists again.
    const empty: Kept = { family: scope.family, at: made, objects: new Map() };
    run.kept.set(key, empty);
    return use<T>(run, key, empty, false, list, scope);
  }
  return use<T>(run, key, await listNow(run, key, scope, list), true, list, scope);
}

/** Lists the collection (or joins the listing on its way) and keeps it for the run. */
function listNow(run: Run, key: string, scope: ListingScope, list: () => Promise<Identified[]>): Promise<Kept> {
  const onItsWay = run.pending.get(key);
  if (onItsWay) return onItsWay;
  const at = Date.now();
  const listing = list().then(
    (objects) => {
      const kept: Kept = { family: scope.family, at, objects: new Map(objects.map((o) => [o.id, o])) };
      if (current() === run) run.kept.set(key, kept);
      return kept;
    },
  );
  run.pending.set(key, listing);
  const done = () => run.pending.get(key) === listing && run.pending.delete(key);
  listing.then(done, done);
  return listing;
}

function use<T extends Identified>(run: Run, key: string, kept: Kept, fresh: boolean, list: () => Promise<T[]>, scope: ListingScope): Listing<T> {
  let claimed = run.claimed.get(key);
  if (!claimed) {
    claimed = new Set();
    run.claimed.set(key, claimed);
  }
  const ids = claimed;
  return {
    get objects() {
      return [...kept.objects.values()] as T[];
    },
    fresh,
    claimed: ids,
    again: async () => use<T>(run, key, await listNow(run, key, scope, list), true, list, scope),
    claim(object) {
      ids.add(object.id);
      kept.objects.set(object.id, object);
    },
    claimId(id) {
      ids.add(id);
    },
    drop() {
      if (run.kept.get(key) === kept) run.kept.delete(key);
    },
  };
}

/** An object of `family` the run changed (an update's answer): the listings that hold it show it as it is now. */
export function listedChanged(family: object, object: Identified): void {
  for (const kept of current().kept.values()) if (kept.family === family && kept.objects.has(object.id)) kept.objects.set(object.id, object);
}

/** An object of `family` the run deleted: no listing holds it any more. */
export function listedGone(family: object, id: number): void {
  for (const kept of current().kept.values()) if (kept.family === family) kept.objects.delete(id);
}

/** For tests: forget the kept listings, as a command run after the server was reset starts without them. */
export function forgetRunListings(): void {
  state = undefined;
}

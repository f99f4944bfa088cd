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
  /** The object the collection belongs to: the server's URL and the object's path (an account's is `accountPath(id)`). */
  owner?: { url: string; path: string };
  /** Whether the collection is empty when this run made its owner (see {@link madeByRun}). */
  emptyWhenNew?: boolean;
  /**
   * Where the collection is a list of the owner's users, which another list also adds (an
   * account's agents; the Platform API's account users): a user the run adds through another such
   * list (see {@link usersAdded}) joins the run's listing as `fromId(id)` where the kind can stand
   * for a user by id alone, and otherwise the listing is taken again.
   */
  users?: { fromId?(userId: number): Identified };
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
  /** Where the listing is of its owner's users: the owner, and how a user the run adds elsewhere joins it. */
  usersOf?: { owner: string; users: NonNullable<ListingScope["users"]> };
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
  /** The objects this run made, by server and path. */
  made: Map<string, Made>;
}

interface Made {
  /** When the object was made. */
  at: number;
  /** The users the run added to it since (an account's), through any list of them. */
  users: number[];
}

let state: Run | undefined;

/** The run's listings, started over for a new run or a new configuration. */
function current(): Run {
  const run = runId();
  const epoch = configurationEpoch();
  if (state?.run !== run || state.epoch !== epoch) state = { run, epoch, kept: new Map(), pending: new Map(), claimed: new Map(), made: new Map() };
  return state;
}

const keyOf = (scope: ListingScope) => createHash("sha256").update(JSON.stringify(scope.key)).digest("hex");
const placeKey = (url: string, path: string) => JSON.stringify([url, path]);

/**
 * An object this run made (a create's answer, at its path on the server `url`): until
 * {@link LISTING_MAX_AGE_MS} after it, what belongs to it (an account's collections, a team's
 * members) is known without a listing, as it was made, empty, with what this run's creates put
 * there since. A member of a fleet whose account is `new` then lists none of the collections it fills.
 */
export function madeByRun(url: string, path: string): void {
  current().made.set(placeKey(url, path), { at: Date.now(), users: [] });
}

/** When this run made the object at `path`, if it did so less than {@link LISTING_MAX_AGE_MS} ago. */
function madeAt(url: string, path: string): Made | undefined {
  const made = current().made.get(placeKey(url, path));
  return made && Date.now() - made.at <= LISTING_MAX_AGE_MS ? made : undefined;
}

/** Whether this run made the object at `path` less than {@link LISTING_MAX_AGE_MS} ago, so that nothing else is in it yet. */
export function newlyMadeByRun(url: string, path: string): boolean {
  return madeAt(url, path) !== undefined;
}

/**
 * Users the run added to the account at `path` through a list of its users of `family` (an agent
 * invited; a Platform API account user): the run's listings of the account's users of every other
 * family show them too, as a user by id where they can, or are taken again.
 */
export function usersAdded(family: object, url: string, path: string, userIds: readonly number[]): void {
  const run = current();
  const owner = placeKey(url, path);
  run.made.get(owner)?.users.push(...userIds);
  for (const [key, kept] of run.kept) {
    if (kept.usersOf?.owner !== owner || kept.family === family) continue;
    const { fromId } = kept.usersOf.users;
    if (fromId) for (const id of userIds) kept.objects.set(id, kept.objects.get(id) ?? fromId(id));
    else run.kept.delete(key);
  }
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
  const made = !found && scope.owner && scope.emptyWhenNew ? madeAt(scope.owner.url, scope.owner.path) : undefined;
  // A list of users holds those the run added: known only where the kind can stand for them by id.
  const users = (scope.users && made?.users) || [];
  const fromId = scope.users?.fromId;
  if (made && (users.length === 0 || fromId)) {
    // As a listing taken when the object was made: kept, so a decision against a create lists again.
    const empty: Kept = { family: scope.family, at: made.at, objects: new Map(users.map((id) => [id, fromId!(id)])), ...usersOf(scope) };
    run.kept.set(key, empty);
    return use<T>(run, key, empty, false, list, scope);
  }
  return use<T>(run, key, await listNow(run, key, scope, list), true, list, scope);
}

/** Where the listing is of its owner's users: the owner, for {@link usersAdded}. */
const usersOf = (scope: ListingScope): Pick<Kept, "usersOf"> =>
  scope.users && scope.owner ? { usersOf: { owner: placeKey(scope.owner.url, scope.owner.path), users: scope.users } } : {};

/** Lists the collection (or joins the listing on its way) and keeps it for the run. */
function listNow(run: Run, key: string, scope: ListingScope, list: () => Promise<Identified[]>): Promise<Kept> {
  const onItsWay = run.pending.get(key);
  if (onItsWay) return onItsWay;
  const at = Date.now();
  const listing = list().then(
    (objects) => {
      const kept: Kept = { family: scope.family, at, objects: new Map(objects.map((o) => [o.id, o])), ...usersOf(scope) };
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

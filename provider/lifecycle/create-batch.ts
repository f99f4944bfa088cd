import { createHash } from "node:crypto";

/** The objects listed before a batch of creates, and the ids its creates have made so far. */
export interface BatchListing<T> {
  /** The collection as listed before the first create of the batch sent its POST. */
  listed: T[];
  /** Objects made by the creates of this batch: never a lost answer's object for another create. */
  claimed: ReadonlySet<number>;
  /** Records an object this create made. */
  claim(id: number): void;
}

interface Batch {
  listing: Promise<unknown[]>;
  inFlight: number;
  claimed: Set<number>;
}

const batches = new Map<string, Batch>();

/**
 * Runs a create inside the batch of creates of the same collection that are in flight together,
 * sharing one listing instead of one per create: under a rate limit every request is time. The
 * listing was taken before any of the batch's POSTs, so its highest id is a floor for each of them
 * (a lost answer's object is newer than it), and the objects the batch's other creates made are
 * claimed, so a create never takes one of them for its own. A batch ends with its last create; the
 * next create lists afresh.
 *
 * `scope` names what is listed (server, credentials, collection and query): only creates of one
 * scope share.
 */
export async function inCreateBatch<T, R>(scope: readonly unknown[], list: () => Promise<T[]>, run: (batch: BatchListing<T>) => Promise<R>): Promise<R> {
  const key = createHash("sha256").update(JSON.stringify(scope)).digest("hex");
  let batch = batches.get(key);
  if (!batch) {
    const fresh: Batch = { listing: list(), inFlight: 0, claimed: new Set() };
    // A failed listing fails the creates waiting on it; the next create lists again.
    fresh.listing.catch(() => batches.get(key) === fresh && batches.delete(key));
    batches.set(key, fresh);
    batch = fresh;
  }
  const current = batch;
  current.inFlight += 1;
  try {
    const listed = (await current.listing) as T[];
    return await run({ listed, claimed: current.claimed, claim: (id) => current.claimed.add(id) });
  } finally {
    current.inFlight -= 1;
    if (current.inFlight === 0 && batches.get(key) === current) batches.delete(key);
  }
}

import { setTimeout as sleep } from "node:timers/promises";
import { connection } from "../config";
import { ChatwootApiError } from "../http/transport/errors";
import { createNotes, type CreateNotes } from "./create-journal";
import type { Props } from "./json";
import { PartialCreateError } from "./partial-create";

/** A server object: anything with a numeric id. */
type Identified = { id: number };

/** One create, as {@link createOnce} runs it. */
export interface CreateAttempt<T extends Identified> {
  /** The request in words, for messages: `POST /api/v1/accounts/1/labels`. */
  request: string;
  /** What it creates, for messages: `label`, `agent bot`. */
  noun: string;
  /** Sends the POST; resolves to the object the server answered with. */
  post(): Promise<T>;
  /** One GET of the objects the create adds to: the collection, or the part of it the key is in. */
  list(): Promise<T[]>;
  /** Whether an object is what this create makes: the same natural key, or (where there is none) the same content. */
  matches(object: T): boolean;
  /** The collection as listed before the POST (the run's listing, see `runListing`): the snapshot, without another GET. */
  listed?: readonly T[];
  /** Objects other creates of this run made (some perhaps since that listing): never this create's. */
  claimed?: ReadonlySet<number>;
  /**
   * Why the POST must not be sent (the key is in use), unless the object holding it is the one an
   * interrupted earlier run of this create made (see the create journal).
   */
  blocked?: string;
  /** Complete outputs of a created object, for keeping it in the state when the create ends with an error. */
  outputs(object: T): Props;
}

/**
 * Creates with a POST that is never blindly repeated (Chatwoot has no idempotency keys).
 *
 * An object is this create's only if it did not exist before the attempt: the objects are listed
 * before the POST (`listed`, or one GET here), and after a failure that may have been applied only
 * a matching object that listing did not hold, and no other create of the run made (`claimed`),
 * counts. (Not "an id above every id listed": an agent is a user of the installation, who joins
 * the account with the id they already had.) An identical object someone else made earlier is
 * never taken, so destroying the resource can never delete it.
 *
 * What "before the attempt" is, when the listing is the run's (see `runListing`), which the
 * collection's creates share instead of a GET each: the collection as listed at most
 * `LISTING_MAX_AGE_MS` (30 s) before the POST, with every object the run's own creates made since
 * (claimed), its updates applied and its deletes taken out. So each guarantee holds against every
 * object that existed when that listing was taken and every object the run made; what another
 * client makes in the collection in those last seconds is not in it. Such an object holding the
 * key is then refused by the server (Chatwoot keeps the key unique: a 422, explained with the
 * holder by a fresh look) rather than before the POST; one identical to this create's, made in
 * those seconds, could be taken for this create's own after a lost answer (a listing just before
 * the POST narrowed that to milliseconds; under a rate limit, a POST already waited up to a window
 * after its listing). Where a kept listing would decide alone against the create (a key in use, a
 * refusal, an object `adopt: true` takes), the collection is listed again first, and a create that
 * fails has the next one list again.
 *
 * After a timeout or a 504 the server may still be working on the POST: the object is looked for
 * during `createSettleMs` before the POST is sent again; after other failures (a 500, a 502, a lost
 * connection) one look decides. Found: it is this create's object. Not found: the POST goes out
 * once more. Should the first attempt land after all, the objects are looked at once more after a
 * successful repeat: another new matching object is reported (ours stays in the state, the extra
 * is named), never removed, since nothing proves it is not someone else's. More than one new
 * matching object after a failure is an error naming them, as nothing tells which one is ours.
 *
 * A run can also be killed while its POST is on its way, or before Pulumi recorded the answer: the
 * object exists, the state lacks it. The create journal (see `create-journal.ts`) notes each
 * create before its POST; the same create in a later run takes the object its note points to,
 * and only that one, before a key in use is refused (`blocked`). A note without an answer knows
 * only the highest id listed before the POST (the journal stays small; with the run's listing,
 * the highest of the listed and the run's own objects): an agent who joined with an older user id
 * is then not recognised, and is refused as a key in use (adopt it).
 */
export async function createOnce<T extends Identified>(attempt: CreateAttempt<T>): Promise<T> {
  const before = attempt.listed ?? (await attempt.list());
  const notes = createNotes(attempt.request);
  const lost = notes.earlier && lostEarlier(before, notes.earlier, attempt);
  if (lost) {
    notes.answered(lost.id);
    return lost;
  }
  if (attempt.blocked !== undefined) throw new Error(`${attempt.request} not sent: ${attempt.blocked}`);
  const floor = before.reduce((max, o) => Math.max(max, o.id), 0);
  notes.sending(floor);
  try {
    const created = await postOnce(attempt, new Set(before.map((o) => o.id)));
    notes.answered(created.id);
    return created;
  } catch (err) {
    settleNotes(notes, err);
    throw err;
  }
}

/** Whether a matching object is one the note of an interrupted earlier run points to: its answered id, or above its floor. */
const pointsTo = (earlier: NonNullable<CreateNotes["earlier"]>, object: Identified) => (earlier.id === undefined ? object.id > earlier.floor : object.id === earlier.id);

/**
 * Whether `object`, which matches the create, may be the one an interrupted earlier run of the
 * create `request` made (see the create journal): the create will take it rather than refuse its
 * key. Read inside the create journal of the inputs (`withCreateJournal`), as the create reads it.
 */
export function madeByInterruptedRun(request: string, object: Identified): boolean {
  const { earlier } = createNotes(request);
  return earlier !== undefined && pointsTo(earlier, object);
}

/**
 * The object an interrupted earlier run of this create made, from its note: the id it was answered
 * with, or else the one matching object above the floor it listed (several is an error: which one
 * is its own cannot be told).
 */
function lostEarlier<T extends Identified>(before: readonly T[], earlier: NonNullable<CreateNotes["earlier"]>, attempt: CreateAttempt<T>): T | undefined {
  const mine = before.filter((o) => attempt.matches(o) && pointsTo(earlier, o));
  if (mine.length <= 1) return mine[0];
  throw new Error(
    `${attempt.request} not sent: ${mine.map((o) => `${attempt.noun} ${o.id}`).join(", ")} match it and appeared after an interrupted run sent ` +
      "it: it may have been applied more than once, or someone else made the same object meanwhile. None was taken as this resource: adopt one and delete the others",
  );
}

/** A failed create keeps its note only where an object may exist: one it kept in the state, or a POST whose fate is unknown. */
function settleNotes(notes: CreateNotes, err: unknown): void {
  if (err instanceof PartialCreateError) notes.answered(Number(err.id));
  else if (ChatwootApiError.isInstance(err) && err.writeOutcome === "not-applied") notes.abandoned();
}

async function postOnce<T extends Identified>(attempt: CreateAttempt<T>, existed: ReadonlySet<number>): Promise<T> {
  const fresh = async () => (await attempt.list()).filter((o) => !existed.has(o.id) && attempt.matches(o) && !attempt.claimed?.has(o.id));

  let first: unknown;
  try {
    return await attempt.post();
  } catch (err) {
    first = err;
  }
  const landed = await lookAfter(first, fresh, attempt);
  if (landed) return landed;

  let created: T;
  try {
    created = await attempt.post();
  } catch (err) {
    // A repeat refused for a key now in use (422): the first attempt may have been applied late.
    const late = ChatwootApiError.isInstance(err) && err.status === 422 ? only(await fresh(), err, attempt) : await lookAfter(err, fresh, attempt);
    if (late) return late;
    throw err;
  }
  const extras = await fresh().then(
    (found) => found.filter((o) => o.id !== created.id),
    (err: unknown) => {
      const why = err instanceof Error ? err.message : String(err);
      throw keep(attempt, created, `looking for a late first attempt afterwards failed: ${why}`);
    },
  );
  if (extras.length > 0) {
    throw keep(
      attempt,
      created,
      `${extras.map((o) => `${attempt.noun} ${o.id}`).join(", ")} matching it also appeared since the first attempt: that attempt ` +
        "was probably applied late. The extra is left alone (nothing proves it is not someone else's): delete it if it is a duplicate",
    );
  }
  return created;
}

/** The repeat created `created`, which stays in the state, but the create still ends with an error. */
function keep<T extends Identified>(attempt: CreateAttempt<T>, created: T, why: string): PartialCreateError {
  const message = `${attempt.request}: the first attempt failed and the request was sent again; ${attempt.noun} ${created.id} is this resource, but ${why}`;
  return new PartialCreateError(String(created.id), attempt.outputs(created), new Error(message));
}

/**
 * After a failed POST: the object it made, `undefined` when it made none, or the failure rethrown
 * when the POST certainly was not applied, or was applied but its object cannot be told.
 */
async function lookAfter<T extends Identified>(err: unknown, fresh: () => Promise<T[]>, attempt: CreateAttempt<T>): Promise<T | undefined> {
  if (!ChatwootApiError.isInstance(err) || err.writeOutcome === "not-applied") throw err;
  // A timeout, or a proxy's 504, leaves the server working on the request: give it time to land.
  const mayStillLand = err.kind === "timeout" || err.status === 504;
  const found = await (mayStillLand ? watch(fresh, connection().createSettleMs) : fresh()).catch((lookErr: unknown) => {
    const why = lookErr instanceof Error ? lookErr.message : String(lookErr);
    throw err.withHint(`whether it was applied could not be checked (${why}); look for a new ${attempt.noun} before running again`);
  });
  const ours = only(found, err, attempt);
  if (ours === undefined && err.writeOutcome === "applied") throw err;
  return ours;
}

/** The one new matching object; more than one is an error naming them all. */
function only<T extends Identified>(found: T[], err: ChatwootApiError, attempt: CreateAttempt<T>): T | undefined {
  if (found.length <= 1) return found[0];
  throw err.withHint(
    `${found.map((o) => `${attempt.noun} ${o.id}`).join(", ")} match it and appeared since it was sent: it may have been applied ` +
      "more than once, or someone else made the same object meanwhile. None was taken as this resource: adopt one and delete the others",
  );
}

/**
 * Looks until something appears or `windowMs` has passed (the last look at its end). Each pause is
 * a quarter of the time waited so far (from 1/4 s to 5 s): an object that lands after t is seen
 * by about 1.25 t, and a whole minute takes some 25 looks.
 */
async function watch<T>(fresh: () => Promise<T[]>, windowMs: number): Promise<T[]> {
  const started = Date.now();
  const until = started + windowMs;
  for (;;) {
    const found = await fresh();
    const now = Date.now();
    if (found.length > 0 || now >= until) return found;
    await sleep(Math.min(Math.max((now - started) / 4, 250), 5_000, until - now));
  }
}

import { connection } from "../../config";
import { planDiff, UNKNOWN } from "../../diff/diff";
import { ChatwootApiError } from "../../http/transport/errors";
import { accountPath } from "../../wire/paths";
import { keyTaken, takeOver } from "../adopt";
import { createOnce, madeByInterruptedRun } from "../create-once";
import type { Props } from "../json";
import { placeAtParent } from "../parent";
import { PartialCreateError } from "../partial-create";
import { madeByRun, runListing, usersAdded, type Listing, type ListingScope } from "../run-listing";
import type { ObjectKind, WireObject } from "./kind";
import { updateObject } from "./update";

/** What a create step resolves to: the object's id and its complete outputs. */
export interface Created {
  id: string;
  outs: Props;
}

/** The inputs the create step reads besides the kind's own: the adoption switches. */
type Switches = { adopt?: boolean; adoptId?: number };

/**
 * The create step. With `adoptId`, the object is taken over by id; otherwise the collection's
 * listing for the run is looked at first (see `runListing`): an object holding the natural key is
 * adopted with `adopt: true` and refused without; then the POST, never blindly repeated (see
 * `createOnce`), and, for a kind that completes its creates, one more write of what it could not set.
 */
export async function createObject<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, raw: I): Promise<Created> {
  const inputs = (kind.parent ? await placeAtParent(kind.parent, raw) : raw) as I & Switches;
  if (inputs.adoptId !== undefined && kind.adoptById) return adoptById(kind, inputs, inputs.adoptId);
  const collection = kind.paths.collection(inputs);
  let listing = await collectionListing(kind, inputs);
  let found = inTheWay(kind, inputs, listing);
  // A kept listing decides alone only that nothing is in the way: what it shows in the way (and
  // what adoption takes) is looked at again, as the object may be gone or another one there now.
  if (!listing.fresh && (found.existing || found.refused || inputs.adopt)) {
    listing = await listing.again();
    found = inTheWay(kind, inputs, listing);
  }
  const { existing, refused } = found;
  if (existing && inputs.adopt) {
    // A key the server does not keep unique (an assistant's name) may name several objects: none is taken over.
    const all = listing.objects.filter((o) => kind.key!.matches(inputs, o));
    if (all.length > 1) throw new Error(ambiguous(kind, inputs, all));
    return adoptObject(kind, inputs, existing, kind.outputs(inputs, existing));
  }
  if (refused) throw new Error(`POST ${collection} not sent: ${refused}`);
  // A key in use is refused, unless an interrupted earlier run of this create made it (see createOnce).
  try {
    return await createNew(kind, inputs, listing, existing ? taken(kind, existing, inputs) : undefined);
  } catch (err) {
    // An object made but not finished is this create's too.
    if (err instanceof PartialCreateError) listing.claimId(Number(err.id));
    // What exists matters most after a failure: the next create lists again.
    listing.drop();
    throw err;
  }
}

/**
 * Why a create of these (checked) inputs will be refused before its POST for its natural key: the
 * create's own words (`POST ... not sent: label 2 already has title "vip"; set adopt: true to
 * manage it`), or `undefined`. The check of a new resource asks, so that `pulumi preview` fails
 * where `pulumi up` would, with no write; it shares the run's listing with the creates. A key not
 * known yet (a preview's unknown value), `adopt: true`, the object a replacement replaces
 * (`replaced`: it is deleted first) and an object an interrupted earlier run of this create made
 * (see the create journal) are not refused; a parent or a listing that cannot be had fails the check
 * as it would fail the create.
 */
export async function keyInUse<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, raw: I, replaced?: string): Promise<string | undefined> {
  const key = kind.key;
  if (!key || (raw as Switches).adopt === true || (raw as Switches).adoptId !== undefined) return undefined;
  if (kind.parent && [raw[kind.parent.idKey], raw.accountId].includes(UNKNOWN)) return undefined;
  const inputs = (kind.parent ? await placeAtParent(kind.parent, raw) : raw) as I;
  const request = `POST ${kind.paths.collection(inputs)}`;
  if ([request, key.describe(inputs), JSON.stringify(key.query?.(inputs) ?? {})].some((text) => text.includes(UNKNOWN))) return undefined;
  // A listing that fails (a token that cannot reach that account, a feature the server lacks) fails
  // the check as it would fail the create.
  const listing = await collectionListing(kind, inputs);
  let holder = inTheWay(kind, inputs, listing, replaced).existing;
  if (holder && !listing.fresh) holder = inTheWay(kind, inputs, await listing.again(), replaced).existing;
  if (!holder || madeByInterruptedRun(request, holder)) return undefined;
  return `${request} not sent: ${taken(kind, holder, inputs)}`;
}

/**
 * The run's listing of the collection these (placed) inputs address (see `runListing`): the one
 * the kind's creates and the preview's key checks share, and other resources that look its objects
 * up (memberships look users up among the account's agents).
 */
export function collectionListing<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, inputs: I): Promise<Listing<W>> {
  return runListing(listingScope(kind, inputs), () => kind.api.list(inputs));
}

/** What the listing of the run shares for these inputs: one collection (and query), as one token sees it. */
function listingScope<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, inputs: I): ListingScope {
  const { url, apiAccessToken, platformAccessToken } = connection();
  const token = kind.area(inputs) === "platform" ? platformAccessToken : apiAccessToken;
  const key = [url, token, kind.paths.collection(inputs), kind.key?.query?.(inputs) ?? null];
  const { accountId } = inputs;
  if (typeof accountId !== "number") return { family: kind, key };
  // Through the account's API only: the Platform API's account users are upserted by the server
  // (a POST for a member changes its role), so a create there always looks at the list first.
  const emptyWhenNew = kind.emptyInNewAccount === true && kind.area(inputs) === "account";
  return { family: kind, key, owner: { url, path: accountPath(accountId) }, emptyWhenNew, ...(kind.accountUsers && { users: kind.accountUsers }) };
}

/**
 * What stands in the way of a create, as the listing shows it: an object holding the key (other
 * than the one a replacement replaces), or why the kind refuses.
 */
function inTheWay<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, inputs: I, listing: Listing<W>, replaced?: string) {
  const existing = kind.key ? listing.objects.find((o) => kind.key!.matches(inputs, o) && String(o.id) !== replaced) : undefined;
  const refused = existing ? undefined : kind.refuseCreate?.(inputs, listing.objects);
  return { existing, refused };
}

/** Why a create must not make a second object with the key, and what to do instead. */
const taken = <I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, existing: W, inputs: I) =>
  keyTaken(`${kind.noun} ${existing.id}`, kind.key!.describe(inputs));

/** Why `adopt: true` takes none of several objects holding the key. */
const ambiguous = <I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, inputs: I, all: readonly W[]) =>
  `adopt: ${kind.key!.describe(inputs)} names ${all.length} objects (${kind.noun} ${all.map((o) => o.id).join(", ")}), which the server does not keep unique; ` +
  "rename all but one, or delete the extra ones, before adopting";

/** A 422 on create for a key the account already has: point to adoption. */
async function explainTaken<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, err: unknown, inputs: I, keys: readonly string[]): Promise<unknown> {
  if (!kind.key || !ChatwootApiError.isInstance(err) || err.status !== 422) return kind.explain ? kind.explain(err, inputs, keys) : err;
  const existing = await kind.api
    .list(inputs)
    .then((objects) => objects.find((o) => kind.key!.matches(inputs, o)))
    .catch(() => undefined);
  if (existing) return err.withHint(taken(kind, existing, inputs));
  return kind.explain ? kind.explain(err, inputs, keys) : err;
}

/** Brings an existing object to the declared state: one write of what differs. */
function adoptObject<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, inputs: I, object: W, current: Props) {
  const id = String(object.id);
  return takeOver({ id, current, inputs, keys: kind.compared, normalizers: kind.normalizers, patch: (changed) => updateObject(kind, inputs, id, changed, current) });
}

/** Takes the object `adoptId` names over, unless it cannot be this resource. */
async function adoptById<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, inputs: I, adoptId: number) {
  const byId = kind.adoptById!;
  const found = await byId.find(inputs, adoptId);
  if (typeof found === "string") throw new Error(`adoptId ${adoptId}: ${found}`);
  const refused = byId.refuse?.(inputs, found);
  if (refused) throw new Error(`adoptId ${adoptId}: ${refused}`);
  return adoptObject(kind, inputs, found, byId.current(inputs, found));
}

/** The POST, never blindly repeated (see `createOnce`); then what it could not set. */
async function createNew<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, inputs: I, listing: Listing<W>, blocked?: string): Promise<Created> {
  const matches = (o: W) => (kind.key ? kind.key.matches(inputs, o) : kind.sameContent(inputs, o));
  const created = await createOnce({
    request: `POST ${kind.paths.collection(inputs)}`,
    noun: kind.noun,
    post: () => kind.api.post(inputs),
    list: () => kind.api.list(inputs),
    matches,
    listed: listing.objects,
    claimed: listing.claimed,
    blocked,
    outputs: (o) => kind.outputs(inputs, o),
  }).catch(async (err: unknown) => Promise.reject(await explainTaken(kind, err, inputs, kind.compared)));
  listing.claim(created);
  // What belongs to the new object (a team's members) is known to be nothing yet.
  const { url } = connection();
  madeByRun(url, kind.paths.member(inputs, created.id));
  if (kind.accountUsers && typeof inputs.accountId === "number") usersAdded(kind, url, accountPath(inputs.accountId), [kind.accountUsers.userId(created)]);
  kind.created?.(inputs, created);
  const id = String(created.id);
  const outs = kind.outputs(inputs, created);
  try {
    kind.verify?.(inputs, created);
    if (!kind.complete) return { id, outs };
    // The comparison `diff` makes, so that a completed create is one the next `up` leaves alone.
    const { changed } = planDiff({ keys: kind.compared, olds: outs, news: inputs, normalizers: kind.normalizers });
    return { id, outs: changed.length === 0 ? outs : await updateObject(kind, inputs, id, changed, outs) };
  } catch (err) {
    throw new PartialCreateError(id, outs, err);
  }
}

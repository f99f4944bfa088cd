import { connection } from "../../config";
import { planDiff } from "../../diff/diff";
import { ChatwootApiError } from "../../http/transport/errors";
import { keyTaken, takeOver } from "../adopt";
import { inCreateBatch } from "../create-batch";
import { createOnce } from "../create-once";
import type { Props } from "../json";
import { placeAtParent } from "../parent";
import { PartialCreateError } from "../partial-create";
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
 * The create step. With `adoptId`, the object is taken over by id; otherwise the collection is
 * listed first (once for the creates of the kind in flight together, see `inCreateBatch`): an
 * object holding the natural key is adopted with `adopt: true` and refused without; then the POST,
 * never blindly repeated (see `createOnce`), and, for a kind that completes its creates, one more
 * write of what it could not set.
 */
export async function createObject<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, raw: I): Promise<Created> {
  const inputs = (kind.parent ? await placeAtParent(kind.parent, raw) : raw) as I & Switches;
  if (inputs.adoptId !== undefined && kind.adoptById) return adoptById(kind, inputs, inputs.adoptId);
  const { url, apiAccessToken, platformAccessToken } = connection();
  const collection = kind.paths.collection(inputs);
  const scope = [url, kind.area(inputs) === "platform" ? platformAccessToken : apiAccessToken, collection, kind.key?.query?.(inputs) ?? null];
  return inCreateBatch(scope, () => kind.api.list(inputs), async ({ listed, claimed, claim }) => {
    const holders = kind.key ? listed.filter((o) => kind.key!.matches(inputs, o)) : [];
    const existing = holders[0];
    if (existing && inputs.adopt) {
      if (kind.key?.shared && holders.length > 1) throw new Error(ambiguous(kind, holders, inputs));
      return adoptObject(kind, inputs, existing, kind.outputs(inputs, existing));
    }
    const refused = !existing && kind.refuseCreate?.(inputs, listed);
    if (refused) throw new Error(`POST ${collection} not sent: ${refused}`);
    // A key in use is refused, unless an interrupted earlier run of this create made it (see createOnce).
    try {
      const created = await createNew(kind, inputs, listed, claimed, existing ? taken(kind, existing, inputs) : undefined);
      claim(Number(created.id));
      return created;
    } catch (err) {
      // An object made but not finished is this create's too.
      if (err instanceof PartialCreateError) claim(Number(err.id));
      throw err;
    }
  });
}

/** Why a create must not make a second object with the key, and what to do instead. */
const taken = <I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, existing: W, inputs: I) =>
  keyTaken(`${kind.noun} ${existing.id}`, kind.key!.describe(inputs));

/** Why a key that several objects hold (the server allows it) cannot be adopted. */
const ambiguous = <I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, holders: readonly W[], inputs: I) =>
  `adopt: ${holders.map((o) => `${kind.noun} ${o.id}`).join(", ")} all have ${kind.key!.describe(inputs)}, so which one to take over is unclear; ` +
  "rename the others (or delete them) first";

/** A 422 on create for a key the account already has: point to adoption. */
async function explainTaken<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, err: unknown, inputs: I, keys: readonly string[]): Promise<unknown> {
  if (!kind.key || !ChatwootApiError.isInstance(err) || err.status !== 422) return kind.explain ? kind.explain(err, inputs, keys) : err;
  const existing = await kind.api
    .list(inputs)
    .then((objects) => objects.find((o) => kind.key!.matches(inputs, o)))
    .catch(() => undefined);
  return existing ? err.withHint(taken(kind, existing, inputs)) : err;
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
async function createNew<I extends Props, W extends WireObject>(kind: ObjectKind<I, W>, inputs: I, before: readonly W[], claimed: ReadonlySet<number>, blocked?: string): Promise<Created> {
  const matches = (o: W) => (kind.key ? kind.key.matches(inputs, o) : kind.sameContent(inputs, o));
  const created = await createOnce({
    request: `POST ${kind.paths.collection(inputs)}`,
    noun: kind.noun,
    post: () => kind.api.post(inputs),
    list: () => kind.api.list(inputs),
    matches,
    listed: before,
    claimed,
    blocked,
    outputs: (o) => kind.outputs(inputs, o),
  }).catch(async (err: unknown) => Promise.reject(await explainTaken(kind, err, inputs, kind.compared)));
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

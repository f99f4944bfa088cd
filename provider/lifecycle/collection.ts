import type { z } from "zod";
import { planDiff, type Normalizer } from "../diff/diff";
import type { ApiRequest } from "../http/transport/client";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { connection } from "../config";
import { toWire } from "../mapping";
import { list, listUnder, single, singleUnder } from "../wire/envelope";
import { accountPath, platformPath } from "../wire/paths";
import { keyTaken, markAdopted, takeOver } from "./adopt";
import { call, send, unlessNotFound, writeThenRead } from "./api";
import type { CheckFailure } from "./check";
import { inCreateBatch } from "./create-batch";
import { createOnce } from "./create-once";
import { gatedApi, type Feature } from "./feature-gate";
import type { Props } from "./json";
import { outputsOf, pick } from "./outputs";
import { readAllPages } from "./pages";
import { defaultImportAddress, type ImportAddress } from "./import";
import { atParent, placeAtParent, type ParentAddress } from "./parent";
import { PartialCreateError } from "./partial-create";
import { defineResource, managedKeysOf, type InputSchema } from "./resource";
import { assertWriteTaken } from "./verify";

/** A server object of a collection: anything with a numeric id. */
export type WireObject = { id: number };
type WireSchema = z.ZodType<WireObject>;

/**
 * The requests that reach one object. The collection builds them from its path, wire schema and
 * body; a resource whose API addresses objects otherwise (a portal by its slug) or needs more than
 * one request for a write (an inbox's bot goes apart) replaces the ones it must.
 */
export interface ObjectApi<I, W> {
  /** The objects the natural key (or, without one, the content) is looked for among. */
  list(inputs: I): Promise<W[]>;
  /** The object; `undefined` when the server says 404 (and only then). `props`: the inputs or last outputs. */
  get(props: Props, id: string): Promise<W | undefined>;
  /** Creates the object with one POST. */
  post(inputs: I): Promise<W>;
  /**
   * One write of the properties `keys` of `inputs`; `current` is what the object holds (the last
   * outputs, or the object being adopted). Resolves to the object after the write.
   */
  patch(inputs: I, id: string, keys: readonly string[], current: Props): Promise<W>;
  /** Deletes the object; a 404 may be thrown (it counts as deleted). */
  remove(props: Props, id: string): Promise<void>;
}

/** Taking an existing object over by its id (`adoptId`), for collections without a natural key. */
export interface AdoptById<I, W> {
  /**
   * The object to adopt, or an explanation of why it cannot be (e.g. a Platform App sees only its
   * own bots); default: {@link ObjectApi.get}. `at`: the collection's paths.
   */
  find?(inputs: I, id: number, at: CollectionPaths): Promise<W | string>;
  /** What of the object is known before adopting it, for the comparison (default: the outputs of the object). */
  current?(inputs: I, object: W): Props;
  /** Why the object cannot be this resource (a channel of another type), checked before any write. */
  refuse?(inputs: I, object: W): string | undefined;
}

/** Where a collection lives: below an account, or in the installation's Platform API. */
export type Area = "account" | "platform";

/** The paths of a collection for the given inputs or last outputs (its area and account). */
export interface CollectionPaths {
  collection(props: Props): string;
  member(props: Props, id: string | number): string;
}

/** The inputs every collection resource has. */
type BaseInputs = { accountId?: number | null; adopt?: boolean; adoptId?: number };

/**
 * A resource that is one object of a REST collection, by default of an account
 * (`/api/v1/accounts/{id}/<path>`): POST to create, PATCH and DELETE by id, found again by a natural
 * key unique in the account (a label's title; a macro's name, which only this provider keeps
 * unique), or, where there is none, taken over by id (`adoptId`) and recognised after a lost
 * create by its content. What the resource file declares is only what differs between
 * collections; the lifecycle is here, once.
 */
export interface CollectionDeclaration<S extends InputSchema, W extends WireSchema> {
  /** The camelCase inputs; they include `accountId`, and `adopt` with a natural key or `adoptId` without one. */
  inputs: S;
  /** The collection's path below the area (or below its parent), e.g. `labels` or `canned_responses`. */
  path: string;
  /**
  /**
   * The object the collection is nested under, whose address can change (a portal's categories, at
   * `/portals/{slug}/categories`): see `ParentAddress`. Its id input replaces the object when it changes.
   */
  parent?: ParentAddress;
  /** Whether the server serves the list in pages (`?page=N`, of a size it does not say): every page is read. */
  pages?: boolean;
  /**
   * An account's collection (the default), or the installation's Platform API
   * (`/platform/api/v1/<path>`); a function of the inputs (or last outputs) where a resource can be
   * either (an agent bot of the Platform API or of its account). An account's object cannot move
   * to another account: there, a change of `accountId` replaces it.
   */
  area?: Area | ((props: Props) => Area);
  /**
   * Segments before the path in the Platform API, from the inputs or last outputs (an account's
   * users: `accounts/{accountId}`): an object of the Platform API that lives in one account.
   */
  under?(props: Props): (string | number)[];
  /**
   * A feature the server or the account may lack (Chatwoot Enterprise's): its absence is named as
   * such in every error, and never read as an object being gone (see `gatedApi`).
   */
  feature?: Feature;
  /** What one object is called in messages (default: from the path, `canned_responses` → `canned response`). */
  noun?: string;
  /** One object as the server sends it (snake_case), read through every envelope. */
  wire: W;
  /**
   * The names the server wraps objects under, for collections that do (webhooks answer
   * `{payload: {webhook: X}}` and list `{payload: {webhooks: [X]}}`); the plain envelopes are read too.
   */
  envelope?: { one: string; many: string };
  /**
   * How one object is read: `member` with `GET <path>/{id}`; `list` where upstream has no show route
   * (the object is looked for in the collection's list).
   */
  show: "member" | "list";
  /**
   * The natural key, which adoption (`adopt: true`) and the recovery of a lost create look objects
   * up by. Create lists the collection first: an object that has the key already is adopted with
   * `adopt: true`, and otherwise refused before any POST.
   */
  key?: {
    /** Whether a server object carries the key the inputs declare. */
    matches(inputs: z.output<S>, object: z.output<W>): boolean;
    /** The key in words, for messages: `title "vip"`. */
    describe(inputs: z.output<S>): string;
    /** Query parameters that narrow the list to the key's candidates (e.g. one attribute model). */
    query?(inputs: z.output<S>): Record<string, string>;
  };
  /**
   * Without a natural key: whether an object is what a create with these inputs makes (the same
   * name and content). Create recovery takes only such an object that is new since the POST.
   * Default: the object holds every managed input the program gives, as the diff compares them.
   */
  sameContent?(inputs: z.output<S>, object: z.output<W>): boolean;
  /**
   * Why a create with these inputs cannot work, judged from the collection listed before the POST
   * (with a natural key), or `undefined`: a reference the server would check only after making the
   * object (an article's translation answers 404 once the article exists).
   */
  refuseCreate?(inputs: z.output<S>, listed: readonly z.output<W>[]): string | undefined;
  /** Taking an object over by id with `adoptId` (collections without a natural key). */
  adoptById?: AdoptById<z.output<S>, z.output<W>>;
  /**
   * Properties every write carries, changed or not, because the server resets them when a request
   * leaves them out (a macro's visibility becomes null).
   */
  alwaysSend?: readonly string[];
  /**
   * Statuses the server answers for a member it does not have, besides Chatwoot's JSON 404: the
   * macros controller answers show with an empty 404 (`head :not_found`, which alone could as well
   * come from a proxy) and update and destroy with a 500 (a method called on nil). Such an answer
   * is settled by the collection's list: not listed means gone (deleted, for a delete); listed
   * means the answer was something else, and a write keeps its error.
   */
  goneAnswers?: readonly number[];
  /** How to compare each property (see `defineResource`). */
  normalizers?: Partial<Record<string, Normalizer>>;
  /** Input keys that steer the provider only, besides `adopt` and `adoptId` (never compared, never sent). */
  controlKeys?: readonly string[];
  /**
   * Inputs the provider keeps in the state for itself and never sends (an adopted inbox's
   * `deleteOnDestroy`): compared, so a change reaches the state, which takes it without a request.
   */
  stateOnlyKeys?: readonly string[];
  /** See `defineResource`: keys `prepare` derives, local checks, extra replacing keys. */
  derivedKeys?: readonly string[];
  /** Inputs that are credentials (see `defineResource`). */
  credentialKeys?: readonly string[];
  prepare?(inputs: z.output<S>): Promise<{ inputs: Props; failures: CheckFailure[] }>;
  replaceOn?: readonly string[];
  /**
   * Whether `accountId` is required (the default), may be left out (an installation-wide object),
   * or is no input at all (an account or user of the Platform API).
   */
  account?: "required" | "optional" | "none";
  /** The request body for the given properties (default: those inputs in snake_case). */
  body?(inputs: z.output<S>, keys: readonly string[], write: "create" | "update"): object;
  /** Complete outputs from the inputs (or last outputs) and the server's object (default: `outputsOf`). */
  outputs?(base: Props, object: z.output<W>): Props;
  /** Requests it makes its own way (see {@link ObjectApi}); the others are the collection's, `at` its paths. */
  api?(rest: ObjectApi<z.output<S>, z.output<W>>, at: CollectionPaths): Partial<ObjectApi<z.output<S>, z.output<W>>>;
  /**
   * Runs after the POST: what one request could not set (a new inbox's working hours and bot), as
   * one more write of the properties still differing. Should it fail, the object stays in the state.
   */
  complete?: boolean;
  /** Learns of an object this create made, however it was found (its answer, or a listing after a lost one). */
  created?(inputs: z.output<S>, object: z.output<W>): void;
  /** After every write: a failure for a value the server took without error but did not apply. */
  verify?(inputs: z.output<S>, object: z.output<W>): void;
  /** A hint for a failed write (e.g. a 404 meaning a referenced object), or the error as it is. */
  explain?(err: unknown, inputs: z.output<S>, keys: readonly string[]): unknown;
  /**
   * Where the object an import id names is (see `ResourceDeclaration.importAddress`); default: the
   * account's object by id, found under its parent where the collection has one.
   */
  importAddress?(importId: string): Promise<ImportAddress | undefined>;
  /** The forms of import id `importAddress` takes, for the type's documentation. */
  importForms?: readonly string[];
}

/** The Pulumi type name, for messages: `canned_responses` → `canned response`. */
const noun = (path: string) => path.replace(/s$/, "").replace(/_/g, " ");

/** Builds a resource's lifecycle from a collection declaration. */
export function defineCollectionResource<S extends InputSchema, W extends WireSchema>(decl: CollectionDeclaration<S, W>) {
  type Inputs = z.output<S> & BaseInputs;
  type Wire = z.output<W>;
  const controlKeys = [...(decl.key ? ["adopt"] : []), ...(decl.adoptById ? ["adoptId"] : []), ...(decl.controlKeys ?? [])];
  const managedKeys = managedKeysOf(decl.inputs, controlKeys);
  // What adoption and a completed create compare: the managed inputs and what `prepare` derives (a file's digest).
  const comparedKeys = [...managedKeys, ...(decl.derivedKeys ?? [])];
  const what = decl.noun ?? noun(decl.path);

  const accountOf = (props: Props) => props.accountId as number;
  const areaOf = (props: Props): Area => (typeof decl.area === "function" ? decl.area(props) : (decl.area ?? "account"));
  /** The path segments of the collection: below its parent's address (kept in the props) when it has one. */
  const segments = (props: Props) => (decl.parent ? [...decl.parent.segments(props[decl.parent.addressKey] as string), decl.path] : [decl.path]);
  const under = (props: Props) => decl.under?.(props) ?? [];
  const collection = (props: Props) => (areaOf(props) === "platform" ? platformPath(...under(props), decl.path) : accountPath(accountOf(props), ...segments(props)));
  const member = (props: Props, id: string | number) =>
    areaOf(props) === "platform" ? platformPath(...under(props), decl.path, id) : accountPath(accountOf(props), ...segments(props), id);
  const outputs = (base: Props, object: Wire) => (decl.outputs ? decl.outputs(base, object) : outputsOf(base, object));
  const body = (inputs: Inputs, keys: readonly string[], write: "create" | "update") => {
    const sent = [...new Set([...keys, ...(decl.alwaysSend ?? [])])].filter(
      (k) => k !== "accountId" && k !== decl.parent?.idKey && managedKeys.includes(k) && !decl.stateOnlyKeys?.includes(k),
    );
    return decl.body ? decl.body(inputs, sent, write) : (toWire(pick(inputs, sent)) as object);
  };
  const explain = (err: unknown, inputs: Inputs, keys: readonly string[]) => (decl.explain ? decl.explain(err, inputs, keys) : err);

  const one = decl.envelope ? singleUnder(decl.wire, decl.envelope.one) : single(decl.wire);
  const many = decl.envelope ? listUnder(decl.wire, decl.envelope.many) : list(decl.wire);
  // Credentials in a wire schema (`credential` fields) are remembered for redaction as it parses them.
  const callOne = async (req: ApiRequest) => (await call(one, req)) as Wire;
  const listPage = async (props: Props, query?: Record<string, string>) => (await call(many, { method: "GET", path: collection(props), query })) as Wire[];
  const listAll = (props: Props, query?: Record<string, string>) =>
    decl.pages ? readAllPages((page) => listPage(props, { ...query, page: String(page) })) : listPage(props, query);
  const listed = async (props: Props, id: string | number) => (await listAll(props)).find((o) => String(o.id) === String(id));

  const rest: ObjectApi<Inputs, Wire> = {
    list: (inputs) => listAll(inputs, decl.key?.query?.(inputs)),
    get: (props, id) => (decl.show === "list" ? listed(props, id) : unlessNotFound(() => callOne({ method: "GET", path: member(props, id) }))),
    post: (inputs) => callOne({ method: "POST", path: collection(inputs), json: body(inputs, managedKeys, "create") }),
    patch: (inputs, id, keys) => callOne({ method: "PATCH", path: member(inputs, id), json: body(inputs, keys, "update") }),
    remove: (props, id) => send({ method: "DELETE", path: member(props, id) }),
  };
  const api: ObjectApi<Inputs, Wire> = gatedApi({ ...rest, ...decl.api?.(rest, { collection, member }) }, decl.feature);

  const isGoneAnswer = (err: unknown) => ChatwootApiError.isInstance(err) && err.status !== undefined && decl.goneAnswers?.includes(err.status) === true;
  /** Whether `err` is one of the {@link CollectionDeclaration.goneAnswers} and the object is indeed gone. */
  const answeredGone = async (err: unknown, props: Props, id: string) => isGoneAnswer(err) && (await listed(props, id)) === undefined;

  /** The object, or `undefined` when the server says it is gone (a 404, or a gone answer it does not list). */
  async function get(props: Props, id: string): Promise<Wire | undefined> {
    try {
      return await api.get(props, id);
    } catch (err) {
      if (!isGoneAnswer(err)) throw err;
      return listed(props, id);
    }
  }

  /** Where the objects are, in words: `account 1`. */
  const owner = (props: Props) => (areaOf(props) === "platform" ? "this Platform App" : `account ${accountOf(props)}`);
  const gone = (id: string, props: Props) => new Error(`PATCH ${member(props, id)}: the ${what} is gone (deleted outside Pulumi? run \`pulumi refresh\`)`);

  /** {@link patchAt} where the parent is now, when the collection has one. */
  async function patch(inputs: Inputs, id: string, keys: readonly string[], current: Props): Promise<Props> {
    if (!decl.parent) return patchAt(inputs, id, keys, current);
    const parent = decl.parent;
    const placed = { ...inputs, [parent.addressKey]: current[parent.addressKey] } as Inputs;
    const done = await atParent(parent, placed, (props) => patchAt(props as Inputs, id, keys, current));
    if (!done) throw new Error(`${member(placed, id)}: the ${parent.noun} ${String(inputs[parent.idKey as keyof Inputs])} is gone (deleted outside Pulumi? run \`pulumi refresh\`)`);
    return done.value;
  }

  /** One write of the changed properties; an applied change whose answer was unreadable is read back. */
  async function patchAt(inputs: Inputs, id: string, keys: readonly string[], current: Props): Promise<Props> {
    if (keys.every((k) => decl.stateOnlyKeys?.includes(k))) return { ...current, ...pick(inputs, keys) };
    const object = await writeThenRead(
      async () => {
        try {
          return await api.patch(inputs, id, keys, current);
        } catch (err) {
          if (await answeredGone(err, inputs, id)) throw gone(id, inputs);
          throw explain(err, inputs, keys);
        }
      },
      async () => (await get(inputs, id)) ?? Promise.reject(gone(id, inputs)),
    );
    decl.verify?.(inputs, object);
    const outs = outputs({ ...current, ...inputs }, object);
    assertWriteTaken({ keys, inputs, outs, normalizers: decl.normalizers, request: `PATCH ${member(inputs, id)}` });
    return outs;
  }

  /** Why a create must not make a second object with the key, and what to do instead. */
  const taken = (existing: Wire, inputs: Inputs) => keyTaken(`${what} ${existing.id}`, decl.key!.describe(inputs));

  /** A 422 on create for a key the account already has: point to adoption. */
  async function explainTaken(err: unknown, inputs: Inputs): Promise<unknown> {
    if (!decl.key || !ChatwootApiError.isInstance(err) || err.status !== 422) return explain(err, inputs, managedKeys);
    const existing = await api
      .list(inputs)
      .then((objects) => objects.find((o) => decl.key!.matches(inputs, o)))
      .catch(() => undefined);
    return existing ? err.withHint(taken(existing, inputs)) : err;
  }

  /** Brings an existing object to the declared state: one write of what differs. */
  function adoptObject(inputs: Inputs, object: Wire, current: Props) {
    const id = String(object.id);
    return takeOver({ id, current, inputs, keys: comparedKeys, normalizers: decl.normalizers, patch: (changed) => patch(inputs, id, changed, current) });
  }

  async function adoptById(inputs: Inputs, adoptId: number) {
    const found = decl.adoptById?.find ? await decl.adoptById.find(inputs, adoptId, { collection, member }) : ((await get(inputs, String(adoptId))) ?? `${owner(inputs)} has no ${what} ${adoptId}`);
    if (typeof found === "string") throw new Error(`adoptId ${adoptId}: ${found}`);
    const refused = decl.adoptById?.refuse?.(inputs, found);
    if (refused) throw new Error(`adoptId ${adoptId}: ${refused}`);
    return adoptObject(inputs, found, decl.adoptById?.current ? decl.adoptById.current(inputs, found) : markAdopted(outputs(inputs, found)));
  }

  /** The default of {@link CollectionDeclaration.sameContent}: no managed input given differs from the object. */
  const sameManaged = (inputs: Inputs, object: Wire) =>
    planDiff({ keys: comparedKeys.filter((k) => k !== "accountId"), olds: outputs({}, object), news: inputs, normalizers: decl.normalizers }).changed.length === 0;

  /** The POST, never blindly repeated (see `createOnce`); then what it could not set. */
  async function createNew(inputs: Inputs, before: readonly Wire[], claimed: ReadonlySet<number>, blocked?: string) {
    const matches = (o: Wire) => (decl.key ? decl.key.matches(inputs, o) : (decl.sameContent ?? sameManaged)(inputs, o));
    const created = await createOnce({
      request: `POST ${collection(inputs)}`,
      noun: what,
      post: () => api.post(inputs),
      list: () => api.list(inputs),
      matches,
      listed: before,
      claimed,
      blocked,
      outputs: (o) => outputs(inputs, o),
    }).catch(async (err: unknown) => Promise.reject(await explainTaken(err, inputs)));
    decl.created?.(inputs, created);
    const id = String(created.id);
    const outs = outputs(inputs, created);
    try {
      decl.verify?.(inputs, created);
      if (!decl.complete) return { id, outs };
      // The comparison `diff` makes, so that a completed create is one the next `up` leaves alone.
      const { changed } = planDiff({ keys: comparedKeys, olds: outs, news: inputs, normalizers: decl.normalizers });
      return { id, outs: changed.length === 0 ? outs : await patch(inputs, id, changed, outs) };
    } catch (err) {
      throw new PartialCreateError(id, outs, err);
    }
  }

  /**
   * Where an imported object of a nested collection is: its import id names it alone (`<id>` or
   * `<accountId>/<id>`), so it is looked for under each parent of the account; under none, it is not found.
   */
  async function importedUnderParent(parent: ParentAddress, importId: string): Promise<ImportAddress | undefined> {
    const address = defaultImportAddress(importId, decl.account ?? "required");
    for (const candidate of await parent.all(accountOf(address.olds))) {
      const olds = { ...address.olds, [parent.idKey]: candidate.id, [parent.addressKey]: candidate.address };
      if ((await get(olds, address.id)) !== undefined) return { id: address.id, olds };
    }
    return undefined;
  }

  return defineResource({
    inputs: decl.inputs,
    account: decl.account ?? "required",
    importAddress: decl.importAddress ?? (decl.parent ? (importId: string) => importedUnderParent(decl.parent as ParentAddress, importId) : undefined),
    importForms: decl.importForms,
    controlKeys: controlKeys as never,
    derivedKeys: decl.derivedKeys,
    credentialKeys: decl.credentialKeys,
    prepare: decl.prepare,
    // A platform object's account is a property of it (a bot moves between accounts in place).
    replaceOn: (news) => [
      ...(areaOf(news) === "platform" ? [] : ["accountId"]),
      ...(decl.parent ? [decl.parent.idKey] : []),
      ...(decl.replaceOn ?? []),
    ],
    // A natural key is unique per account: a replacement in the same account must free it first.
    deleteBeforeReplace: decl.key !== undefined,
    normalizers: decl.normalizers,

    async create(raw) {
      const inputs = (decl.parent ? await placeAtParent(decl.parent, raw) : raw) as Inputs;
      if (inputs.adoptId !== undefined && decl.adoptById) return adoptById(inputs, inputs.adoptId);
      // The creates of this collection in flight together share one listing (see inCreateBatch).
      const { url, apiAccessToken, platformAccessToken } = connection();
      const scope = [url, areaOf(inputs) === "platform" ? platformAccessToken : apiAccessToken, collection(inputs), decl.key?.query?.(inputs) ?? null];
      return inCreateBatch(scope, () => api.list(inputs), async ({ listed, claimed, claim }) => {
        const existing = decl.key && listed.find((o) => decl.key!.matches(inputs, o));
        if (existing && inputs.adopt) return adoptObject(inputs, existing, outputs(inputs, existing));
        const refused = !existing && decl.refuseCreate?.(inputs, listed);
        if (refused) throw new Error(`POST ${collection(inputs)} not sent: ${refused}`);
        // A key in use is refused, unless an interrupted earlier run of this create made it (see createOnce).
        try {
          const created = await createNew(inputs, listed, claimed, existing ? taken(existing, inputs) : undefined);
          claim(Number(created.id));
          return created;
        } catch (err) {
          // An object made but not finished is this create's too.
          if (err instanceof PartialCreateError) claim(Number(err.id));
          throw err;
        }
      });
    },

    async read(id, olds) {
      if (!decl.parent) {
        const current = await get(olds, id);
        return current && outputs(olds, current);
      }
      // A miss at the stored address may be the parent's rename: only a miss where it is now means gone.
      const found = await atParent(decl.parent, olds, (props) => get(props, id), (current) => current === undefined);
      return found?.value && outputs(found.props, found.value);
    },

    async update(id, olds, news, changed) {
      return patch(news as Inputs, id, changed, olds);
    },

    async delete(id, olds) {
      /** Deletes at the props' address: `false` when the server says the object is not there. */
      const removed = async (props: Props) => {
        try {
          await api.remove(props, id);
          return true;
        } catch (err) {
          if (isNotFound(err)) return false;
          // An answer lost after sending, or a gone answer: the list decides.
          if (isGoneAnswer(err) && (await listed(props, id)) === undefined) return false;
          throw err;
        }
      };
      // Not found at a parent's stored address is settled where the parent is now (a gone parent took the object along).
      await (decl.parent ? atParent(decl.parent, olds, removed, (deleted) => !deleted) : removed(olds));
    },
  });
}

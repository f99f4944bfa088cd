import type { Normalizer } from "../../diff/diff";
import type { Props } from "../json";
import type { ParentAddress } from "../parent";

/** A server object of a collection: anything with a numeric id. */
export type WireObject = { id: number };

/** Where objects live: below an account, or in the installation's Platform API. */
export type Area = "account" | "platform";

/** The paths of a kind of object for the given inputs or last outputs (its area and account). */
export interface CollectionPaths {
  collection(props: Props): string;
  member(props: Props, id: string | number): string;
}

/**
 * The requests that reach one object. A collection builds them from its path, wire schema and
 * body; a resource whose API addresses objects otherwise (a portal by its slug) or needs more than
 * one request for a write (an inbox's bot goes apart) makes the ones it must.
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

/** The natural key, unique in the account, that adoption (`adopt: true`) and create recovery find objects by. */
export interface NaturalKey<I, W> {
  /** Whether a server object carries the key the inputs declare. */
  matches(inputs: I, object: W): boolean;
  /** The key in words, for messages: `title "vip"`. */
  describe(inputs: I): string;
  /** Query parameters that narrow the list to the key's candidates (e.g. one attribute model). */
  query?(inputs: I): Record<string, string>;
}

/** Taking an object over by its id (`adoptId`), as the steps use it. */
export interface TakeOverById<I, W> {
  /** The object to adopt, or why it cannot be (`account 1 has no inbox 7`). */
  find(inputs: I, id: number): Promise<W | string>;
  /** Why the object cannot be this resource (a channel of another type), checked before any write. */
  refuse?(inputs: I, object: W): string | undefined;
  /** What of the object is known before adopting it, for the comparison (marked adopted). */
  current(inputs: I, object: W): Props;
}

/**
 * One kind of server object as the lifecycle steps (./create.ts, ./read.ts, ./update.ts,
 * ./delete.ts) act on it: how it is reached, how it reads as outputs, and how an existing one is
 * recognised. `defineCollectionResource` builds one from a collection's declaration; a type that
 * is no plain collection (an inbox) makes its own and composes the steps.
 */
export interface ObjectKind<I extends Props, W extends WireObject> {
  /** What one object is called in messages: `canned response`. */
  noun: string;
  /** The requests that reach the objects. */
  api: ObjectApi<I, W>;
  /** The object, or `undefined` when the server says it is gone (a 404, or what the kind counts as one). */
  get(props: Props, id: string): Promise<W | undefined>;
  /** Whether the error of a failed write or delete means the object is gone (settled by a look). */
  answeredGone?(err: unknown, props: Props, id: string): Promise<boolean>;
  /** The addresses, for messages and for the scope of the run's listing (see `runListing`). */
  paths: CollectionPaths;
  /** Where the object of these props lives (which token reaches it). */
  area(props: Props): Area;
  /** The object the objects are nested under, whose address can change (a portal's categories). */
  parent?: ParentAddress;
  /** Complete outputs from the inputs (or last outputs) and the server's object. */
  outputs(base: Props, object: W): Props;
  /** What adoption and a completed create compare: the managed inputs and the derived keys. */
  compared: readonly string[];
  /** How to compare each property (see `defineResource`). */
  normalizers?: Partial<Record<string, Normalizer>>;
  /** Inputs kept in the state and never sent: a change of only these makes no request. */
  stateOnlyKeys?: readonly string[];
  /** The natural key, where the objects have one. */
  key?: NaturalKey<I, W>;
  /** Without a natural key: whether an object is what a create with these inputs makes. */
  sameContent(inputs: I, object: W): boolean;
  /** Why a create with these inputs cannot work, judged from the listing before the POST, or `undefined`. */
  refuseCreate?(inputs: I, listed: readonly W[]): string | undefined;
  /** Taking an object over by its id (`adoptId`), where the kind allows it. */
  adoptById?: TakeOverById<I, W>;
  /** Whether a create ends with one more write of what the POST could not set. */
  complete?: boolean;
  /** Learns of an object a create made, however it was found (its answer, or a listing after a lost one). */
  created?(inputs: I, object: W): void;
  /** Whether an account the run just made has none of these objects, so that no listing is needed to know it (see `madeByRun`). */
  emptyInNewAccount?: boolean;
  /** Where the objects are the account's users, which another list also adds (see `AccountUsers`). */
  accountUsers?: AccountUsers<W>;
  /** After every write: a failure for a value the server took without error but did not apply. */
  verify?(inputs: I, object: W): void;
  /** A hint for a failed write, or the error as it is. */
  explain?(err: unknown, inputs: I, keys: readonly string[]): unknown;
}


/**
 * A collection whose objects are the account's users (its agents; the Platform API's account
 * users), which the run adds through more than one list: a user one list's create adds joins the
 * run's listings of the others (see `usersAdded`), so that none of them misses a user the run
 * added. A new account's users are then known without a listing where the kind can stand for a
 * user by id alone.
 */
export interface AccountUsers<W> {
  /** The user an object is. */
  userId(object: W): number;
  /** The object standing for a user known by id alone, in a listing of the run (an agent whose other fields are not known). */
  fromId?(userId: number): W;
}

import type { z } from "zod";
import type { Normalizer } from "../../diff/diff";
import type { CheckFailure } from "../check";
import type { Feature } from "../feature-gate";
import type { ImportAddress } from "../import";
import type { Props } from "../json";
import type { ParentAddress } from "../parent";
import type { InputSchema } from "../resource";
import type { AccountUsers, Area, CollectionPaths, NaturalKey, ObjectApi, WireObject } from "./kind";

/** One object as the server sends it. */
export type WireSchema = z.ZodType<WireObject>;

/**
 * A resource that is one object of a REST collection, by default of an account
 * (`/api/v1/accounts/{id}/<path>`): POST to create, PATCH and DELETE by id, found again by a natural
 * key unique in the account (a label's title; a macro's name, which only this provider keeps
 * unique), or, where there is none, taken over by id (`adoptId`) and recognised after a lost
 * create by its content. A declaration says only what differs between collections, by concern;
 * the lifecycle is in ./create.ts, ./read.ts, ./update.ts and ./delete.ts, once.
 */
export interface CollectionDeclaration<S extends InputSchema, W extends WireSchema> {
  /** The camelCase inputs; they include `accountId`, and `adopt` with a natural key or `adoptId` with adoption by id. */
  inputs: S;
  /** One object as the server sends it (snake_case), read through every envelope. */
  wire: W;
  /** What one object is called in messages (default: from the path, `canned_responses` → `canned response`). */
  noun?: string;
  /** Where the objects live and how the server addresses them. */
  at: CollectionAddress;
  /** How an existing object is taken over, and recognised after a lost create (default: by its content). */
  adoption?: CollectionAdoption<z.output<S>, z.output<W>>;
  /** What a request body and the outputs hold, and how properties compare. */
  content?: CollectionContent<z.output<S>, z.output<W>>;
  /** What the collection does beyond REST's defaults: local checks, its own requests, steps after a write. */
  hooks?: CollectionHooks<z.output<S>, z.output<W>>;
}

/** Where a collection's objects live, and how the server addresses and answers for them. */
export interface CollectionAddress {
  /** The collection's path below the area (or below its parent), e.g. `labels`, `canned_responses` or `integrations/hooks`. */
  path: string;
  /**
   * How one object is read: `member` with `GET <path>/{id}`; `list` where upstream has no show route
   * (the object is looked for in the collection's list).
   */
  show: "member" | "list";
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
   * Whether `accountId` is required (the default), may be left out (an installation-wide object),
   * or is no input at all (an account or user of the Platform API).
   */
  account?: "required" | "optional" | "none";
  /**
   * The object the collection is nested under, whose address can change (a portal's categories, at
   * `/portals/{slug}/categories`): see `ParentAddress`. Its id input replaces the object when it changes.
   */
  parent?: ParentAddress;
  /**
   * Whether a new account's collection holds objects already, which its listing shows (the
   * installation's system bots): never taken as empty after the run made the account.
   */
  inNewAccounts?: boolean;
  /** Whether the server serves the list in pages (`?page=N`, of a size it does not say): every page is read. */
  pages?: boolean;
  /**
   * The names the server wraps objects under, for collections that do (webhooks answer
   * `{payload: {webhook: X}}` and list `{payload: {webhooks: [X]}}`); the plain envelopes are read too.
   */
  envelope?: { one: string; many: string };
  /**
   * A feature the server or the account may lack (Chatwoot Enterprise's): its absence is named as
   * such in every error, and never read as an object being gone (see `gatedApi`).
   */
  feature?: Feature;
  /**
   * Statuses the server answers for a member it does not have, besides Chatwoot's JSON 404: the
   * macros controller answers show with an empty 404 (`head :not_found`, which alone could as well
   * come from a proxy) and update and destroy with a 500 (a method called on nil). Such an answer
   * is settled by the collection's list: not listed means gone (deleted, for a delete); listed
   * means the answer was something else, and a write keeps its error.
   */
  goneAnswers?: readonly number[];
  /**
   * Where the object an import id names is (see `ResourceDeclaration.importAddress`); default: the
   * account's object by id, found under its parent where the collection has one.
   */
  importAddress?(importId: string): Promise<ImportAddress | undefined>;
  /** The forms of import id `importAddress` takes, for the type's documentation. */
  importForms?: readonly string[];
}

/**
 * How an existing object becomes the resource: by its natural key (`adopt: true`), or, without
 * one, by id (`adoptId`); and how a create whose answer was lost finds the object it made.
 */
export interface CollectionAdoption<I, W> {
  /**
   * The natural key, which adoption (`adopt: true`) and the recovery of a lost create look objects
   * up by. Create lists the collection first: an object that has the key already is adopted with
   * `adopt: true`, and otherwise refused before any POST.
   */
  key?: NaturalKey<I, W>;
  /**
   * Why a create with these inputs cannot work, judged from the collection listed before the POST,
   * or `undefined`: a reference the server would check only after making the object (an article's
   * translation answers 404 once the article exists).
   */
  refuseCreate?(inputs: I, listed: readonly W[]): string | undefined;
  /** Taking an object over by id with `adoptId` (collections without a natural key); `{}` for the defaults. */
  byId?: AdoptById<I, W>;
  /**
   * Without a natural key: whether an object is what a create with these inputs makes (the same
   * name and content). Create recovery takes only such an object that is new since the POST.
   * Default: the object holds every managed input the program gives, as the diff compares them.
   */
  sameContent?(inputs: I, object: W): boolean;
  /** Where the objects are the account's users, which another list also adds: see `AccountUsers`. */
  accountUsers?: AccountUsers<W>;
}

/** Taking an existing object over by its id (`adoptId`), for collections without a natural key. */
export interface AdoptById<I, W> {
  /**
   * The object to adopt, or an explanation of why it cannot be (e.g. a Platform App sees only its
   * own bots); default: the object read by id. `at`: the collection's paths.
   */
  find?(inputs: I, id: number, at: CollectionPaths): Promise<W | string>;
  /** What of the object is known before adopting it, for the comparison (default: the outputs of the object). */
  current?(inputs: I, object: W): Props;
  /** Why the object cannot be this resource, checked before any write. */
  refuse?(inputs: I, object: W): string | undefined;
}

/** What a request body and the outputs hold, and how the properties compare. */
export interface CollectionContent<I, W> {
  /**
   * The request body for the given properties (default: those inputs in snake_case). `keys` are
   * managed inputs only: never `accountId`, the parent's id or a state-only key.
   */
  body?(inputs: I, keys: readonly string[], write: "create" | "update"): object;
  /** Complete outputs from the inputs (or last outputs) and the server's object (default: `outputsOf`). */
  outputs?(base: Props, object: W): Props;
  /** How to compare each property (see `defineResource`). */
  normalizers?: Partial<Record<string, Normalizer>>;
  /** Inputs the provider keeps in the state for itself and never sends: compared, so a change reaches the state without a request. */
  stateOnlyKeys?: readonly string[];
  /** Keys `prepare` derives from the inputs that the diff compares (a file's digest; see `defineResource`). */
  derivedKeys?: readonly string[];
  /** Inputs that are credentials (see `defineResource`). */
  credentialKeys?: readonly string[];
  /** Inputs (or derived keys) that cannot change in place, besides `accountId` and the parent's id. */
  replaceOn?: readonly string[];
}

/** What the collection does beyond REST's defaults. */
export interface CollectionHooks<I, W> {
  /** Local checks that need more than the schema (see `defineResource`). */
  prepare?(inputs: I): Promise<{ inputs: Props; failures: CheckFailure[] }>;
  /** Requests it makes its own way (see `ObjectApi`); the others are the collection's (`rest`), `at` its paths. */
  api?(rest: ObjectApi<I, W>, at: CollectionPaths): Partial<ObjectApi<I, W>>;
  /**
   * Runs after the POST: what one request could not set (an article's status on older servers), as
   * one more write of the properties still differing. Should it fail, the object stays in the state.
   */
  complete?: boolean;
  /** After every write: a failure for a value the server took without error but did not apply. */
  verify?(inputs: I, object: W): void;
  /** Learns of an object a create made, however it was found (its answer, or a listing after a lost one). */
  created?(inputs: I, object: W): void;
  /** A hint for a failed write (e.g. a 404 meaning a referenced object), or the error as it is. */
  explain?(err: unknown, inputs: I, keys: readonly string[]): unknown;
}

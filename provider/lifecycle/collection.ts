import type { z } from "zod";
import type { Normalizer } from "../diff/diff";
import type { ApiRequest } from "../http/transport/client";
import { ChatwootApiError } from "../http/transport/errors";
import { toWire } from "../mapping";
import { list, listUnder, single, singleUnder } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { keyTaken, takeOver } from "./adopt";
import { call, deleteIgnoringNotFound, unlessNotFound, writeThenRead } from "./api";
import { createOnce } from "./create-once";
import type { Props } from "./json";
import { outputsOf, pick } from "./outputs";
import { defineResource, managedKeysOf, type InputSchema } from "./resource";
import { assertWriteTaken } from "./verify";

/** A server object of a collection: anything with a numeric id. */
export type WireObject = { id: number };
type WireSchema = z.ZodType<WireObject>;

/** The inputs every collection resource has: the account, and the adoption switch. */
type BaseInputs = { accountId: number; adopt?: boolean };

/**
 * A resource that is one object of an account's REST collection (`/api/v1/accounts/{id}/<path>`):
 * POST to create, PATCH and DELETE by id, found again by a natural key unique in the account (a
 * label's title, a canned response's short code; a macro's name, which only this provider keeps
 * unique: create refuses a key the account already shows, unless told to adopt it). What the
 * resource file declares is only what differs between collections; the lifecycle is here, once.
 */
export interface CollectionDeclaration<S extends InputSchema, W extends WireSchema> {
  /** The camelCase inputs; they must include `accountId` and `adopt`. */
  inputs: S;
  /** The collection's path below the account, e.g. `labels` or `canned_responses`. */
  path: string;
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
   * The natural key, which adoption and the recovery of a lost create look objects up by. Create
   * lists the collection first: an object that has the key already is adopted with `adopt: true`,
   * and otherwise refused before any POST, whether the server keeps the key unique or (macro
   * names) only this provider does.
   */
  key: {
    /** Whether a server object carries the key the inputs declare. */
    matches(inputs: z.output<S>, object: z.output<W>): boolean;
    /** The key in words, for messages: `title "vip"`. */
    describe(inputs: z.output<S>): string;
    /** Query parameters that narrow the list to the key's candidates (e.g. one attribute model). */
    query?(inputs: z.output<S>): Record<string, string>;
  };
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
  /** The request body for the given properties (default: those inputs in snake_case). */
  body?(inputs: z.output<S>, keys: readonly string[]): object;
  /** Complete outputs from the inputs and the server's object (default: `outputsOf`). */
  outputs?(inputs: Props, object: z.output<W>): Props;
}

/** The Pulumi type name, for messages: `canned_responses` → `canned response`. */
const noun = (path: string) => path.replace(/s$/, "").replace(/_/g, " ");

/** Builds a resource's lifecycle from a collection declaration. */
export function defineCollectionResource<S extends InputSchema, W extends WireSchema>(decl: CollectionDeclaration<S, W>) {
  type Inputs = z.output<S> & BaseInputs;
  type Wire = z.output<W>;
  const controlKeys = ["adopt"] as const;
  const managedKeys = managedKeysOf(decl.inputs, controlKeys);
  const what = noun(decl.path);

  const collection = (account: number) => accountPath(account, decl.path);
  const member = (account: number, id: string | number) => accountPath(account, decl.path, id);
  const outputs = (inputs: Props, object: Wire) => (decl.outputs ? decl.outputs(inputs, object) : outputsOf(inputs, object));
  const body = (inputs: Inputs, keys: readonly string[]) => {
    const sent = [...new Set([...keys, ...(decl.alwaysSend ?? [])])].filter((k) => k !== "accountId" && managedKeys.includes(k));
    return decl.body ? decl.body(inputs, sent) : (toWire(pick(inputs, sent)) as object);
  };

  const one = decl.envelope ? singleUnder(decl.wire, decl.envelope.one) : single(decl.wire);
  const many = decl.envelope ? listUnder(decl.wire, decl.envelope.many) : list(decl.wire);
  // Credentials in a wire schema (`credential` fields) are remembered for redaction as it parses them.
  const callOne = async (req: ApiRequest) => (await call(one, req)) as Wire;

  const listAll = async (account: number, query?: Record<string, string>) =>
    (await call(many, { method: "GET", path: collection(account), query })) as Wire[];
  /** The objects the key is looked for among (one model's attributes, say). */
  const keySpace = (inputs: Inputs) => listAll(inputs.accountId, decl.key.query?.(inputs));
  const findByKey = async (inputs: Inputs) => (await keySpace(inputs)).find((o) => decl.key.matches(inputs, o));

  const listed = async (account: number, id: string | number) => (await listAll(account)).find((o) => String(o.id) === String(id));
  const isGoneAnswer = (err: unknown) => ChatwootApiError.isInstance(err) && err.status !== undefined && decl.goneAnswers?.includes(err.status) === true;

  /** The object, or `undefined` when the server says it is gone (a 404, or missing from the list). */
  async function get(account: number, id: string | number): Promise<Wire | undefined> {
    if (decl.show === "list") return listed(account, id);
    try {
      return await unlessNotFound(() => callOne({ method: "GET", path: member(account, id) }));
    } catch (err) {
      if (!isGoneAnswer(err)) throw err;
      return listed(account, id);
    }
  }

  const gone = (req: ApiRequest) => new Error(`${req.method} ${req.path}: the ${what} is gone (deleted outside Pulumi? run \`pulumi refresh\`)`);

  /** Whether `err` is one of the {@link CollectionDeclaration.goneAnswers} and the object is indeed gone. */
  async function answeredGone(err: unknown, account: number, id: string | number): Promise<boolean> {
    return isGoneAnswer(err) && (await listed(account, id)) === undefined;
  }

  /** One PATCH of the changed properties; an applied change whose answer was unreadable is read back. */
  async function patch(inputs: Inputs, id: string | number, keys: readonly string[]): Promise<Props> {
    const req = { method: "PATCH", path: member(inputs.accountId, id), json: body(inputs, keys) } as const;
    const object = await writeThenRead(
      async () => {
        try {
          return await callOne(req);
        } catch (err) {
          throw (await answeredGone(err, inputs.accountId, id)) ? gone(req) : err;
        }
      },
      async () => (await get(inputs.accountId, id)) ?? Promise.reject(gone(req)),
    );
    const outs = outputs(inputs, object);
    assertWriteTaken({ keys, inputs, outs, normalizers: decl.normalizers, request: `PATCH ${req.path}` });
    return outs;
  }

  /** Why a create must not make a second object with the key, and what to do instead. */
  const taken = (existing: Wire, inputs: Inputs) => keyTaken(`${what} ${existing.id}`, decl.key.describe(inputs));

  /** A 422 on create for a key the account already has: point to adoption. */
  async function explainTaken(err: unknown, inputs: Inputs): Promise<unknown> {
    if (!ChatwootApiError.isInstance(err) || err.status !== 422) return err;
    const existing = await findByKey(inputs).catch(() => undefined);
    return existing ? err.withHint(taken(existing, inputs)) : err;
  }

  return defineResource({
    inputs: decl.inputs,
    account: "required",
    controlKeys,
    replaceOn: ["accountId"],
    // The natural key is unique per account: a replacement in the same account must free it first.
    deleteBeforeReplace: true,
    normalizers: decl.normalizers,

    async create(raw) {
      const inputs = raw as Inputs;
      const listed = await keySpace(inputs);
      const existing = listed.find((o) => decl.key.matches(inputs, o));
      if (existing && !inputs.adopt) throw new Error(`POST ${collection(inputs.accountId)} not sent: ${taken(existing, inputs)}`);
      if (existing) {
        return takeOver({
          id: String(existing.id),
          current: outputs(inputs, existing),
          inputs,
          keys: managedKeys,
          normalizers: decl.normalizers,
          patch: (changed) => patch(inputs, existing.id, changed),
        });
      }
      const created = await createOnce({
        request: `POST ${collection(inputs.accountId)}`,
        noun: what,
        post: () => callOne({ method: "POST", path: collection(inputs.accountId), json: body(inputs, managedKeys) }),
        list: () => keySpace(inputs),
        matches: (o) => decl.key.matches(inputs, o),
        listed,
        outputs: (o) => outputs(inputs, o),
      }).catch(async (err: unknown) => Promise.reject(await explainTaken(err, inputs)));
      return { id: String(created.id), outs: outputs(inputs, created) };
    },

    async read(id, olds) {
      const current = await get((olds as Inputs).accountId, id);
      return current && outputs(olds, current);
    },

    async update(id, _olds, news, changed) {
      return patch(news as Inputs, id, changed);
    },

    async delete(id, olds) {
      const account = (olds as Inputs).accountId;
      try {
        await deleteIgnoringNotFound({ method: "DELETE", path: member(account, id) });
      } catch (err) {
        if (!(await answeredGone(err, account, id))) throw err;
      }
    },
  });
}

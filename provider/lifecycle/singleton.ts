import type { z } from "zod";
import type { Normalizer } from "../diff/diff";
import { isNotFound } from "../http/transport/errors";
import { toWire } from "../mapping";
import { single } from "../wire/envelope";
import { keyTaken, markAdopted, takeOver } from "./adopt";
import { call, send, unlessNotFound, writeThenRead } from "./api";
import { createOnce } from "./create-once";
import { explainMissing, type Feature } from "./feature-gate";
import type { Props } from "./json";
import { pick } from "./outputs";
import { idParts, ImportIdError } from "./import";
import { defineResource, managedKeysOf, type InputSchema } from "./resource";
import { assertWriteTaken } from "./verify";

/**
 * A resource that is the one object of its kind an account has (the account's own settings): it
 * exists as long as the account does, so it is never created nor deleted. Create takes the object
 * over and sends what differs from the program in one PATCH; update sends the changed properties
 * in one PATCH; delete forgets it, leaving the object as it is; refresh shows drift, and only a 404
 * means it is gone. Its id is the account's id.
 *
 * An account's one object that it may also lack (its SAML settings) declares `optional`: create
 * then POSTs it when the account has none (one that is there is taken over only with `adopt: true`,
 * as any other type's natural key), delete DELETEs it, and the blank object the server shows
 * without one reads as gone.
 */
export interface SingletonDeclaration<S extends InputSchema, W extends z.ZodType<object>> {
  /** The camelCase inputs, `accountId` included. */
  inputs: S;
  /** What the object is called in messages: `account settings`. */
  noun: string;
  /** The object's path for the inputs or last outputs (`/api/v1/accounts/{id}`). */
  path(props: Props): string;
  /** The object as the server sends it (snake_case), read through every envelope. */
  wire: W;
  /** Complete outputs from the inputs (or last outputs) and the server's object. */
  outputs(base: Props, object: z.output<W>): Props;
  /** How to compare each property (see `defineResource`). */
  normalizers?: Partial<Record<string, Normalizer>>;
  /**
   * For an object the account may lack: `exists` tells it from the blank stand-in the show answers
   * without one (`id: null`). The inputs then hold the `adopt` switch.
   */
  optional?: { exists(object: z.output<W>): boolean };
  /** The body of a write of `keys` (default: those inputs in snake_case, unwrapped). */
  body?(inputs: z.output<S>, keys: readonly string[]): object;
  /** The Enterprise feature the object needs: a server without it answers 404, which is named, never read as gone. */
  feature?: Feature;
  /** A hint for a failed write (e.g. a 500 an older server answers for a value it does not know), or the error as it is. */
  explain?(err: unknown, inputs: z.output<S>, keys: readonly string[]): unknown;
}

/** Builds a singleton's lifecycle (see {@link SingletonDeclaration}). */
export function defineSingletonResource<S extends InputSchema, W extends z.ZodType<object>>(decl: SingletonDeclaration<S, W>) {
  type Inputs = z.output<S> & { accountId: number; adopt?: boolean };
  const controlKeys = decl.optional ? ["adopt"] : [];
  const keys = managedKeysOf(decl.inputs, controlKeys);
  const one = single(decl.wire);
  const body = (inputs: Inputs, changed: readonly string[]) => {
    const sent = changed.filter((k) => k !== "accountId" && !controlKeys.includes(k));
    return decl.body ? decl.body(inputs, sent) : (toWire(pick(inputs, sent)) as object);
  };
  /** The object, or `undefined` for a 404 (the account is gone) or, for an optional one, a blank answer. */
  const read = async (props: Props): Promise<z.output<W> | undefined> => {
    try {
      const object = (await call(one, { method: "GET", path: decl.path(props) })) as z.output<W>;
      return decl.optional && !decl.optional.exists(object) ? undefined : object;
    } catch (err) {
      if (!isNotFound(err)) throw err;
      if (decl.feature) {
        const why = await explainMissing(err, Number(props.accountId), decl.feature);
        if (why !== err) throw why;
      }
      return undefined;
    }
  };
  const missing = (props: Props) =>
    new Error(
      `GET ${decl.path(props)}: there are no ${decl.noun} of account ${String(props.accountId)}: the account was not found ` +
        "(deleted, or the token's user is no member of it)",
    );

  /** One PATCH of `changed`; an applied change whose answer was unreadable is read back. */
  async function patch(inputs: Inputs, changed: readonly string[], current: Props): Promise<Props> {
    const request = `PATCH ${decl.path(inputs)}`;
    const object = await writeThenRead(
      async () => {
        try {
          return (await call(one, { method: "PATCH", path: decl.path(inputs), json: body(inputs, changed) })) as z.output<W>;
        } catch (err) {
          throw decl.explain ? decl.explain(err, inputs, changed) : err;
        }
      },
      async () => (await read(inputs)) ?? Promise.reject(missing(inputs)),
    );
    const outs = decl.outputs({ ...current, ...inputs }, object);
    assertWriteTaken({ keys: changed, inputs, outs, normalizers: decl.normalizers, request });
    return outs;
  }

  /**
   * The POST of an optional object the account lacks: never repeated blindly, an answer that was
   * lost settled by reading the account's object (it had none before, so one there now is this create's).
   */
  async function post(inputs: Inputs): Promise<Props> {
    type Made = z.output<W> & { id: number };
    const request = `POST ${decl.path(inputs)}`;
    const made = await createOnce<Made>({
      request,
      noun: decl.noun,
      post: async () => {
        try {
          return (await call(one, { method: "POST", path: decl.path(inputs), json: body(inputs, keys) })) as Made;
        } catch (err) {
          throw decl.explain ? decl.explain(err, inputs, keys) : err;
        }
      },
      list: async () => {
        const object = (await read(inputs)) as Made | undefined;
        return object ? [object] : [];
      },
      matches: () => true,
      listed: [],
      outputs: (object) => decl.outputs(inputs, object),
    });
    const outs = decl.outputs(inputs, made);
    assertWriteTaken({ keys, inputs, outs, normalizers: decl.normalizers, request });
    return outs;
  }

  return defineResource({
    inputs: decl.inputs,
    account: "required",
    controlKeys: controlKeys as never,
    // The object is its account's: its id is the account's.
    importForms: ["<accountId>"],
    async importAddress(importId) {
      const [accountId] = idParts(importId, [1]) ?? [];
      if (accountId === undefined) throw new ImportIdError(importId, ["<accountId>"]);
      return { id: String(accountId), olds: { accountId } };
    },
    replaceOn: ["accountId"],
    normalizers: decl.normalizers,

    async create(raw) {
      const inputs = raw as Inputs;
      const object = await read(inputs);
      if (object === undefined && decl.optional) return { id: String(inputs.accountId), outs: await post(inputs) };
      if (object === undefined) throw missing(inputs);
      if (decl.optional && !inputs.adopt) throw new Error(keyTaken(`account ${inputs.accountId}`, decl.noun));
      const current = markAdopted(decl.outputs(inputs, object));
      return takeOver({ id: String(inputs.accountId), current, inputs, keys, normalizers: decl.normalizers, patch: (changed) => patch(inputs, changed, current) });
    },

    async read(_id, olds) {
      const object = await read(olds);
      return object && decl.outputs(olds, object);
    },

    async update(_id, olds, news, changed) {
      return patch(news as Inputs, changed, olds);
    },

    // An optional object is deleted (a 404: already gone); any other lives as long as its account,
    // and deleting the resource only forgets it.
    async delete(_id, olds) {
      if (decl.optional) await unlessNotFound(() => send({ method: "DELETE", path: decl.path(olds) }));
    },
  });
}

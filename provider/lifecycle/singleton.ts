import type { z } from "zod";
import type { Normalizer } from "../diff/diff";
import { toWire } from "../mapping";
import { single } from "../wire/envelope";
import { markAdopted, takeOver } from "./adopt";
import { call, unlessNotFound, writeThenRead } from "./api";
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
  /** A hint for a failed write (e.g. a 500 an older server answers for a value it does not know), or the error as it is. */
  explain?(err: unknown, inputs: z.output<S>, keys: readonly string[]): unknown;
}

/** Builds a singleton's lifecycle (see {@link SingletonDeclaration}). */
export function defineSingletonResource<S extends InputSchema, W extends z.ZodType<object>>(decl: SingletonDeclaration<S, W>) {
  type Inputs = z.output<S> & { accountId: number };
  const keys = managedKeysOf(decl.inputs);
  const one = single(decl.wire);
  const read = (props: Props) => unlessNotFound(async () => (await call(one, { method: "GET", path: decl.path(props) })) as z.output<W>);
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
          return (await call(one, { method: "PATCH", path: decl.path(inputs), json: toWire(pick(inputs, changed.filter((k) => k !== "accountId"))) as object })) as z.output<W>;
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

  return defineResource({
    inputs: decl.inputs,
    account: "required",
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
      if (object === undefined) throw missing(inputs);
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

    // The object lives as long as its account: deleting the resource only forgets it.
    async delete() {},
  });
}

import type { z } from "zod";
import type { Normalizer } from "../diff/diff";
import { ChatwootApiError } from "../http/errors";
import { toWire } from "../mapping";
import { list, single } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { takeOver } from "./adopt";
import { call, createOnce, deleteIgnoringNotFound, unlessNotFound, writeThenRead } from "./api";
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
 * POST to create, PATCH and DELETE by id, found again by a natural key that the account keeps unique
 * (a label's title, a canned response's short code). What the resource file declares is only what
 * differs between collections; the lifecycle is here, once.
 */
export interface CollectionDeclaration<S extends InputSchema, W extends WireSchema> {
  /** The camelCase inputs; they must include `accountId` and `adopt`. */
  inputs: S;
  /** The collection's path below the account, e.g. `labels` or `canned_responses`. */
  path: string;
  /** One object as the server sends it (snake_case), read through every envelope. */
  wire: W;
  /**
   * How one object is read: `member` with `GET <path>/{id}`; `list` where upstream has no show route
   * (the object is looked for in the collection's list).
   */
  show: "member" | "list";
  /** The natural key, which adoption and the recovery of a lost create look objects up by. */
  key: {
    /** Whether a server object carries the key the inputs declare. */
    matches(inputs: z.output<S>, object: z.output<W>): boolean;
    /** The key in words, for messages: `title "vip"`. */
    describe(inputs: z.output<S>): string;
    /** Query parameters that narrow the list to the key's candidates (e.g. one attribute model). */
    query?(inputs: z.output<S>): Record<string, string>;
  };
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
    const sent = keys.filter((k) => k !== "accountId" && managedKeys.includes(k));
    return decl.body ? decl.body(inputs, sent) : (toWire(pick(inputs, sent)) as object);
  };

  const listAll = (account: number, query?: Record<string, string>) =>
    call(list(decl.wire), { method: "GET", path: collection(account), query }) as Promise<Wire[]>;
  const findByKey = async (inputs: Inputs) => (await listAll(inputs.accountId, decl.key.query?.(inputs))).find((o) => decl.key.matches(inputs, o));

  /** The object, or `undefined` when the server says it is gone (a 404, or missing from the list). */
  async function get(account: number, id: string | number): Promise<Wire | undefined> {
    if (decl.show === "list") return (await listAll(account)).find((o) => String(o.id) === String(id));
    return unlessNotFound(() => call(single(decl.wire), { method: "GET", path: member(account, id) }) as Promise<Wire>);
  }

  /** One PATCH of the changed properties; an applied change whose answer was unreadable is read back. */
  async function patch(inputs: Inputs, id: string | number, keys: readonly string[]): Promise<Props> {
    const req = { method: "PATCH", path: member(inputs.accountId, id), json: body(inputs, keys) } as const;
    const object = await writeThenRead(
      () => call(single(decl.wire), req) as Promise<Wire>,
      async () => (await get(inputs.accountId, id)) ?? Promise.reject(new Error(`PATCH ${req.path}: the ${what} is gone`)),
    );
    const outs = outputs(inputs, object);
    assertWriteTaken({ keys, inputs, outs, normalizers: decl.normalizers, request: `PATCH ${req.path}` });
    return outs;
  }

  /** A 422 on create for a key the account already has: point to adoption. */
  async function explainTaken(err: unknown, inputs: Inputs): Promise<unknown> {
    if (!ChatwootApiError.isInstance(err) || err.status !== 422) return err;
    const existing = await findByKey(inputs).catch(() => undefined);
    if (!existing) return err;
    return err.withHint(`${what} ${existing.id} already has ${decl.key.describe(inputs)}; set adopt: true to manage it`);
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
      const existing = inputs.adopt ? await findByKey(inputs) : undefined;
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
      const created = await createOnce(
        () => call(single(decl.wire), { method: "POST", path: collection(inputs.accountId), json: body(inputs, managedKeys) }) as Promise<Wire>,
        () => findByKey(inputs),
      ).catch(async (err: unknown) => Promise.reject(await explainTaken(err, inputs)));
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
      await deleteIgnoringNotFound({ method: "DELETE", path: member((olds as Inputs).accountId, id) });
    },
  });
}

import type { z } from "zod";
import { planDiff } from "../../diff/diff";
import type { ApiRequest } from "../../http/transport/client";
import { ChatwootApiError } from "../../http/transport/errors";
import { toWire } from "../../mapping";
import { list, listUnder, single, singleUnder } from "../../wire/envelope";
import { accountPath, platformPath } from "../../wire/paths";
import { markAdopted } from "../adopt";
import { call, send, unlessNotFound } from "../api";
import { gatedApi } from "../feature-gate";
import { defaultImportAddress, type ImportAddress } from "../import";
import type { Props } from "../json";
import { outputsOf, pick } from "../outputs";
import { readAllPages } from "../pages";
import { addressOf, type ParentAddress } from "../parent";
import { defineResource, managedKeysOf, type InputSchema, type ResourceLifecycle } from "../resource";
import type { Listing } from "../run-listing";
import { collectionListing, createObject, keyInUse } from "./create";
import type { CollectionDeclaration, WireSchema } from "./declaration";
import { deleteObject } from "./delete";
import type { Area, ObjectApi, ObjectKind } from "./kind";
import { readObject } from "./read";
import { updateObject } from "./update";

export type { AdoptById, CollectionAddress, CollectionAdoption, CollectionContent, CollectionDeclaration, CollectionHooks } from "./declaration";
export type { AccountUsers, Area, CollectionPaths, NaturalKey, ObjectApi, ObjectKind, TakeOverById, WireObject } from "./kind";
export { createObject, keyInUse } from "./create";
export { readObject } from "./read";
export { updateObject } from "./update";
export { deleteObject } from "./delete";

/** The inputs every collection resource has. */
type BaseInputs = { accountId?: number | null; adopt?: boolean; adoptId?: number };

/** The Pulumi type name, for messages: `canned_responses` → `canned response`. */
const noun = (path: string) => path.replace(/s$/, "").replace(/_/g, " ");

/** The object kind a collection declaration describes: its REST requests, addresses and defaults. */
function collectionKind<S extends InputSchema, W extends WireSchema>(decl: CollectionDeclaration<S, W>, managedKeys: readonly string[]) {
  type Inputs = z.output<S> & BaseInputs;
  type Wire = z.output<W>;
  const { at, adoption = {}, content = {}, hooks = {} } = decl;
  const what = decl.noun ?? noun(at.path);

  const accountOf = (props: Props) => props.accountId as number;
  const area = (props: Props): Area => (typeof at.area === "function" ? at.area(props) : (at.area ?? "account"));
  /** The path segments of the collection: below its parent's address (kept in the props) when it has one. */
  // A path of several segments (`integrations/hooks`) is split, so that its slashes are not encoded.
  const own = at.path.split("/");
  const segments = (props: Props) => (at.parent ? [...at.parent.segments(addressOf(at.parent, props)), ...own] : own);
  const under = (props: Props) => at.under?.(props) ?? [];
  const paths = {
    collection: (props: Props) => (area(props) === "platform" ? platformPath(...under(props), ...own) : accountPath(accountOf(props), ...segments(props))),
    member: (props: Props, id: string | number) =>
      area(props) === "platform" ? platformPath(...under(props), ...own, id) : accountPath(accountOf(props), ...segments(props), id),
  };
  const outputs = (base: Props, object: Wire) => (content.outputs ? content.outputs(base, object) : outputsOf(base, object));
  const body = (inputs: Inputs, keys: readonly string[], write: "create" | "update") => {
    const sent = keys.filter((k) => k !== "accountId" && k !== at.parent?.idKey && managedKeys.includes(k) && !content.stateOnlyKeys?.includes(k));
    return content.body ? content.body(inputs, sent, write) : (toWire(pick(inputs, sent)) as object);
  };

  const one = at.envelope ? singleUnder(decl.wire, at.envelope.one) : single(decl.wire);
  const many = at.envelope ? listUnder(decl.wire, at.envelope.many) : list(decl.wire);
  // Credentials in a wire schema (`credential` fields) are remembered for redaction as it parses them.
  const callOne = async (req: ApiRequest) => (await call(one, req)) as Wire;
  const listPage = async (props: Props, query?: Record<string, string>) => (await call(many, { method: "GET", path: paths.collection(props), query })) as Wire[];
  const listAll = (props: Props, query?: Record<string, string>) =>
    at.pages ? readAllPages((page) => listPage(props, { ...query, page: String(page) })) : listPage(props, query);
  const listed = async (props: Props, id: string | number) => (await listAll(props)).find((o) => String(o.id) === String(id));

  const rest: ObjectApi<Inputs, Wire> = {
    list: (inputs) => listAll(inputs, adoption.key?.query?.(inputs)),
    get: (props, id) => (at.show === "list" ? listed(props, id) : unlessNotFound(() => callOne({ method: "GET", path: paths.member(props, id) }))),
    post: (inputs) => callOne({ method: "POST", path: paths.collection(inputs), json: body(inputs, managedKeys, "create") }),
    patch: (inputs, id, keys) => callOne({ method: "PATCH", path: paths.member(inputs, id), json: body(inputs, keys, "update") }),
    remove: (props, id) => send({ method: "DELETE", path: paths.member(props, id) }),
  };
  // Nested under a parent, the feature is probed with the parents' list: a gone parent does not fail it.
  const nestedIn = at.parent;
  const probe = nestedIn ? (props: Props) => nestedIn.all(accountOf(props)) : undefined;
  const api: ObjectApi<Inputs, Wire> = gatedApi({ ...rest, ...hooks.api?.(rest, paths) }, at.feature, probe);

  const isGoneAnswer = (err: unknown) => ChatwootApiError.isInstance(err) && err.status !== undefined && at.goneAnswers?.includes(err.status) === true;
  /** The object, or `undefined` when the server says it is gone (a 404, or a gone answer it does not list). */
  async function get(props: Props, id: string): Promise<Wire | undefined> {
    try {
      return await api.get(props, id);
    } catch (err) {
      if (!isGoneAnswer(err)) throw err;
      return listed(props, id);
    }
  }

  // What adoption and a completed create compare: the managed inputs and what `prepare` derives (a file's digest).
  const compared = [...managedKeys, ...(content.derivedKeys ?? [])];
  /** The default of `sameContent`: no managed input given differs from the object. */
  const sameManaged = (inputs: Inputs, object: Wire) =>
    planDiff({ keys: compared.filter((k) => k !== "accountId"), olds: outputs({}, object), news: inputs, normalizers: content.normalizers }).changed.length === 0;
  const byId = adoption.byId;
  const owner = (props: Props) => (area(props) === "platform" ? "this Platform App" : `account ${accountOf(props)}`);

  const kind: ObjectKind<Inputs, Wire> = {
    noun: what,
    api,
    get,
    answeredGone: async (err, props, id) => isGoneAnswer(err) && (await listed(props, id)) === undefined,
    paths,
    area,
    parent: at.parent,
    outputs,
    compared,
    normalizers: content.normalizers,
    stateOnlyKeys: content.stateOnlyKeys,
    key: adoption.key,
    sameContent: adoption.sameContent ?? sameManaged,
    refuseCreate: adoption.refuseCreate,
    adoptById: byId && {
      find: async (inputs, id) => (byId.find ? byId.find(inputs, id, paths) : ((await get(inputs, String(id))) ?? `${owner(inputs)} has no ${what} ${id}`)),
      refuse: byId.refuse,
      current: (inputs, object) => (byId.current ? byId.current(inputs, object) : markAdopted(outputs(inputs, object))),
    },
    complete: hooks.complete,
    verify: hooks.verify,
    created: hooks.created,
    // A nested collection's parent, and a feature the account may lack, are left to the listing to say.
    emptyInNewAccount: !at.inNewAccounts && !at.parent && !at.feature,
    accountUsers: adoption.accountUsers,
    explain: hooks.explain,
  };
  return kind;
}

/** A collection resource's lifecycle, and its collection as the run lists it for other resources. */
export type CollectionLifecycle<W extends WireSchema> = ResourceLifecycle & {
  /**
   * The run's listing of the collection for these inputs, shared with the resource's own creates
   * (see `collectionListing`): a membership looks users up in the account's agents through it.
   */
  listing(inputs: Props): Promise<Listing<z.output<W>>>;
};

/** Builds a resource's lifecycle from a collection declaration: the steps (./create.ts, ./read.ts, ./update.ts, ./delete.ts) acting on its kind. */
export function defineCollectionResource<S extends InputSchema, W extends WireSchema>(decl: CollectionDeclaration<S, W>): CollectionLifecycle<W> {
  const { at, adoption = {}, content = {}, hooks = {} } = decl;
  const controlKeys = [...(adoption.key ? ["adopt"] : []), ...(adoption.byId ? ["adoptId"] : [])];
  const kind = collectionKind(decl, managedKeysOf(decl.inputs, controlKeys));
  const account = at.account ?? "required";

  /**
   * Where an imported object of a nested collection is: its import id names it alone (`<id>` or
   * `<accountId>/<id>`), so it is looked for under each parent of the account; under none, it is not found.
   */
  async function importedUnderParent(parent: ParentAddress, importId: string): Promise<ImportAddress | undefined> {
    const address = defaultImportAddress(importId, account);
    for (const candidate of await parent.all(address.olds.accountId as number)) {
      const olds = { ...address.olds, [parent.idKey]: candidate.id, ...(parent.addressKey ? { [parent.addressKey]: candidate.address } : {}) };
      if ((await kind.get(olds, address.id)) !== undefined) return { id: address.id, olds };
    }
    return undefined;
  }
  const parent = at.parent;

  const lifecycle = defineResource({
    inputs: decl.inputs,
    account,
    noun: kind.noun,
    importAddress: at.importAddress ?? (parent ? (importId: string) => importedUnderParent(parent, importId) : undefined),
    importForms: at.importForms,
    controlKeys: controlKeys as never,
    derivedKeys: content.derivedKeys,
    credentialKeys: content.credentialKeys,
    prepare: hooks.prepare,
    // A platform object's account is a property of it (a bot moves between accounts in place).
    replaceOn: (news) => [...(kind.area(news) === "platform" ? [] : ["accountId"]), ...(parent ? [parent.idKey] : []), ...(content.replaceOn ?? [])],
    // A natural key is unique per account: a replacement in the same account must free it first.
    deleteBeforeReplace: adoption.key !== undefined,
    normalizers: content.normalizers,
    create: (inputs) => createObject(kind, inputs),
    keyInUse: adoption.key ? (inputs, replaced) => keyInUse(kind, inputs, replaced) : undefined,
    read: (id, olds) => readObject(kind, id, olds),
    update: (id, olds, news, changed) => updateObject(kind, news, id, changed, olds),
    delete: (id, olds) => deleteObject(kind, id, olds),
  });
  return { ...lifecycle, listing: (inputs) => collectionListing(kind, inputs as z.output<S> & BaseInputs) };
}

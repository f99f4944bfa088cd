import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { connection } from "../config";
import { canonical } from "../diff/normalize/canonical";
import { planDiff, type Normalizer } from "../diff/diff";
import { ChatwootApiError, ConfigError } from "../http/transport/errors";
import { ADOPTED_KEY, keepAdoptedMark } from "./adopt";
import { settleCreateNotes, withCreateJournal } from "./create-journal";
import { failuresFrom, type CheckFailure } from "./check";
import { asSecret, DECLARED_KEY, jsonSafe, unwrapSecret, withoutInternal, withoutProvider, type Props } from "./json";
import { defaultImportAddress, importedInputs, type ImportAddress } from "./import";
import { notice } from "./notices";
import { PartialCreateError } from "./partial-create";
import { withRedactedErrors } from "./redacted-errors";

/** An object schema for a resource's camelCase inputs. */
export type InputSchema = z.ZodObject<z.ZodRawShape>;
type Key<S extends InputSchema> = keyof z.input<S> & string;

/**
 * What a resource declares; `defineResource` supplies the behaviour every resource shares
 * (validation before any network call, diffing normalized values, JSON-safe complete outputs,
 * "only a 404 means gone", partial-create handling).
 */
export interface ResourceDeclaration<S extends InputSchema> {
  /** Validates the camelCase inputs; every issue becomes a failure naming the property. */
  inputs: S;
  /** Whether the resource lives in an account: `accountId` then defaults to `chatwoot:accountId`. */
  account: "required" | "optional" | "none";
  /** What one object is called in messages (`label`, `inbox`); default `object`. */
  noun?: string;
  /** Input keys that steer the provider only (adoption switches): never compared, never sent. */
  controlKeys?: readonly Key<S>[];
  /** Extra keys `prepare` derives from the inputs that the diff compares (e.g. a file's digest). */
  derivedKeys?: readonly string[];
  /**
   * Inputs whose values never leave the provider (credentials): the outputs hold their digests,
   * and so does the copy of the applied inputs kept for `read`.
   */
  credentialKeys?: readonly string[];
  /**
   * Inputs (or derived keys, e.g. a channel's type) that cannot change in place; a function of the
   * desired inputs where that depends on them (an account's bot cannot move accounts, a Platform bot can).
   */
  replaceOn?: readonly (Key<S> | (string & {}))[] | ((news: Props) => readonly string[]);
  /** Replace by deleting first, for objects with a natural key the server keeps unique. */
  deleteBeforeReplace?: boolean;
  /** How to compare each property (default: `undefined` and `null` equal, otherwise deep equality). */
  normalizers?: Partial<Record<string, Normalizer>>;
  /** Local checks that need more than the schema (may read local files, never the network). */
  prepare?(inputs: z.output<S>): Promise<{ inputs: Props; failures: CheckFailure[] }>;
  create(inputs: z.output<S>): Promise<{ id: string; outs: Props }>;
  /**
   * Why `create` would refuse these checked inputs before its POST, judged from what the server
   * holds (a natural key another object has), or `undefined`. Asked by the check of a resource the
   * engine has no state of, so that `pulumi preview` fails where `pulumi up` would, without a write;
   * `replaced` is the object a replacement with these inputs replaces (it deletes that one first).
   */
  keyInUse?(inputs: z.output<S>, replaced?: string): Promise<string | undefined>;
  /**
   * Where the object an import id names is (`pulumi import`); default: `<id>` or `<accountId>/<id>`
   * in an account, `<id>` for an object of the installation (see ./import.ts).
   */
  importAddress?(importId: string): Promise<ImportAddress | undefined>;
  /** The forms of import id the type takes, for its documentation (default: as `importAddress`'s default). */
  importForms?: readonly string[];
  /** The current outputs, or `undefined` when the object is gone (a 404, nothing else). */
  read(id: string, olds: Props): Promise<Props | undefined>;
  /** Applies the changed properties (never empty; one request where the API allows) and returns the new outputs. */
  update(id: string, olds: Props, news: z.output<S>, changed: Key<S>[]): Promise<Props>;
  delete(id: string, olds: Props): Promise<void>;
}

/** The input properties a resource manages: every schema key except the control keys. */
export function managedKeysOf(inputs: InputSchema, controlKeys: readonly string[] = []): string[] {
  return Object.keys(inputs.shape).filter((k) => !controlKeys.includes(k));
}

/**
 * The account a resource without an `accountId` input belongs to, or the failure that stops it: a
 * connection setting that is missing or malformed (the URL, say) is reported as itself, naming its
 * config key and environment variable, not as a missing account.
 */
function defaultAccount(required: boolean): { accountId?: number; failure?: CheckFailure } {
  let accountId: number | undefined;
  try {
    accountId = connection().accountId;
  } catch (err) {
    if (!ConfigError.isInstance(err)) throw err;
    // Not a property of the resource: an empty property makes Pulumi say "resource '<name>' has a problem".
    return { failure: { property: "", reason: err.message } };
  }
  if (accountId === undefined && required) return { failure: { property: "accountId", reason: `required: ${ACCOUNT_HINT}` } };
  return { accountId };
}

const ACCOUNT_HINT = "set the accountId input, the config value chatwoot:accountId, or CHATWOOT_ACCOUNT_ID";

/** What `diff` answers: Pulumi's dynamic diff result, with the properties that differ (the plugin's detailed diff). */
export type LifecycleDiff = pulumi.dynamic.DiffResult & { changed: string[] };

/** What an import reads: the object's id, its outputs, and the inputs a program declaring it gives. */
export interface Imported {
  id: string;
  props: Props;
  inputs: Props;
}

/** A resource's provider methods, and how it compares each property (which the clone's `diff` shares). */
export type ResourceLifecycle = Omit<pulumi.dynamic.ResourceProvider, "diff"> & {
  readonly normalizers: Readonly<Partial<Record<string, Normalizer>>>;
  /** The checks of the inputs (camelCase), which also say the type of each (the plugin's schema). */
  readonly inputSchema: InputSchema;
  /**
   * The inputs whose change replaces the object, for the given inputs: those that always do
   * (`accountId`), and those that do for these inputs only (an account bot's `accountId`).
   */
  replaceOn(news: Props): readonly string[];
  /** The forms of id `pulumi import` takes for the type (`<id>`, `<accountId>/<id>`). */
  readonly importForms: readonly string[];
  /** The inputs an import records (where the object shows them): the managed ones, no switches, no credentials. */
  readonly importKeys: readonly string[];
  diff(id: string, olds: Props, news: Props): Promise<LifecycleDiff>;
  /** The object an import id names, or `undefined` when there is none (a 404). */
  import(importId: string): Promise<Imported | undefined>;
};

/**
 * Builds the Pulumi dynamic-provider methods for one resource from its declaration. Every error
 * they throw is redacted again on its way out, with every secret seen by then.
 */
export function defineResource<S extends InputSchema>(decl: ResourceDeclaration<S>): ResourceLifecycle {
  const keys = [...managedKeysOf(decl.inputs, decl.controlKeys), ...(decl.derivedKeys ?? [])];
  const replaceOn = (news: Props) => (typeof decl.replaceOn === "function" ? decl.replaceOn(news) : decl.replaceOn);
  const plan = (olds: Props, news: Props) =>
    planDiff({ keys, olds, news, normalizers: decl.normalizers, replaceOn: replaceOn(news) });

  /**
   * The inputs a refresh hands back to the engine, which stores them as the resource's inputs: the
   * last applied ones, with each property the server no longer matches set to the server's value.
   * Pulumi's display lists the properties whose stored and new inputs differ, so the next preview
   * names the drifted properties (with unchanged inputs it would list none), and `ignoreChanges`
   * on a drifted property keeps the server's value instead of reverting it.
   */
  const driftedInputs = (declared: Props, current: Props): Props => {
    const inputs = { ...declared };
    for (const key of plan(current, declared).changed) inputs[key] = current[key] ?? null;
    return jsonSafe(inputs);
  };

  const provider = withRedactedErrors({
    async check(olds: Props, news: Props) {
      const raw = withoutProvider(news);
      if (decl.account !== "none" && raw.accountId === undefined) {
        const { accountId, failure } = defaultAccount(decl.account === "required");
        if (failure) return { inputs: raw, failures: [failure] };
        if (accountId !== undefined) raw.accountId = accountId;
      }
      const parsed = decl.inputs.safeParse(raw);
      if (!parsed.success) {
        return { inputs: raw, failures: failuresFrom(parsed.error.issues, raw, decl.inputs) };
      }
      const prepared = decl.prepare ? await decl.prepare(parsed.data) : { inputs: parsed.data as Props, failures: [] };
      const inputs = jsonSafe(prepared.inputs);
      // The engine checks a resource it has no state of with no old inputs: that check comes before its create.
      const creating = Object.keys(withoutProvider(olds ?? {})).length === 0;
      if (prepared.failures.length > 0 || !creating || !decl.keyInUse) return { inputs, failures: prepared.failures };
      // Read as the create reads it, through the create journal of these inputs. The engine checks a
      // replacement again without old inputs after its diff: the object it replaces is no other's.
      let refused: string | undefined;
      try {
        refused = await withCreateJournal(inputs, () => decl.keyInUse!(inputs as z.output<S>, replacing.get(inputsKey(inputs))));
      } catch (err) {
        // A connection that fails (a token the server does not know, a URL nothing answers at) is
        // said once, by the preview's connection check or by the create that needs it, not here too.
        // Any other failure (a feature the account lacks) fails the check as it would the create.
        if (!ChatwootApiError.isInstance(err) || (err.status !== undefined && err.status !== 401)) throw err;
      }
      return { inputs, failures: refused === undefined ? [] : [{ property: "", reason: refused }] };
    },

    async diff(id: string, olds: Props, news: Props): Promise<LifecycleDiff> {
      settleCreateNotes(declaredOf(olds), id);
      const { changed, replaces } = plan(olds, withoutProvider(news));
      if (replaces.length > 0) replacing.set(inputsKey(withoutProvider(news)), id);
      return {
        changes: changed.length > 0,
        replaces,
        deleteBeforeReplace: replaces.length > 0 && decl.deleteBeforeReplace === true,
        changed,
      };
    },

    async create(inputs: Props) {
      const news = withoutProvider(inputs) as z.output<S>;
      try {
        const { id, outs } = await withCreateJournal(news, () => decl.create(news));
        return { id, outs: withDeclared(jsonSafe(outs), news, decl.credentialKeys) };
      } catch (err) {
        if (!(err instanceof PartialCreateError)) throw err;
        // The host packs an error carrying id/properties as "initialization failed" (see research).
        throw Object.assign(new Error(err.message), {
          id: err.id,
          properties: withDeclared(jsonSafe({ ...inputs, ...err.outs }), news, decl.credentialKeys),
          reasons: [err.message],
        });
      }
    },

    async read(id: string, props?: Props) {
      settleCreateNotes(declaredOf(props), id);
      const olds = withoutInternal(props);
      const outs = await decl.read(id, olds);
      // An empty id tells the engine the object is gone; only a confirmed absence gets here.
      if (outs === undefined) return { id: "", props: {} };
      const current = jsonSafe(keepAdoptedMark(olds, outs));
      const declared = declaredOf(props);
      // State written before the declared inputs were kept: the engine keeps the inputs it has.
      if (declared === undefined) return { id, props: current };
      return { id, props: withDeclared(current, declared, decl.credentialKeys), inputs: driftedInputs(declared, current) };
    },

    async update(id: string, olds: Props, news: Props) {
      const desired = withoutProvider(news);
      const { changed } = plan(olds, desired);
      // Nothing managed differs (e.g. only a control key changed): no request, the new inputs over the old outputs.
      if (changed.length === 0) {
        // Credentials stay as the outputs hold them (digests), never as given.
        const kept = { ...withoutInternal(olds), ...desired };
        for (const key of decl.credentialKeys ?? []) if (key in olds) kept[key] = olds[key];
        return { outs: withDeclared(jsonSafe(kept), desired, decl.credentialKeys) };
      }
      const outs = await decl.update(id, withoutInternal(olds), desired as z.output<S>, changed as Key<S>[]);
      return { outs: withDeclared(jsonSafe(keepAdoptedMark(olds, outs)), desired, decl.credentialKeys) };
    },

    async delete(id: string, props: Props) {
      settleCreateNotes(declaredOf(props), id);
      const olds = withoutInternal(props);
      if (olds[ADOPTED_KEY] !== true) return decl.delete(id, olds);
      // Adopted: see leftInPlace. The resource can ask for the delete where it offers the switch.
      const what = `${decl.noun ?? "object"} ${id}`;
      if (olds[DELETE_ON_DESTROY] !== true) return notice(leftInPlace(what, DELETE_ON_DESTROY in decl.inputs.shape));
      await decl.delete(id, olds);
      await notice(`${what} deleted: adopted, and ${DELETE_ON_DESTROY} is true`);
    },
  });
  const importForms = decl.importForms ?? (decl.account === "none" ? ["<id>"] : ["<id>", "<accountId>/<id>"]);

  const importKeys = managedKeysOf(decl.inputs, [...(decl.controlKeys ?? []), ...(decl.credentialKeys ?? [])]);

  /** `pulumi import`: the object read by its address, with the inputs that declare it as it is (see ./import.ts). */
  async function importObject(importId: string): Promise<Imported | undefined> {
    const address = decl.importAddress ? await decl.importAddress(importId) : defaultImportAddress(importId, decl.account);
    if (address === undefined) return undefined;
    const { id, olds } = address;
    const outs = await decl.read(id, olds);
    if (outs === undefined) return undefined;
    const current = jsonSafe(outs);
    const inputs = await importedInputs(current, {
      keys: importKeys,
      check: (news) => provider.check({}, news),
      changed: (outputs, checked) => plan(outputs, checked).changed,
      ...(decl.controlKeys?.includes("adoptId" as Key<S>) && /^[1-9]\d*$/.test(id) ? { adoptById: { key: "adoptId", id: Number(id) } } : {}),
    });
    return { id, props: withDeclared(current, inputs, decl.credentialKeys), inputs };
  }

  return Object.assign(provider, { normalizers: decl.normalizers ?? {}, inputSchema: decl.inputs, replaceOn: (news: Props) => replaceOn(news) ?? [], importForms, importKeys, import: withRedactedErrors({ importObject }).importObject });
}

/** The objects the engine is replacing in this process, by the inputs of their replacement (see `check`). */
const replacing = new Map<string, string>();
const inputsKey = (inputs: Props) => JSON.stringify(canonical(inputs));

/** The input of a resource that can ask for its adopted object to be deleted with it (an inbox's). */
const DELETE_ON_DESTROY = "deleteOnDestroy";

/**
 * What deleting a resource does to an object it adopted (`adopt: true`, `adoptId`), for every
 * type alike: nothing. The object was there before the stack, and deleting it can take along what
 * people made in it (an inbox's conversations, a portal's articles, a person's access), so
 * `pulumi destroy`, a resource removed from the program and a replacement only forget it, and say
 * so. Objects the stack created are deleted (Pulumi's `retainOnDelete` keeps them).
 */
function leftInPlace(what: string, canAsk: boolean): string {
  const instead = canAsk ? `set ${DELETE_ON_DESTROY}: true (and run pulumi up) to have it deleted` : "delete it in Chatwoot if it should go";
  return `${what} left in place: it was adopted (it existed before this stack), and deleting the resource only forgets what it adopted; ${instead}`;
}

/**
 * Outputs with the inputs that produced them, for `read`, which only receives the old outputs.
 * Kept as a secret: a copy does not inherit the secrecy Pulumi gives same-named outputs of secret
 * inputs (a webhook URL carrying a token, say), so it would otherwise be stored in plain text.
 */
function withDeclared(outs: Props, inputs: Props, credentialKeys: readonly string[] = []): Props {
  const copy = { ...inputs };
  for (const key of credentialKeys) if (key in copy) copy[key] = outs[key] ?? null;
  return { ...outs, [DECLARED_KEY]: asSecret(jsonSafe(copy)) };
}

/** The inputs kept by {@link withDeclared}, or `undefined` in state written before they were. */
function declaredOf(props: Props | undefined): Props | undefined {
  const declared = unwrapSecret(props?.[DECLARED_KEY]);
  return declared !== null && typeof declared === "object" && !Array.isArray(declared) ? (declared as Props) : undefined;
}

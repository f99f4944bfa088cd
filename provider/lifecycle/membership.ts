import { z } from "zod";
import { normalizeIdSet } from "../diff/normalize";
import { connection } from "../config";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { fromWire } from "../mapping";
import { AgentWire } from "../wire/agent";
import { list, single } from "../wire/envelope";
import { call, confirmWrite, send, unlessNotFound } from "./api";
import type { Props } from "./json";
import { defaultImportAddress } from "./import";
import { defineResource, type InputSchema } from "./resource";
import { newlyMadeByRun, type Listing } from "./run-listing";

type Agent = AgentWire;

/**
 * A member list as any version answers it: `[agent]` or `{payload: [agent]}`; an empty answer
 * (`{}` or no body, which upstream renders when the list is empty) is an empty list.
 */
export const Members = z.union([list(AgentWire), z.union([z.undefined(), z.null(), z.literal(""), z.strictObject({})]).transform((): Agent[] => [])]);

/** The account and the object (inbox, team) whose members a membership manages. */
export interface Target {
  accountId: number;
  parentId: number;
}

/** The inputs every membership has, besides the object it belongs to. */
type MembershipInputs = { accountId: number; userIds: number[]; exclusive: boolean; adopt?: boolean };

/**
 * What differs between the member endpoints of inboxes and teams; the lifecycle (additive or
 * exclusive, lost answers, rollback, drift) is here, once.
 */
export type MembershipDeclaration<S extends InputSchema> = MembershipCommon<S> & (AddedAnswers | MembersAnswers);

/** A server whose POST answers only the users it added: a create lists the members first (unless the run made the object). */
interface AddedAnswers {
  /** What a POST answers: only the users it added. */
  postAnswers: "added";
}

/** A server whose POST answers the whole member list after it: a create that only adds is that one POST. */
interface MembersAnswers {
  /** What a POST answers: the whole member list after it. */
  postAnswers: "members";
  /**
   * The run's listing of the account's agents (the one Agent creates use, see `accountAgents`),
   * which a create that only adds checks its users against before the POST.
   */
  agents(accountId: number): Promise<Listing<Agent>>;
}

/** What every membership declaration says. */
interface MembershipCommon<S extends InputSchema> {
  /**
   * The camelCase inputs: `accountId`, the parent's id under `parentKey`, `userIds`, `exclusive`,
   * `allowEmpty` (which only lets check accept an exclusive membership of no users).
   */
  inputs: S;
  /** The input naming the object whose members are managed (`inboxId`, `teamId`). */
  parentKey: keyof z.input<S> & string;
  /** That object in words, for messages (`inbox`, `team`). */
  parentNoun: string;
  /** Path of the member list (GET). */
  listPath(t: Target): string;
  /**
   * Path of the object whose members these are, as its create addresses it: one this run made has
   * no members yet (see `newlyMadeByRun`), so a create there reads none.
   */
  parentPath(t: Target): string;
  /** Path of the writes: POST adds, DELETE removes (ignoring non-members), PATCH sets the list. */
  writePath(t: Target): string;
  /** The JSON body of a write. Ids go out as JSON integers: upstream treats `"3"` as a new member. */
  body(t: Target, userIds: readonly number[]): object;
  /**
   * `each` where the server adds and removes one user per request (a POST of `body(t, [id])`
   * answering that user, a DELETE of `<writePath>/<id>`) and has no PATCH: an exclusive
   * membership then removes the others one by one. Default `batch`.
   */
  writes?: "batch" | "each";
  /**
   * What a 404 means where the server may lack the whole feature (Chatwoot Enterprise's): the
   * error as it is when the object is gone, or the feature's error. Default: the object is gone.
   */
  explainNotFound?(err: unknown, t: Target): Promise<unknown>;
}

/**
 * One membership write. All three are idempotent by nature (POST adds only non-members, DELETE
 * ignores non-members, PATCH sets the list), so the client may repeat them after a lost answer.
 */
type Write = { method: "POST" | "DELETE" | "PATCH"; userIds: number[] };

const idsOf = (agents: readonly Agent[]) => new Set(agents.map((a) => a.id));
const without = (ids: readonly number[], drop: ReadonlySet<number>) => ids.filter((id) => !drop.has(id));

/** Whether the members show the write's effect. */
function visible(w: Write, members: ReadonlySet<number>): boolean {
  if (w.method === "POST") return w.userIds.every((id) => members.has(id));
  if (w.method === "DELETE") return w.userIds.every((id) => !members.has(id));
  return w.userIds.length === members.size && w.userIds.every((id) => members.has(id));
}

/** The writes that undo `w`, given the members before it. */
function inverse(w: Write, before: ReadonlySet<number>): Write[] {
  const added = w.method === "DELETE" ? [] : without(w.userIds, before);
  const removed = w.method === "POST" ? [] : w.method === "DELETE" ? w.userIds : [...before].filter((id) => !w.userIds.includes(id));
  const undo: Write[] = [];
  if (added.length) undo.push({ method: "DELETE", userIds: added });
  if (removed.length) undo.push({ method: "POST", userIds: removed });
  return undo;
}

/**
 * The writes that take the object from `before` to the desired state. Exclusive: one PATCH, or,
 * where the server has none (`each`), the additive writes with every other member released.
 */
function plan(news: MembershipInputs, before: Agent[], released: readonly number[], patch: boolean): Write[] {
  const current = idsOf(before);
  if (news.exclusive && patch) {
    return visible({ method: "PATCH", userIds: news.userIds }, current) ? [] : [{ method: "PATCH", userIds: news.userIds }];
  }
  const releasable = news.exclusive ? [...current] : released;
  const writes: Write[] = [];
  const remove = releasable.filter((id) => current.has(id) && !news.userIds.includes(id));
  if (remove.length) writes.push({ method: "DELETE", userIds: remove });
  const add = without(news.userIds, current);
  if (add.length) writes.push({ method: "POST", userIds: add });
  return writes;
}

/**
 * Outputs: `userIds` are the listed users that really are members (all members when exclusive),
 * so that a user removed out of band shows as drift; `agents` is the member list as the API sends it.
 */
function outputs(inputs: Props & MembershipInputs, memberIds: ReadonlySet<number>, agents: unknown): Props {
  const listed = inputs.userIds.filter((id) => memberIds.has(id));
  const others = inputs.exclusive ? normalizeIdSet([...memberIds].filter((id) => !inputs.userIds.includes(id))) : [];
  return { ...inputs, userIds: [...listed, ...others], agents };
}

/** The tokens a member list may carry (the `_user` partial renders the user's own): never kept. */
const withoutCredentials = (members: Agent[]) => members.map(({ access_token: _token, pubsub_token: _pubsub, ...agent }) => agent);

const outputsFrom = (inputs: Props & MembershipInputs, members: Agent[]) => outputs(inputs, idsOf(members), fromWire(withoutCredentials(members)));

/** A refusal of the user ids as a whole: 422 (inboxes), or 401 "Invalid User IDs" (teams: users not in the account). */
function refusesUsers(err: ChatwootApiError): boolean {
  return err.status === 422 || (err.status === 401 && /invalid user ids/i.test(err.serverMessage ?? ""));
}

/** Whether a failed write may still have been applied (its answer was lost, or the server failed midway). */
const mayHaveApplied = (err: unknown) => !ChatwootApiError.isInstance(err) || err.writeOutcome !== "not-applied";

/**
 * Builds the lifecycle of a membership: the members of one object, id `accountId/parentId`.
 * Without `exclusive` only the listed users are managed (added with POST, removed with DELETE);
 * with it, the object holds exactly those users (PATCH).
 */
export function defineMembershipResource<S extends InputSchema>(decl: MembershipDeclaration<S>) {
  type Inputs = z.output<S> & MembershipInputs;
  const { parentKey, parentNoun } = decl;
  const targetOf = (inputs: Props): Target => ({ accountId: Number(inputs.accountId), parentId: Number(inputs[parentKey]) });
  const getMembers = (t: Target) => call(Members, { method: "GET", path: decl.listPath(t) });

  const each = decl.writes === "each";

  /** Sends one write and returns the members after it. */
  async function sendWrite(t: Target, w: Write, before: Agent[]): Promise<Agent[]> {
    if (each) return sendEach(t, w, before);
    const req = { method: w.method, path: decl.writePath(t), json: decl.body(t, w.userIds), idempotent: true };
    if (w.method === "DELETE") {
      await send(req); // an empty 200
      return before.filter((a) => !w.userIds.includes(a.id));
    }
    const answer = await call(Members, req);
    if (w.method === "PATCH" || decl.postAnswers === "members") return answer;
    const known = idsOf(before);
    return [...before, ...answer.filter((a) => !known.has(a.id))];
  }

  /** A write as one request per user (`each`); each sets one user's membership, so a repeat is harmless. */
  async function sendEach(t: Target, w: Write, before: Agent[]): Promise<Agent[]> {
    let members = before;
    for (const id of w.userIds) {
      if (w.method === "DELETE") {
        await send({ method: "DELETE", path: `${decl.writePath(t)}/${id}`, idempotent: true });
        members = members.filter((a) => a.id !== id);
      } else {
        const added = await call(single(AgentWire), { method: "POST", path: decl.writePath(t), json: decl.body(t, [id]), idempotent: true });
        members = [...members.filter((a) => a.id !== added.id), added];
      }
    }
    return members;
  }

  /**
   * Sends a write and returns the members after it. A lost or unreadable answer is settled by
   * reading the members back: the write counts as done when they show its effect; otherwise it is
   * sent once more (it is idempotent, so a repeat can never add a second member).
   */
  function settle(t: Target, w: Write, before: Agent[]): Promise<Agent[]> {
    return confirmWrite(
      () => sendWrite(t, w, before),
      async () => {
        const now = await getMembers(t);
        return visible(w, idsOf(now)) ? now : undefined;
      },
    );
  }

  /** Error context naming the object and the user ids involved (the server's 404/422 texts name neither). */
  function explained(err: unknown, t: Target, w: Write): unknown {
    if (!ChatwootApiError.isInstance(err)) return err;
    if (err.status === 404) {
      const who = w.userIds.length === 1 ? `user ${w.userIds[0]} is` : `one of users ${w.userIds.join(", ")} is`;
      const users = each && w.userIds.length > 0 ? `, or ${who} not a user of the account` : "";
      return err.withHint(`${parentNoun} ${t.parentId} does not exist in account ${t.accountId}${users}`);
    }
    if (!refusesUsers(err)) return err;
    return err.withHint(`user ids sent: ${w.userIds.join(", ")}; each must be an existing user of account ${t.accountId} (the request was refused as a whole)`);
  }

  async function rollBack(t: Target, undo: Write[], cause: unknown): Promise<unknown> {
    if (undo.length === 0) return cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    try {
      // The members after each undo are not needed: the change failed as a whole.
      for (const w of undo) await settle(t, w, []);
    } catch (err) {
      return new Error(`${message}; undoing the membership changes made so far also failed: ${(err as Error).message}`);
    }
    const undone = "the membership changes made so far were undone";
    // An API error keeps its fields (and is redacted again on its way out) through `withHint`.
    if (ChatwootApiError.isInstance(cause)) return cause.withHint(undone);
    return Object.assign(cause instanceof Error ? cause : new Error(message), { message: `${message}; ${undone}` });
  }

  /**
   * Applies the writes in order, starting from the members `before`, and returns the members after.
   * Nothing is left half-applied: when a write fails, or adds a user the answer does not list
   * (upstream inboxes accept users of another account and hide them), every write made so far is
   * undone, the failed one too when it may have been applied.
   */
  async function apply(t: Target, before: Agent[], writes: Write[]): Promise<Agent[]> {
    let members = before;
    const undo: Write[] = [];
    // One user per request (`each`): one write per user, so that what failed midway is undone user by user.
    for (const w of each ? writes.flatMap((x) => x.userIds.map((id): Write => ({ method: x.method, userIds: [id] }))) : writes) {
      const prior = idsOf(members);
      try {
        members = await settle(t, w, members);
      } catch (err) {
        if (mayHaveApplied(err)) undo.unshift(...inverse(w, prior));
        throw await rollBack(t, undo, explained(err, t, w));
      }
      undo.unshift(...inverse(w, prior));
      const hidden = w.method === "DELETE" ? [] : without(w.userIds, idsOf(members));
      if (hidden.length) throw await rollBack(t, undo, hiddenUsers(t, w, hidden));
    }
    return members;
  }

  /**
   * A create that only adds, where the POST answers the whole member list: that one POST, after a
   * look at the account's agents in the run's listing of them (see `accountAgents`). Users who are not
   * agents of the account (which upstream inboxes accept and never list) are refused before it, so
   * nothing needs undoing; the POST itself is applied whole or not at all, and a repeat is harmless.
   */
  async function addOnly(t: Target, userIds: readonly number[], agents: MembersAnswers["agents"]): Promise<Agent[]> {
    const w: Write = { method: "POST", userIds: [...userIds] };
    const listing = await agents(t.accountId);
    let strangers = without(w.userIds, idsOf(listing.objects));
    // A kept listing may predate an agent this run invited since: ask again before refusing.
    if (strangers.length > 0 && !listing.fresh) strangers = without(strangers, idsOf((await listing.again()).objects));
    if (strangers.length > 0) {
      throw new Error(
        `${w.method} ${decl.writePath(t)} not sent: user ids ${strangers.join(", ")} are not agents of account ${t.accountId} ` +
          `(Chatwoot would accept them and never list them as members of ${parentNoun} ${t.parentId})`,
      );
    }
    let members: Agent[];
    try {
      members = await settle(t, w, []);
    } catch (err) {
      throw explained(err, t, w);
    }
    // Removed from the account since the listing: taken out again, as in apply.
    const hidden = without(w.userIds, idsOf(members));
    if (hidden.length > 0) throw await rollBack(t, [{ method: "DELETE", userIds: hidden }], hiddenUsers(t, w, hidden));
    return members;
  }

  function hiddenUsers(t: Target, w: Write, hidden: readonly number[]): Error {
    return new Error(
      `${w.method} ${decl.writePath(t)}: user ids ${hidden.join(", ")} are not users of account ${t.accountId} ` +
        `(Chatwoot accepts them but never lists them as members of ${parentNoun} ${t.parentId})`,
    );
  }

  /** Last outputs as inputs (state written by this provider always holds these keys), in the listed order. */
  function stateOf(id: string, olds: Props): { target: Target; state: Inputs } {
    const [account, parent] = id.split("/").map(Number);
    const target = { accountId: Number(olds.accountId ?? account), parentId: Number(olds[parentKey] ?? parent) };
    const userIds = Array.isArray(olds.userIds) ? olds.userIds.filter((v): v is number => Number.isSafeInteger(v)) : [];
    const state = { accountId: target.accountId, [parentKey]: target.parentId, userIds: [...new Set(userIds)], exclusive: olds.exclusive === true };
    return { target, state: state as Inputs };
  }

  /** A failed read of the members: `undefined` for a 404 of the object (one `explainNotFound` leaves as it is), else the error to throw. */
  async function readFailure(err: unknown, t: Target): Promise<unknown> {
    const meant = decl.explainNotFound ? await decl.explainNotFound(err, t) : err;
    return meant === err && isNotFound(err) ? undefined : meant;
  }

  /** The members; `undefined` when the object is gone. */
  async function membersUnlessGone(t: Target): Promise<Agent[] | undefined> {
    try {
      return await getMembers(t);
    } catch (err) {
      const failure = await readFailure(err, t);
      if (failure === undefined) return undefined;
      throw failure;
    }
  }

  /** Reads the members before a change; an object that is not in the account is a clear error. */
  async function membersBefore(t: Target): Promise<Agent[]> {
    try {
      return await getMembers(t);
    } catch (err) {
      throw (await readFailure(err, t)) ?? explained(err, t, { method: "POST", userIds: [] });
    }
  }

  const importForms = [`<${parentKey}>`, `<accountId>/<${parentKey}>`];

  return defineResource({
    inputs: decl.inputs,
    account: "required",
    importForms,
    /** Named by the inbox's or team's id (its own is `<accountId>/<parentId>`); an imported membership manages the members it has, additively. */
    async importAddress(importId) {
      const { id, olds } = defaultImportAddress(importId, "required", importForms);
      const target = { accountId: olds.accountId as number, parentId: Number(id) };
      const members = await membersUnlessGone(target);
      if (members === undefined) return undefined;
      return { id: `${target.accountId}/${target.parentId}`, olds: { accountId: target.accountId, [parentKey]: target.parentId, userIds: [...idsOf(members)] } };
    },
    replaceOn: ["accountId", parentKey] as (keyof z.input<S> & string)[],
    // A permission for check and an adoption switch, not properties of the members: never compared, never sent.
    controlKeys: ["allowEmpty", "adopt"] as (keyof z.input<S> & string)[],
    normalizers: {
      userIds: normalizeIdSet,
      exclusive: (v) => v === true,
    },

    async create(raw) {
      const inputs = raw as Inputs;
      const t = targetOf(inputs);
      // `adopt` lists the members first, so that users who are members already cost no write.
      if (decl.postAnswers === "members" && !inputs.adopt && !inputs.exclusive && inputs.userIds.length > 0) {
        return { id: `${t.accountId}/${t.parentId}`, outs: outputsFrom(inputs, await addOnly(t, inputs.userIds, decl.agents)) };
      }
      // An object this run made has no members yet: there is nothing to read.
      const before = newlyMadeByRun(connection().url, decl.parentPath(t)) ? [] : await membersBefore(t);
      const members = await apply(t, before, plan(inputs, before, [], !each));
      return { id: `${t.accountId}/${t.parentId}`, outs: outputsFrom(inputs, members) };
    },

    async read(id, olds) {
      const { target, state } = stateOf(id, olds);
      const members = await membersUnlessGone(target);
      return members && outputsFrom({ ...olds, ...state }, members);
    },

    async update(id, olds, raw, changed) {
      const news = raw as Inputs;
      const old = stateOf(id, olds).state;
      // Switching exclusive off changes nothing on the server: the same users stay members.
      if (!(changed as string[]).includes("userIds") && !(news.exclusive && !old.exclusive)) {
        const agents = Array.isArray(olds.agents) ? olds.agents : [];
        return outputs({ ...olds, ...news }, new Set(normalizeIdSet(agents)), agents);
      }
      const t = targetOf(news);
      const before = await membersBefore(t);
      const members = await apply(t, before, plan(news, before, old.userIds, !each));
      return outputsFrom(news, members);
    },

    async delete(id, olds) {
      const { target, state } = stateOf(id, olds);
      if (state.userIds.length === 0) return;
      if (!each) {
        await unlessNotFound(() => settle(target, { method: "DELETE", userIds: state.userIds }, []));
        return;
      }
      // One request per user, which upstream may apply to a membership elsewhere (a capacity policy's
      // DELETE clears the user's policy, whichever it is): only the users still members are removed.
      const members = await membersUnlessGone(target);
      const still = state.userIds.filter((id) => members?.some((a) => a.id === id));
      if (still.length > 0) await settle(target, { method: "DELETE", userIds: still }, members ?? []);
    },
  });
}

import { z } from "zod";
import { normalizeIdSet } from "../diff/normalize";
import { ChatwootApiError, isNotFound } from "../http/errors";
import { call, createOnce, send, unlessNotFound } from "../lifecycle/api";
import type { Props } from "../lifecycle/json";
import { defineResource } from "../lifecycle/resource";
import { fromWire, type FromWire } from "../mapping";
import { list, optionalString } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { accountId, objectId } from "./fields";

export const InboxMembershipInputs = z.strictObject({
  /** Account that owns the inbox. Defaults to `chatwoot:accountId`. Changing it replaces the membership. */
  accountId,
  /** The inbox whose members are managed. Changing it replaces the membership. */
  inboxId: objectId,
  /**
   * Users of the account who are members of the inbox, each listed once (order does not matter).
   * Without `exclusive`, other members of the inbox are left alone.
   */
  userIds: z.array(objectId).superRefine((ids, ctx) => {
    const seen = new Set<number>();
    for (const id of ids) {
      if (seen.has(id)) ctx.addIssue({ code: "custom", message: `must list each user once; ${id} appears more than once` });
      seen.add(id);
    }
  }),
  /**
   * `true`: the inbox holds exactly `userIds`, anyone else is removed. Default `false`: only the
   * listed users are added and, when they leave the list or the resource is deleted, removed.
   */
  exclusive: z.boolean().default(false),
});
export type InboxMembershipInputs = z.input<typeof InboxMembershipInputs>;
type Inputs = z.output<typeof InboxMembershipInputs>;

const nullable = <S extends z.ZodType>(schema: S) => schema.nullish().transform((v) => v ?? null);

/** A member as the API lists it (spec 2.6); every documented field is present, null when not sent. */
const AgentWire = z.looseObject({
  id: z.number().int(),
  account_id: nullable(z.number().int()),
  availability_status: optionalString,
  auto_offline: nullable(z.boolean()),
  confirmed: nullable(z.boolean()),
  email: optionalString,
  available_name: optionalString,
  name: optionalString,
  role: optionalString,
  thumbnail: optionalString,
  custom_role_id: nullable(z.number().int()),
});
type Agent = z.output<typeof AgentWire>;
/** A member of an inbox as the `agents` output holds it (camelCase; other keys a server sends are kept). */
export type InboxAgent = FromWire<Agent>;
/** GET, POST and PATCH all answer with the full member list after the change. */
const Members = list(AgentWire);

interface Target {
  accountId: number;
  inboxId: number;
}

const collection = (t: Target) => accountPath(t.accountId, "inbox_members");
const idOf = (t: Target) => `${t.accountId}/${t.inboxId}`;
const idsOf = (agents: readonly Agent[]) => new Set(agents.map((a) => a.id));
const without = (ids: readonly number[], drop: ReadonlySet<number>) => ids.filter((id) => !drop.has(id));

const getMembers = (t: Target) => call(Members, { method: "GET", path: accountPath(t.accountId, "inbox_members", t.inboxId) });

/**
 * One membership write. All three are idempotent by nature (POST adds only non-members, DELETE
 * ignores non-members, PATCH sets the list), so the client may repeat them after a lost answer.
 * Ids go out as JSON integers: upstream treats `"3"` as a new member and fails on uniqueness.
 */
type Write = { method: "POST" | "DELETE" | "PATCH"; userIds: number[] };

async function sendWrite(t: Target, w: Write): Promise<Agent[] | null> {
  const req = { method: w.method, path: collection(t), json: { inbox_id: t.inboxId, user_ids: w.userIds }, idempotent: true };
  if (w.method === "DELETE") return (await send(req), null); // an empty 200
  return call(Members, req);
}

/** Whether the members show the write's effect. */
function visible(w: Write, members: ReadonlySet<number>): boolean {
  if (w.method === "POST") return w.userIds.every((id) => members.has(id));
  if (w.method === "DELETE") return w.userIds.every((id) => !members.has(id));
  return w.userIds.length === members.size && w.userIds.every((id) => members.has(id));
}

/**
 * Sends a write (the members after it, or null for a DELETE, which answers with nothing). The
 * member list is the natural key of every membership write, so a lost or unreadable answer is
 * resolved the way a lost create is: the members are read back, and the write counts as done when
 * they show its effect; otherwise it is sent once more (it is idempotent), never duplicated.
 */
function settle(t: Target, w: Write): Promise<Agent[] | null> {
  return createOnce(
    () => sendWrite(t, w),
    async () => {
      const now = await getMembers(t);
      return visible(w, idsOf(now)) ? now : undefined;
    },
  );
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

/** Error context naming the inbox and the user ids involved (the server's 404/422 texts name neither). */
function explained(err: unknown, t: Target, w: Write): unknown {
  if (!ChatwootApiError.isInstance(err) || (err.status !== 404 && err.status !== 422)) return err;
  const hint =
    err.status === 404
      ? `inbox ${t.inboxId} does not exist in account ${t.accountId}`
      : `user ids sent: ${w.userIds.join(", ")}; each must be an existing user of account ${t.accountId} (the request was refused as a whole)`;
  return err.withHint(hint);
}

/**
 * Applies the writes in order, starting from the members `before`, and returns the members after.
 * Nothing is left half-applied: when a write fails, or adds a user the answer does not list
 * (upstream accepts users of another account and hides them), every write made so far is undone.
 */
async function apply(t: Target, before: Agent[], writes: Write[]): Promise<Agent[]> {
  let members = before;
  const undo: Write[] = [];
  for (const w of writes) {
    const prior = idsOf(members);
    try {
      const answer = await settle(t, w);
      undo.unshift(...inverse(w, prior));
      members = answer ?? members.filter((a) => !w.userIds.includes(a.id));
      const hidden = w.method === "DELETE" ? [] : without(w.userIds, idsOf(members));
      if (hidden.length) {
        throw new Error(
          `${w.method} ${collection(t)}: user ids ${hidden.join(", ")} are not users of account ${t.accountId} ` +
            `(Chatwoot accepts them but never lists them as members of inbox ${t.inboxId})`,
        );
      }
    } catch (err) {
      throw await rollBack(t, undo, explained(err, t, w));
    }
  }
  return members;
}

async function rollBack(t: Target, undo: Write[], cause: unknown): Promise<unknown> {
  if (undo.length === 0) return cause;
  const message = cause instanceof Error ? cause.message : String(cause);
  try {
    for (const w of undo) await settle(t, w);
  } catch (err) {
    return new Error(`${message}; undoing the membership changes made so far also failed: ${(err as Error).message}`);
  }
  return Object.assign(cause instanceof Error ? cause : new Error(message), { message: `${message}; the membership changes made so far were undone` });
}

/** The writes that take the inbox from `before` to the desired state. */
function plan(news: Inputs, before: Agent[], released: readonly number[]): Write[] {
  const current = idsOf(before);
  if (news.exclusive) {
    return visible({ method: "PATCH", userIds: news.userIds }, current) ? [] : [{ method: "PATCH", userIds: news.userIds }];
  }
  const writes: Write[] = [];
  const remove = released.filter((id) => current.has(id) && !news.userIds.includes(id));
  if (remove.length) writes.push({ method: "DELETE", userIds: remove });
  const add = without(news.userIds, current);
  if (add.length) writes.push({ method: "POST", userIds: add });
  return writes;
}

/**
 * Outputs: `userIds` are the listed users that really are members (all members when exclusive),
 * so that a user removed out of band shows as drift; `agents` is the member list as the API sends it.
 */
function outputs(inputs: Props & Inputs, memberIds: ReadonlySet<number>, agents: unknown): Props {
  const listed = inputs.userIds.filter((id) => memberIds.has(id));
  const others = inputs.exclusive ? normalizeIdSet([...memberIds].filter((id) => !inputs.userIds.includes(id))) : [];
  return { ...inputs, userIds: [...listed, ...others], agents };
}

const outputsFrom = (inputs: Props & Inputs, members: Agent[]) => outputs(inputs, idsOf(members), fromWire(members));

function targetOf(id: string, olds: Props): Target {
  const [account, inbox] = id.split("/").map(Number);
  return { accountId: Number(olds.accountId ?? account), inboxId: Number(olds.inboxId ?? inbox) };
}

/** Last outputs as inputs (state written by this provider always holds these keys), in the listed order. */
function stateOf(id: string, olds: Props): Inputs {
  const userIds = Array.isArray(olds.userIds) ? olds.userIds.filter((v): v is number => Number.isSafeInteger(v)) : [];
  return { ...targetOf(id, olds), userIds: [...new Set(userIds)], exclusive: olds.exclusive === true };
}

/** Reads the members before a change; an inbox that is not in the account is a clear error. */
async function membersBefore(t: Target): Promise<Agent[]> {
  try {
    return await getMembers(t);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    throw explained(err, t, { method: "POST", userIds: [] });
  }
}

/**
 * The members of an inbox (`/inbox_members`); id: `accountId/inboxId`. Without `exclusive` only the
 * listed users are managed (added with POST, removed with DELETE); with it, the inbox holds exactly
 * those users (PATCH).
 */
export const inboxMembership = defineResource({
  inputs: InboxMembershipInputs,
  account: "required",
  replaceOn: ["accountId", "inboxId"],
  normalizers: {
    userIds: normalizeIdSet,
    exclusive: (v) => v === true,
  },

  async create(inputs) {
    const before = await membersBefore(inputs);
    const members = await apply(inputs, before, plan(inputs, before, []));
    return { id: idOf(inputs), outs: outputsFrom(inputs, members) };
  },

  async read(id, olds) {
    const state = stateOf(id, olds);
    const members = await unlessNotFound(() => getMembers(state));
    return members && outputsFrom({ ...olds, ...state }, members);
  },

  async update(id, olds, news, changed) {
    const old = stateOf(id, olds);
    // Switching exclusive off changes nothing on the server: the same users stay members.
    if (!changed.includes("userIds") && !(news.exclusive && !old.exclusive)) {
      const agents = Array.isArray(olds.agents) ? olds.agents : [];
      return outputs({ ...olds, ...news }, new Set(normalizeIdSet(agents)), agents);
    }
    const before = await membersBefore(news);
    const members = await apply(news, before, plan(news, before, old.userIds));
    return outputsFrom(news, members);
  },

  async delete(id, olds) {
    const state = stateOf(id, olds);
    if (state.userIds.length === 0) return;
    await unlessNotFound(() => settle(state, { method: "DELETE", userIds: state.userIds }));
  },
});

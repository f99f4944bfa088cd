import { z } from "zod";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { keyTaken, takeOver } from "../lifecycle/adopt";
import { call, confirmWrite, send } from "../lifecycle/api";
import { notFoundOrMissing } from "../lifecycle/feature-gate";
import { capacityFeature } from "./agent-capacity-policy";
import { defaultImportAddress } from "../lifecycle/import";
import type { Props } from "../lifecycle/json";
import { defineResource, managedKeysOf } from "../lifecycle/resource";
import { accountId, adopt, objectId, positiveCount } from "../validation/fields";
import { AgentCapacityPolicyWire, type InboxCapacityLimitWire } from "../wire/agent-capacity-policy";
import { list, single } from "../wire/envelope";
import { accountPath } from "../wire/paths";

/** The checks of `AgentCapacityPolicyInboxLimitArgs` (sdk/agent-capacity-policy-inbox-limit.ts, where each argument is documented). */
export const AgentCapacityPolicyInboxLimitInputs = z.strictObject({
  accountId,
  policyId: objectId,
  inboxId: objectId,
  conversationLimit: positiveCount("conversations"),
  adopt,
});
export type AgentCapacityPolicyInboxLimitInputs = z.input<typeof AgentCapacityPolicyInboxLimitInputs>;
type Inputs = z.output<typeof AgentCapacityPolicyInboxLimitInputs>;
type Target = { accountId: number; policyId: number; inboxId: number };

const Policy = single(AgentCapacityPolicyWire);
/** What the limit's create and update answer: the row (its policy's id besides). */
const LimitAnswer = single(z.object({ id: z.number().int(), inbox_id: z.number().int(), conversation_limit: z.number().int() }));

const targetOf = (props: Props): Target => ({ accountId: Number(props.accountId), policyId: Number(props.policyId), inboxId: Number(props.inboxId) });
const policyPath = (t: Target) => accountPath(t.accountId, "agent_capacity_policies", t.policyId);
const limitsPath = (t: Target, ...rest: (string | number)[]) => accountPath(t.accountId, "agent_capacity_policies", t.policyId, "inbox_limits", ...rest);
const outputs = (base: Props, t: Target, limit: InboxCapacityLimitWire): Props => ({
  ...base,
  accountId: t.accountId,
  policyId: t.policyId,
  inboxId: t.inboxId,
  conversationLimit: limit.conversation_limit,
  limitId: limit.id,
});

/** A 404 of the policy or the row, or, from a community server, the edition's (see `notFoundOrMissing`). */
const notFoundOrEdition = (err: unknown, t: Target) => notFoundOrMissing(err, t.accountId, capacityFeature, accountPath(t.accountId, "agent_capacity_policies"));

/** Whether `err` says the object is gone: a 404 from a server that has capacity policies. */
const isGone = async (err: unknown, t: Target) => isNotFound(err) && (await notFoundOrEdition(err, t)) === err;

/** The policy's row for the inbox; `undefined` when the policy has none, or the policy is gone. */
async function currentLimit(t: Target): Promise<InboxCapacityLimitWire | undefined> {
  try {
    const policy = await call(Policy, { method: "GET", path: policyPath(t) });
    return policy.inbox_capacity_limits.find((l) => l.inbox_id === t.inboxId);
  } catch (err) {
    if (await isGone(err, t)) return undefined;
    throw await notFoundOrEdition(err, t);
  }
}

/** A write's 404 or 422 in words: which policy or inbox is missing, or that the inbox has a limit already. */
function explain(err: unknown, t: Target): unknown {
  if (!ChatwootApiError.isInstance(err)) return err;
  if (err.status === 404) return err.withHint(`policy ${t.policyId} or inbox ${t.inboxId} is not in account ${t.accountId} (deleted, or never made)`);
  if (err.status === 422 && /already assigned/i.test(err.serverMessage ?? "")) return err.withHint(keyTaken(`policy ${t.policyId}`, `a limit for inbox ${t.inboxId}`));
  return err;
}

/**
 * Sets the limit with one request: a POST for an inbox the policy has no row for, else a PATCH of the
 * row (Rails routes PATCH and PUT alike). A lost answer is settled by reading the policy's rows; only then is the write sent once more
 * (a second POST for the inbox cannot make a second row: it is refused with 422, settled by one more look).
 */
async function setLimit(t: Target, limit: number, rowId: number | undefined): Promise<InboxCapacityLimitWire> {
  const req =
    rowId === undefined
      ? ({ method: "POST", path: limitsPath(t), json: { inbox_id: t.inboxId, conversation_limit: limit } } as const)
      : ({ method: "PATCH", path: limitsPath(t, rowId), json: { conversation_limit: limit }, idempotent: true } as const);
  return confirmWrite(
    () => call(LimitAnswer, req),
    async () => {
      const now = await currentLimit(t);
      return now?.conversation_limit === limit ? now : undefined;
    },
  ).catch(async (err: unknown) => Promise.reject(explain(await notFoundOrEdition(err, t), t)));
}

/**
 * The conversation limit of one inbox in an agent capacity policy
 * (`/agent_capacity_policies/{id}/inbox_limits`, Chatwoot Enterprise); id: the limit's row id, as
 * upstream addresses it. Natural key: the policy and the inbox (a policy has one limit per inbox),
 * by which it is read, through the policy, which lists its limits (there is no show route).
 * Deleting the policy or the inbox deletes the limit, after which it reads as gone.
 */
export const agentCapacityPolicyInboxLimit = defineResource({
  inputs: AgentCapacityPolicyInboxLimitInputs,
  account: "required",
  controlKeys: ["adopt"],
  replaceOn: ["accountId", "policyId", "inboxId"],
  deleteBeforeReplace: true,
  /** The row is found among the limits every policy of the account lists (one request). */
  async importAddress(importId) {
    const { id, olds } = defaultImportAddress(importId, "required");
    const accountId = olds.accountId as number;
    const policies = await call(list(AgentCapacityPolicyWire), { method: "GET", path: accountPath(accountId, "agent_capacity_policies") });
    for (const policy of policies) {
      const row = policy.inbox_capacity_limits.find((l) => String(l.id) === id);
      if (row) return { id, olds: { accountId, policyId: policy.id, inboxId: row.inbox_id } };
    }
    return undefined;
  },

  async create(raw) {
    const inputs = raw as Inputs;
    const t = targetOf(inputs);
    const current = await currentLimit(t);
    if (current === undefined) {
      const made = await setLimit(t, inputs.conversationLimit, undefined);
      return { id: String(made.id), outs: outputs(inputs, t, made) };
    }
    if (!inputs.adopt) throw new Error(keyTaken(`policy ${t.policyId}`, `a limit for inbox ${t.inboxId} (${current.conversation_limit} conversations)`));
    return takeOver({
      id: String(current.id),
      current: outputs({}, t, current),
      inputs,
      keys: managedKeysOf(AgentCapacityPolicyInboxLimitInputs, ["adopt"]),
      patch: async () => outputs(inputs, t, await setLimit(t, inputs.conversationLimit, current.id)),
    });
  },

  async read(_id, olds) {
    const t = targetOf(olds);
    const current = await currentLimit(t);
    return current === undefined ? undefined : outputs(olds, t, current);
  },

  async update(_id, olds, news) {
    const t = targetOf(news);
    const rowId = typeof olds.limitId === "number" ? olds.limitId : (await currentLimit(t))?.id;
    return outputs({ ...olds, ...news }, t, await setLimit(t, (news as Inputs).conversationLimit, rowId));
  },

  // A limit already gone (its policy or inbox deleted) is what a delete wants; a community server's 404 is not.
  async delete(_id, olds) {
    const t = targetOf(olds);
    const rowId = typeof olds.limitId === "number" ? olds.limitId : (await currentLimit(t))?.id;
    if (rowId === undefined) return;
    try {
      await send({ method: "DELETE", path: limitsPath(t, rowId) });
    } catch (err) {
      if (!(await isGone(err, t))) throw await notFoundOrEdition(err, t);
    }
  },
});

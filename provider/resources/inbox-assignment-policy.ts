import { z } from "zod";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { keyTaken, takeOver } from "../lifecycle/adopt";
import { call, confirmWrite, send, unlessNotFound } from "../lifecycle/api";
import { INBOX_OBJECT_IMPORT_FORMS, inboxObjectImportAddress } from "../lifecycle/import";
import type { Props } from "../lifecycle/json";
import { defineResource, managedKeysOf } from "../lifecycle/resource";
import { accountId, adopt, objectId } from "../validation/fields";
import { single } from "../wire/envelope";
import { accountPath } from "../wire/paths";

/** The checks of `InboxAssignmentPolicyArgs` (sdk/inbox-assignment-policy.ts, where each argument is documented). */
export const InboxAssignmentPolicyInputs = z.strictObject({
  accountId,
  inboxId: objectId,
  assignmentPolicyId: objectId,
  adopt,
});
export type InboxAssignmentPolicyInputs = z.input<typeof InboxAssignmentPolicyInputs>;
type Inputs = z.output<typeof InboxAssignmentPolicyInputs>;
type Target = { accountId: number; inboxId: number };

/**
 * What the link's routes answer: the linked policy (upstream's show and create render it), or,
 * from a server rendering the link row instead, its `assignment_policy_id`. Read as the policy's id.
 */
const LinkAnswer = single(
  z
    .object({ id: z.number().int(), assignment_policy_id: z.number().int().nullish() })
    .loose()
    .transform((v) => v.assignment_policy_id ?? v.id),
);

const pathOf = (t: Target) => accountPath(t.accountId, "inboxes", t.inboxId, "assignment_policy");
const targetOf = (props: Props): Target => ({ accountId: Number(props.accountId), inboxId: Number(props.inboxId) });
const idOf = (t: Target) => `${t.accountId}/${t.inboxId}`;
const outputs = (base: Props, policyId: number): Props => ({ ...base, assignmentPolicyId: policyId });

/** The id of the policy the inbox is linked to; `undefined` when it has none (or is gone): a 404. */
const linkedPolicy = (t: Target) => unlessNotFound(() => call(LinkAnswer, { method: "GET", path: pathOf(t) }));

/** A 404 of the POST: the inbox or the policy is not in the account. */
function explain(err: unknown, inputs: Inputs): unknown {
  if (!isNotFound(err) || !ChatwootApiError.isInstance(err)) return err;
  return err.withHint(`inbox ${inputs.inboxId} or assignment policy ${inputs.assignmentPolicyId} is not in account ${inputs.accountId} (deleted, or never made)`);
}

/**
 * Links the inbox to the policy. The server replaces any earlier link, so the POST may be sent
 * again; an answer that was lost is settled by reading the link.
 */
async function link(inputs: Inputs): Promise<number> {
  const t = targetOf(inputs);
  const req = { method: "POST", path: pathOf(t), json: { assignment_policy_id: inputs.assignmentPolicyId }, idempotent: true } as const;
  const answered = await confirmWrite(
    () => call(LinkAnswer, req),
    async () => ((await linkedPolicy(t)) === inputs.assignmentPolicyId ? inputs.assignmentPolicyId : undefined),
  ).catch((err: unknown) => Promise.reject(explain(err, inputs)));
  if (answered !== inputs.assignmentPolicyId) {
    throw new Error(`POST ${req.path}: the server linked assignment policy ${answered}, not ${inputs.assignmentPolicyId}`);
  }
  return answered;
}

/**
 * The assignment policy of an inbox (`/inboxes/{id}/assignment_policy`, Assignment V2): an inbox
 * has at most one; id: `accountId/inboxId`. Adoption key: the inbox (an inbox already linked is
 * taken over with `adopt: true`). A change of policy is one POST, which the server applies by
 * replacing the link; deleting the policy or the inbox deletes the link, after which it reads as gone.
 */
export const inboxAssignmentPolicy = defineResource({
  inputs: InboxAssignmentPolicyInputs,
  account: "required",
  controlKeys: ["adopt"],
  replaceOn: ["accountId", "inboxId"],
  importForms: INBOX_OBJECT_IMPORT_FORMS,
  importAddress: async (importId) => inboxObjectImportAddress(importId),

  async create(inputs) {
    const t = targetOf(inputs);
    const current = await linkedPolicy(t);
    if (current === undefined) return { id: idOf(t), outs: outputs(inputs, await link(inputs)) };
    if (!inputs.adopt) throw new Error(keyTaken(`inbox ${t.inboxId}`, `assignment policy ${current}`));
    return takeOver({
      id: idOf(t),
      current: outputs({ accountId: t.accountId, inboxId: t.inboxId }, current),
      inputs,
      keys: managedKeysOf(InboxAssignmentPolicyInputs, ["adopt"]),
      patch: async () => outputs(inputs, await link(inputs)),
    });
  },

  async read(_id, olds) {
    const policyId = await linkedPolicy(targetOf(olds));
    return policyId === undefined ? undefined : outputs(olds, policyId);
  },

  async update(_id, olds, news) {
    return outputs({ ...olds, ...news }, await link(news));
  },

  // A link already gone (its inbox or policy deleted) is what a delete wants.
  async delete(_id, olds) {
    await unlessNotFound(() => send({ method: "DELETE", path: pathOf(targetOf(olds)) }));
  },
});

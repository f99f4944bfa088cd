import { z } from "zod";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { keyTaken, takeOver } from "../lifecycle/adopt";
import { call, confirmWrite, send } from "../lifecycle/api";
import { notFoundOrMissing } from "../lifecycle/feature-gate";
import { defaultImportAddress } from "../lifecycle/import";
import type { Props } from "../lifecycle/json";
import { defineResource, managedKeysOf } from "../lifecycle/resource";
import { accountId, adopt, objectId } from "../validation/fields";
import { CaptainAssistantWire } from "../wire/captain-assistant";
import { list } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { captainFeature } from "./captain-assistant";

/** The checks of `CaptainAssistantInboxArgs` (sdk/captain-assistant-inbox.ts, where each argument is documented). */
export const CaptainAssistantInboxInputs = z.strictObject({
  accountId,
  assistantId: objectId,
  inboxId: objectId,
  adopt,
});
export type CaptainAssistantInboxInputs = z.input<typeof CaptainAssistantInboxInputs>;
type Inputs = z.output<typeof CaptainAssistantInboxInputs>;
type Target = { accountId: number; assistantId: number; inboxId: number };

/** The assistant's inboxes as its index lists them (the `_inbox` partial): their ids. */
const InboxIds = list(z.object({ id: z.number().int() }).loose().transform((inbox) => inbox.id));

const assistantsPath = (accountId: number) => accountPath(accountId, "captain", "assistants");
const inboxesPath = (t: { accountId: number; assistantId: number }) => accountPath(t.accountId, "captain", "assistants", t.assistantId, "inboxes");
const targetOf = (props: Props): Target => ({ accountId: Number(props.accountId), assistantId: Number(props.assistantId), inboxId: Number(props.inboxId) });
const idOf = (t: Target) => `${t.accountId}/${t.inboxId}`;
const outputs = (t: Target): Props => ({ accountId: t.accountId, assistantId: t.assistantId, inboxId: t.inboxId });

/** A 404 means gone only where the server has Captain: its assistants list answers (else the feature is named). */
const notFoundOrNoCaptain = (err: unknown, accountId: number) => notFoundOrMissing(err, accountId, captainFeature, assistantsPath(accountId));

/** The inboxes the assistant answers in; `undefined` when the assistant is gone. */
async function linkedInboxes(t: { accountId: number; assistantId: number }): Promise<number[] | undefined> {
  try {
    return await call(InboxIds, { method: "GET", path: inboxesPath(t) });
  } catch (err) {
    const why = await notFoundOrNoCaptain(err, t.accountId);
    if (why === err && isNotFound(err)) return undefined;
    throw why;
  }
}

/** A 422 of the POST: the inbox has an assistant already, or a bot answers it. */
function explain(err: unknown, t: Target): unknown {
  if (!ChatwootApiError.isInstance(err)) return err;
  if (err.status === 404) return err.withHint(`Captain assistant ${t.assistantId} or inbox ${t.inboxId} is not in account ${t.accountId} (deleted, or never made)`);
  if (err.status !== 422) return err;
  if (/taken/i.test(err.serverMessage ?? "")) {
    return err.withHint(`inbox ${t.inboxId} is answered by another Captain assistant already (an inbox has one): remove that link first`);
  }
  if (/Disconnect/i.test(err.serverMessage ?? "")) {
    return err.withHint(`inbox ${t.inboxId} has an agent bot or a Dialogflow hook answering it: remove it (the Inbox's agentBotId, or the IntegrationHook) before connecting Captain`);
  }
  return err;
}

/** Connects the inbox; a lost answer is settled by reading the assistant's inboxes (a repeat the server refuses as taken, too). */
async function link(t: Target): Promise<void> {
  const req = { method: "POST", path: inboxesPath(t), json: { inbox: { inbox_id: t.inboxId } } } as const;
  await confirmWrite(
    () => send(req).then(() => true),
    async () => ((await linkedInboxes(t))?.includes(t.inboxId) ? true : undefined),
  ).catch((err: unknown) => Promise.reject(explain(err, t)));
}

const importForms = ["<inboxId>", "<accountId>/<inboxId>"];

/**
 * The Captain assistant that answers in an inbox (`/captain/assistants/{id}/inboxes`, Chatwoot
 * Enterprise with Captain on): an inbox has at most one; id: `accountId/inboxId`. Adoption key: the
 * inbox with that assistant. Both inputs replace the link; deleting the assistant or the inbox
 * deletes it, after which it reads as gone.
 */
export const captainAssistantInbox = defineResource({
  inputs: CaptainAssistantInboxInputs,
  account: "required",
  controlKeys: ["adopt"],
  replaceOn: ["accountId", "assistantId", "inboxId"],
  deleteBeforeReplace: true,
  importForms,
  async importAddress(importId) {
    const { id, olds } = defaultImportAddress(importId, "required", importForms);
    const accountId = olds.accountId as number;
    for (const assistant of await call(list(CaptainAssistantWire), { method: "GET", path: assistantsPath(accountId) })) {
      const t = { accountId, assistantId: assistant.id, inboxId: Number(id) };
      if ((await linkedInboxes(t))?.includes(t.inboxId)) return { id: idOf(t), olds: outputs(t) };
    }
    return undefined;
  },

  async create(inputs: Inputs) {
    const t = targetOf(inputs);
    const linked = await linkedInboxes(t);
    if (linked === undefined) throw new Error(`assistantId ${t.assistantId}: account ${t.accountId} has no Captain assistant with that id`);
    if (!linked.includes(t.inboxId)) {
      await link(t);
      return { id: idOf(t), outs: outputs(t) };
    }
    if (!inputs.adopt) throw new Error(keyTaken(`inbox ${t.inboxId}`, `Captain assistant ${t.assistantId}`));
    return takeOver({ id: idOf(t), current: outputs(t), inputs, keys: managedKeysOf(CaptainAssistantInboxInputs, ["adopt"]), patch: async () => outputs(t) });
  },

  async read(_id, olds) {
    const t = targetOf(olds);
    return (await linkedInboxes(t))?.includes(t.inboxId) ? outputs(t) : undefined;
  },

  // Every input replaces the link: only `adopt`, which is no property of it, changes in place.
  async update(_id, olds) {
    return outputs(targetOf(olds));
  },

  // A link already gone (its assistant or inbox deleted) is what a delete wants.
  async delete(_id, olds) {
    const t = targetOf(olds);
    try {
      await send({ method: "DELETE", path: `${inboxesPath(t)}/${t.inboxId}` });
    } catch (err) {
      const why = await notFoundOrNoCaptain(err, t.accountId);
      if (why !== err || !isNotFound(err)) throw why;
    }
  },
});

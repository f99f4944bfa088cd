import { z } from "zod";
import { ChatwootApiError, isNotFound } from "../http/transport/errors";
import { takeOver } from "../lifecycle/adopt";
import { call, confirmWrite, unlessNotFound } from "../lifecycle/api";
import { INBOX_OBJECT_IMPORT_FORMS, inboxObjectImportAddress } from "../lifecycle/import";
import type { Props } from "../lifecycle/json";
import { defineResource, managedKeysOf } from "../lifecycle/resource";
import { accountId, adopt, multiLine, objectId, oneLine } from "../validation/fields";
import { CSAT_TEMPLATE_BUTTON_MAX, CSAT_TEMPLATE_MESSAGE_MAX, CsatTemplateCreatedWire, CsatTemplateStatusWire } from "../wire/inbox-csat-template";
import { single } from "../wire/envelope";
import { accountPath } from "../wire/paths";

/** The checks of `InboxCsatTemplateArgs` (sdk/inbox-csat-template.ts, where each argument is documented). */
export const InboxCsatTemplateInputs = z.strictObject({
  accountId,
  inboxId: objectId,
  message: z
    .string({ error: "required: the survey's message" })
    .refine((v) => v.trim() !== "", "must not be blank (Chatwoot answers 422 \"Message is required\")")
    .superRefine(multiLine(CSAT_TEMPLATE_MESSAGE_MAX)),
  buttonText: z.string().trim().min(1, "must not be blank; leave it out for Chatwoot's \"Please rate us\"").superRefine(oneLine(CSAT_TEMPLATE_BUTTON_MAX)).optional(),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(?:_[A-Z][A-Za-z]{1,3})?$/, "must be a WhatsApp template language code, such as en, en_US, pt_BR or zh_CN")
    .optional(),
  adopt,
});
export type InboxCsatTemplateInputs = z.input<typeof InboxCsatTemplateInputs>;
type Inputs = z.output<typeof InboxCsatTemplateInputs>;
type Target = { accountId: number; inboxId: number };

const pathOf = (t: Target) => accountPath(t.accountId, "inboxes", t.inboxId, "csat_template");
const targetOf = (props: Props): Target => ({ accountId: Number(props.accountId), inboxId: Number(props.inboxId) });
const idOf = (t: Target) => `${t.accountId}/${t.inboxId}`;

/** The template Meta holds for the inbox; `undefined` when there is none (or the inbox is gone: a 404). */
async function current(t: Target): Promise<CsatTemplateStatusWire | undefined> {
  const shown = await unlessNotFound(() => call(CsatTemplateStatusWire, { method: "GET", path: pathOf(t) }));
  return shown?.template_exists === true ? shown : undefined;
}

/** A 400 (not a WhatsApp inbox) or a 404 (no such inbox) of the POST, explained. */
function explain(err: unknown, inputs: Inputs): unknown {
  if (!ChatwootApiError.isInstance(err)) return err;
  if (err.status === 400) return err.withHint(`inbox ${inputs.inboxId} is not a WhatsApp inbox: only WhatsApp numbers (Meta's Cloud API or 360dialog) have survey templates`);
  if (isNotFound(err)) return err.withHint(`inbox ${inputs.inboxId} is not in account ${inputs.accountId} (deleted, or never made)`);
  return err;
}

/**
 * Submits the template: the server deletes the inbox's earlier template at Meta and creates this
 * one, pending Meta's approval. Sending it again only submits it again, so an answer that was lost
 * is settled by reading whether the inbox has a template now.
 */
async function submit(inputs: Inputs): Promise<Props> {
  const t = targetOf(inputs);
  const template = { message: inputs.message, button_text: inputs.buttonText, language: inputs.language };
  const req = { method: "POST", path: pathOf(t), json: { template }, idempotent: true } as const;
  const made = await confirmWrite(
    async () => {
      const answer = await call(CsatTemplateCreatedWire, req);
      return { templateName: answer.name, status: answer.status, language: answer.language };
    },
    async () => {
      const shown = await current(t);
      return shown && { templateName: shown.template_name, status: shown.status, language: null };
    },
  ).catch((err: unknown) => Promise.reject(explain(err, inputs)));
  // The language the server chose when the program gave none (Chatwoot's default: en).
  return { ...inputs, templateName: made.templateName, status: made.status, language: inputs.language ?? made.language ?? null };
}

/**
 * The template's text as the inbox's survey settings hold it (`csat_config`: Chatwoot's settings
 * page saves the message, button text and language there, then submits the template from them):
 * the API shows none of the template's own, so an import and an export take it from there. A blank
 * message is none (the program must then give it).
 */
export function surveyTextOf(csatConfig: unknown): Props {
  const config = typeof csatConfig === "object" && csatConfig !== null ? (csatConfig as Record<string, unknown>) : {};
  const template = typeof config.template === "object" && config.template !== null ? (config.template as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
  return { message: text(config.message), buttonText: text(config.button_text), language: text(template.language) ?? text(config.language) };
}

const InboxSurvey = single(z.object({ csat_config: z.record(z.string(), z.unknown()).nullish() }));

/** The template's text from the inbox's survey settings (see {@link surveyTextOf}). */
const surveyText = async (t: Target) => surveyTextOf((await call(InboxSurvey, { method: "GET", path: accountPath(t.accountId, "inboxes", t.inboxId) })).csat_config);

/**
 * The WhatsApp satisfaction-survey template of an inbox (`/inboxes/{id}/csat_template`): at most
 * one per inbox; id: `accountId/inboxId`. Every POST submits it to Meta anew (the earlier one
 * deleted, approval back to PENDING), so every input replaces it; there is no delete route, and a
 * delete forgets it (it stays at Meta and in the inbox's `csat_config`). Refresh reads its approval
 * status; a template Meta no longer has reads as gone.
 */
export const inboxCsatTemplate = defineResource({
  inputs: InboxCsatTemplateInputs,
  account: "required",
  controlKeys: ["adopt"],
  replaceOn: ["accountId", "inboxId", "message", "buttonText", "language"],
  importForms: INBOX_OBJECT_IMPORT_FORMS,
  importAddress: async (importId) => inboxObjectImportAddress(importId),

  // With adopt, a template the inbox has is taken over without a submission when the inbox's survey
  // settings hold the declared text (the API shows none of the template's own); else it is submitted.
  async create(inputs) {
    const t = targetOf(inputs);
    const shown = inputs.adopt ? await current(t) : undefined;
    if (!shown) return { id: idOf(t), outs: await submit(inputs) };
    return takeOver({
      id: idOf(t),
      current: { accountId: t.accountId, inboxId: t.inboxId, ...(await surveyText(t)), templateName: shown.template_name, status: shown.status },
      inputs,
      keys: managedKeysOf(InboxCsatTemplateInputs, ["adopt"]),
      patch: () => submit(inputs),
    });
  },

  // The API shows no template's text: the message, button and language stay as last applied (an
  // import, which has none, takes them from the inbox's survey settings).
  async read(_id, olds) {
    const t = targetOf(olds);
    const shown = await current(t);
    if (!shown) return undefined;
    const text = olds.message === undefined ? await surveyText(t) : {};
    return { ...olds, ...text, templateName: shown.template_name, status: shown.status };
  },

  // Unreachable (every input replaces): a submission all the same.
  async update(_id, _olds, news) {
    return submit(news);
  },

  // No route deletes it: the template stays at Meta and in the inbox's settings.
  async delete() {},
});

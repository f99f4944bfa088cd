/**
 * An inbox's WhatsApp satisfaction-survey template, as upstream at fd5ac2a8a has it
 * (app/controllers/api/v1/accounts/inbox_csat_templates_controller.rb, app/services/csat_template_management_service.rb,
 * app/services/csat_template_name_service.rb, app/services/whatsapp/csat_template_service.rb), with Meta's side played here:
 * - the inbox is looked up first (404), then InboxPolicy#show? (administrators, or agents who are
 *   members of the inbox: they may create too), then the channel: any but WhatsApp is 400;
 * - `params.require(:template)`: missing, 422 "Template parameters are required"; a blank message,
 *   422 "Message is required"; `button_text` defaults to "Please rate us", `language` to "en"; the
 *   name is `customer_satisfaction_survey_<inbox id>`, and a successor of a template the config
 *   names takes the next version (`..._1`, then `..._2`: `generate_next_template_name`);
 * - a create deletes the inbox's earlier template at Meta (a failed delete does not stop it), makes
 *   the new one there, PENDING, and merges `{name, template_id, language, created_at}` into the
 *   inbox's `csat_config` as `template`; it answers 201 `{"template": {name, template_id, status:
 *   "PENDING", language}}`. Meta refusing it (here: a body past 1024 characters or a button text
 *   past 25, Meta's limits) is 422 `{"error": <Meta's message for users>, "details": {code, subcode, type, title}}`;
 * - the show answers `{template_exists: false}` without a template in the config, `{template_exists:
 *   false, error: "Template not found"}` when Meta has none of that name, else `{template_exists:
 *   true, template_name, status, template_id}`;
 * - no route updates or deletes a template. Meta's review is a control (`reviewCsatTemplates`).
 */
import { ApiError } from "../errors";
import { castString, isHash, isPresent, type Params } from "../params";
import type { InboxRecord, SandboxState } from "../state";

/** The statuses Meta's review gives. */
export const REVIEW_STATUSES = ["APPROVED", "REJECTED"] as const;

const DEFAULT_BUTTON_TEXT = "Please rate us";
const DEFAULT_LANGUAGE = "en";
/** Meta's limits: a template's body text, and a URL button's text. */
const BODY_MAX = 1024;
const BUTTON_MAX = 25;

/** `CsatTemplateNameService.csat_template_name`: `customer_satisfaction_survey_<inbox id>`, with `_<version>` for a successor. */
export const csatTemplateName = (inboxId: number, version?: number) => `customer_satisfaction_survey_${inboxId}${version === undefined ? "" : `_${version}`}`;

/**
 * `CsatTemplateNameService.generate_next_template_name`: the base name for an inbox's first
 * template; after one, the next version (`_1` after the base name, `_<n+1>` after `_<n>`).
 */
export function nextTemplateName(inboxId: number, current: string | null | undefined): string {
  if (!current) return csatTemplateName(inboxId);
  const version = new RegExp(`^customer_satisfaction_survey_${inboxId}_(\\d+)$`).exec(current)?.[1];
  return csatTemplateName(inboxId, version === undefined ? 1 : Number(version) + 1);
}

/** `validate_whatsapp_channel`: WhatsApp (and Twilio's WhatsApp, which the sandbox has no channel for) only. */
export function requireWhatsapp(inbox: InboxRecord): void {
  if (inbox.channel_type !== "Channel::Whatsapp") throw new ApiError(400, { error: "CSAT template operations only available for WhatsApp and Twilio WhatsApp channels" });
}

/** The template the inbox's `csat_config` names, if any. */
function configuredTemplate(inbox: InboxRecord): Params | undefined {
  const template = inbox.csat_config.template;
  return isHash(template) && isPresent(template) ? template : undefined;
}

/** The show's answer. */
export function templateStatus(state: SandboxState, inbox: InboxRecord): Params {
  const template = configuredTemplate(inbox);
  if (!template) return { template_exists: false };
  const name = castString(template.name) ?? csatTemplateName(inbox.id);
  const meta = state.metaTemplates.get(name);
  if (!meta) return { template_exists: false, error: "Template not found" };
  return { template_exists: true, template_name: name, status: meta.status, template_id: meta.id };
}

/** The create: Meta's side first (the earlier template deleted, the new one made), then the inbox's config. */
export function createTemplate(state: SandboxState, inbox: InboxRecord, params: Params): Params {
  const fields = params.template;
  if (!isPresent(fields) || !isHash(fields)) throw new ApiError(422, { error: "Template parameters are required" });
  const message = castString(fields.message);
  if (!message?.trim()) throw new ApiError(422, { error: "Message is required" });
  const buttonText = castString(fields.button_text) ?? DEFAULT_BUTTON_TEXT;
  const language = castString(fields.language) ?? DEFAULT_LANGUAGE;
  if ([...message].length > BODY_MAX || [...buttonText].length > BUTTON_MAX) {
    const what = [...message].length > BODY_MAX ? `The message is longer than ${BODY_MAX} characters` : `The button text is longer than ${BUTTON_MAX} characters`;
    throw new ApiError(422, { error: `${what}. Please review your template and try again.`, details: { code: 100, subcode: 2_388_040, type: "OAuthException", title: "Template Creation Failed" } });
  }
  const earlier = configuredTemplate(inbox);
  const earlierName = earlier && castString(earlier.name);
  if (earlierName) state.metaTemplates.delete(earlierName);
  const name = nextTemplateName(inbox.id, earlierName);
  const id = String(state.nextId("meta_templates") + 900_000_000);
  state.metaTemplates.set(name, { id, name, inbox_id: inbox.id, status: "PENDING", language, body: message, button_text: buttonText });
  inbox.csat_config = { ...inbox.csat_config, template: { name, template_id: id, language, created_at: new Date().toISOString() } };
  return { template: { name, template_id: id, status: "PENDING", language } };
}

/** Meta's review of pending templates (of one inbox, or all): their names. */
export function reviewTemplates(state: SandboxState, status: (typeof REVIEW_STATUSES)[number], inboxId?: number): string[] {
  const reviewed: string[] = [];
  for (const template of state.metaTemplates.values()) {
    if (template.status !== "PENDING" || (inboxId !== undefined && template.inbox_id !== inboxId)) continue;
    template.status = status;
    reviewed.push(template.name);
  }
  return reviewed.sort();
}

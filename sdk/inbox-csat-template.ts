import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/inbox-csat-template");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link InboxCsatTemplate}. Every argument replaces the template when it changes:
 * Chatwoot submits a template to Meta anew on every change, and Meta reviews it again.
 */
export interface InboxCsatTemplateArgs extends AccountArgs {
  /** The WhatsApp inbox (a number, or an `Inbox`'s `id`); it has at most one survey template. Changing it replaces the template. */
  inboxId: pulumi.Input<string | number>;
  /**
   * The survey's message, the template's body: not blank, at most 1,024 characters (Meta's limit).
   * Changing it replaces the template.
   */
  message: pulumi.Input<string>;
  /**
   * The text of the button that opens the survey: one line, at most 25 characters (Meta's limit).
   * Default: "Please rate us" (Chatwoot's). Changing it replaces the template.
   */
  buttonText?: pulumi.Input<string | undefined>;
  /**
   * The template's language, a WhatsApp template language code: `en`, `en_US`, `pt_BR`, `zh_CN`, ...
   * Default: `en` (Chatwoot's). Changing it replaces the template.
   */
  language?: pulumi.Input<string | undefined>;
  /**
   * Take over the template the inbox has, without submitting it again, when the inbox's survey
   * settings hold the declared text (see Adoption). Default: false (a create submits the template).
   */
  adopt?: pulumi.Input<boolean | undefined>;
}

/** What {@link InboxCsatTemplate.get} may be given: the outputs of {@link InboxCsatTemplate}, each optional. */
export type InboxCsatTemplateState = ResourceState<InboxCsatTemplate>;

/**
 * The satisfaction-survey template of a WhatsApp inbox: WhatsApp lets a business start a
 * conversation only with a template Meta has approved, so Chatwoot sends its survey through one,
 * `customer_satisfaction_survey_<inboxId>` (its successors `..._1`, `..._2`, ...), with the
 * message and a button that opens the survey. Creating the resource submits the template to Meta (Chatwoot deletes the inbox's earlier
 * one there first); it waits for Meta's review (`status`: `PENDING`, then `APPROVED` or
 * `REJECTED`, which `refresh` reads). Only WhatsApp inboxes have one (any other inbox is refused
 * with 400); the inbox's survey itself is turned on with the Inbox's `csatSurveyEnabled`. An
 * administrator, or an agent who is a member of the inbox, may manage it.
 *
 * Every change replaces the template: Chatwoot has no update, each submission makes a new template
 * at Meta, whose approval starts over. There is no delete either: deleting the resource only
 * forgets the template, which stays at Meta and named in the inbox's `csatConfig.template` (a new
 * submission, by this resource or in Chatwoot's settings, replaces it). The API never shows a
 * template's text: `refresh` finds a template Meta no longer has (gone), not a message changed
 * there by hand; `pulumi import` and `pulumi-chatwoot export` take the text from the inbox's
 * survey settings (`csatConfig`), where Chatwoot's settings page keeps it.
 *
 * ## Example Usage
 * ```ts
 * const whatsapp = new chatwoot.Inbox("whatsapp", {
 *   name: "Acme WhatsApp",
 *   channel: { type: "whatsapp", phoneNumber: "+15550100200" },
 *   credentials: { apiKey: config.requireSecret("whatsappApiKey") },
 *   csatSurveyEnabled: true,
 * });
 * const survey = new chatwoot.InboxCsatTemplate("whatsapp-survey", {
 *   inboxId: whatsapp.id,
 *   message: "Thanks for talking to Acme! How did we do?",
 *   buttonText: "Rate us",
 *   language: "en",
 * });
 * export const surveyTemplateStatus = survey.status;
 * ```
 * (`config` is the PlatformUser example's `new pulumi.Config()`.)
 *
 * ## Adoption
 * By the inbox, which has at most one survey template. Without `adopt`, a create submits the
 * declared template in place of any the inbox has (Chatwoot deletes that one at Meta first, and
 * Meta reviews the new one). With `adopt: true`, a template the inbox has is taken over as it is,
 * approval kept, when the inbox's survey settings (`csatConfig`: message, button text, language)
 * hold the declared text, which is where Chatwoot's settings page keeps it; the API shows none of
 * the template's own, so a template submitted with other text than the settings' is submitted
 * again. The id is `accountId/inboxId`.
 */
export class InboxCsatTemplate extends ChatwootResource {
  /** The account the inbox belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The WhatsApp inbox. */
  declare readonly inboxId: pulumi.Output<number>;
  /** The survey's message, as last submitted (the API does not show it). */
  declare readonly message: pulumi.Output<string>;
  /** The button's text, as last submitted; undefined when Chatwoot's default was used. */
  declare readonly buttonText: pulumi.Output<string | undefined>;
  /** The template's language, as submitted or as Chatwoot chose it (`en`). */
  declare readonly language: pulumi.Output<string | null>;
  /** Output only: the template's name at Meta: `customer_satisfaction_survey_<inboxId>`, and for each later submission the next version (`..._1`, `..._2`, ...). */
  declare readonly /*out*/ templateName: pulumi.Output<string | null>;
  /** Output only: Meta's review status: `PENDING` after a submission, then `APPROVED` or `REJECTED` (read by `refresh`). */
  declare readonly /*out*/ status: pulumi.Output<string | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<inboxId>` or `<accountId>/<inboxId>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link InboxCsatTemplateState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: InboxCsatTemplateState, opts?: pulumi.CustomResourceOptions): InboxCsatTemplate {
    return existingResource(InboxCsatTemplate, "InboxCsatTemplate", name, id, state, opts);
  }

  /** Whether `obj` is a {@link InboxCsatTemplate}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is InboxCsatTemplate {
    return isResourceOf(obj, "InboxCsatTemplate");
  }

  constructor(name: string, args: InboxCsatTemplateArgs, opts?: pulumi.CustomResourceOptions) {
    super("InboxCsatTemplate", provider, name, { templateName: undefined, status: undefined, language: undefined, ...args }, opts);
  }
}

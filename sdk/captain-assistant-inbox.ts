import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/captain-assistant-inbox");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** Arguments of {@link CaptainAssistantInbox}. Every argument replaces the link when it changes. */
export interface CaptainAssistantInboxArgs extends AccountArgs {
  /** The Captain assistant that answers in the inbox (a number, or a `CaptainAssistant`'s `id`). Changing it replaces the link. */
  assistantId: pulumi.Input<string | number>;
  /**
   * The inbox (a number, or an `Inbox`'s `id`); it has at most one assistant, and none while an
   * agent bot or a Dialogflow hook answers it. The adoption key. Changing it replaces the link.
   */
  inboxId: pulumi.Input<string | number>;
  /** Take over the link when the assistant answers in the inbox already, instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link CaptainAssistantInbox.get} may be given: the outputs of {@link CaptainAssistantInbox}, each optional (as Pulumi's
 * generated `CaptainAssistantInboxState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type CaptainAssistantInboxState = ResourceState<CaptainAssistantInbox>;

/**
 * Connects a {@link CaptainAssistant} to an inbox: the assistant then answers the inbox's
 * conversations. An inbox has at most one assistant (Chatwoot refuses a second), and the newest
 * Chatwoot refuses Captain in an inbox an agent bot or a Dialogflow hook answers; the error says
 * which. Deleting the resource disconnects the inbox; deleting the assistant or the inbox deletes
 * the link, which `refresh` then shows as gone. Captain is a Chatwoot Enterprise feature (see
 * {@link CaptainAssistant}); connecting needs an administrator's access token.
 *
 * ## Example Usage
 * ```ts
 * new chatwoot.CaptainAssistantInbox("helpdesk-support", {
 *   assistantId: helpdesk.id,
 *   inboxId: support.id,
 * });
 * ```
 *
 * ## Adoption
 * An inbox the assistant answers in already is refused unless `adopt: true` takes the link over (on
 * the plugin, `pulumi import` takes it instead: see Import). An inbox another assistant answers in
 * fails with the server's 422: disconnect it there first. The id is `accountId/inboxId`.
 */
export class CaptainAssistantInbox extends ChatwootResource {
  /** The account the inbox belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** The assistant that answers in the inbox. */
  declare readonly assistantId: pulumi.Output<number>;
  /** The inbox. */
  declare readonly inboxId: pulumi.Output<number>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<inboxId>` or `<accountId>/<inboxId>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link CaptainAssistantInboxState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CaptainAssistantInboxState, opts?: pulumi.CustomResourceOptions): CaptainAssistantInbox {
    return existingResource(CaptainAssistantInbox, "CaptainAssistantInbox", name, id, state, opts);
  }

  /** Whether `obj` is a {@link CaptainAssistantInbox}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is CaptainAssistantInbox {
    return isResourceOf(obj, "CaptainAssistantInbox");
  }

  constructor(name: string, args: CaptainAssistantInboxArgs, opts?: pulumi.CustomResourceOptions) {
    super("CaptainAssistantInbox", provider, name, { ...args }, opts);
  }
}

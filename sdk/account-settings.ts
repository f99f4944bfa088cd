import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/account-settings");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link AccountSettings}. An argument left out is not managed (the account keeps its
 * value). Changes are made in place, except where an argument says it replaces the resource.
 */
export interface AccountSettingsArgs extends AccountArgs {
  /** The account's name: one line, not blank, at most 255 characters. */
  name?: pulumi.Input<string | undefined>;
  /**
   * The account's language, used for its e-mails and messages: a code of Chatwoot's account
   * languages, such as `en`, `de`, `pt_BR` or `zh_TW` (Chatwoot's default: `en`).
   */
  locale?: pulumi.Input<string | undefined>;
  /**
   * The account's e-mail domain (`mail.acme.test`), which Chatwoot builds reply addresses and
   * receives mail with: a host name of at most 100 characters; `null` clears it.
   */
  domain?: pulumi.Input<string | null | undefined>;
  /**
   * The address customers' e-mails come from: `help@acme.test` or `Acme Support <help@acme.test>`,
   * at most 100 characters. It cannot be cleared: an account without one shows the installation's
   * sender address, which is what the output then holds.
   */
  supportEmail?: pulumi.Input<string | undefined>;
  /**
   * Minutes of inactivity after which a conversation is resolved automatically: 10 to 1,439,856
   * (999 days); `null` turns auto-resolve off.
   */
  autoResolveAfter?: pulumi.Input<number | null | undefined>;
  /** The message sent when a conversation is auto-resolved (at most 10,000 characters); `null` sends none. */
  autoResolveMessage?: pulumi.Input<string | null | undefined>;
  /** Whether conversations waiting for an agent's reply are left out of auto-resolve. */
  autoResolveIgnoreWaiting?: pulumi.Input<boolean | null | undefined>;
  /** The title of a label added to auto-resolved conversations (`label.title`); `null` adds none. */
  autoResolveLabel?: pulumi.Input<string | null | undefined>;
  /** Whether audio messages are transcribed (a feature of Chatwoot's AI add-ons). */
  audioTranscriptions?: pulumi.Input<boolean | null | undefined>;
  /**
   * Keys of conversation custom attributes an agent must fill in before resolving a conversation
   * (Chatwoot Enterprise; other servers ignore it, and the change then fails as not taken); compared
   * as a set; `[]` requires none.
   */
  conversationRequiredAttributes?: pulumi.Input<pulumi.Input<string>[] | undefined>;
  /** The account's industry, as the onboarding asks it (one line); `null` clears it. */
  industry?: pulumi.Input<string | null | undefined>;
  /** The account's company size, as the onboarding asks it (one line, e.g. `11-50`); `null` clears it. */
  companySize?: pulumi.Input<string | null | undefined>;
  /** The account's time zone as the onboarding records it (one line, e.g. `Europe/Berlin`); `null` clears it. */
  timezone?: pulumi.Input<string | null | undefined>;
}

/**
 * What {@link AccountSettings.get} may be given: the outputs of {@link AccountSettings}, each optional (as Pulumi's
 * generated `AccountSettingsState`). The object is read as the server holds it; the values given are not used.
 */
export type AccountSettingsState = ResourceState<AccountSettings>;

/**
 * The settings of a Chatwoot account itself: its name, language, e-mail domain, support address
 * and auto-resolve settings. The id is the account id. Changing them needs an administrator's token.
 *
 * The account always exists, so this resource is never created nor deleted: creating it takes the
 * account over and sends what differs from the program in one PATCH; deleting it (or removing it
 * from the program) only forgets it, leaving every setting as it is. `refresh` shows settings changed
 * in the dashboard. Declare it once per account: two of them would fight over the same settings.
 *
 * ## Example Usage
 * ```ts
 * const autoClosed = new chatwoot.Label("auto-closed", { title: "auto-closed" });
 * new chatwoot.AccountSettings("acme", {
 *   name: "Acme",
 *   locale: "en",
 *   supportEmail: "Acme Support <help@acme.test>",
 *   autoResolveAfter: 7 * 24 * 60,   // a week, in minutes
 *   autoResolveMessage: "We closed this conversation after a week without news.",
 *   autoResolveLabel: autoClosed.title,
 * });
 * ```
 *
 * ## Adoption
 * Always, by the account (`accountId`): there is nothing to create, so the first `up` takes the
 * account's settings over and sends one PATCH with what differs from the program.
 */
export class AccountSettings extends ChatwootResource {
  /** The account. */
  declare readonly accountId: pulumi.Output<number>;
  /** The account's name. */
  declare readonly name: pulumi.Output<string | null>;
  /** The account's language code. */
  declare readonly locale: pulumi.Output<string | null>;
  /** The account's e-mail domain; null when none. */
  declare readonly domain: pulumi.Output<string | null>;
  /** The support address; the installation's sender address when the account has none. */
  declare readonly supportEmail: pulumi.Output<string | null>;
  /** Minutes after which inactive conversations are resolved; null when off (or on servers before the setting). */
  declare readonly autoResolveAfter: pulumi.Output<number | null>;
  /** The auto-resolve message; null when none. */
  declare readonly autoResolveMessage: pulumi.Output<string | null>;
  /** Whether waiting conversations are left out of auto-resolve; null when unset. */
  declare readonly autoResolveIgnoreWaiting: pulumi.Output<boolean | null>;
  /** The label added to auto-resolved conversations; null when none. */
  declare readonly autoResolveLabel: pulumi.Output<string | null>;
  /** Whether audio messages are transcribed; null when unset. */
  declare readonly audioTranscriptions: pulumi.Output<boolean | null>;
  /** The attribute keys required before resolving (Enterprise); null when the account never had the setting. */
  declare readonly conversationRequiredAttributes: pulumi.Output<string[] | null>;
  /** The account's industry; null when none. */
  declare readonly industry: pulumi.Output<string | null>;
  /** The account's company size; null when none. */
  declare readonly companySize: pulumi.Output<string | null>;
  /** The account's time zone as the onboarding records it; null when none. */
  declare readonly timezone: pulumi.Output<string | null>;
  /** Output only: the account's status (`active`, or `suspended`). */
  declare readonly /*out*/ status: pulumi.Output<string | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<accountId>`.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link AccountSettingsState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AccountSettingsState, opts?: pulumi.CustomResourceOptions): AccountSettings {
    return existingResource(AccountSettings, "AccountSettings", name, id, state, opts);
  }

  /** Whether `obj` is a {@link AccountSettings}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is AccountSettings {
    return isResourceOf(obj, "AccountSettings");
  }

  constructor(name: string, args: AccountSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "AccountSettings",
      provider,
      name,
      {
        name: undefined,
        locale: undefined,
        domain: undefined,
        supportEmail: undefined,
        autoResolveAfter: undefined,
        autoResolveMessage: undefined,
        autoResolveIgnoreWaiting: undefined,
        autoResolveLabel: undefined,
        audioTranscriptions: undefined,
        conversationRequiredAttributes: undefined,
        industry: undefined,
        companySize: undefined,
        timezone: undefined,
        status: undefined,
        ...args,
      },
      opts,
    );
  }
}

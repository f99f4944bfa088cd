import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { JsonInput, JsonValue } from "./inputs";
import provider = require("./shims/platform-account");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link PlatformAccount}. An argument left out is not managed (the server keeps its
 * value). Every change is made in place.
 */
export interface PlatformAccountArgs {
  /** The account's name: one line, not blank, at most 255 characters. Names need not be unique. */
  name: pulumi.Input<string>;
  /** The account's language: a code of Chatwoot's account languages (`en`, `de`, `pt_BR`, `zh_TW`, ...). Chatwoot's default: `en`. */
  locale?: pulumi.Input<string | undefined>;
  /** The account's e-mail domain (for inbound mail and reply addresses), a host name of at most 100 characters; `null` clears it. */
  domain?: pulumi.Input<string | null | undefined>;
  /** The account's support address, `help@acme.test` or `Acme Support <help@acme.test>`, at most 100 characters. */
  supportEmail?: pulumi.Input<string | undefined>;
  /** `active` or `suspended` (a suspended account's users cannot use it). Chatwoot's default: `active`. */
  status?: pulumi.Input<"active" | "suspended" | undefined>;
  /**
   * Feature flags by name (snake_case, e.g. `help_center`, `channel_email`, `inbox_management`),
   * each `true` (on) or `false` (off). Only the named flags are managed; the others keep what the
   * installation's defaults gave the account.
   */
  features?: pulumi.Input<Record<string, pulumi.Input<boolean>> | undefined>;
  /**
   * The account's plan limits by name, each a whole number of at least 0: `agents` (members,
   * administrators included), `inboxes`, `emails`, `captain_responses`, `captain_documents`. Chatwoot
   * Enterprise applies them (past its limit, adding an agent or inbox fails with 402) and refuses any
   * other name. Sent and kept whole: a limit left out is removed.
   */
  limits?: pulumi.Input<Record<string, pulumi.Input<number>> | undefined>;
  /**
   * The account's custom attributes (free-form JSON). Chatwoot replaces them whole, including the
   * onboarding's `industry`, `company_size` and `timezone` that `AccountSettings` manages: set
   * those here too, or manage them with `AccountSettings` only.
   */
  customAttributes?: pulumi.Input<Record<string, JsonInput> | undefined>;
}

/**
 * What {@link PlatformAccount.get} may be given: the outputs of {@link PlatformAccount}, each optional (as Pulumi's
 * generated `PlatformAccountState`). The object is read as the server holds it; the values given are not used.
 */
export type PlatformAccountState = ResourceState<PlatformAccount>;

/**
 * An account of a self-hosted Chatwoot installation, made through the Platform API with
 * `chatwoot:platformAccessToken`; the id is the account id. The Platform App that made it may
 * manage it and its members (`PlatformAccountUser`); other resources take it as their account
 * (`accountId: account.id.apply(Number)`), with an access token of a member of the account.
 *
 * Deleting it answers at once; Chatwoot then deletes the account, with everything in it, in a
 * background job, so it may still be found for a short while.
 *
 * A create whose answer is lost is recognised among the accounts of the Platform App's index that
 * are new since the POST (never an older one of the same name). That index
 * (`GET /platform/api/v1/accounts`) exists on newer Chatwoot versions only: a server without it
 * refuses the create before the POST, with an error that says so. The account resources of a new
 * account need an access token of a member: make the user of `chatwoot:apiAccessToken` a member with
 * `PlatformAccountUser`, and have those resources depend on it.
 *
 * ## Example Usage
 * ```ts
 * const initech = new chatwoot.PlatformAccount("initech", { name: "Initech", locale: "en", limits: { agents: 10, inboxes: 5 } });
 * export const initechAccountId = initech.id;
 * ```
 *
 * ## Adoption
 * None: accounts have no natural key (names need not be unique), so each create makes a new
 * account. `pulumi import` (native plugin) takes over an existing one by its id.
 */
export class PlatformAccount extends ChatwootResource {
  /** The account's name. */
  declare readonly name: pulumi.Output<string>;
  /** The account's language code. */
  declare readonly locale: pulumi.Output<string | null>;
  /** The account's e-mail domain; null when none. */
  declare readonly domain: pulumi.Output<string | null>;
  /** The account's support address; null when none. */
  declare readonly supportEmail: pulumi.Output<string | null>;
  /** `active` or `suspended`. */
  declare readonly status: pulumi.Output<string | null>;
  /** The named feature flags, each true when on; every flag that is on when the program names none. */
  declare readonly features: pulumi.Output<Record<string, boolean>>;
  /** The account's limits. */
  declare readonly limits: pulumi.Output<Record<string, number>>;
  /** The account's custom attributes. */
  declare readonly customAttributes: pulumi.Output<Record<string, JsonValue>>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>`.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link PlatformAccountState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: PlatformAccountState, opts?: pulumi.CustomResourceOptions): PlatformAccount {
    return existingResource(PlatformAccount, "PlatformAccount", name, id, state, opts);
  }

  /** Whether `obj` is a {@link PlatformAccount}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is PlatformAccount {
    return isResourceOf(obj, "PlatformAccount");
  }

  constructor(name: string, args: PlatformAccountArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "PlatformAccount",
      provider,
      name,
      { locale: undefined, domain: undefined, supportEmail: undefined, status: undefined, features: undefined, limits: undefined, customAttributes: undefined, ...args },
      opts,
    );
  }
}

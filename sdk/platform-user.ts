import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { JsonInput, JsonValue } from "./inputs";
import provider = require("./shims/platform-user");
import { existingResource, isResourceOf, secretOutputsOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link PlatformUser}. An argument left out is not managed (the server keeps its
 * value). Every change is made in place.
 */
export interface PlatformUserArgs {
  /** The person's name: one line, not blank, at most 255 characters. */
  name: pulumi.Input<string>;
  /**
   * The person's e-mail address (`name@domain`), kept in lower case. Unique in the installation: an
   * address another user has is refused (see Adoption). A change is made in place, unconfirmed.
   */
  email: pulumi.Input<string>;
  /**
   * The password the person signs in with: a secret input (kept encrypted; the outputs and state hold
   * only a salted digest). Chatwoot's rule: at least 6 characters (at most 128), with an upper-case
   * and a lower-case letter, a digit and a special character. A change is sent in one PATCH.
   */
  password: pulumi.Input<string>;
  /** The name shown to contacts instead of `name`; `null` clears it. */
  displayName?: pulumi.Input<string | null | undefined>;
  /**
   * The user's custom attributes (free-form JSON). Chatwoot merges them: a key left out is kept on
   * the server, not removed; only the named keys are compared.
   */
  customAttributes?: pulumi.Input<Record<string, JsonInput> | undefined>;
  /**
   * Id of an existing user this Platform App may manage (one it made, or was granted) to take over
   * instead of making one; the address must be theirs. Its password is then set.
   */
  adoptId?: pulumi.Input<string | number | undefined>;
}

/**
 * What {@link PlatformUser.get} may be given: the outputs of {@link PlatformUser}, each optional (as Pulumi's
 * generated `PlatformUserState`). The object is read as the server holds it; the values given are not used.
 */
export type PlatformUserState = ResourceState<PlatformUser>;

/**
 * A user of a self-hosted Chatwoot installation, made through the Platform API with
 * `chatwoot:platformAccessToken`: confirmed at once, with the given password; the id is the user id,
 * which `PlatformAccountUser` takes. Deleting it deletes the user from the installation (in a
 * background job), with their memberships of every account.
 *
 * ## Example Usage
 * ```ts
 * const config = new pulumi.Config();
 * const owner = new chatwoot.PlatformUser("owner", { name: "Olivia Owner", email: "olivia@acme.test", password: config.requireSecret("ownerPassword") });
 * ```
 *
 * ## Adoption
 * Chatwoot answers a create for an address a user already has with that user, unchanged, and from
 * then on lets the Platform App manage them: the provider refuses such an answer (the user is not
 * the resource's) and names the user; `adoptId` takes over a user the Platform App may manage.
 * The Platform API cannot look an address up first, so the answer is judged: a user who belongs to
 * an account, or whose name, display name or attributes are not the ones sent, existed before. A
 * user of the same name and attributes in no account cannot be told from a new one, and is taken;
 * the same rule makes a create whose answer was lost safe to send again. `adoptId` reads the user
 * first: one the Platform App may not manage is refused before any write.
 */
export class PlatformUser extends ChatwootResource {
  /** The person's name. */
  declare readonly name: pulumi.Output<string>;
  /** The e-mail address as Chatwoot stores it (lower case). */
  declare readonly email: pulumi.Output<string>;
  /** A salted digest of the password (never the password): a secret output. */
  declare readonly password: pulumi.Output<string>;
  /** The display name; null when none. */
  declare readonly displayName: pulumi.Output<string | null>;
  /** The named custom attributes as the user holds them (all of them when the program names none). */
  declare readonly customAttributes: pulumi.Output<Record<string, JsonValue>>;
  /** Output only: whether the address is confirmed (users made through the Platform API are). */
  declare readonly /*out*/ confirmed: pulumi.Output<boolean | null>;
  /** Output only: the name shown to contacts (the display name, else the name). */
  declare readonly /*out*/ availableName: pulumi.Output<string | null>;
  /**
   * Output only: the user's access token for the account API, as the Platform API shows it (a
   * secret output). A {@link Provider} for the user's accounts connects with it as its
   * `apiAccessToken`: a new account's administrator can manage the account in the same program.
   */
  declare readonly /*out*/ accessToken: pulumi.Output<string>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>`.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link PlatformUserState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: PlatformUserState, opts?: pulumi.CustomResourceOptions): PlatformUser {
    return existingResource(PlatformUser, "PlatformUser", name, id, state, opts);
  }

  /** Whether `obj` is a {@link PlatformUser}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is PlatformUser {
    return isResourceOf(obj, "PlatformUser");
  }

  constructor(name: string, args: PlatformUserArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "PlatformUser",
      provider,
      name,
      { displayName: undefined, customAttributes: undefined, confirmed: undefined, availableName: undefined, accessToken: undefined, ...args, password: pulumi.secret(args.password) },
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretOutputsOf("PlatformUser")] },
    );
  }
}

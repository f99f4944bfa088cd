import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/saml-settings");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/** What members of an identity-provider group get in the account: an account role, or a custom role. */
export interface SamlRoleMappingArgs {
  /** The account role: `agent` or `administrator`. Give either this or `customRoleId`. */
  role?: pulumi.Input<"agent" | "administrator" | undefined>;
  /** A custom role of the account (a number, or a `CustomRole`'s `id`; Enterprise). Give either this or `role`. */
  customRoleId?: pulumi.Input<string | number | undefined>;
}

/** A group's role as the server holds it. */
export interface SamlRoleMapping {
  /** The account role (`agent` or `administrator`), when the group gets one. */
  role?: string;
  /** The custom role's id, when the group gets one. */
  customRoleId?: number;
}

/**
 * Arguments of {@link SamlSettings}. Changes are made in place, except where an argument says it
 * replaces the settings.
 */
export interface SamlSettingsArgs extends AccountArgs {
  /** The identity provider's single sign-on URL, where Chatwoot sends users to sign in: an http(s) URL. */
  ssoUrl: pulumi.Input<string>;
  /** The identity provider's entity id (its issuer): one line, not blank. */
  idpEntityId: pulumi.Input<string>;
  /**
   * The identity provider's signing certificate, an X.509 certificate in PEM form (public: it is no
   * secret). Compared without its line breaks and spaces, so a copy wrapped otherwise is no change.
   */
  certificate: pulumi.Input<string>;
  /**
   * The entity id Chatwoot presents as the service provider. Left out, the server makes one
   * (`<FRONTEND_URL>/saml/sp/<accountId>`), which the output then holds.
   */
  spEntityId?: pulumi.Input<string | undefined>;
  /**
   * The role each identity-provider group's members get, by group name: `{ "Support Leads": { role:
   * "administrator" } }`. The whole map is sent when any of it changes. Left out, not managed.
   */
  roleMappings?: pulumi.Input<Record<string, pulumi.Input<SamlRoleMappingArgs>> | undefined>;
  /** Take over the settings the account has already, instead of failing on them (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/** What {@link SamlSettings.get} may be given: the outputs of {@link SamlSettings}, each optional. */
export type SamlSettingsState = ResourceState<SamlSettings>;

/**
 * An account's SAML single sign-on settings (Chatwoot Enterprise; the account's `saml` feature must
 * be on, else every request is refused with 403 "SAML feature not enabled for this account"): the
 * identity provider's sign-in URL, entity id and certificate, and which role each of its groups
 * gets. An account has at most one, so the id is the account's. Needs an administrator's token.
 *
 * Side effect on the account's users: when the settings are created, Chatwoot switches every user
 * of the account to SAML sign-in (`provider: saml`, in the background); when they are deleted, it
 * switches them back to e-mail and password, except users who belong to another account that has
 * SAML settings. Deleting the resource deletes the settings.
 *
 * The certificate is the identity provider's public one, kept in state as it is. Newer Chatwoot
 * builds also generate a private key of the service provider's: no answer of the API shows it,
 * and it never reaches the state or an export.
 *
 * ## Example Usage
 * ```ts
 * const sso = new chatwoot.SamlSettings("sso", {
 *   ssoUrl: "https://acme.okta.test/app/chatwoot/sso/saml",
 *   idpEntityId: "http://www.okta.com/exkacme",
 *   certificate: fs.readFileSync("certs/okta-signing.pem", "utf8"),
 *   roleMappings: {
 *     "Support Leads": { role: "administrator" },
 *     Billing: { customRoleId: billingDesk.id },
 *   },
 * });
 * export const samlFingerprint = sso.fingerprint;
 * ```
 * (`billingDesk` is the CustomRole example's.)
 *
 * ## Adoption
 * By the account (`accountId`): an account that has SAML settings already is refused unless
 * `adopt: true` takes them over (on the plugin, `pulumi import` takes them instead: see Import);
 * the first `up` then sends one PATCH with what differs from the program, or nothing.
 */
export class SamlSettings extends ChatwootResource {
  /** The account. */
  declare readonly accountId: pulumi.Output<number>;
  /** The identity provider's single sign-on URL. */
  declare readonly ssoUrl: pulumi.Output<string>;
  /** The identity provider's entity id. */
  declare readonly idpEntityId: pulumi.Output<string>;
  /** The identity provider's signing certificate (PEM), as the server holds it. */
  declare readonly certificate: pulumi.Output<string>;
  /** The service provider's entity id: the program's, or the one the server made. */
  declare readonly spEntityId: pulumi.Output<string>;
  /** The role each group gets, by group name (`{}` when none). */
  declare readonly roleMappings: pulumi.Output<Record<string, SamlRoleMapping>>;
  /** Output only: the certificate's SHA-1 fingerprint as the server computes it (`AB:12:...`, upper-case pairs). */
  declare readonly /*out*/ fingerprint: pulumi.Output<string | null>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<accountId>`.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link SamlSettingsState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: SamlSettingsState, opts?: pulumi.CustomResourceOptions): SamlSettings {
    return existingResource(SamlSettings, "SamlSettings", name, id, state, opts);
  }

  /** Whether `obj` is a {@link SamlSettings}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is SamlSettings {
    return isResourceOf(obj, "SamlSettings");
  }

  constructor(name: string, args: SamlSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super("SamlSettings", provider, name, { fingerprint: undefined, spEntityId: undefined, ...args }, opts);
  }
}

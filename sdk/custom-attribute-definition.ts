import * as pulumi from "@pulumi/pulumi";
import { ChatwootResource } from "./chatwoot-resource";
import type { AccountArgs } from "./inputs";
import provider = require("./shims/custom-attribute-definition");
import { existingResource, isResourceOf, type ResourceState } from "./resource-conventions";

/**
 * Arguments of {@link CustomAttributeDefinition}. An argument left out is not managed (the server
 * keeps its value). Changes are made in place, except where an argument says it replaces the
 * definition.
 */
export interface CustomAttributeDefinitionArgs extends AccountArgs {
  /**
   * Key under which values are stored, unique per account and model: letters, digits, `_`, `.` and
   * `-` (Chatwoot's rule), with at least one letter or digit; at most 255 characters; not one of
   * the model's built-in keys (`status`, `email`, `name`, ...). With `attributeModel`, the
   * adoption key.
   */
  attributeKey: pulumi.Input<string>;
  /** What the attribute belongs to: conversations, contacts or companies. With `attributeKey`, the adoption key. */
  attributeModel: pulumi.Input<"conversation_attribute" | "contact_attribute" | "company_attribute">;
  /** Name shown to agents: one line, at most 255 characters. */
  attributeDisplayName: pulumi.Input<string>;
  /** How values are entered and shown. */
  attributeDisplayType: pulumi.Input<"text" | "number" | "currency" | "percent" | "link" | "date" | "list" | "checkbox">;
  /** Longer explanation shown to agents (at most 10,000 characters); `null` clears it. */
  attributeDescription?: pulumi.Input<string | null | undefined>;
  /**
   * The choices of a `list` attribute (required, non-empty, for that type): one-line texts, not
   * blank, each listed once, at most 1,000.
   */
  attributeValues?: pulumi.Input<pulumi.Input<string>[] | undefined>;
  /**
   * Pattern values must match; only for the `text` display type; `null` clears it. Must be a valid
   * (JavaScript) regular expression, and one without nested unbounded repetition such as `(a+)+`,
   * which can take exponential time on a value that does not match (catastrophic backtracking) and
   * freeze the browsers that check every value typed.
   */
  regexPattern?: pulumi.Input<string | null | undefined>;
  /** Message shown when a value does not match `regexPattern` (one line); only for the `text` display type; `null` clears it. */
  regexCue?: pulumi.Input<string | null | undefined>;
  /** Take over an existing definition with the same key and model instead of failing on it (see Adoption). Default: false. */
  adopt?: pulumi.Input<boolean | undefined>;
}

/**
 * What {@link CustomAttributeDefinition.get} may be given: the outputs of {@link CustomAttributeDefinition}, each optional (as Pulumi's
 * generated `CustomAttributeDefinitionState`). Only `accountId` is used, to find an object outside the configured account.
 */
export type CustomAttributeDefinitionState = ResourceState<CustomAttributeDefinition>;

/**
 * A custom attribute definition of a Chatwoot account: a typed field for conversations, contacts
 * or companies.
 *
 * ## Example Usage
 * ```ts
 * const plan = new chatwoot.CustomAttributeDefinition("plan", {
 *   attributeKey: "plan",
 *   attributeModel: "contact_attribute",
 *   attributeDisplayName: "Plan",
 *   attributeDisplayType: "list",
 *   attributeValues: ["free", "pro"],
 * });
 * ```
 *
 * ## Adoption
 * `adopt: true` takes over an existing definition with the same `attributeKey` and `attributeModel`
 * (on the plugin, `pulumi import` takes it instead: see Import); the first `up` then brings it to
 * the declared state.
 */
export class CustomAttributeDefinition extends ChatwootResource {
  /** The account the definition belongs to. */
  declare readonly accountId: pulumi.Output<number>;
  /** Key under which values are stored. */
  declare readonly attributeKey: pulumi.Output<string>;
  /** What the attribute belongs to: `conversation_attribute`, `contact_attribute` or `company_attribute`. */
  declare readonly attributeModel: pulumi.Output<string>;
  /** Name shown to agents. */
  declare readonly attributeDisplayName: pulumi.Output<string>;
  /** How values are entered and shown (`text`, `list`, ...). */
  declare readonly attributeDisplayType: pulumi.Output<string>;
  /** Longer explanation shown to agents; null when none. */
  declare readonly attributeDescription: pulumi.Output<string | null>;
  /** The choices of a `list` attribute; empty when there are none. */
  declare readonly attributeValues: pulumi.Output<string[]>;
  /** Pattern values must match; null when none. */
  declare readonly regexPattern: pulumi.Output<string | null>;
  /** Message shown when a value does not match `regexPattern`; null when none. */
  declare readonly regexCue: pulumi.Output<string | null>;
  /** Output only: always null, since Chatwoot does not let clients set it. */
  declare readonly /*out*/ defaultValue: pulumi.Output<unknown>;
  /** Output only: ISO-8601 creation time. */
  declare readonly /*out*/ createdAt: pulumi.Output<string>;
  /** Output only: ISO-8601 time of the last change. */
  declare readonly /*out*/ updatedAt: pulumi.Output<string>;

  /**
   * Reads an existing object into the program without managing it (Pulumi's `get`): `pulumi up`
   * reads it (shown as `read`), never changes it, and `pulumi destroy` leaves it in place.
   * `id` takes the forms of `pulumi import`: `<id>` or `<accountId>/<id>`; the account defaults to
   * `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). For an object of another account,
   * give `state.accountId` or the account in the id.
   *
   * @param name the resource's name in the stack.
   * @param id the object's id.
   * @param state see {@link CustomAttributeDefinitionState}.
   * @param opts options of the resource (`id` is set by this method).
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: CustomAttributeDefinitionState, opts?: pulumi.CustomResourceOptions): CustomAttributeDefinition {
    return existingResource(CustomAttributeDefinition, "CustomAttributeDefinition", name, id, state, opts);
  }

  /** Whether `obj` is a {@link CustomAttributeDefinition}, even one made by another copy of this package (checked by its Pulumi type, not `instanceof`). */
  static override isInstance(obj: unknown): obj is CustomAttributeDefinition {
    return isResourceOf(obj, "CustomAttributeDefinition");
  }

  constructor(name: string, args: CustomAttributeDefinitionArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "CustomAttributeDefinition",
      provider,
      name,
      { defaultValue: undefined, createdAt: undefined, updatedAt: undefined, ...args },
      opts,
    );
  }
}

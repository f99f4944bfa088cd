import * as pulumi from "@pulumi/pulumi";
import type { CustomAttributeDefinitionInputs } from "../provider/resources/custom-attribute-definition";
import type { ResourceArgs } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import provider = require("./shims/custom-attribute-definition");

/** Arguments of {@link CustomAttributeDefinition}. `accountId` defaults to config `chatwoot:accountId`. */
export type CustomAttributeDefinitionArgs = ResourceArgs<CustomAttributeDefinitionInputs, "accountId">;

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
 * `adopt: true` takes over an existing definition with the same `attributeKey` and
 * `attributeModel` (Pulumi's `import` does not work for dynamic resources); the first `up` then
 * brings it to the declared state.
 */
export class CustomAttributeDefinition extends pulumi.dynamic.Resource {
  declare readonly accountId: pulumi.Output<number>;
  declare readonly attributeKey: pulumi.Output<string>;
  declare readonly attributeModel: pulumi.Output<string>;
  declare readonly attributeDisplayName: pulumi.Output<string>;
  declare readonly attributeDisplayType: pulumi.Output<string>;
  declare readonly attributeDescription: pulumi.Output<string | null>;
  declare readonly attributeValues: pulumi.Output<string[]>;
  declare readonly regexPattern: pulumi.Output<string | null>;
  declare readonly regexCue: pulumi.Output<string | null>;
  /** Always null: Chatwoot does not let clients set it. */
  declare readonly /*out*/ defaultValue: pulumi.Output<unknown>;
  /** ISO-8601 creation time. */
  declare readonly /*out*/ createdAt: pulumi.Output<string>;
  /** ISO-8601 time of the last change. */
  declare readonly /*out*/ updatedAt: pulumi.Output<string>;

  constructor(name: string, args: CustomAttributeDefinitionArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      provider,
      name,
      { defaultValue: undefined, createdAt: undefined, updatedAt: undefined, ...args },
      opts,
      "chatwoot",
      "CustomAttributeDefinition",
    );
    noticeOutsideEngine();
  }
}

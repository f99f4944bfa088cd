/**
 * What the serialized shims load (by package name, `pulumi-chatwoot/provider`) inside Pulumi's
 * dynamic-provider host. This surface is a contract with every provider text already stored in
 * users' state: names here may be added, never renamed or removed.
 */
import { configureConnection } from "./config";
import { customAttributeDefinition } from "./resources/custom-attribute-definition";

/** Receives the stack's `chatwoot:*` configuration (keys without the namespace) from the shims. */
export function configure(values: Record<string, string | undefined>): void {
  configureConnection(values);
}

/** The lifecycle methods of each resource, by Pulumi type name. */
export const resources = {
  CustomAttributeDefinition: customAttributeDefinition,
};

export type ResourceKind = keyof typeof resources;

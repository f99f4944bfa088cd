import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../provider/registry";
import { dynamicToken, pluginToken } from "./front-door";
import { RESOURCE_OUTPUTS } from "./resource-outputs";
import { EXISTING_KEY } from "./shim";

/**
 * What Pulumi's generated SDKs give every resource class, written once: `X.get` reads an object
 * that exists already into the program, `X.isInstance` recognizes an `X`, and `XState` is what
 * `X.get` may be given. Each class's statics call these in one line.
 */

/** The properties of a resource class that are Outputs, besides the `id` and `urn` every resource has. */
type OutputKeys<R> = Exclude<{ [K in keyof R]-?: R[K] extends pulumi.Output<unknown> ? K : never }[keyof R], "id" | "urn">;

/** The value an Output holds. */
type ValueOf<O> = O extends pulumi.OutputInstance<infer T> ? T : never;

/**
 * The outputs of resource class `R`, each optional and a Pulumi input: Pulumi's generated `XState`.
 * Each property keeps the documentation of its output.
 */
export type ResourceState<R> = { -readonly [K in keyof R as K extends OutputKeys<R> ? K : never]?: pulumi.Input<ValueOf<R[K]>> };

/** A resource class's constructor, as {@link existingResource} calls it. */
type ResourceClass<R> = new (name: string, args: never, opts?: pulumi.CustomResourceOptions) => R;

/**
 * `X.get`: a resource of type `kind` that reads the object `id` when the program runs (Pulumi's
 * `get`: the engine calls the provider's `read`, never create, update or delete). Every output is
 * seeded so that each resolves; on either front door the provider reads the object as `pulumi
 * import` does (see provider/lifecycle/existing.ts), so `state` needs no more than `accountId`
 * where the object is not in the configured account.
 */
export function existingResource<R>(
  make: ResourceClass<R>,
  kind: ResourceKind,
  name: string,
  id: pulumi.Input<pulumi.ID>,
  state: object | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
): R {
  const seeded = Object.fromEntries(RESOURCE_OUTPUTS[kind].outputs.map((key) => [key, undefined]));
  return new make(name, { ...seeded, ...state, [EXISTING_KEY]: true } as never, { ...opts, id });
}

/**
 * `X.isInstance`: whether `obj` is a resource of type `kind`, on either front door, by the type
 * token Pulumi gives it (`__pulumiType`) rather than `instanceof`, so that a resource made by
 * another copy of the package (two versions in one program) counts too.
 */
export function isResourceOf(obj: unknown, kind: ResourceKind): boolean {
  const type = typeof obj === "object" && obj !== null ? (obj as { __pulumiType?: unknown }).__pulumiType : undefined;
  return type === dynamicToken(kind) || type === pluginToken(kind);
}

/** The outputs of a type that are secret whatever the program does, for `additionalSecretOutputs`. */
export function secretOutputsOf(kind: ResourceKind): string[] {
  return [...RESOURCE_OUTPUTS[kind].secretOutputs];
}

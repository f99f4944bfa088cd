import type * as pulumi from "@pulumi/pulumi";

/**
 * Pulumi input types derived from the provider's zod input schemas, so a resource's arguments are
 * declared once (with their TSDoc) and every nested value may be an Output as well.
 */
export type DeepInput<T> = T extends string | number | boolean | null | undefined
  ? pulumi.Input<T>
  : T extends readonly (infer E)[]
    ? pulumi.Input<DeepInput<E>[]>
    : pulumi.Input<{ [K in keyof T]: DeepInput<T[K]> }>;

/** The arguments of a resource: each property of `T` as a Pulumi input; `K` keys made optional. */
export type ResourceArgs<T, K extends keyof T = never> = {
  [P in keyof Omit<T, K>]: DeepInput<T[P]>;
} & {
  [P in K]?: DeepInput<T[P]>;
};

import type * as pulumi from "@pulumi/pulumi";

type Primitive = string | number | boolean | null | undefined;

/**
 * Pulumi input types derived from the provider's zod input schemas, so a resource's arguments are
 * declared once (with their TSDoc) and every nested value may be an Output as well. Unions stay
 * whole: `number | undefined` accepts an `Output<number | undefined>`, not only an
 * `Output<number>` or an `Output<undefined>`.
 */
export type DeepInput<T> = unknown extends T
  ? unknown // free-form values (extra keys of conditions and actions) take anything
  : [T] extends [Primitive]
    ? pulumi.Input<T>
    : pulumi.Input<DeepValue<T>>;

/** One value whose nested parts may be Outputs (distributes over the members of a union). */
type DeepValue<T> = T extends Primitive
  ? T
  : T extends readonly (infer E)[]
    ? DeepInput<E>[]
    : { [K in keyof T]: DeepInput<T[K]> };

/**
 * The arguments of a resource: each property of `T` as a Pulumi input; `K` keys made optional
 * (the provider fills them in, e.g. `accountId` from config), which also accept an Output that
 * may hold `undefined`.
 */
export type ResourceArgs<T, K extends keyof T = never> = {
  [P in keyof Omit<T, K>]: DeepInput<T[P]>;
} & {
  [P in K]?: DeepInput<T[P] | undefined>;
};

import type * as pulumi from "@pulumi/pulumi";

/**
 * Argument types several resources and data sources share. Each resource's `XArgs` is written out
 * in its own file (so that every property carries its documentation into the shipped declarations)
 * and is checked at compile time against the provider's zod schema, which validates the values
 * (tests/unit/sdk/schemas.types.test.ts).
 */

/**
 * The argument every resource that lives in one account takes, declared once so that each of them
 * documents `accountId` alike.
 */
export interface AccountArgs {
  /**
   * Id of the Chatwoot account the object belongs to. Defaults to config `chatwoot:accountId` (or
   * the `CHATWOOT_ACCOUNT_ID` environment variable). Changing it replaces the object.
   */
  accountId?: pulumi.Input<number | undefined>;
}

/** A JSON value (text, number, boolean, null, array or object) whose nested parts may be Outputs too. */
export type JsonInput = pulumi.Input<string | number | boolean | null | JsonInput[] | { [key: string]: JsonInput }>;

/**
 * The arguments of a data source's Output form (`getXOutput`): each argument of its plain form,
 * as a Pulumi input. The mapping keeps the documentation of every argument.
 */
export type InputsOf<T> = { [K in keyof T]: pulumi.Input<T[K]> };

/** The arguments `InboxMembership` and `TeamMembership` share. */
export interface MembershipArgs extends AccountArgs {
  /**
   * Users of the account who are members, each listed once (order does not matter): numbers, or
   * ids as text. Without `exclusive`, other members are left alone.
   */
  userIds: pulumi.Input<pulumi.Input<string | number>[]>;
  /**
   * `true`: the inbox or team holds exactly `userIds`, anyone else is removed. Default `false`: only
   * the listed users are added and, when they leave the list or the resource is deleted, removed.
   */
  exclusive?: pulumi.Input<boolean | undefined>;
  /**
   * With `exclusive: true`, an empty `userIds` removes every member. That is refused (a list that
   * came out empty by mistake would empty the inbox or team) unless `allowEmpty: true` says it is
   * meant. Without `exclusive` it changes nothing. Default: false.
   */
  allowEmpty?: pulumi.Input<boolean | undefined>;
}

/** A plain JSON value, as outputs hold free-form data (custom attributes). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

import * as pulumi from "@pulumi/pulumi";
import type { GetTeamsArgs as ReaderArgs, Teams } from "../provider/readers/teams";
import { readers } from "../provider";
import type { DeepInput } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import { configureFromStack } from "./stack-connection";

/** Arguments of {@link getTeams}. `accountId` defaults to config `chatwoot:accountId`. */
export type GetTeamsArgs = ReaderArgs;
/** Arguments of {@link getTeamsOutput}: the same, as Pulumi inputs. */
export type GetTeamsOutputArgs = { [K in keyof ReaderArgs]: DeepInput<ReaderArgs[K]> };
/** What {@link getTeams} returns: every team of the account (id, name in lower case, description, allowAutoAssign). */
export type GetTeamsResult = Teams;

/**
 * The teams of an account, read when the program runs, with the stack's `chatwoot:*` config (or
 * the `CHATWOOT_*` environment variables). Use it to refer to teams this stack does not manage.
 *
 * ## Example Usage
 * ```ts
 * // A CommonJS program cannot await at the top level: use .then, or await inside an async function.
 * async function teamId(name: string): Promise<number> {
 *   const { teams } = await chatwoot.getTeams();
 *   const team = teams.find((t) => t.name === name.toLowerCase());
 *   if (!team) throw new Error(`no team "${name}"`);
 *   return team.id;
 * }
 * export const salesTeamId = teamId("Sales");
 * ```
 *
 * @param _opts accepted for the shape of Pulumi's generated data sources; the lookup runs in the program process.
 */
export async function getTeams(args: GetTeamsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetTeamsResult> {
  noticeOutsideEngine();
  configureFromStack();
  return readers.getTeams(args);
}

/**
 * {@link getTeams} as an Output.
 *
 * ## Example Usage
 * ```ts
 * const teams = chatwoot.getTeamsOutput({ accountId: 2 }).teams;
 * export const teamNames = teams.apply((list) => list.map((t) => t.name));
 * ```
 */
export function getTeamsOutput(args: GetTeamsOutputArgs = {}, opts?: pulumi.InvokeOptions): pulumi.Output<GetTeamsResult> {
  // Unwrap<T> of this plain JSON is T itself.
  return pulumi.output(args).apply((plain) => getTeams(plain as GetTeamsArgs, opts)) as unknown as pulumi.Output<GetTeamsResult>;
}

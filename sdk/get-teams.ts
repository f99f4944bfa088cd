import type * as pulumi from "@pulumi/pulumi";
import type * as reader from "../provider/readers/teams";
import { dataSource } from "./data-source";
import type { InputsOf } from "./inputs";

/** Arguments of {@link getTeams}. */
export interface GetTeamsArgs {
  /** Id of the account whose teams are listed. Defaults to config `chatwoot:accountId` (or `CHATWOOT_ACCOUNT_ID`). */
  accountId?: number;
}

/** Arguments of {@link getTeamsOutput}: those of {@link getTeams}, each a Pulumi input. */
export type GetTeamsOutputArgs = InputsOf<GetTeamsArgs>;

/** One team as {@link getTeams} returns it. */
export interface GetTeamsTeam {
  /** The team id. */
  id: number;
  /** The team's name, in lower case as Chatwoot stores it. */
  name: string;
  /** What the team does. */
  description: string | null;
  /** Whether conversations assigned to the team are assigned to its agents automatically. */
  allowAutoAssign: boolean | null;
}

/** What {@link getTeams} returns. */
export interface GetTeamsResult {
  /** Every team of the account, in the server's order (oldest first). */
  readonly teams: GetTeamsTeam[];
}

/** The provider's reader, loaded when the data source first runs (see ./data-source.ts). */
const load = (): typeof reader => require("../provider/readers/teams");
const source = dataSource("getTeams", () => load().getTeams);

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
 * @param opts where the lookup runs: with a {@link Provider} (`{ provider }`, or a parent's), on the
 *   plugin against that provider's installation (so too with the stack setting `chatwoot:usePlugin`);
 *   otherwise in the program process, with the stack's connection.
 */
export const getTeams: (args?: GetTeamsArgs, opts?: pulumi.InvokeOptions) => Promise<GetTeamsResult> = source.plain;

/**
 * {@link getTeams} as an Output.
 *
 * ## Example Usage
 * ```ts
 * const teams = chatwoot.getTeamsOutput();
 * export const accountTeams = teams.teams;
 * ```
 */
export const getTeamsOutput: (args?: GetTeamsOutputArgs, opts?: pulumi.InvokeOptions) => pulumi.Output<GetTeamsResult> = source.output;

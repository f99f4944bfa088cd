import { z } from "zod";
import { call } from "../lifecycle/api";
import { fromWire, type FromWire } from "../mapping";
import { accountId } from "../validation/fields";
import { TeamWire } from "../wire/team";
import { list } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { accountOf, parseArgs } from "./reader";

/** The checks of `GetTeamsArgs` (sdk/get-teams.ts, where each argument is documented). */
export const GetTeamsArgs = z.strictObject({
  accountId: accountId.optional(),
});
export type GetTeamsArgs = z.input<typeof GetTeamsArgs>;

/** One team, camelCased: id, name (lower case, as Chatwoot stores it), description, allowAutoAssign. */
export type Team = FromWire<TeamWire>;

/** What `getTeams` returns. */
export interface Teams {
  teams: Team[];
}

/** Lists the teams of an account (`GET /teams`). */
export async function getTeams(args: GetTeamsArgs = {}): Promise<Teams> {
  const account = accountOf("getTeams", parseArgs("getTeams", GetTeamsArgs, args).accountId);
  const teams = await call(list(TeamWire), { method: "GET", path: accountPath(account, "teams") });
  return { teams: teams.map((t) => fromWire(t) as Team) };
}

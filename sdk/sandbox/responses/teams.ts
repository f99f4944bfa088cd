import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { teams } from "../models/teams";
import type { TeamRecord } from "../state";

/** The `_team` partial; `is_member` tells whether the caller belongs to the team. */
function teamView(call: AccountCall, team: TeamRecord) {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    allow_auto_assign: team.allow_auto_assign,
    account_id: team.account_id,
    is_member: team.member_ids.includes(call.user.id),
  };
}

/** The team of the path, looked up before the role check (`fetch_team` runs first). */
function adminTeam(call: AccountCall): TeamRecord {
  const team = teams.find(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  return team;
}

/** A bare array, for any member. */
export function index(call: AccountCall): ApiResult {
  return ok(teams.of(call.state, call.account).map((team) => teamView(call, team)));
}

export function show(call: AccountCall): ApiResult {
  return ok(teamView(call, teams.find(call.state, call.account, call.path.id ?? "")));
}

export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  return ok(teamView(call, teams.create(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  return ok(teamView(call, teams.update(call.state, adminTeam(call), call)));
}

export function destroy(call: AccountCall): ApiResult {
  teams.destroy(call.state, adminTeam(call));
  return EMPTY_OK;
}

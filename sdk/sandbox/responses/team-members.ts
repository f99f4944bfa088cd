import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { addTeamMembers, removeTeamMembers, replaceTeamMembers, teamMembersOf } from "../models/team-members";
import { teams } from "../models/teams";
import type { TeamRecord, UserRecord } from "../state";
import { agentView } from "./agent-view";

/** A bare array of agents (the same in both modes). */
function agentsPayload(call: AccountCall, users: readonly UserRecord[]): ApiResult {
  return ok(users.map((user) => agentView(call, user)));
}

/** The team of the path (404 first), then the role check for writes. */
function team(call: AccountCall, write: boolean): TeamRecord {
  const found = teams.find(call.state, call.account, call.path.team_id ?? "");
  if (write) requireAdministrator(call);
  return found;
}

export function index(call: AccountCall): ApiResult {
  return agentsPayload(call, teamMembersOf(call.state, team(call, false)));
}

/** The users it added (not the whole list). */
export function create(call: AccountCall): ApiResult {
  return agentsPayload(call, addTeamMembers(call.state, call.account, team(call, true), call.params.user_ids));
}

/** Renders the create view with every member. */
export function update(call: AccountCall): ApiResult {
  const found = team(call, true);
  replaceTeamMembers(call.state, call.account, found, call.params.user_ids);
  return agentsPayload(call, teamMembersOf(call.state, found));
}

export function destroy(call: AccountCall): ApiResult {
  removeTeamMembers(call.state, call.account, team(call, true), call.params.user_ids);
  return EMPTY_OK;
}

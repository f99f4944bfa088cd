import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { agentsOf, findAgent, inviteAgent, removeAgent, setCustomRole, updateAgent } from "../models/agents";
import { requireAgentSeat } from "../models/plan-limits";
import type { UserRecord } from "../state";
import { agentView } from "./agent-view";

/** The agent of the path, looked up before the role check (`fetch_agent` runs first). */
function adminAgent(call: AccountCall): UserRecord {
  const user = findAgent(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  return user;
}

/** A bare array of agent views, for any member. */
export function index(call: AccountCall): ApiResult {
  return ok(agentsOf(call.state, call.account).map((user) => agentView(call, user)));
}

/** `validate_limit` runs after the role check: a full plan is 402 (see plan-limits). */
export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  requireAgentSeat(call.state, call.account, call.edition);
  const user = inviteAgent(call.state, call.account, call);
  setCustomRole(call.state, user, call.account, call.params);
  return ok(agentView(call, user));
}

export function update(call: AccountCall): ApiResult {
  const user = updateAgent(adminAgent(call), call.account, call);
  setCustomRole(call.state, user, call.account, call.params);
  return ok(agentView(call, user));
}

export function destroy(call: AccountCall): ApiResult {
  removeAgent(call.state, adminAgent(call), call.account);
  return EMPTY_OK;
}

import { ok, type AccountCall, type ApiResult } from "../call";
import { agentsOf } from "../models/agents";
import { agentView } from "./agent-view";

/** A bare array of agent views, for any member. */
export function index(call: AccountCall): ApiResult {
  return ok(agentsOf(call.state, call.account).map((user) => agentView(call, user)));
}

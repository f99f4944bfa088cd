import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { epochSeconds as epoch } from "../columns";
import { couldNotCreate } from "../errors";
import {
  INBOX_ALREADY_ASSIGNED,
  addInboxLimit,
  agentCapacityPolicies,
  findInboxLimit,
  limitsOf,
  setPolicyOfUser,
  updateInboxLimit,
  usersOfPolicy,
} from "../models/agent-capacity-policies";
import { findInbox } from "../models/inboxes";
import type { AgentCapacityPolicyRecord, InboxCapacityLimitRecord, SandboxState, UserRecord } from "../state";
import { userView } from "./user-view";

/**
 * The `_agent_capacity_policy` partial (enterprise/app/views/api/v1/models/_agent_capacity_policy.json.jbuilder
 * at fd5ac2a8a): timestamps as epoch seconds, `assigned_agent_count` (the account users holding
 * it), the inbox limits inline.
 */
function policyView(state: SandboxState, policy: AgentCapacityPolicyRecord) {
  return {
    id: policy.id,
    name: policy.name,
    description: policy.description,
    exclusion_rules: policy.exclusion_rules,
    created_at: epoch(policy.created_at),
    updated_at: epoch(policy.updated_at),
    account_id: policy.account_id,
    assigned_agent_count: agentsOf(state, policy),
    inbox_capacity_limits: limitsOf(state, policy).map((l) => ({ id: l.id, inbox_id: l.inbox_id, conversation_limit: l.conversation_limit })),
  };
}

/** `account_users.count`: the memberships, in any account, holding the policy. */
function agentsOf(state: SandboxState, policy: AgentCapacityPolicyRecord): number {
  return [...state.users.values()].flatMap((u) => u.memberships).filter((m) => m.agent_capacity_policy_id === policy.id).length;
}

/** `inbox_limits/create.json.jbuilder`, and `update`, which adds `inbox_name` after the inbox's id. */
function inboxLimitView(state: SandboxState, limit: InboxCapacityLimitRecord, withName = false) {
  return {
    id: limit.id,
    inbox_id: limit.inbox_id,
    ...(withName ? { inbox_name: state.inboxes.get(limit.inbox_id)?.name ?? null } : {}),
    agent_capacity_policy_id: limit.agent_capacity_policy_id,
    conversation_limit: limit.conversation_limit,
    created_at: epoch(limit.created_at),
    updated_at: epoch(limit.updated_at),
  };
}

/** `api/v1/models/_user`, as `users/index` and `users/create` render it. */
const policyUserView = (call: AccountCall, user: UserRecord) => userView(call.state, user, { api: true, enterprise: call.edition === "enterprise" });

/** `check_authorization` runs first (agents get 401 even for unknown ids), then `fetch_policy` (find: 404). */
function policyOf(call: AccountCall, param: "id" | "agent_capacity_policy_id"): AgentCapacityPolicyRecord {
  requireAdministrator(call);
  return agentCapacityPolicies.find(call.state, call.account, call.path[param] ?? "");
}

/** The index is a bare array. */
export function index(call: AccountCall): ApiResult {
  requireAdministrator(call);
  return ok(agentCapacityPolicies.of(call.state, call.account).map((p) => policyView(call.state, p)));
}

export function show(call: AccountCall): ApiResult {
  return ok(policyView(call.state, policyOf(call, "id")));
}

export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  return ok(policyView(call.state, agentCapacityPolicies.create(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  return ok(policyView(call.state, agentCapacityPolicies.update(call.state, policyOf(call, "id"), call)));
}

export function destroy(call: AccountCall): ApiResult {
  agentCapacityPolicies.destroy(call.state, policyOf(call, "id"));
  return EMPTY_OK;
}

/** `users#index`: the account's users whose account user holds the policy, a bare array. */
export function users(call: AccountCall): ApiResult {
  const policy = policyOf(call, "agent_capacity_policy_id");
  return ok(usersOfPolicy(call.state, call.account, policy).map((u) => policyUserView(call, u)));
}

/** `users#create` (`{user_id}` at the top level): moves the user onto this policy, off any other. */
export function addUser(call: AccountCall): ApiResult {
  const policy = policyOf(call, "agent_capacity_policy_id");
  return ok(policyUserView(call, setPolicyOfUser(call.state, call.account, call.params.user_id, policy.id)));
}

/** `users#destroy` (the path's id is the user's): sets the user's policy to nil, whichever it was. */
export function removeUser(call: AccountCall): ApiResult {
  policyOf(call, "agent_capacity_policy_id");
  setPolicyOfUser(call.state, call.account, call.path.id, null);
  return EMPTY_OK;
}

/** `inbox_limits#create` (`{inbox_id, conversation_limit}` at the top level). */
export function addInboxLimitRoute(call: AccountCall): ApiResult {
  const policy = policyOf(call, "agent_capacity_policy_id");
  const inbox = findInbox(call.state, call.account, call.params.inbox_id);
  const limit = addInboxLimit(call.state, policy, inbox.id, call.params.conversation_limit);
  if (limit === "duplicate") throw couldNotCreate(INBOX_ALREADY_ASSIGNED);
  return ok(inboxLimitView(call.state, limit));
}

export function updateInboxLimitRoute(call: AccountCall): ApiResult {
  const policy = policyOf(call, "agent_capacity_policy_id");
  return ok(inboxLimitView(call.state, updateInboxLimit(findInboxLimit(call.state, policy, call.path.id ?? ""), call.params.conversation_limit), true));
}

/** 204, as the spec "removes the inbox limit" expects. */
export function removeInboxLimitRoute(call: AccountCall): ApiResult {
  const policy = policyOf(call, "agent_capacity_policy_id");
  call.state.inboxCapacityLimits.delete(findInboxLimit(call.state, policy, call.path.id ?? "").id);
  return { status: 204 };
}

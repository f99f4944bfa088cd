import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
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
import { membershipOf } from "../models/agents";
import { findInbox } from "../models/inboxes";
import type { AgentCapacityPolicyRecord, InboxCapacityLimitRecord, SandboxState, UserRecord } from "../state";

const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The `_agent_capacity_policy` partial: timestamps as epoch seconds, the inbox limits inline. */
function policyView(state: SandboxState, policy: AgentCapacityPolicyRecord) {
  return {
    id: policy.id,
    name: policy.name,
    description: policy.description,
    exclusion_rules: policy.exclusion_rules,
    created_at: epoch(policy.created_at),
    updated_at: epoch(policy.updated_at),
    account_id: policy.account_id,
    inbox_capacity_limits: limitsOf(state, policy).map((l) => ({ id: l.id, inbox_id: l.inbox_id, conversation_limit: l.conversation_limit })),
  };
}

/** `inbox_limits/create` and `update`. */
function inboxLimitView(limit: InboxCapacityLimitRecord) {
  return {
    id: limit.id,
    inbox_id: limit.inbox_id,
    agent_capacity_policy_id: limit.agent_capacity_policy_id,
    conversation_limit: limit.conversation_limit,
    created_at: epoch(limit.created_at),
    updated_at: epoch(limit.updated_at),
  };
}

/**
 * The `_user` partial, as the calling account sees the user (its `access_token` included, as
 * upstream renders it; `pubsub_token` and `ui_settings` are not modelled).
 */
function userView(call: AccountCall, user: UserRecord) {
  const membership = membershipOf(user, call.account);
  return {
    access_token: user.access_token,
    account_id: call.account.id,
    available_name: user.display_name ?? user.name,
    avatar_url: "",
    confirmed: user.confirmed,
    display_name: user.display_name,
    email: user.email,
    id: user.id,
    name: user.name,
    provider: "email",
    role: membership?.role ?? null,
    uid: user.email,
    type: "User",
  };
}

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
  return ok(usersOfPolicy(call.state, call.account, policy).map((u) => userView(call, u)));
}

/** `users#create` (`{user_id}` at the top level): moves the user onto this policy, off any other. */
export function addUser(call: AccountCall): ApiResult {
  const policy = policyOf(call, "agent_capacity_policy_id");
  return ok(userView(call, setPolicyOfUser(call.state, call.account, call.params.user_id, policy.id)));
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
  return ok(inboxLimitView(limit));
}

export function updateInboxLimitRoute(call: AccountCall): ApiResult {
  const policy = policyOf(call, "agent_capacity_policy_id");
  return ok(inboxLimitView(updateInboxLimit(findInboxLimit(call.state, policy, call.path.id ?? ""), call.params.conversation_limit)));
}

/** 204, as the spec "removes the inbox limit" expects. */
export function removeInboxLimitRoute(call: AccountCall): ApiResult {
  const policy = policyOf(call, "agent_capacity_policy_id");
  call.state.inboxCapacityLimits.delete(findInboxLimit(call.state, policy, call.path.id ?? "").id);
  return { status: 204 };
}

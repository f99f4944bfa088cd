import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { ApiError, recordNotFound } from "../errors";
import { assignmentPolicies, linkInbox, policyOfInbox, refuseUnknownOrder, unlinkInbox } from "../models/assignment-policies";
import { findInbox } from "../models/inboxes";
import type { AssignmentPolicyRecord, SandboxState } from "../state";

/** The `_assignment_policy` partial: the columns, and the linked inboxes (id and name). */
function policyView(state: SandboxState, policy: AssignmentPolicyRecord) {
  const inboxes = policy.inbox_ids.flatMap((id) => {
    const inbox = state.inboxes.get(id);
    return inbox ? [{ id: inbox.id, name: inbox.name }] : [];
  });
  return {
    id: policy.id,
    name: policy.name,
    description: policy.description,
    assignment_order: policy.assignment_order,
    conversation_priority: policy.conversation_priority,
    fair_distribution_limit: policy.fair_distribution_limit,
    fair_distribution_window: policy.fair_distribution_window,
    enabled: policy.enabled,
    inbox_count: inboxes.length,
    inboxes,
    created_at: policy.created_at,
    updated_at: policy.updated_at,
  };
}

/** The index is a bare array (the request spec reads `parsed_body.length`). */
export function index(call: AccountCall): ApiResult {
  requireAdministrator(call);
  return ok(assignmentPolicies.of(call.state, call.account).map((p) => policyView(call.state, p)));
}

/** `fetch_assignment_policy` runs before the role check: an unknown id is 404 for an agent too. */
export function show(call: AccountCall): ApiResult {
  const policy = assignmentPolicies.find(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  return ok(policyView(call.state, policy));
}

export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  refuseUnknownOrder(call.edition, call.params);
  return ok(policyView(call.state, assignmentPolicies.create(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  const policy = assignmentPolicies.find(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  refuseUnknownOrder(call.edition, call.params);
  return ok(policyView(call.state, assignmentPolicies.update(call.state, policy, call)));
}

/** `destroy!` then `head :ok`; the policy's inbox links go with it. */
export function destroy(call: AccountCall): ApiResult {
  const policy = assignmentPolicies.find(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  assignmentPolicies.destroy(call.state, policy);
  return EMPTY_OK;
}

/** GET /inboxes/:inbox_id/assignment_policy: the linked policy, or a 404 when the inbox has none. */
export function showOfInbox(call: AccountCall): ApiResult {
  const inbox = findInbox(call.state, call.account, call.path.inbox_id ?? "");
  requireAdministrator(call);
  const policy = policyOfInbox(call.state, inbox.id);
  // render_not_found_error(I18n.t('errors.assignment_policy.not_found')).
  if (!policy) throw new ApiError(404, { error: "Assignment policy not found" });
  return ok(policyView(call.state, policy));
}

/** POST: the inbox, then the policy (`assignment_policy_id`), looked up before the role check; any earlier link is replaced. */
export function linkOfInbox(call: AccountCall): ApiResult {
  const inbox = findInbox(call.state, call.account, call.path.inbox_id ?? "");
  const policy = assignmentPolicies.find(call.state, call.account, String(call.params.assignment_policy_id ?? ""));
  requireAdministrator(call);
  linkInbox(call.state, inbox.id, policy);
  return ok(policyView(call.state, policy));
}

/** DELETE: 200 once the link is gone; an inbox without one answers 404 (the request spec's "returns error"). */
export function unlinkOfInbox(call: AccountCall): ApiResult {
  const inbox = findInbox(call.state, call.account, call.path.inbox_id ?? "");
  requireAdministrator(call);
  if (!unlinkInbox(call.state, inbox.id)) throw recordNotFound();
  return EMPTY_OK;
}

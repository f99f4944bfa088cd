import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { epochSeconds } from "../columns";
import { ApiError } from "../errors";
import { assignmentPolicies, linkInbox, policyOfInbox, refuseUnknownOrder, unlinkInbox } from "../models/assignment-policies";
import { findInbox } from "../models/inboxes";
import type { AssignmentPolicyRecord } from "../state";
import { inboxView } from "./inboxes";


/**
 * The `_assignment_policy` partial (app/views/api/v1/accounts/assignment_policies/_assignment_policy.json.jbuilder
 * at fd5ac2a8a): the columns, `assigned_inbox_count` (the linked inboxes are their own route's),
 * the timestamps as epoch seconds.
 */
function policyView(policy: AssignmentPolicyRecord) {
  return {
    id: policy.id,
    name: policy.name,
    description: policy.description,
    assignment_order: policy.assignment_order,
    conversation_priority: policy.conversation_priority,
    fair_distribution_limit: policy.fair_distribution_limit,
    fair_distribution_window: policy.fair_distribution_window,
    enabled: policy.enabled,
    assigned_inbox_count: policy.inbox_ids.length,
    created_at: epochSeconds(policy.created_at),
    updated_at: epochSeconds(policy.updated_at),
  };
}

/**
 * GET /assignment_policies/:id/inboxes (AssignmentPolicies::InboxesController#index): the policy
 * first (404), then the role; `{inboxes: [_inbox partial]}` in link order.
 */
export function inboxes(call: AccountCall): ApiResult {
  const policy = assignmentPolicies.find(call.state, call.account, call.path.assignment_policy_id ?? "");
  requireAdministrator(call);
  const linked = policy.inbox_ids.flatMap((id) => call.state.inboxes.get(id) ?? []);
  return ok({ inboxes: linked.map((inbox) => inboxView(inbox, { administrator: true, origin: call.origin }, call.state)) });
}

/** The index is a bare array (the request spec reads `parsed_body.length`). */
export function index(call: AccountCall): ApiResult {
  requireAdministrator(call);
  return ok(assignmentPolicies.of(call.state, call.account).map((p) => policyView(p)));
}

/** `fetch_assignment_policy` runs before the role check: an unknown id is 404 for an agent too. */
export function show(call: AccountCall): ApiResult {
  const policy = assignmentPolicies.find(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  return ok(policyView(policy));
}

export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  refuseUnknownOrder(call.edition, call.params);
  return ok(policyView(assignmentPolicies.create(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  const policy = assignmentPolicies.find(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  refuseUnknownOrder(call.edition, call.params);
  return ok(policyView(assignmentPolicies.update(call.state, policy, call)));
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
  if (!policy) throw policyNotFound();
  return ok(policyView(policy));
}

/** POST: the inbox, then the policy (`assignment_policy_id`), looked up before the role check; any earlier link is replaced. */
export function linkOfInbox(call: AccountCall): ApiResult {
  const inbox = findInbox(call.state, call.account, call.path.inbox_id ?? "");
  const policy = assignmentPolicies.find(call.state, call.account, String(call.params.assignment_policy_id ?? ""));
  requireAdministrator(call);
  linkInbox(call.state, inbox.id, policy);
  return ok(policyView(policy));
}

/** DELETE: 200 once the link is gone; an inbox without one is `validate_assignment_policy`'s 404, as for the show. */
export function unlinkOfInbox(call: AccountCall): ApiResult {
  const inbox = findInbox(call.state, call.account, call.path.inbox_id ?? "");
  requireAdministrator(call);
  if (!unlinkInbox(call.state, inbox.id)) throw policyNotFound();
  return EMPTY_OK;
}

/** `render_not_found_error(I18n.t('errors.assignment_policy.not_found'))`. */
const policyNotFound = () => new ApiError(404, { error: "Assignment policy not found" });

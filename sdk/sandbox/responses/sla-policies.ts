import { requireAdministrator, requireFeature } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { existingSlaPolicy, slaPolicies } from "../models/sla-policies";
import type { SlaPolicyRecord } from "../state";

/** ActiveSupport encodes a float that is not finite as null. */
const seconds = (value: number | null) => (value === null || !Number.isFinite(value) ? null : value);

/** The `_sla_policy` partial, in its order (the resolution threshold before the business-hours flag). */
function slaPolicyView(policy: SlaPolicyRecord) {
  return {
    id: policy.id,
    name: policy.name,
    description: policy.description,
    first_response_time_threshold: seconds(policy.first_response_time_threshold),
    next_response_time_threshold: seconds(policy.next_response_time_threshold),
    resolution_time_threshold: seconds(policy.resolution_time_threshold),
    only_during_business_hours: policy.only_during_business_hours,
  };
}

/** `ensure_sla_feature_enabled`, the controller's first before_action. */
function licensed(call: AccountCall): AccountCall {
  requireFeature(call, "sla");
  return call;
}

/** Every view wraps its policies in `payload`. */
export function index(call: AccountCall): ApiResult {
  return ok({ payload: slaPolicies.of(licensed(call).state, call.account).map(slaPolicyView) });
}

export function show(call: AccountCall): ApiResult {
  return ok({ payload: slaPolicyView(existingSlaPolicy(licensed(call).state, call.account, call.path.id ?? "")) });
}

export function create(call: AccountCall): ApiResult {
  requireAdministrator(licensed(call));
  return ok({ payload: slaPolicyView(slaPolicies.create(call.state, call.account, call)) });
}

/** `fetch_sla` (find_by) runs before the role check; a missing policy is then updated as nil. */
export function update(call: AccountCall): ApiResult {
  const found = slaPolicies.findBy(licensed(call).state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  const policy = found ?? existingSlaPolicy(call.state, call.account, call.path.id ?? "");
  return ok({ payload: slaPolicyView(slaPolicies.update(call.state, policy, call)) });
}

/** 200 whether or not the policy exists: only a policy found is queued for deletion. */
export function destroy(call: AccountCall): ApiResult {
  const found = slaPolicies.findBy(licensed(call).state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  if (found) slaPolicies.destroy(call.state, found);
  return EMPTY_OK;
}

import type { AccountCall } from "../call";
import { availabilityStatus, membershipOf } from "../models/agents";
import type { UserRecord } from "../state";

/**
 * The `_agent` partial (app/views/api/v1/models/_agent.json.jbuilder at fd5ac2a8a: the user's
 * custom attributes when it has any, `custom_role_id` on Enterprise only), as a user of the calling account (`Current.account`): inbox and team
 * member lists, the agents list and a macro's `created_by`/`updated_by` all render it. A user
 * without a membership in the account (removed since) renders a null role.
 */
export function agentView(call: AccountCall, user: UserRecord) {
  const membership = membershipOf(user, call.account);
  return {
    id: user.id,
    account_id: call.account.id,
    availability_status: availabilityStatus(membership),
    auto_offline: membership?.auto_offline ?? true,
    confirmed: user.confirmed,
    email: user.email,
    provider: user.provider,
    available_name: user.display_name || user.name,
    ...(user.custom_attributes && Object.keys(user.custom_attributes).length > 0 ? { custom_attributes: user.custom_attributes } : {}),
    name: user.name,
    role: membership?.role ?? null,
    thumbnail: "",
    ...(call.edition === "enterprise" ? { custom_role_id: membership?.custom_role_id ?? null } : {}),
  };
}

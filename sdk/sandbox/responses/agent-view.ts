import type { AccountCall } from "../call";
import { availabilityStatus, membershipOf } from "../models/agents";
import type { UserRecord } from "../state";

/**
 * The `_agent` partial, as a user of the calling account (`Current.account`): inbox and team
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
    available_name: user.display_name ?? user.name,
    name: user.name,
    role: membership?.role ?? null,
    thumbnail: "",
    custom_role_id: membership?.custom_role_id ?? null,
  };
}

/**
 * The user partials, written once: app/views/api/v1/models/_user.json.jbuilder (the account API's:
 * a capacity policy's users render it) and app/views/platform/api/v1/models/_user.json.jbuilder
 * (the Platform API's users), with enterprise/app/views/api/v1/models/_account_user.json.jbuilder,
 * upstream at fd5ac2a8a. Both render the user's access token and `pubsub_token`, as upstream
 * does; `account_id` and `role` are the active account user's (the first membership here, none
 * having signed in); `type` is the STI column, nil for a user; `message_signature` and
 * `ui_settings` are not modelled (nil and `{}`); no HMAC key is configured (no `hmac_identifier`).
 */
import { availabilityStatus } from "../models/agents";
import type { SandboxState, UserRecord } from "../state";

/** `has_secure_token :pubsub_token`: one per user for the life of the process. */
export const pubsubToken = (state: SandboxState, user: UserRecord): string => state.secrets.stable(`user-pubsub:${user.id}`);

type Membership = UserRecord["memberships"][number];

/** `account_user.permissions` (Enterprise: a custom role's permissions and `custom_role`). */
function permissions(state: SandboxState, membership: Membership): string[] {
  const role = membership.custom_role_id === null ? undefined : state.customRoles.get(membership.custom_role_id);
  if (role) return [...role.permissions, "custom_role"];
  return [membership.role];
}

/** One entry of the account API partial's `accounts`. */
function accountEntry(state: SandboxState, membership: Membership, enterprise: boolean) {
  const account = state.accounts.get(membership.account_id);
  const role = membership.custom_role_id === null ? undefined : state.customRoles.get(membership.custom_role_id);
  return {
    id: membership.account_id,
    name: account?.name ?? null,
    status: account?.status ?? null,
    active_at: null,
    role: membership.role,
    permissions: permissions(state, membership),
    availability: membership.availability,
    availability_status: availabilityStatus(membership),
    auto_offline: membership.auto_offline,
    ...(enterprise
      ? { custom_role_id: membership.custom_role_id, custom_role: role ? { id: role.id, name: role.name, description: role.description, permissions: role.permissions } : null }
      : {}),
  };
}

/** What both partials render, in their order; `api` adds the account API's fields. */
export function userView(state: SandboxState, user: UserRecord, view: { api: false } | { api: true; enterprise: boolean }) {
  const active = user.memberships[0];
  return {
    access_token: user.access_token,
    account_id: active?.account_id ?? null,
    available_name: user.display_name || user.name,
    avatar_url: "",
    confirmed: user.confirmed,
    display_name: user.display_name,
    message_signature: null,
    email: user.email,
    id: user.id,
    ...(view.api ? { inviter_id: null } : {}),
    name: user.name,
    provider: user.provider,
    pubsub_token: pubsubToken(state, user),
    ...(user.custom_attributes && Object.keys(user.custom_attributes).length > 0 ? { custom_attributes: user.custom_attributes } : {}),
    role: active?.role ?? null,
    ui_settings: {},
    uid: user.email,
    ...(view.api ? { type: null } : {}),
    accounts: user.memberships.map((m) =>
      view.api ? accountEntry(state, m, view.enterprise) : { id: m.account_id, name: state.accounts.get(m.account_id)?.name ?? null, active_at: null, role: m.role },
    ),
  };
}

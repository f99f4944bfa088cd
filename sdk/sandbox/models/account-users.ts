/**
 * Account users (the account_users rows that make a user a member of an account) made and
 * removed, and users deleted, as upstream at fd5ac2a8a has it (app/models/account_user.rb,
 * app/jobs/agents/destroy_job.rb, app/models/user.rb), for the agents' routes and the Platform
 * API's account users and users alike:
 * - a new row takes the columns' defaults (role agent, availability online, auto_offline true) and
 *   its creation time;
 * - an account_users row destroyed queues Agents::DestroyJob, which removes the user from the
 *   account's inboxes and teams (run at once here);
 * - a user destroyed (DeleteObjectJob) destroys every account_users row of theirs, their inbox and
 *   team memberships, their personal macros (`remove_macros`; global ones stay, without an
 *   author) and their access token; their dashboard apps lose their user (`dependent: :nullify`),
 *   and no platform app holds them any more.
 */
import type { AccountRecord, MembershipRecord, SandboxState, UserRecord } from "../state";

/** A new row of `account` with the columns' defaults (not yet added to a user). */
export function newAccountUser(state: SandboxState, account: AccountRecord): MembershipRecord {
  const stamp = new Date().toISOString();
  return {
    id: state.nextId("account_users"),
    account_id: account.id,
    role: "agent",
    availability: "online",
    auto_offline: true,
    signed_in: false,
    custom_role_id: null,
    agent_capacity_policy_id: null,
    created_at: stamp,
    updated_at: stamp,
  };
}

/** AccountUser#destroy and its Agents::DestroyJob. */
export function removeAccountUser(state: SandboxState, user: UserRecord, account: AccountRecord): void {
  user.memberships = user.memberships.filter((m) => m.account_id !== account.id);
  const without = (ids: number[]) => ids.filter((id) => id !== user.id);
  for (const inbox of state.inboxes.values()) if (inbox.account_id === account.id) inbox.member_ids = without(inbox.member_ids);
  for (const team of state.teams.values()) if (team.account_id === account.id) team.member_ids = without(team.member_ids);
}

/** User#destroy, as DeleteObjectJob runs it. */
export function destroyUser(state: SandboxState, user: UserRecord): void {
  for (const membership of [...user.memberships]) {
    const account = state.accounts.get(membership.account_id);
    if (account) removeAccountUser(state, user, account);
  }
  const without = (ids: number[]) => ids.filter((id) => id !== user.id);
  for (const inbox of state.inboxes.values()) inbox.member_ids = without(inbox.member_ids);
  for (const team of state.teams.values()) team.member_ids = without(team.member_ids);
  for (const macro of state.macros.values()) if (macro.created_by_id === user.id && macro.visibility === "personal") state.macros.delete(macro.id);
  for (const app of state.dashboardApps.values()) if (app.user_id === user.id) app.user_id = null;
  for (const app of state.platformApps.values()) app.permissible_user_ids = without(app.permissible_user_ids);
  state.users.delete(user.id);
  state.tokens.delete(user.access_token);
}

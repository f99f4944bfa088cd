import type { IncomingHttpHeaders } from "node:http";
import { ApiError, forbidden, notAuthorizedAction, recordNotFound, unauthorized } from "./errors";
import type { Role } from "./fixture";
import type { Edition } from "./options";
import { castInteger } from "./params";
import type { AccountRecord, PlatformAppRecord, SandboxState, UserRecord } from "./state";

/**
 * Authentication and account resolution, in the order upstream's before_actions run them
 * (research 1.1, 1.2): token lookup, the bot allowlist, then the account and its membership.
 */

/**
 * The `api_access_token` header. Rails reads the Rack key HTTP_API_ACCESS_TOKEN, which the dash
 * spelling `Api-Access-Token` maps to as well. A blank value counts as absent (`present?`).
 */
export function accessToken(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers["api_access_token"] ?? headers["api-access-token"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value !== undefined && value.trim() !== "" ? value : undefined;
}

/** PlatformController: the token must belong to a platform app; otherwise one 401 for every case. */
export function authenticatePlatform(state: SandboxState, token: string | undefined): PlatformAppRecord {
  const owner = token === undefined ? undefined : state.tokens.get(token);
  const app = owner?.kind === "platform_app" ? state.platformApps.get(owner.id) : undefined;
  if (!app) throw unauthorized("Invalid access_token");
  return app;
}

/**
 * Api::BaseController's authentication alone: a user's token (no token is devise's 401, an unknown
 * token or a bot's or platform app's is refused), before any account is resolved.
 */
export function authenticateUser(state: SandboxState, token: string | undefined): UserRecord {
  if (token === undefined) throw new ApiError(401, { errors: ["You need to sign in or sign up before continuing."] });
  const owner = state.tokens.get(token);
  if (!owner) throw unauthorized("Invalid Access Token");
  if (owner.kind !== "user") throw unauthorized("Access to this endpoint is not authorized for bots");
  const user = state.users.get(owner.id);
  if (!user) throw unauthorized("Invalid Access Token");
  return user;
}

/** The caller of an application-API request. */
export interface AccountCaller {
  user: UserRecord;
  account: AccountRecord;
  role: Role;
}

/**
 * Api::V1::Accounts::BaseController: no token is devise's 401 (`errors` array); an unknown token,
 * a bot or platform-app token, an unknown account, a suspended one and a non-member each get
 * their own answer.
 */
export function authenticateAccount(state: SandboxState, token: string | undefined, accountParam: string): AccountCaller {
  // validate_bot_access_token!: bots and platform apps reach only a conversation/message allowlist.
  const user = authenticateUser(state, token);
  const accountId = castInteger(accountParam);
  const account = accountId === null ? undefined : state.accounts.get(accountId);
  if (!account) throw recordNotFound();
  // EnsureCurrentAccountHelper: a suspended account refuses members and strangers alike.
  if (account.status !== "active") throw unauthorized("Account is suspended");
  const role = state.roleOf(user, account.id);
  if (!role) throw unauthorized("You are not authorized to access this account");
  return { user, account, role };
}

/**
 * An Enterprise controller's feature guard (`ensure_sla_feature_enabled`, ...), its first
 * before_action: an account without the feature raises Pundit's error, answered like a role failure.
 */
export function requireFeature(caller: { account: AccountRecord }, feature: string): void {
  if (!caller.account.features.includes(feature)) throw notAuthorizedAction();
}

/**
 * Captain's guard (`captain/base_controller.rb#ensure_captain_enabled`, spec
 * `captain/feature_guard_spec.rb`): an account with neither `captain_integration` nor
 * `captain_integration_v2` gets 403 before any other check. Custom tools also need `custom_tools`
 * or `captain_integration_v2` (`captain/custom_tools_controller.rb#ensure_custom_tools_enabled`).
 */
export function requireCaptain(caller: { account: AccountRecord }, area: "captain" | "custom_tools" = "captain"): void {
  requireEnabled(caller, ["captain_integration", "captain_integration_v2"], "Captain is not enabled for this account");
  if (area === "custom_tools") requireEnabled(caller, ["custom_tools", "captain_integration_v2"], "Custom tools are not enabled for this account");
}

/**
 * A feature guard of the newest Enterprise controllers, their first before_action: 403 `{"error":
 * message}` unless the account has one of `flags` on.
 */
export function requireEnabled(caller: { account: AccountRecord }, flags: readonly string[], message: string): void {
  if (!flags.some((flag) => caller.account.features.includes(flag))) throw forbidden(message);
}

/** A Pundit check that only administrators pass. */
export function requireAdministrator(caller: { role: Role }): void {
  if (caller.role !== "administrator") throw notAuthorizedAction();
}

/**
 * The help center's administrator-only actions on Enterprise, where a custom role with
 * `knowledge_base_manage` stands in for the administrator role
 * (enterprise/app/policies/enterprise/{portal,category,article}_policy.rb at fd5ac2a8a).
 */
export function requireKnowledgeBaseManager(caller: AccountCaller & { state: SandboxState; edition: Edition }): void {
  if (caller.role === "administrator") return;
  const roleId = caller.user.memberships.find((m) => m.account_id === caller.account.id)?.custom_role_id;
  const permissions = roleId === null || roleId === undefined ? [] : (caller.state.customRoles.get(roleId)?.permissions ?? []);
  if (caller.edition !== "enterprise" || !permissions.includes("knowledge_base_manage")) throw notAuthorizedAction();
}

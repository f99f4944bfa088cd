/**
 * The Platform API's accounts, users and account users, as upstream at fd5ac2a8a has them
 * (app/controllers/platform_controller.rb, app/controllers/platform/api/v1/{accounts,users,account_users}_controller.rb,
 * app/views/platform/api/v1/models/{_account,_user}.json.jbuilder, app/views/platform/api/v1/users/token.json.jbuilder,
 * app/models/{account,user,account_user,platform_app_permissible}.rb):
 * - every route needs a Platform App's token (401 `Invalid access_token` otherwise); show, update,
 *   destroy, a user's login and token find the object first (an unknown id is Rails' bare 404),
 *   then require a PlatformAppPermissible row of this app for it: another's object is 401 `Non
 *   permissible resource`; the account users routes check the account the same way (the user need
 *   not be the app's);
 * - the accounts index lists the accounts this app holds a row for; there is no users index;
 * - creating an account or a user adds the app's row. `POST /users` with an address a user of the
 *   installation already has (compared in lower case) answers that user, unchanged (name and
 *   password are not applied), confirms it and adds the app's row: the app may manage it from then on;
 * - a new user is confirmed at once (`skip_confirmation!`); validations: ApplicationRecord's length
 *   limits (column-lengths.ts), the e-mail present, `name@domain` and not another user's
 *   (`Email has already been taken`), the password present on create, 6 to 128 characters
 *   (Devise) with an upper-case and a lower-case letter, a digit and a special character
 *   (devise-secure_password). User validates no name: a blank one is kept, a missing one on create
 *   breaks the NOT NULL column (500);
 * - `GET /users/:id/login` answers the single sign-on link (`{url}`: the installation's address,
 *   `/app/login?email=...&sso_auth_token=...`, the token good for one sign-in within 5 minutes);
 *   `POST /users/:id/token` the user's access token, `expiry` null and the user's id, names,
 *   e-mail and pubsub token;
 * - account params: name, locale, domain, support_email, status, limits and custom_attributes are
 *   assigned (the hashes whole); a new account starts with the installation's default flags
 *   (DEFAULT_ACCOUNT_FEATURES), and `features` turns each named flag on (a present value) or off;
 *   Enterprise checks `limits` (see plan-limits.ts); a suspended account's application API
 *   answers 401 "Account is suspended" (auth.ts);
 *   user params: name, display_name, email, password, custom_attributes (merged on update);
 * - destroy answers 200 with no body; upstream deletes in a background job (DeleteObjectJob), the
 *   sandbox at once, with what goes with the object (account-users.ts for a user);
 * - `POST /accounts/:id/account_users` is `find_or_initialize_by(user_id)` then `update!(user_id,
 *   role)`: an existing member's role is updated, a new member is `agent` unless a role is given;
 *   a role that is neither agent nor administrator is the enum's ArgumentError (500); a missing or
 *   unknown user is 422 `User must exist`. A blank or null role upstream stores a row without a
 *   role, which no policy lets do anything but what every member may; the sandbox keeps the
 *   row's role (or `agent`) instead. The answer and the list render the rows whole
 *   (`render json:`). DELETE with `user_id` destroys the membership (with Agents::DestroyJob's
 *   inbox and team removals) and answers 200, also when there is none or no `user_id`.
 */
import { createHash } from "node:crypto";
import { internalError, railsError, unauthorized } from "../errors";
import type { Role } from "../fixture";
import type { Edition } from "../options";
import { castEnum, castInteger, castString, isHash, isPermittedScalar, permit, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors, TAKEN } from "../record-errors";
import type { AccountRecord, MembershipRecord, PlatformAppRecord, SandboxState, UserRecord } from "../state";
import { newAccountUser, removeAccountUser } from "./account-users";
import { localeOf, validateAccount } from "./accounts";
import { destroyBot } from "./agent-bots";
import { columnLengthErrors, type TextColumn } from "./column-lengths";

const ACCOUNT_PERMIT: PermitFilter = {
  name: "scalar", locale: "scalar", domain: "scalar", support_email: "scalar", status: "scalar", features: "hash", limits: "hash", custom_attributes: "hash",
};
const USER_PERMIT: PermitFilter = { name: "scalar", display_name: "scalar", email: "scalar", password: "scalar", custom_attributes: "hash" };
const USER_TEXT_COLUMNS: Record<string, TextColumn> = { name: "string", display_name: "string", email: "string" };

/** Devise's `password_length` and devise-secure_password's special characters. */
const PASSWORD_LENGTH = { min: 6, max: 128 };
const SPECIAL = /[!@#$%^&*()_+\-=[\]{}|'"/\\.,`<>:;?~]/;

/** set_resource, then validate_platform_app_permissible. */
function permissible<T>(row: T | undefined, allowed: readonly number[], id: number | undefined): T {
  if (row === undefined || id === undefined) throw railsError(404);
  if (!allowed.includes(id)) throw unauthorized("Non permissible resource");
  return row;
}

export function findPlatformAccount(state: SandboxState, app: PlatformAppRecord, idParam: string): AccountRecord {
  const id = castInteger(idParam);
  const account = id === null ? undefined : state.accounts.get(id);
  return permissible(account, app.permissible_account_ids, account?.id);
}

export function findPlatformUser(state: SandboxState, app: PlatformAppRecord, idParam: string): UserRecord {
  const id = castInteger(idParam);
  const user = id === null ? undefined : state.users.get(id);
  return permissible(user, app.permissible_user_ids, user?.id);
}

export function accountsVisibleTo(state: SandboxState, app: PlatformAppRecord): AccountRecord[] {
  return app.permissible_account_ids.flatMap((id) => state.accounts.get(id) ?? []);
}

/**
 * The flags a new account starts with (`enable_default_features`): the installation's
 * ACCOUNT_LEVEL_FEATURE_DEFAULTS, which a fresh installation seeds with config/features.yml's
 * `enabled: true` entries (fd5ac2a8a's, sorted).
 */
export const DEFAULT_ACCOUNT_FEATURES = [
  "agent_bots", "agent_management", "auto_resolve_conversations", "automations", "campaigns", "canned_responses", "captain_tasks",
  "channel_email", "channel_facebook", "channel_instagram", "channel_tiktok", "channel_twitter", "channel_website", "chatwoot_v4",
  "contact_chatwoot_support_team", "crm", "custom_attributes", "help_center", "inbound_emails", "inbox_management", "integrations",
  "labels", "macros", "report_v4", "reports", "team_management", "voice_recorder",
] as const;

/** Account.create! (the default flags on), the request's features, then the app's row. */
export function createPlatformAccount(state: SandboxState, app: PlatformAppRecord, params: Params, edition: Edition): AccountRecord {
  const draft: AccountRecord = {
    id: 0, name: "", locale: "en", features: [...DEFAULT_ACCOUNT_FEATURES], domain: null, support_email: null, settings: {}, custom_attributes: {}, limits: {}, status: "active", platform_app_ids: [],
  };
  const account = { ...assignAccount(draft, params, edition), id: state.nextId("accounts") };
  state.accounts.set(account.id, account);
  app.permissible_account_ids.push(account.id);
  return account;
}

export function updatePlatformAccount(account: AccountRecord, params: Params, edition: Edition): AccountRecord {
  return Object.assign(account, assignAccount(structuredClone(account), params, edition));
}

function assignAccount(draft: AccountRecord, params: Params, edition: Edition): AccountRecord {
  const fields = permit(params, ACCOUNT_PERMIT);
  const has = (key: string) => Object.hasOwn(fields, key);
  if (has("name")) draft.name = castString(fields.name) ?? "";
  if (has("locale")) draft.locale = localeOf(fields.locale);
  if (has("domain")) draft.domain = castString(fields.domain);
  if (has("support_email")) draft.support_email = castString(fields.support_email);
  if (has("status")) draft.status = statusOf(fields.status);
  if (has("limits")) draft.limits = fields.limits as Record<string, unknown>;
  if (has("custom_attributes")) draft.custom_attributes = fields.custom_attributes as Record<string, unknown>;
  validateAccount(draft, edition);
  if (isHash(fields.features)) {
    const on = new Set(draft.features);
    for (const [flag, value] of Object.entries(fields.features)) {
      if (present(value)) on.add(flag);
      else on.delete(flag);
    }
    draft.features = [...on].sort();
  }
  return draft;
}

/** Ruby's `present?` of a JSON value. */
const present = (value: unknown) => value !== null && value !== undefined && value !== false && !(typeof value === "string" && value.trim() === "");

function statusOf(value: unknown): AccountRecord["status"] {
  if (value === "active" || value === 0) return "active";
  if (value === "suspended" || value === 1) return "suspended";
  throw railsError(500);
}

/**
 * DeleteObjectJob, run at once: the account, its members' rows, every app's row for it, and what
 * `has_many ... dependent: :destroy_async` takes with it (inboxes, portals with their categories and
 * articles, labels, teams, webhooks, bots, ...), which frees the installation-wide unique values
 * those held (a portal's slug, a channel's e-mail address or bot token).
 */
export function destroyPlatformAccount(state: SandboxState, account: AccountRecord): void {
  state.accounts.delete(account.id);
  for (const rows of state.accountScoped()) for (const [id, row] of rows) if (row.account_id === account.id) rows.delete(id);
  for (const inbox of state.pendingInboxDeletions.keys()) if (!state.inboxes.has(inbox)) state.pendingInboxDeletions.delete(inbox);
  for (const bot of [...state.agentBots.values()]) if (bot.account_id === account.id) destroyBot(state, bot);
  for (const user of state.users.values()) removeAccountUser(state, user, account);
  for (const app of state.platformApps.values()) app.permissible_account_ids = app.permissible_account_ids.filter((id) => id !== account.id);
}

const digest = (password: string) => createHash("sha256").update(password).digest("hex");

/** `User.from_email(email) || User.new(params)`, `skip_confirmation!`, `save!`, then the app's row. */
export function createPlatformUser(state: SandboxState, app: PlatformAppRecord, params: Params): UserRecord {
  const fields = permit(params, USER_PERMIT);
  if (typeof fields.password === "string") state.secrets.received(fields.password);
  const email = castString(fields.email)?.toLowerCase();
  const existing = email === undefined ? undefined : [...state.users.values()].find((u) => u.email.toLowerCase() === email);
  let user: UserRecord;
  if (existing) {
    user = existing;
    user.confirmed = true;
  } else {
    const draft: UserRecord = { id: 0, name: "", display_name: null, email: "", confirmed: true, memberships: [], provider: "email", access_token: "" };
    assignUser(state, draft, fields, true);
    user = { ...draft, id: state.nextId("users"), access_token: state.secrets.fresh() };
    state.users.set(user.id, user);
    state.tokens.set(user.access_token, { kind: "user", id: user.id });
  }
  if (!app.permissible_user_ids.includes(user.id)) app.permissible_user_ids.push(user.id);
  return user;
}

export function updatePlatformUser(state: SandboxState, user: UserRecord, params: Params): UserRecord {
  const fields = permit(params, USER_PERMIT);
  if (typeof fields.password === "string") state.secrets.received(fields.password);
  const draft = structuredClone(user);
  if (isHash(fields.custom_attributes)) fields.custom_attributes = { ...(user.custom_attributes ?? {}), ...fields.custom_attributes };
  assignUser(state, draft, fields, false);
  return Object.assign(user, draft);
}

/** Assigns the permitted fields, validates (422) and checks the NOT NULL name (500). `creating`: the draft has no name yet. */
function assignUser(state: SandboxState, draft: UserRecord, fields: Params, creating: boolean): void {
  const has = (key: string) => Object.hasOwn(fields, key);
  const name = has("name") ? castString(fields.name) : creating ? null : draft.name;
  if (has("display_name")) draft.display_name = castString(fields.display_name);
  if (has("email")) draft.email = (castString(fields.email) ?? "").toLowerCase();
  if (has("custom_attributes")) draft.custom_attributes = fields.custom_attributes as Record<string, unknown>;
  const errors = columnLengthErrors({ name, display_name: draft.display_name, email: draft.email }, USER_TEXT_COLUMNS);
  if (draft.email === "") errors.add("email", CANT_BE_BLANK);
  else if (!/^[^@\s]+@[^@\s]+$/.test(draft.email)) errors.add("email", "is invalid");
  else if ([...state.users.values()].some((u) => u.id !== draft.id && u.email.toLowerCase() === draft.email)) errors.add("email", TAKEN);
  const password = has("password") && isPermittedScalar(fields.password) ? (castString(fields.password) ?? "") : undefined;
  if (password === undefined || password === "") {
    if (creating) errors.add("password", CANT_BE_BLANK);
  } else {
    for (const problem of passwordProblems(password)) errors.add("password", problem);
    draft.password_digest = digest(password);
  }
  errors.raiseIfAny();
  if (name === null) throw internalError(); // users.name is NOT NULL
  draft.name = name;
}

/** Devise's length and devise-secure_password's required content. */
function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < PASSWORD_LENGTH.min) problems.push(`is too short (minimum is ${PASSWORD_LENGTH.min} characters)`);
  if (length > PASSWORD_LENGTH.max) problems.push(`is too long (maximum is ${PASSWORD_LENGTH.max} characters)`);
  if (!/[A-Z]/.test(password)) problems.push("must contain at least one upper-case letter");
  if (!/[a-z]/.test(password)) problems.push("must contain at least one lower-case letter");
  if (!/[0-9]/.test(password)) problems.push("must contain at least one digit");
  if (!SPECIAL.test(password)) problems.push("must contain at least one special character");
  return problems;
}

/** One account's members, as AccountUser rows in id order. */
export function accountUsers(state: SandboxState, account: AccountRecord): { user: UserRecord; membership: MembershipRecord }[] {
  return [...state.users.values()]
    .flatMap((user) => user.memberships.filter((m) => m.account_id === account.id).map((membership) => ({ user, membership })))
    .sort((a, b) => a.membership.id - b.membership.id);
}

const ROLES: readonly Role[] = ["agent", "administrator"];

/** `find_or_initialize_by(user_id:)`, then `update!(account_user_params)`. */
export function upsertAccountUser(state: SandboxState, account: AccountRecord, params: Params): { user: UserRecord; membership: MembershipRecord } {
  const fields = permit(params, { user_id: "scalar", role: "scalar" });
  const role = fields.role === undefined || fields.role === null || fields.role === "" ? undefined : castEnum(ROLES, fields.role);
  const userId = castInteger(fields.user_id);
  const user = userId === null ? undefined : state.users.get(userId);
  if (!user) {
    const errors = new RecordErrors();
    errors.add("user", "must exist");
    throw errors.toRecordInvalid();
  }
  let membership = user.memberships.find((m) => m.account_id === account.id);
  if (!membership) {
    membership = newAccountUser(state, account);
    user.memberships.push(membership);
  }
  if (role !== undefined && role !== null && role !== membership.role) Object.assign(membership, { role, updated_at: new Date().toISOString() });
  return { user, membership };
}

/** `account_users.find_by(user_id:)&.destroy!`: nothing to find is no error. */
export function removePlatformAccountUser(state: SandboxState, account: AccountRecord, params: Params): void {
  const userId = castInteger(permit(params, { user_id: "scalar" }).user_id);
  const user = userId === null ? undefined : state.users.get(userId);
  if (user && user.memberships.some((m) => m.account_id === account.id)) removeAccountUser(state, user, account);
}

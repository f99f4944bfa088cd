/**
 * The Platform API's accounts, users and account users (Platform::Api::V1::AccountsController,
 * UsersController and AccountUsersController, PlatformController, PlatformAppPermissible), behaving
 * like current upstream:
 * - every route needs a Platform App's token (401 `Invalid access_token` otherwise); show, update and
 *   destroy find the object first (an unknown id is Rails' bare 404), then require a
 *   PlatformAppPermissible row of this app for it: another's object is 401 `Non permissible resource`;
 *   the account users routes check the account the same way (the user need not be the app's);
 * - the accounts index lists the accounts this app holds a row for; there is no users index;
 * - creating an account or a user adds the app's row. `POST /users` with an address a user of the
 *   installation already has (compared in lower case) answers that user, unchanged (name and
 *   password are not applied), confirms it and adds the app's row: the app may manage it from then on;
 * - a new user is confirmed at once (`skip_confirmation!`); validations: name and e-mail present, the
 *   e-mail `name@domain`, the password present on create, 6 to 128 characters (Devise) with an
 *   upper-case and a lower-case letter, a digit and a special character (devise-secure_password);
 *   another user's address on update is 422 `Email has already been taken`;
 * - account params: name, locale, domain, support_email, status, limits and custom_attributes are
 *   assigned (the hashes whole); `features` turns each named flag on (a present value) or off;
 *   Enterprise checks `limits` (see plan-limits.ts); a suspended account's application API
 *   answers 401 "Account is suspended" (auth.ts);
 *   user params: name, display_name, email, password, custom_attributes (merged on update);
 * - destroy answers 200 with no body; upstream deletes in a background job (DeleteObjectJob), the
 *   sandbox at once;
 * - `POST /accounts/:id/account_users` is `find_or_initialize_by(user_id)`: an existing member's role
 *   is updated, a new member is `agent` unless a role is given; an unknown role is 400, an unknown
 *   user 422 `User must exist`; DELETE with `user_id` removes the membership (200 when there is none).
 */
import { createHash } from "node:crypto";
import { ApiError, parameterMissing, railsError, unauthorized } from "../errors";
import type { Role } from "../fixture";
import type { Edition } from "../options";
import { castInteger, castString, isHash, isPermittedScalar, permit, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors, TAKEN } from "../record-errors";
import { type AccountRecord, type PlatformAppRecord, type SandboxState, type UserRecord } from "../state";
import { localeOf, validateAccount } from "./accounts";
import { destroyBot } from "./agent-bots";
import { validateLimits } from "./plan-limits";

const ACCOUNT_PERMIT: PermitFilter = {
  name: "scalar", locale: "scalar", domain: "scalar", support_email: "scalar", status: "scalar", features: "hash", limits: "hash", custom_attributes: "hash",
};
const USER_PERMIT: PermitFilter = { name: "scalar", display_name: "scalar", email: "scalar", password: "scalar", custom_attributes: "hash" };

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

/** Account.create!, the features, then the app's row. */
export function createPlatformAccount(state: SandboxState, app: PlatformAppRecord, params: Params, edition: Edition): AccountRecord {
  const draft: AccountRecord = {
    id: 0, name: "", locale: "en", features: [], domain: null, support_email: null, settings: {}, custom_attributes: {}, limits: {}, status: "active", platform_app_ids: [],
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
  const errors = new RecordErrors();
  validateLimits(draft.limits, edition, errors);
  validateAccount(draft, errors);
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
  for (const user of state.users.values()) user.memberships = user.memberships.filter((m) => m.account_id !== account.id);
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

function assignUser(state: SandboxState, draft: UserRecord, fields: Params, creating: boolean): void {
  const has = (key: string) => Object.hasOwn(fields, key);
  const errors = new RecordErrors();
  if (has("name")) draft.name = castString(fields.name) ?? "";
  if (has("display_name")) draft.display_name = castString(fields.display_name);
  if (has("email")) draft.email = (castString(fields.email) ?? "").toLowerCase();
  if (has("custom_attributes")) draft.custom_attributes = fields.custom_attributes as Record<string, unknown>;
  if (draft.name.trim() === "") errors.add("name", CANT_BE_BLANK);
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

/** DeleteObjectJob, run at once: the user, their rows and tokens. */
export function destroyPlatformUser(state: SandboxState, user: UserRecord): void {
  state.users.delete(user.id);
  state.tokens.delete(user.access_token);
  for (const app of state.platformApps.values()) app.permissible_user_ids = app.permissible_user_ids.filter((id) => id !== user.id);
}

/** One account's members, as AccountUser rows. */
export function accountUsers(state: SandboxState, account: AccountRecord) {
  return [...state.users.values()].flatMap((user) => user.memberships.filter((m) => m.account_id === account.id).map((m) => ({ user, membership: m })));
}

const ROLES: readonly Role[] = ["agent", "administrator"];

/** `find_or_initialize_by(user_id:)`, then `update!` with the role when one is given. */
export function upsertAccountUser(state: SandboxState, account: AccountRecord, params: Params) {
  if (params.user_id === undefined || params.user_id === null || params.user_id === "") throw parameterMissing("user_id");
  const role = castString(params.role) ?? "";
  if (role !== "" && !ROLES.includes(role as Role)) throw new ApiError(400, { status: 400, error: "Bad Request" });
  const userId = castInteger(params.user_id);
  const user = userId === null ? undefined : state.users.get(userId);
  if (!user) {
    const errors = new RecordErrors();
    errors.add("user", "must exist");
    throw errors.toRecordInvalid();
  }
  let membership = user.memberships.find((m) => m.account_id === account.id);
  if (!membership) {
    membership = { id: state.nextId("account_users"), account_id: account.id, role: "agent", availability: "online", auto_offline: true, signed_in: false, custom_role_id: null, agent_capacity_policy_id: null };
    user.memberships.push(membership);
  }
  if (role !== "") membership.role = role as Role;
  return { user, membership };
}

export function removeAccountUser(state: SandboxState, account: AccountRecord, params: Params): void {
  if (params.user_id === undefined || params.user_id === null || params.user_id === "") throw parameterMissing("user_id");
  const user = state.users.get(castInteger(params.user_id) ?? 0);
  if (user) user.memberships = user.memberships.filter((m) => m.account_id !== account.id);
}

/**
 * Agents (AgentsController, AgentBuilder, User, AccountUser, UserPolicy), behaving like current
 * upstream:
 * - every member lists the account's users, ordered by lower(name) (`order_by_full_name`), ties by
 *   id; there is no show route; create, update and destroy are for administrators, and update and
 *   destroy look the agent up first (a user outside the account is 404 before the role check);
 * - the controller wraps every top-level key under `agent` (it has no model of that name), so flat
 *   and nested bodies both work; permitted: email, name, role, availability, auto_offline;
 * - users belong to the installation: create finds the user by e-mail address (stored and compared
 *   in lower case) and only adds an account_users row for one who exists, keeping their name;
 *   otherwise it makes the user (unconfirmed, signed in nowhere) with the name sent (NOT NULL: a
 *   missing name is a 500) and a devise-valid e-mail address;
 * - the row: `user_id` unique per account (422 "User has already been taken"), role and availability
 *   Rails enums (another value is an ArgumentError: a 500), defaults agent, online, auto_offline true;
 * - update sets the user's name (the user's, in every account) and the row's role, availability and
 *   auto_offline, each only when given (`.compact`);
 * - Enterprise: after create and update the row's `custom_role_id` is set to the top-level
 *   `custom_role_id`, absent meaning none; an id of no custom role is a foreign-key violation (500);
 * - destroy removes the account_users row, the user's inbox and team memberships in the account,
 *   and, when no account is left, the user (and their personal macros) from the installation;
 * - `availability_status` is the availability, except that with auto_offline a user who is not
 *   signed in is reported offline (Chatwoot's online presence).
 */
import { internalError, recordNotFound } from "../errors";
import type { Role } from "../fixture";
import { castBoolean, castEnum, castInteger, castString, requirePermitted, type Params, type ParamsRequest, type PermitFilter } from "../params";
import { CANT_BE_BLANK, RecordErrors, TAKEN } from "../record-errors";
import type { AccountRecord, SandboxState, UserRecord } from "../state";
import { destroyUser, newAccountUser, removeAccountUser } from "./account-users";

type Membership = UserRecord["memberships"][number];

const PERMIT: PermitFilter = { email: "scalar", name: "scalar", role: "scalar", availability: "scalar", auto_offline: "scalar" };
/** The Rails enums, in their integer order (`agent: 0, administrator: 1`; `online: 0, offline: 1, busy: 2`). */
const ROLES: readonly Role[] = ["agent", "administrator"];
const AVAILABILITIES = ["online", "offline", "busy"] as const;

/** Devise's `email_regexp`. */
const EMAIL_FORMAT = /^[^@\s]+@[^@\s]+$/;

export function agentsOf(state: SandboxState, account: AccountRecord): UserRecord[] {
  return [...state.users.values()]
    .filter((user) => state.roleOf(user, account.id) !== undefined)
    .sort((a, b) => {
      const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return x < y ? -1 : x > y ? 1 : a.id - b.id;
    });
}

/** `agents.find(params[:id])`: a user of the account, or 404. */
export function findAgent(state: SandboxState, account: AccountRecord, idParam: string): UserRecord {
  const id = castInteger(idParam);
  const user = id === null ? undefined : state.users.get(id);
  if (!user || state.roleOf(user, account.id) === undefined) throw recordNotFound();
  return user;
}

/** The user's row of the account (`current_account_user`). */
export function membershipOf(user: UserRecord, account: AccountRecord): Membership | undefined {
  return user.memberships.find((m) => m.account_id === account.id);
}

/** What the agent views report as `availability_status`. */
export function availabilityStatus(membership: Membership | undefined): string {
  if (!membership) return "offline";
  return membership.auto_offline && !membership.signed_in ? "offline" : membership.availability;
}

/** AgentBuilder: the user with the e-mail address (made when there is none), added to the account. */
export function inviteAgent(state: SandboxState, account: AccountRecord, request: ParamsRequest): UserRecord {
  const attributes = payload(request);
  const email = castString(attributes.email)?.toLowerCase() ?? null;
  const existing = email === null ? undefined : [...state.users.values()].find((u) => u.email.toLowerCase() === email);
  const user = existing ?? newUser(state, email, attributes);
  const membership = newAccountUser(state, account);
  assignMembership(membership, attributes);
  if (user.memberships.some((m) => m.account_id === account.id)) {
    const errors = new RecordErrors();
    errors.add("user_id", TAKEN);
    errors.raiseIfAny();
  }
  // One transaction: the user is saved with the row, or not at all.
  if (!existing) {
    state.users.set(user.id, user);
    state.tokens.set(user.access_token, { kind: "user", id: user.id });
  }
  user.memberships.push(membership);
  return user;
}

/** The user's name, then the row's role, availability and auto_offline, each only when given. */
export function updateAgent(user: UserRecord, account: AccountRecord, request: ParamsRequest): UserRecord {
  const attributes = payload(request);
  const name = castString(attributes.name);
  const membership = membershipOf(user, account) as Membership;
  const changed = { ...membership };
  assignMembership(changed, attributes);
  if (name !== null) user.name = name;
  Object.assign(membership, changed);
  return user;
}

/** Enterprise: the row's custom role is the request's top-level `custom_role_id`, absent meaning none. */
export function setCustomRole(state: SandboxState, user: UserRecord, account: AccountRecord, params: Params): void {
  const roleId = castInteger(params.custom_role_id);
  if (roleId !== null && !state.customRoles.has(roleId)) throw internalError();
  (membershipOf(user, account) as Membership).custom_role_id = roleId;
}

/** Removes the user from the account; a user left in no account is deleted from the installation (`delete_user_record`). */
export function removeAgent(state: SandboxState, user: UserRecord, account: AccountRecord): void {
  removeAccountUser(state, user, account);
  if (user.memberships.length === 0) destroyUser(state, user);
}

/** Every top-level key is wrapped under `agent`, then `params.require(:agent).permit(...)`. */
function payload(request: ParamsRequest): Params {
  return requirePermitted(request, "agent", Object.keys(request.params), PERMIT);
}

function newUser(state: SandboxState, email: string | null, attributes: Params): UserRecord {
  const errors = new RecordErrors();
  if (email === null || email.trim() === "") errors.add("email", CANT_BE_BLANK);
  else if (!EMAIL_FORMAT.test(email)) errors.add("email", "is invalid");
  errors.raiseIfAny();
  const name = castString(attributes.name);
  if (name === null) throw internalError(); // users.name is NOT NULL
  return { id: state.nextId("users"), name, display_name: null, email: email as string, confirmed: false, memberships: [], provider: "email", access_token: state.secrets.fresh() };
}

function assignMembership(membership: Membership, attributes: Params): void {
  const has = (key: string) => Object.hasOwn(attributes, key) && attributes[key] !== null;
  if (has("role")) membership.role = castEnum(ROLES, attributes.role) ?? membership.role;
  if (has("availability")) membership.availability = castEnum(AVAILABILITIES, attributes.availability) ?? membership.availability;
  if (has("auto_offline")) membership.auto_offline = castBoolean(attributes.auto_offline) ?? membership.auto_offline;
}

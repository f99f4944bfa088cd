import { randomBytes } from "node:crypto";
import { EMPTY_OK, ok, type ApiResult, type PlatformCall } from "../call";
import { destroyUser } from "../models/account-users";
import {
  accountsVisibleTo,
  accountUsers,
  createPlatformAccount,
  createPlatformUser,
  destroyPlatformAccount,
  findPlatformAccount,
  findPlatformUser,
  removePlatformAccountUser,
  updatePlatformAccount,
  updatePlatformUser,
  upsertAccountUser,
} from "../models/platform";
import { columnsOf } from "../columns";
import type { AccountRecord, MembershipRecord, SandboxState, UserRecord } from "../state";
import { pubsubToken, userView } from "./user-view";

/** `platform/api/v1/models/_user`. */
const platformUserView = (state: SandboxState, user: UserRecord) => userView(state, user, { api: false });

/** `platform/api/v1/models/_account`: the enabled flags as a hash of `true`s. */
function accountView(account: AccountRecord) {
  const features = Object.fromEntries(account.features.map((flag) => [flag, true]));
  return { ...columnsOf(account, ["id", "name", "locale", "domain", "support_email"]), features, ...columnsOf(account, ["custom_attributes", "limits", "status"]) };
}

/** `render json: account_user`: every column of the row, in db/schema.rb's order, enums by name. */
function accountUserView({ user, membership }: { user: UserRecord; membership: MembershipRecord }) {
  return {
    id: membership.id,
    account_id: membership.account_id,
    user_id: user.id,
    role: membership.role,
    inviter_id: null,
    created_at: membership.created_at,
    updated_at: membership.updated_at,
    active_at: null,
    availability: membership.availability,
    auto_offline: membership.auto_offline,
    custom_role_id: membership.custom_role_id,
    agent_capacity_policy_id: membership.agent_capacity_policy_id,
  };
}

/** ERB::Util.url_encode: every byte but letters, digits and `_-.~` as `%XX`. */
const urlEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `generate_sso_link`: `FRONTEND_URL` (the sandbox's own address) with the e-mail and a fresh
 * `SecureRandom.hex(32)` sign-in token, which is a credential (remembered for leak searches).
 */
function ssoLink(call: PlatformCall, user: UserRecord): string {
  const token = randomBytes(32).toString("hex");
  call.state.secrets.received(token);
  return `${call.origin}/app/login?email=${urlEncode(user.email)}&sso_auth_token=${token}`;
}

export const accounts = {
  index: (call: PlatformCall): ApiResult => ok(accountsVisibleTo(call.state, call.app).map(accountView)),
  create: (call: PlatformCall): ApiResult => ok(accountView(createPlatformAccount(call.state, call.app, call.params, call.edition))),
  show: (call: PlatformCall): ApiResult => ok(accountView(findPlatformAccount(call.state, call.app, call.path.id ?? ""))),
  update: (call: PlatformCall): ApiResult => ok(accountView(updatePlatformAccount(findPlatformAccount(call.state, call.app, call.path.id ?? ""), call.params, call.edition))),
  destroy(call: PlatformCall): ApiResult {
    destroyPlatformAccount(call.state, findPlatformAccount(call.state, call.app, call.path.id ?? ""));
    return EMPTY_OK;
  },
};

export const users = {
  create: (call: PlatformCall): ApiResult => ok(platformUserView(call.state, createPlatformUser(call.state, call.app, call.params))),
  show: (call: PlatformCall): ApiResult => ok(platformUserView(call.state, findPlatformUser(call.state, call.app, call.path.id ?? ""))),
  update: (call: PlatformCall): ApiResult => ok(platformUserView(call.state, updatePlatformUser(call.state, findPlatformUser(call.state, call.app, call.path.id ?? ""), call.params))),
  destroy(call: PlatformCall): ApiResult {
    destroyUser(call.state, findPlatformUser(call.state, call.app, call.path.id ?? ""));
    return EMPTY_OK;
  },
  /** `GET /users/:id/login`. */
  login: (call: PlatformCall): ApiResult => ok({ url: ssoLink(call, findPlatformUser(call.state, call.app, call.path.id ?? "")) }),
  /** `POST /users/:id/token` (users/token.json.jbuilder). */
  token(call: PlatformCall): ApiResult {
    const user = findPlatformUser(call.state, call.app, call.path.id ?? "");
    return ok({
      access_token: user.access_token,
      expiry: null,
      user: { id: user.id, name: user.name, display_name: user.display_name, email: user.email, pubsub_token: pubsubToken(call.state, user) },
    });
  },
};

export const accountUsersRoutes = {
  index(call: PlatformCall): ApiResult {
    const account = findPlatformAccount(call.state, call.app, call.path.account_id ?? "");
    return ok(accountUsers(call.state, account).map(accountUserView));
  },
  create(call: PlatformCall): ApiResult {
    const account = findPlatformAccount(call.state, call.app, call.path.account_id ?? "");
    return ok(accountUserView(upsertAccountUser(call.state, account, call.params)));
  },
  destroy(call: PlatformCall): ApiResult {
    removePlatformAccountUser(call.state, findPlatformAccount(call.state, call.app, call.path.account_id ?? ""), call.params);
    return EMPTY_OK;
  },
};

import { EMPTY_OK, ok, type ApiResult, type PlatformCall } from "../call";
import {
  accountsVisibleTo,
  accountUsers,
  createPlatformAccount,
  createPlatformUser,
  destroyPlatformAccount,
  destroyPlatformUser,
  findPlatformAccount,
  findPlatformUser,
  removeAccountUser,
  updatePlatformAccount,
  updatePlatformUser,
  upsertAccountUser,
} from "../models/platform";
import { columnsOf } from "../columns";
import type { AccountRecord, SandboxState, UserRecord } from "../state";
import { userView } from "./user-view";

/** `platform/api/v1/models/_user`. */
const platformUserView = (state: SandboxState, user: UserRecord) => userView(state, user, { api: false });

/** `platform/api/v1/models/_account`: the enabled flags as a hash of `true`s. */
function accountView(account: AccountRecord) {
  const features = Object.fromEntries(account.features.map((flag) => [flag, true]));
  return { ...columnsOf(account, ["id", "name", "locale", "domain", "support_email"]), features, ...columnsOf(account, ["custom_attributes", "limits", "status"]) };
}

/** `render json: account_user`: the row's columns. */
function accountUserView({ user, membership }: ReturnType<typeof accountUsers>[number]) {
  return {
    id: membership.id ?? null,
    account_id: membership.account_id,
    user_id: user.id,
    role: membership.role,
    inviter_id: null,
    active_at: null,
    availability: membership.availability,
    auto_offline: membership.auto_offline,
  };
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
    destroyPlatformUser(call.state, findPlatformUser(call.state, call.app, call.path.id ?? ""));
    return EMPTY_OK;
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
    removeAccountUser(call.state, findPlatformAccount(call.state, call.app, call.path.account_id ?? ""), call.params);
    return EMPTY_OK;
  },
};

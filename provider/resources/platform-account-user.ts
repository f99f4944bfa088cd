import { z } from "zod";
import { call, send } from "../lifecycle/api";
import { defineCollectionResource } from "../lifecycle/collection";
import { accountId, adopt, objectId } from "../validation/fields";
import { list, single } from "../wire/envelope";
import { AccountUserWire } from "../wire/platform";
import { ROLES } from "./agent";

/** The checks of `PlatformAccountUserArgs` (sdk/platform-account-user.ts, where each argument is documented). */
export const PlatformAccountUserInputs = z.strictObject({
  accountId,
  userId: objectId,
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` }).optional(),
  adopt,
});
export type PlatformAccountUserInputs = z.input<typeof PlatformAccountUserInputs>;

/**
 * A user's membership of an account, made through the Platform API
 * (`/platform/api/v1/accounts/{accountId}/account_users`); id: the user id. Chatwoot's create is
 * `find_or_initialize_by(user_id)`: a POST for a member sets their role, so create refuses a user who
 * already is a member (unless `adopt: true`), a role change is that POST again, and a create sent
 * again after a lost answer makes nothing twice. DELETE takes the user id in its body. The account
 * must be one this Platform App made; the user may be any user of the installation.
 */
export const platformAccountUser = defineCollectionResource({
  inputs: PlatformAccountUserInputs,
  wire: AccountUserWire,
  noun: "account user",
  at: { path: "account_users", show: "list", area: "platform", under: (props) => ["accounts", props.accountId as number] },
  adoption: {
    // An agent the run invites is an account user too: a kept listing of them is taken again after it.
    accountUsers: { userId: (member) => member.user_id },
    key: {
      matches: (inputs, member) => member.user_id === inputs.userId,
      describe: (inputs) => `user ${inputs.userId}`,
    },
  },
  content: {
    // Another account or user is another membership.
    replaceOn: ["accountId", "userId"],
    normalizers: { userId: (v) => (v === null || v === undefined ? null : Number(v)) },
    outputs: (base, member) => ({ ...base, userId: member.user_id, role: member.role }),
  },
  hooks: {
    api: (_rest, at) => {
      // `find_or_initialize_by` makes the POST idempotent: the client may send it again after a lost answer.
      const write = (props: { accountId: number; userId: number; role?: string }, idempotent: boolean) =>
        call(single(AccountUserWire), {
          method: "POST",
          path: at.collection(props),
          json: { user_id: props.userId, ...(props.role === undefined ? {} : { role: props.role }) },
          idempotent,
        });
      return {
        get: async (props, id) => (await call(list(AccountUserWire), { method: "GET", path: at.collection(props) })).find((m) => String(m.user_id) === id),
        // A create stays a create (createOnce decides whether to send it again, after refusing a member).
        post: (inputs) => write(inputs, false),
        patch: (inputs) => write(inputs, true),
        remove: (props, id) => send({ method: "DELETE", path: at.collection(props), json: { user_id: Number(id) } }),
      };
    },
  },
});

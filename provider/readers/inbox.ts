import { z } from "zod";
import { call } from "../lifecycle/api";
import { accountId, objectId } from "../validation/fields";
import { single } from "../wire/envelope";
import { inboxFromWire, InboxWire, type Inbox } from "../wire/inbox";
import { accountPath } from "../wire/paths";
import { accountOf, parseArgs } from "./reader";

/** The checks of `GetInboxArgs` (sdk/get-inbox.ts, where each argument is documented). */
export const GetInboxArgs = z.strictObject({
  accountId: accountId.optional(),
  inboxId: objectId,
});
export type GetInboxArgs = z.input<typeof GetInboxArgs>;

/** Reads one inbox (`GET /inboxes/{id}`); a missing or foreign inbox fails with the server's 404. */
export async function getInbox(args: GetInboxArgs): Promise<Inbox> {
  const { accountId: given, inboxId } = parseArgs("getInbox", GetInboxArgs, args);
  const account = accountOf("getInbox", given);
  return inboxFromWire(await call(single(InboxWire), { method: "GET", path: accountPath(account, "inboxes", inboxId) }));
}

export { INBOX_SECRET_KEYS, type Inbox } from "../wire/inbox";

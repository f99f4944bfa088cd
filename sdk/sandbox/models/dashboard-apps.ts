/**
 * Dashboard apps, as upstream at fd5ac2a8a has them (app/controllers/api/v1/accounts/dashboard_apps_controller.rb,
 * app/models/dashboard_app.rb, app/views/api/v1/models/_dashboard_app.json.jbuilder):
 * - no authorization: every member of the account lists, shows, creates, updates and deletes them;
 * - show, update and destroy use `find(id)` among the account's apps: a missing or foreign id is
 *   404 "Resource could not be found";
 * - `params.require(:dashboard_app).permit(:title, content: [:url, :type])`; create records the
 *   caller as the app's user;
 * - validations, in order: ApplicationRecord's length limit on the title (column-lengths.ts), the
 *   app's user exists (`belongs_to :user`: "User must exist", which an app whose user was deleted
 *   fails on every update, since deleting a user empties its apps' `user_id`), then
 *   `validate_content`: content must be a non-empty list of `{type: "frame", url}` (a JSON schema:
 *   `url` present, and when it is text a URI starting with http:// or https://); a content that is
 *   not a list is first replaced by []. Otherwise 422 RecordInvalid "Content : Invalid data";
 * - `title` is a NOT NULL column with no validation: a create without one is a 500, and "" is kept;
 * - destroy answers 204.
 */
import { internalError } from "../errors";
import { castString, isHash, type Params, type PermitFilter } from "../params";
import type { DashboardAppRecord, SandboxState } from "../state";
import { accountTable } from "./account-table";
import { columnLengthErrors } from "./column-lengths";

const COLUMNS = ["id", "title", "content", "account_id", "user_id", "created_at", "updated_at"];

const PERMIT: PermitFilter = { title: "scalar", content: { url: "scalar", type: "scalar" } };

type Draft = Omit<DashboardAppRecord, "title" | "content"> & { title: string | null; content: unknown };

/** The account's dashboard apps, in id order; a create records the caller as the app's user. */
export const dashboardApps = accountTable<DashboardAppRecord, Draft>({
  rows: (state) => state.dashboardApps,
  sequence: "dashboard_apps",
  param: "dashboard_app",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => ({ id: 0, account_id: account.id, title: null, content: null, user_id: 0, created_at: new Date().toISOString() }),
  assign,
  save,
});

function assign(draft: Draft, attributes: Params): Draft {
  if (Object.hasOwn(attributes, "title")) draft.title = castString(attributes.title);
  if (Object.hasOwn(attributes, "content")) draft.content = attributes.content;
  return draft;
}

/** Characters RFC 3986 allows in a URI (Ruby's URI parser refuses any other, spaces included). */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

/**
 * The content schema's `saneUrl` (`format: uri`, `pattern: ^https?://`): JSON Schema applies both
 * to strings only, so a number or null passes; text must be an absolute URI starting with http://
 * or https://.
 */
function saneUrl(value: unknown): boolean {
  if (typeof value !== "string") return true;
  if (!/^https?:\/\//.test(value) || !URI_CHARACTERS.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function validContent(content: unknown): content is Params[] {
  return Array.isArray(content) && content.length > 0 && content.every((item) => isHash(item) && Object.hasOwn(item, "url") && item.type === "frame" && saneUrl(item.url));
}

function save(draft: Draft, state: SandboxState): DashboardAppRecord {
  const errors = columnLengthErrors(draft, { title: "string" });
  if (draft.user_id === null || !state.users.has(draft.user_id)) errors.add("user", "must exist");
  const content = Array.isArray(draft.content) ? draft.content : [];
  if (!validContent(content)) errors.add("content", ": Invalid data");
  errors.raiseIfAny();
  if (draft.title === null) throw internalError(); // NOT NULL
  return { ...draft, title: draft.title, content: structuredClone(content) };
}

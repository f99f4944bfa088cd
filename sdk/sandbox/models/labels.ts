/**
 * Labels, as upstream at fd5ac2a8a has them (app/controllers/api/v1/accounts/labels_controller.rb,
 * app/models/label.rb, app/policies/label_policy.rb, app/views/api/v1/accounts/labels/*.json.jbuilder):
 * - the list is open to every member; show, create, update and destroy are administrator-only;
 *   show/update/destroy look the label up first, so another account's or an unknown id is 404
 *   before the role check;
 * - `params.require(:label)` after JSON wrapping; permitted: title, description, color,
 *   show_on_sidebar;
 * - ApplicationRecord's length limits (column-lengths.ts) come first;
 * - the title is lower-cased before validation (when present), so "VIP" is stored as "vip";
 *   then, in order: presence ("must not be blank"), the format /\A[\p{L}\p{N}]+[\p{L}\p{N}_-]+\Z/
 *   ("is invalid": at least two characters, letters, digits, "_" and "-", starting with a letter
 *   or digit; no spaces) and uniqueness per account; a failure is 422 RecordInvalid on create
 *   and on update (`update!`);
 * - `color` is not validated but is a NOT NULL column (default "#1f93ff"): an explicit null is a 500;
 * - the list is ordered by title (`default_scope { order(:title) }`), compared by code point here;
 * - deleting a label leaves conversations alone (their tags keep the title).
 */
import { internalError } from "../errors";
import { castBoolean, castString, type Params, type PermitFilter } from "../params";
import { MUST_NOT_BE_BLANK, TAKEN } from "../record-errors";
import type { LabelRecord, SandboxState } from "../state";
import { accountTable } from "./account-table";
import { columnLengthErrors, type TextColumn } from "./column-lengths";
import { takenInAccount } from "./uniqueness";

const COLUMNS = ["id", "title", "description", "color", "show_on_sidebar", "account_id", "created_at", "updated_at"];

const TEXT_COLUMNS: Record<string, TextColumn> = { title: "string", description: "text", color: "string" };

const PERMIT: PermitFilter = { title: "scalar", description: "scalar", color: "scalar", show_on_sidebar: "scalar" };

/** RegexHelper::UNICODE_CHARACTER_NUMBER_HYPHEN_UNDERSCORE; Ruby's \Z also accepts one trailing newline. */
const TITLE_FORMAT = /^[\p{L}\p{N}]+[\p{L}\p{N}_-]+\n?$/u;

/** A label being assigned: `title` may be nil until validation refuses it. */
type Draft = Omit<LabelRecord, "title" | "color"> & { title: string | null; color: string | null };

/** The account's labels, ordered by title (`default_scope { order(:title) }`). */
export const labels = accountTable<LabelRecord, Draft>({
  rows: (state) => state.labels,
  sequence: "labels",
  param: "label",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => ({ id: 0, account_id: account.id, title: null, description: null, color: "#1f93ff", show_on_sidebar: null }),
  assign,
  save,
  order: (a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id),
});

function assign(draft: Draft, attributes: Params): Draft {
  const has = (key: string) => Object.hasOwn(attributes, key);
  if (has("title")) draft.title = castString(attributes.title);
  if (has("description")) draft.description = castString(attributes.description);
  if (has("color")) draft.color = castString(attributes.color);
  if (has("show_on_sidebar")) draft.show_on_sidebar = castBoolean(attributes.show_on_sidebar);
  // before_validation: `title.downcase if attribute_present?('title')`.
  if (draft.title !== null && draft.title.trim() !== "") draft.title = draft.title.toLowerCase();
  return draft;
}

/** Validates (422 RecordInvalid), then the NOT NULL column refuses a null colour (500). */
function save(draft: Draft, state: SandboxState): LabelRecord {
  const errors = columnLengthErrors(draft, TEXT_COLUMNS);
  const title = draft.title ?? "";
  if (title.trim() === "") errors.add("title", MUST_NOT_BE_BLANK);
  if (!TITLE_FORMAT.test(title)) errors.add("title", "is invalid");
  if (takenInAccount(state.labels, draft as LabelRecord, "title")) errors.add("title", TAKEN);
  errors.raiseIfAny();
  if (draft.color === null) throw internalError();
  return { ...draft, title, color: draft.color };
}

/**
 * Canned responses, as upstream at fd5ac2a8a has them
 * (app/controllers/api/v1/accounts/canned_responses_controller.rb, app/models/canned_response.rb;
 * the controller renders the record itself):
 * - no policy check at all: every member of the account lists, creates, updates and deletes;
 * - routes are index, create, update and destroy only (there is no show);
 * - `params.require(:canned_response)` after JSON wrapping; permitted: short_code, content;
 * - validations, in order: ApplicationRecord's length limits (column-lengths.ts: the short code
 *   255 characters, the content 20,000), content presence, short_code presence, short_code uniqueness per
 *   account (case-sensitive, nothing is normalized or stripped); 422 RecordInvalid on create
 *   and update;
 * - `?search=` (present, even empty) keeps rows whose short code or content ILIKE `%search%`
 *   (`%` and `_` in the search are wildcards) and orders them by score: short code starting with
 *   the search 1, short code containing it 0.5, content containing it 0.2; ties by id. Without
 *   it the list is in id order.
 */
import { castString, type Params, type PermitFilter } from "../params";
import { CANT_BE_BLANK, TAKEN } from "../record-errors";
import type { AccountRecord, CannedResponseRecord, SandboxState } from "../state";
import { accountTable } from "./account-table";
import { columnLengthErrors, type TextColumn } from "./column-lengths";
import { takenInAccount } from "./uniqueness";

const COLUMNS = ["id", "content", "short_code", "account_id", "created_at", "updated_at"];
const TEXT_COLUMNS: Record<string, TextColumn> = { short_code: "string", content: "text" };
const PERMIT: PermitFilter = { short_code: "scalar", content: "scalar" };

/** A canned response being assigned: both texts may be nil until validation refuses them. */
type Draft = Omit<CannedResponseRecord, "short_code" | "content"> & { short_code: string | null; content: string | null };

/** The account's canned responses, in id order; every member may change them. */
export const cannedResponses = accountTable<CannedResponseRecord, Draft>({
  rows: (state) => state.cannedResponses,
  sequence: "canned_responses",
  param: "canned_response",
  columns: COLUMNS,
  permit: PERMIT,
  draft: (account) => {
    const stamp = new Date().toISOString();
    return { id: 0, account_id: account.id, short_code: null, content: null, created_at: stamp, updated_at: stamp };
  },
  assign,
  save: validated,
  touch: true,
});

/** The account's canned responses, filtered and ranked when `search` is given. */
export function searchCannedResponses(state: SandboxState, account: AccountRecord, search: string | undefined): CannedResponseRecord[] {
  const all = cannedResponses.of(state, account);
  if (search === undefined) return all;
  const startsWith = ilike(`${search}%`);
  const contains = ilike(`%${search}%`);
  const score = (c: CannedResponseRecord) => (startsWith(c.short_code) ? 1 : contains(c.short_code) ? 0.5 : contains(c.content) ? 0.2 : 0);
  return all.filter((c) => contains(c.short_code) || contains(c.content)).sort((a, b) => score(b) - score(a) || a.id - b.id);
}

function assign(draft: Draft, attributes: Params): Draft {
  if (Object.hasOwn(attributes, "short_code")) draft.short_code = castString(attributes.short_code);
  if (Object.hasOwn(attributes, "content")) draft.content = castString(attributes.content);
  return draft;
}

function validated(draft: Draft, state: SandboxState): CannedResponseRecord {
  const errors = columnLengthErrors(draft, TEXT_COLUMNS);
  if ((draft.content ?? "").trim() === "") errors.add("content", CANT_BE_BLANK);
  if ((draft.short_code ?? "").trim() === "") errors.add("short_code", CANT_BE_BLANK);
  if (takenInAccount(state.cannedResponses, draft as CannedResponseRecord, "short_code")) errors.add("short_code", TAKEN);
  errors.raiseIfAny();
  return draft as CannedResponseRecord; // validated: both texts are present
}

/** Postgres ILIKE with the default escape character: `%` any run, `_` one character, `\x` a literal x. */
function ilike(pattern: string): (value: string) => boolean {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === "\\" && i + 1 < pattern.length) source += escapeRegExp(pattern[++i] as string);
    else if (char === "%") source += "[\\s\\S]*";
    else if (char === "_") source += "[\\s\\S]";
    else source += escapeRegExp(char);
  }
  const regex = new RegExp(`^${source}$`, "iu");
  return (value) => regex.test(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

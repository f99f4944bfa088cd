import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { cannedResponses, searchCannedResponses } from "../models/canned-responses";
import { columnsOf } from "../columns";
import type { CannedResponseRecord } from "../state";

/** `render json: record`: the columns in table order, ISO timestamps with milliseconds. */
function cannedResponseView(canned: CannedResponseRecord) {
  return columnsOf(canned, ["id", "account_id", "short_code", "content", "created_at", "updated_at"]);
}

/** A bare array, for any member. */
export function index(call: AccountCall): ApiResult {
  return ok(searchCannedResponses(call.state, call.account, call.query.search).map(cannedResponseView));
}

export function create(call: AccountCall): ApiResult {
  return ok(cannedResponseView(cannedResponses.create(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  const canned = cannedResponses.find(call.state, call.account, call.path.id ?? "");
  return ok(cannedResponseView(cannedResponses.update(call.state, canned, call)));
}

export function destroy(call: AccountCall): ApiResult {
  cannedResponses.destroy(call.state, cannedResponses.find(call.state, call.account, call.path.id ?? ""));
  return EMPTY_OK;
}

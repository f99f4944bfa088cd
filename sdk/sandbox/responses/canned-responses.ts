import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { cannedResponsesOf, createCannedResponse, destroyCannedResponse, findCannedResponse, updateCannedResponse } from "../models/canned-responses";
import type { CannedResponseRecord } from "../state";

/** `render json: record`: the columns in table order, ISO timestamps with milliseconds. */
function cannedResponseView(canned: CannedResponseRecord) {
  return {
    id: canned.id,
    account_id: canned.account_id,
    short_code: canned.short_code,
    content: canned.content,
    created_at: canned.created_at,
    updated_at: canned.updated_at,
  };
}

/** A bare array, for any member. */
export function index(call: AccountCall): ApiResult {
  return ok(cannedResponsesOf(call.state, call.account, call.query.search).map(cannedResponseView));
}

export function create(call: AccountCall): ApiResult {
  return ok(cannedResponseView(createCannedResponse(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  const canned = findCannedResponse(call.state, call.account, call.path.id ?? "");
  return ok(cannedResponseView(updateCannedResponse(call.state, canned, call)));
}

export function destroy(call: AccountCall): ApiResult {
  destroyCannedResponse(call.state, findCannedResponse(call.state, call.account, call.path.id ?? ""));
  return EMPTY_OK;
}

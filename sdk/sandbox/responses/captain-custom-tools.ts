import { requireAdministrator, requireCaptain } from "../auth";
import { ok, type AccountCall, type ApiResult } from "../call";
import { epochSeconds as epoch } from "../columns";
import { couldNotCreate } from "../errors";
import { captainCustomTools, ensureWithinLimit } from "../models/captain-custom-tools";
import { castInteger, isHash, wrapParameters } from "../params";
import type { CaptainCustomToolRecord } from "../state";

/** `RESULTS_PER_PAGE`: the index serves 25 tools a page. */
export const TOOLS_PER_PAGE = 25;


/** The `_custom_tool` partial: `auth_config` and `headers` only for an administrator. */
function toolView(call: AccountCall, tool: CaptainCustomToolRecord) {
  const admin = call.role === "administrator";
  return {
    id: tool.id,
    slug: tool.slug,
    title: tool.title,
    description: tool.description,
    endpoint_url: tool.endpoint_url,
    http_method: tool.http_method,
    request_template: tool.request_template,
    response_template: tool.response_template,
    auth_type: tool.auth_type,
    ...(admin ? { auth_config: tool.auth_config, headers: tool.headers } : {}),
    param_schema: tool.param_schema,
    enabled: tool.enabled,
    account_id: tool.account_id,
    created_at: epoch(tool.created_at),
    updated_at: epoch(tool.updated_at),
  };
}

/** `ensure_custom_tools_enabled` (with Captain's own guard), then Pundit: writes are administrators'. */
function guarded(call: AccountCall, write: boolean): AccountCall {
  requireCaptain(call, "custom_tools");
  if (write) requireAdministrator(call);
  return call;
}

/** `validate_headers_param`: `permit(headers: {})` would drop a value that is no object silently, so it is refused first. */
function validateHeaders(call: AccountCall): void {
  const tool = wrapParameters(call.params, call.json, "custom_tool", ["headers"]).custom_tool;
  if (isHash(tool) && Object.hasOwn(tool, "headers") && !isHash(tool.headers)) throw couldNotCreate("Headers must be an object of header names to values");
}

/** Every member; `{payload, meta: {total_count, page}}`, newest first, 25 a page. */
export function index(call: AccountCall): ApiResult {
  const tools = captainCustomTools.of(guarded(call, false).state, call.account).sort((a, b) => b.id - a.id);
  const page = castInteger(call.query.page ?? "1") ?? 0;
  const from = Math.max(page - 1, 0) * TOOLS_PER_PAGE;
  return ok({ payload: tools.slice(from, from + TOOLS_PER_PAGE).map((t) => toolView(call, t)), meta: { total_count: tools.length, page } });
}

export function show(call: AccountCall): ApiResult {
  return ok(toolView(call, captainCustomTools.find(guarded(call, false).state, call.account, call.path.id ?? "")));
}

export function create(call: AccountCall): ApiResult {
  validateHeaders(guarded(call, true));
  ensureWithinLimit(call.state, call.account);
  return ok(toolView(call, captainCustomTools.create(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  const tool = captainCustomTools.find(guarded(call, true).state, call.account, call.path.id ?? "");
  validateHeaders(call);
  return ok(toolView(call, captainCustomTools.update(call.state, tool, call)));
}

/** `head :no_content`. */
export function destroy(call: AccountCall): ApiResult {
  captainCustomTools.destroy(call.state, captainCustomTools.find(guarded(call, true).state, call.account, call.path.id ?? ""));
  return { status: 204 };
}

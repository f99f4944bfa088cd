import { ok, type AccountCall, type ApiResult } from "../call";
import { dashboardApps } from "../models/dashboard-apps";
import { columnsOf } from "../columns";
import type { DashboardAppRecord } from "../state";

/** The `_dashboard_app` partial. */
function dashboardAppView(app: DashboardAppRecord) {
  return columnsOf(app, ["id", "title", "content", "created_at"]);
}

/** Every view is bare; no action checks the caller's role. */
export function index(call: AccountCall): ApiResult {
  return ok(dashboardApps.of(call.state, call.account).map(dashboardAppView));
}

export function show(call: AccountCall): ApiResult {
  return ok(dashboardAppView(dashboardApps.find(call.state, call.account, call.path.id ?? "")));
}

export function create(call: AccountCall): ApiResult {
  return ok(dashboardAppView(dashboardApps.create(call.state, call.account, call, { user_id: call.user.id })));
}

export function update(call: AccountCall): ApiResult {
  return ok(dashboardAppView(dashboardApps.update(call.state, dashboardApps.find(call.state, call.account, call.path.id ?? ""), call)));
}

/** `head :no_content`. */
export function destroy(call: AccountCall): ApiResult {
  dashboardApps.destroy(call.state, dashboardApps.find(call.state, call.account, call.path.id ?? ""));
  return { status: 204 };
}

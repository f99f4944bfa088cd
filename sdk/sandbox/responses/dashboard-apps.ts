import { ok, type AccountCall, type ApiResult } from "../call";
import { createDashboardApp, dashboardAppsOf, destroyDashboardApp, findDashboardApp, updateDashboardApp } from "../models/dashboard-apps";
import type { DashboardAppRecord } from "../state";

/** The `_dashboard_app` partial. */
function dashboardAppView(app: DashboardAppRecord) {
  return { id: app.id, title: app.title, content: app.content, created_at: app.created_at };
}

/** Every view is bare; no action checks the caller's role. */
export function index(call: AccountCall): ApiResult {
  return ok(dashboardAppsOf(call.state, call.account).map(dashboardAppView));
}

export function show(call: AccountCall): ApiResult {
  return ok(dashboardAppView(findDashboardApp(call.state, call.account, call.path.id ?? "")));
}

export function create(call: AccountCall): ApiResult {
  return ok(dashboardAppView(createDashboardApp(call.state, call.account, call.user.id, call)));
}

export function update(call: AccountCall): ApiResult {
  return ok(dashboardAppView(updateDashboardApp(call.state, findDashboardApp(call.state, call.account, call.path.id ?? ""), call)));
}

/** `head :no_content`. */
export function destroy(call: AccountCall): ApiResult {
  destroyDashboardApp(call.state, findDashboardApp(call.state, call.account, call.path.id ?? ""));
  return { status: 204 };
}

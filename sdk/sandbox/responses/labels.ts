import { requireAdministrator } from "../auth";
import { EMPTY_OK, ok, type AccountCall, type ApiResult } from "../call";
import { labels } from "../models/labels";
import type { LabelRecord } from "../state";

/** The label as every label view renders it (list rows, show, create and update alike). */
function labelView(label: LabelRecord) {
  return { id: label.id, title: label.title, description: label.description, color: label.color, show_on_sidebar: label.show_on_sidebar };
}

/** The label of the path, looked up before the role check (`fetch_label` runs first). */
function adminLabel(call: AccountCall): LabelRecord {
  const label = labels.find(call.state, call.account, call.path.id ?? "");
  requireAdministrator(call);
  return label;
}

/** `{payload: [label, ...]}` for every member. */
export function index(call: AccountCall): ApiResult {
  return ok({ payload: labels.of(call.state, call.account).map(labelView) });
}

export function show(call: AccountCall): ApiResult {
  return ok(labelView(adminLabel(call)));
}

export function create(call: AccountCall): ApiResult {
  requireAdministrator(call);
  return ok(labelView(labels.create(call.state, call.account, call)));
}

export function update(call: AccountCall): ApiResult {
  return ok(labelView(labels.update(call.state, adminLabel(call), call)));
}

export function destroy(call: AccountCall): ApiResult {
  labels.destroy(call.state, adminLabel(call));
  return EMPTY_OK;
}

/** What an offline operation did, and a readable rendering of it. */
import type { HostMethod } from "./host";
import { isSealed } from "./state-secrets";
import { isWireSecret, UNKNOWN, type PropertyMap } from "./wire";

/**
 * The step taken for one resource. `adopt` is a create that took over an existing object (its
 * outputs carry the provider's adoption mark); `read` is a refresh (or a resource read by id).
 */
export type ResourceOp = "create" | "adopt" | "update" | "replace" | "delete" | "same" | "read";

/** One row of a {@link RunSummary}. */
export interface ResourceChange {
  urn: string;
  type: string;
  name: string;
  /** Provider id after the step (before it, for deletes); absent for components and in previews of creates. */
  id?: string;
  op: ResourceOp;
  /** Input keys that differ (update, replace) or output keys that drifted (refresh). */
  changedKeys?: string[];
  /** Extra context, e.g. `retained` (retainOnDelete) or `delete-before-replace`. */
  detail?: string;
}

/** The result of `runProgram`, `refreshStack` or `destroyStack`. */
export interface RunSummary {
  operation: "update" | "preview" | "refresh" | "destroy";
  project: string;
  stack: string;
  /** Resources in the order they were processed; the root stack is left out. */
  resources: ResourceChange[];
  /** Stack outputs; secrets appear as `[secret]`, unknown preview values as `[unknown]`. */
  outputs: Record<string, unknown>;
  /** RPCs sent to the dynamic-provider host. */
  hostCalls: Record<HostMethod, number>;
}

/** Stack outputs for display: secrets masked, unknowns marked. */
export function displayOutputs(outputs: PropertyMap): Record<string, unknown> {
  const mask = (value: unknown): unknown => {
    if (isWireSecret(value) || isSealed(value)) return "[secret]";
    if (value === UNKNOWN) return "[unknown]";
    if (Array.isArray(value)) return value.map(mask);
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v)]));
    return value;
  };
  return Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, mask(v)]));
}

// `=` is the symbol Pulumi shows for an import, the engine's own way of taking an object over.
const SYMBOLS: Record<ResourceOp, string> = { create: "+", adopt: "=", update: "~", replace: "+-", delete: "-", same: " ", read: ">" };
/** What each step did, in the past tense (`3 created, 1 adopted`). */
export const PAST: Record<ResourceOp, string> = {
  create: "created",
  adopt: "adopted",
  update: "updated",
  replace: "replaced",
  delete: "deleted",
  same: "unchanged",
  read: "refreshed",
};
const PLANNED: Record<ResourceOp, string> = { create: "to create", adopt: "to adopt", update: "to update", replace: "to replace", delete: "to delete", same: "unchanged", read: "to refresh" };

/** `pulumi-nodejs:dynamic/chatwoot:AgentBot` → `chatwoot:AgentBot`. */
function shortType(type: string): string {
  return type.replace(/^pulumi-nodejs:dynamic\//, "");
}

/** Renders a summary as aligned text: one row per resource, then outputs and totals. */
export function formatSummary(summary: RunSummary): string {
  const title = { update: "Update", preview: "Preview", refresh: "Refresh", destroy: "Destroy" }[summary.operation];
  const lines = [`${title} of stack ${summary.stack} (project ${summary.project}), run offline through the dynamic-provider host`, ""];
  const header = ["", "OPERATION", "TYPE", "NAME", "ID", "CHANGES"];
  const rows = summary.resources.map((r) => [
    SYMBOLS[r.op],
    r.op + (r.detail ? ` (${r.detail})` : ""),
    shortType(r.type),
    r.name,
    r.id ?? "",
    (r.changedKeys ?? []).join(", "),
  ]);
  if (rows.length === 0) {
    lines.push("  (no resources)");
  } else {
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const render = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i])).join("  ")}`.trimEnd();
    lines.push(render(header), ...rows.map(render));
  }

  const outputs = Object.entries(summary.outputs);
  if (outputs.length > 0) {
    lines.push("", "Outputs:");
    const width = Math.max(...outputs.map(([k]) => k.length));
    for (const [key, value] of outputs) lines.push(`  ${key.padEnd(width)}  ${typeof value === "string" ? value : JSON.stringify(value)}`);
  }

  const counts = new Map<ResourceOp, number>();
  for (const r of summary.resources) counts.set(r.op, (counts.get(r.op) ?? 0) + 1);
  const words = summary.operation === "preview" ? PLANNED : PAST;
  const totals = [...counts].map(([op, n]) => `${n} ${words[op]}`).join(", ") || "nothing to do";
  const calls = Object.entries(summary.hostCalls).filter(([, n]) => n > 0).map(([m, n]) => `${m} ${n}`).join(", ") || "none";
  lines.push("", `Resources: ${totals}`, `Host calls: ${calls}`);
  return lines.join("\n");
}

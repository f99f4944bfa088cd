/** What the demo needs from whatever runs the Pulumi program: the real CLI or the offline runner. */
import type { StackResource } from "./resource-table";

/** The outcome of one `up`. */
export interface UpResult {
  /** Resources per outcome, e.g. `{ created: 5 }` or `{ unchanged: 5 }`. */
  counts: Record<string, number>;
  /** Whether anything was created, updated, replaced or deleted. */
  changed: boolean;
}

/** A stack of one example, ready to run. */
export interface DemoEngine {
  /** Runs the program like `pulumi up --yes`; rejects when the update fails. */
  up(): Promise<UpResult>;
  /** The resources the stack holds now. */
  resources(): Promise<StackResource[]>;
  /** The stack outputs, secrets masked as `[secret]`. */
  outputs(): Promise<Record<string, unknown>>;
  /** Removes the temporary state. */
  dispose(): Promise<void>;
}

/** "5 created, 1 updated" */
export function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts).map(([what, n]) => `${n} ${what}`).join(", ") || "no resources";
}

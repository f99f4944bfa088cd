/**
 * What one member's operation did, read from Pulumi's engine events as they come: each resource's
 * step (the last one reported per resource wins), the error and warning diagnostics, and for a
 * refresh preview what drifted: each resource the server changed and the properties that differ
 * between the state and the server. The stack itself and its providers are not the template's
 * resources and are not counted.
 */
import { isDeepStrictEqual } from "node:util";
import type { EngineEvent } from "@pulumi/pulumi/automation";

/** Resources by what happened to them. */
export interface StepCounts {
  created: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

/** A resource the server changed since the state last saw it. */
export interface DriftEntry {
  /** The resource's name in the template. */
  resource: string;
  type: string;
  /** The properties the server holds otherwise, or `["(deleted on the server)"]`. */
  properties: string[];
}

/** How each engine operation counts. */
const COUNTED_AS: Record<string, keyof StepCounts> = {
  create: "created",
  import: "created",
  update: "updated",
  replace: "updated",
  "create-replacement": "updated",
  delete: "deleted",
  "delete-replaced": "deleted",
  discard: "deleted",
  "discard-replaced": "deleted",
  same: "unchanged",
  read: "unchanged",
  refresh: "unchanged",
};

/** Deleted on the server, as a drift entry says it. */
export const GONE = "(deleted on the server)";

// eslint-disable-next-line no-control-regex -- the escape character starts a colour code
const ANSI = /\u001b\[[0-9;]*m/g;

type Metadata = { op: string; urn: string; type: string; old?: { outputs?: Record<string, unknown> }; new?: { outputs?: Record<string, unknown> } };

/** Tallies one operation's engine events (give it `onEvent`), then tells its counts, diagnostics and drift. */
export class EventTally {
  private readonly steps = new Map<string, { op: string; type: string; done: boolean }>();
  private readonly drifted = new Map<string, DriftEntry>();
  readonly errors: string[] = [];
  readonly warnings: string[] = [];

  /** @param onStep called when a resource's step is done (for progress) */
  constructor(private readonly onStep: () => void = () => undefined) {}

  /** Takes one engine event. */
  readonly onEvent = (event: EngineEvent): void => {
    const done = event.resOutputsEvent?.metadata as Metadata | undefined;
    const planned = event.resourcePreEvent?.metadata as Metadata | undefined;
    const metadata = done ?? planned;
    if (metadata !== undefined && metadata.type !== "pulumi:pulumi:Stack" && !metadata.type.startsWith("pulumi:providers:")) {
      const before = this.steps.get(metadata.urn);
      // A step done is not undone by a later planned event of the same resource.
      if (!(before?.done && !done)) this.steps.set(metadata.urn, { op: metadata.op, type: metadata.type, done: done !== undefined });
      if (done !== undefined) {
        this.noteDrift(done);
        this.onStep();
      }
    }
    const diagnostic = event.diagnosticEvent;
    if (diagnostic !== undefined) {
      const text = diagnostic.message.replace(ANSI, "").trim();
      if (text === "") return;
      const where = diagnostic.urn ? `${nameOf(diagnostic.urn)}: ` : "";
      if (diagnostic.severity === "error") this.errors.push(`${where}${text}`);
      else if (diagnostic.severity === "warning") this.warnings.push(`${where}${text}`);
    }
  };

  /** Resources by what happened to them (or, in a preview, would). */
  counts(): StepCounts {
    const counts: StepCounts = { created: 0, updated: 0, deleted: 0, unchanged: 0 };
    for (const { op } of this.steps.values()) counts[COUNTED_AS[op] ?? "unchanged"] += 1;
    return counts;
  }

  /** Resources whose step is done. */
  get stepsDone(): number {
    let n = 0;
    for (const step of this.steps.values()) if (step.done) n += 1;
    return n;
  }

  /** What a refresh found changed on the server, resource by resource. */
  drift(): DriftEntry[] {
    return [...this.drifted.values()];
  }

  private noteDrift(metadata: Metadata): void {
    if (metadata.op === "delete") {
      this.drifted.set(metadata.urn, { resource: nameOf(metadata.urn), type: metadata.type, properties: [GONE] });
    } else if (metadata.op === "update") {
      const properties = changedProperties(metadata.old?.outputs ?? {}, metadata.new?.outputs ?? {});
      this.drifted.set(metadata.urn, { resource: nameOf(metadata.urn), type: metadata.type, properties });
    }
  }
}

/** The resource's name: the last part of its URN. */
export function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/** The top-level properties that differ, but the dynamic provider's own (`__provider`, `__inputs`). */
function changedProperties(old: Record<string, unknown>, now: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(old), ...Object.keys(now)]);
  return [...keys].filter((key) => !key.startsWith("__") && !isDeepStrictEqual(old[key], now[key])).sort();
}

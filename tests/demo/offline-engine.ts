/**
 * The demo without a Pulumi CLI: the offline runner (tests/harness) runs the program under Pulumi's
 * runtime in this process and sends every resource through Pulumi's real dynamic-provider host,
 * keeping a JSON state file in a temporary directory.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runProgram, type RunSummary } from "../harness/offline-runner";
import { PAST } from "../harness/summary";
import { loadState } from "../harness/state";
import type { DemoEngine, UpResult } from "./engine";
import { projectName, type ExampleSpec, type StackConfig } from "./examples";
import type { StackResource } from "./resource-table";

export class OfflineEngine implements DemoEngine {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-demo-"));
  private readonly statePath = path.join(this.dir, "demo.json");
  private last: RunSummary | undefined;

  constructor(
    private readonly spec: ExampleSpec,
    private readonly stack: StackConfig,
  ) {}

  async up(): Promise<UpResult> {
    this.last = await runProgram({
      program: this.spec.dir,
      // The engine runs the provider host in the project directory; requires resolve from there.
      cwd: this.spec.dir,
      project: projectName(this.spec.dir),
      stack: "demo",
      config: this.stack.config,
      secretKeys: this.stack.secretKeys,
      statePath: this.statePath,
    });
    const counts: Record<string, number> = {};
    for (const { op } of this.last.resources) counts[PAST[op]] = (counts[PAST[op]] ?? 0) + 1;
    return { counts, changed: this.last.resources.some((r) => r.op !== "same") };
  }

  async resources(): Promise<StackResource[]> {
    const state = loadState(this.statePath);
    return (state?.resources ?? [])
      .filter((r) => r.custom && r.id !== undefined)
      .map((r) => ({ type: r.type, name: r.name, id: r.id as string, outputs: r.outputs }));
  }

  async outputs(): Promise<Record<string, unknown>> {
    return this.last?.outputs ?? {};
  }

  async dispose(): Promise<void> {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

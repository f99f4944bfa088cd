/**
 * One example as a stack of the offline runner against its own sandbox: a fresh sandbox (seeded
 * as the example expects) and a fresh state file for every test.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { destroyStack, refreshStack, runProgram } from "../../harness/offline-runner";
import { loadState, type ResourceState } from "../../harness/state";
import { writesIn } from "../../demo/requests";
import { example, projectName, sandboxStackConfig, type ExampleName } from "../../demo/examples";
import { startSandbox, type Sandbox } from "../../../sdk/sandbox";

export function useExampleStack(name: ExampleName) {
  const spec = example(name);
  let sandbox: Sandbox | undefined;
  let dir: string | undefined;

  const ctx = {
    spec,
    get sandbox(): Sandbox {
      if (!sandbox) throw new Error("sandbox not started");
      return sandbox;
    },
    get statePath(): string {
      if (!dir) throw new Error("no state directory");
      return path.join(dir, "test.json");
    },
    /** Stack options with the example's settings, `settings` overriding some of them. */
    options(settings: Record<string, string> = {}) {
      const stack = sandboxStackConfig(ctx.sandbox.info, spec);
      return { cwd: spec.dir, config: { ...stack.config, ...settings }, secretKeys: stack.secretKeys, statePath: ctx.statePath };
    },
    /** `pulumi up` of the example. */
    up(settings: Record<string, string> = {}) {
      return runProgram({ program: spec.dir, project: projectName(spec.dir), stack: "test", ...ctx.options(settings) });
    },
    destroy: () => destroyStack(ctx.options()),
    refresh: () => refreshStack(ctx.options()),
    /** Write requests since the log was last cleared. */
    writes: () => writesIn(ctx.sandbox.control.log()),
    /** `METHOD path` of each write since the log was last cleared. */
    writeLines: () => ctx.writes().map((w) => `${w.method} ${w.path}`),
    snapshot: () => ctx.sandbox.control.snapshot(),
    stateText: () => fs.readFileSync(ctx.statePath, "utf8"),
    /** The state's record of resource `name`. */
    record(resourceName: string): ResourceState {
      const record = loadState(ctx.statePath)?.resources.find((r) => r.name === resourceName);
      if (!record) throw new Error(`no resource ${resourceName} in the state`);
      return record;
    },
  };

  beforeEach(async () => {
    sandbox = await startSandbox({ fixture: spec.fixture });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `example-${name}-`));
  });
  afterEach(async () => {
    await sandbox?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    sandbox = undefined;
    dir = undefined;
  });
  return ctx;
}

/** `{ name: op }` of a run's resources. */
export const opsOf = (summary: { resources: { name: string; op: string }[] }) => Object.fromEntries(summary.resources.map((r) => [r.name, r.op]));

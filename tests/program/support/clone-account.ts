/**
 * The sandbox and the cloning flow of a program test on the clone fixture's account
 * (tests/demo/clone-fixture.ts: account 1 holds every kind an export covers): started before the
 * file's tests, stopped after them, with the writes the sandbox has logged since it was last
 * cleared.
 */
import { CLONE_FIXTURE } from "../../demo/clone-fixture";
import { CloneFlow } from "../../demo/clone-flow";
import { writesIn } from "../../demo/requests";
import { startSandbox, type Sandbox } from "../../../sdk/sandbox";
import { realEngine } from "./real-engine";

/** The file's sandbox and flow; valid from `beforeAll` on. */
export interface CloneAccount {
  readonly sandbox: Sandbox;
  readonly flow: CloneFlow;
  /** `METHOD path` of each write since the log was last cleared. */
  writeLines(): string[];
}

/** Starts the sandbox on the clone fixture and a flow on it for the file (call inside its `describe`). */
export function useCloneAccount(): CloneAccount {
  let sandbox: Sandbox | undefined;
  let flow: CloneFlow | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the sandbox and the flow start in beforeAll");
    return value;
  };
  beforeAll(async () => {
    sandbox = await startSandbox({ fixture: CLONE_FIXTURE });
    flow = new CloneFlow(sandbox.info, realEngine.binary);
  });
  afterAll(async () => {
    flow?.dispose();
    await sandbox?.close();
  });
  return {
    get sandbox() {
      return ready(sandbox);
    },
    get flow() {
      return ready(flow);
    },
    writeLines: () => writesIn(ready(sandbox).control.log()).map((w) => `${w.method} ${w.path}`),
  };
}

import type * as pulumi from "@pulumi/pulumi";
import { ProgramMonitor, type Registration } from "../../harness/program-monitor";
import { runUnderMonitor } from "../../harness/program-run";

/**
 * Runs `program` as a Pulumi program in this process, with the given stack config (`chatwoot:*`),
 * and returns its result: how the SDK's data sources and classes are tested in the program
 * process. Registered resources answer with their inputs; `registered` receives each one.
 */
export async function inProgram<T>(config: Record<string, string>, program: () => Promise<T>, registered?: (r: Registration) => void): Promise<T> {
  let result: T | undefined;
  const monitor = new ProgramMonitor({
    register: async (r) => {
      registered?.(r);
      return { id: "", outputs: r.inputs };
    },
  });
  const errors = await runUnderMonitor(monitor, { project: "p", stack: "s", config }, async () => {
    result = await program();
  });
  if (errors.length > 0) throw errors[0];
  return result as T;
}

/** The value of an Output (tests only: programs use apply). */
export function outputValue<T>(out: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => out.apply((v) => resolve(v)));
}

/**
 * Runs a Pulumi program in this process against a {@link ProgramMonitor}, the way the Node.js
 * language host would: inside the root stack component, then waiting for every registration.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ProgramMonitor } from "./program-monitor";

// The SDK's internal hook for running a program with its own runtime state (the Automation API
// runs inline programs this way). Each run gets a fresh store, so continuations of an abandoned
// run keep talking to their own, finished monitor instead of the next run's.
const { withLocalStorage } = require("@pulumi/pulumi/runtime/state") as { withLocalStorage<T>(callback: () => T): T };

/** Where and how the program runs. */
export interface ProgramRunOptions {
  project: string;
  stack: string;
  /** Sets `pulumi.runtime.isDryRun()`, as `pulumi preview` does. */
  preview?: boolean;
  /** Stack config (`ns:key` → value) the program reads through `pulumi.Config`. */
  config?: Record<string, string>;
  /** Config keys that are secrets (`config.requireSecret` then yields secret outputs). */
  secretKeys?: readonly string[];
  /**
   * After the first unhandled rejection (a failed registration, or a provider that cannot be
   * serialized, whose outputs then never resolve), how long to let other work finish. Default 2 s.
   */
  settleMs?: number;
  /** Stops waiting for the program when this resolves (the engine halted after a failure). */
  halted?: Promise<unknown>;
}

/**
 * Runs `program` (a function whose result becomes the stack outputs) and returns the errors seen:
 * what it threw and any unhandled rejections. Never throws itself. Under jest, which gives each test
 * file its own `process` object, unhandled rejections reach jest instead and fail the test there.
 */
export async function runUnderMonitor(monitor: ProgramMonitor, options: ProgramRunOptions, program: () => unknown): Promise<Error[]> {
  const errors: Error[] = [];
  const settleMs = options.settleMs ?? 2_000;
  let signalFailure: () => void = () => {};
  const failed = new Promise<void>((resolve) => (signalFailure = () => setTimeout(resolve, settleMs).unref()));
  const onRejection = (reason: unknown) => {
    errors.push(toError(reason));
    signalFailure();
  };
  process.on("unhandledRejection", onRejection);
  try {
    await withLocalStorage(async () => {
      pulumi.runtime.setAllConfig(options.config ?? {}, [...(options.secretKeys ?? [])]);
      pulumi.runtime.setMockOptions(monitor, options.project, options.stack, options.preview ?? false);
      const run = (async () => {
        try {
          // The program's own error is caught here, so the stack still completes: letting it reach
          // the SDK would reject a fan of internal promises nobody awaits.
          await pulumi.runtime.runInPulumiStack(async () => {
            try {
              return await program();
            } catch (err) {
              errors.push(toError(err));
              return undefined;
            }
          });
        } catch (err) {
          errors.push(toError(err));
          signalFailure();
        }
        // Waits until every queued registration has been answered.
        await pulumi.runtime.disconnect();
      })();
      await Promise.race([run, failed, ...(options.halted ? [options.halted] : [])]);
    });
  } finally {
    process.off("unhandledRejection", onRejection);
  }
  return errors;
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

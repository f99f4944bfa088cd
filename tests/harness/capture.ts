/**
 * Captures what the real SDK sends for a set of resources: instantiate the resource classes under
 * a recording monitor and collect each registration (type, name, inputs with `__provider`, options).
 */
import { ProgramMonitor, type ReadRegistration, type Registration } from "./program-monitor";
import { runUnderMonitor, type ProgramRunOptions } from "./program-run";
import { ROOT_STACK_TYPE } from "./urn";
import { stripSecrets, type PropertyMap } from "./wire";

/** A registration plus its inputs as a provider would receive them. */
export interface CapturedRegistration extends Registration {
  /** Inputs with secrets unwrapped, as the engine sends them to a dynamic provider. */
  plainInputs: PropertyMap;
  /** Top-level input keys that held secrets. */
  secretInputKeys: string[];
  /** The serialized provider (`__provider`), for dynamic resources. */
  providerText?: string;
}

/**
 * Runs `build` (which constructs resources) under a monitor that answers every registration with
 * its own inputs, and returns the registrations in arrival order, the root stack left out.
 * Rejects if the program failed, e.g. when a provider could not be serialized.
 */
export async function captureRegistrations(
  build: () => unknown,
  options: Partial<ProgramRunOptions> = {},
): Promise<CapturedRegistration[]> {
  const captured: CapturedRegistration[] = [];
  const monitor = new ProgramMonitor({
    register: async (registration) => {
      if (registration.type !== ROOT_STACK_TYPE) {
        const { value, secretKeys } = stripSecrets(registration.inputs);
        const providerText = typeof value.__provider === "string" ? value.__provider : undefined;
        captured.push({ ...registration, plainInputs: value, secretInputKeys: secretKeys, providerText });
      }
      return { id: registration.custom ? `${registration.name}-id` : "", outputs: registration.inputs };
    },
  });
  const errors = await runUnderMonitor(monitor, { project: "project", stack: "stack", ...options }, async () => {
    await build();
  });
  if (errors.length > 0) throw new AggregateError(errors, `capturing registrations failed: ${errors.map((e) => e.message).join("; ")}`);
  return captured;
}

/** A resource read into the program (`X.get`): what the SDK hands the engine, with secrets unwrapped. */
export interface CapturedRead extends ReadRegistration {
  /** The properties with secrets unwrapped, as the engine sends them to a dynamic provider's `read`. */
  plainInputs: PropertyMap;
}

/**
 * Runs `build` (which reads resources with `X.get`) under a monitor that answers every read with
 * the properties it was given, and returns the reads in arrival order.
 */
export async function captureReads(build: () => unknown, options: Partial<ProgramRunOptions> = {}): Promise<CapturedRead[]> {
  const captured: CapturedRead[] = [];
  const monitor = new ProgramMonitor({
    register: async (registration) => ({ id: registration.custom ? `${registration.name}-id` : "", outputs: registration.inputs }),
    read: async (read) => {
      captured.push({ ...read, plainInputs: stripSecrets(read.inputs).value });
      return { id: read.id, outputs: read.inputs };
    },
  });
  const errors = await runUnderMonitor(monitor, { project: "project", stack: "stack", ...options }, async () => {
    await build();
  });
  if (errors.length > 0) throw new AggregateError(errors, `capturing reads failed: ${errors.map((e) => e.message).join("; ")}`);
  return captured;
}

import type { Props } from "./json";

/**
 * Thrown by a resource's create when the object now exists on the server but a later step failed
 * (e.g. the PATCH that brings an adopted object to the desired state). The lifecycle turns it into
 * Pulumi's "initialization failed" error so the engine keeps the object in state instead of
 * orphaning it; the next `up` retries the update.
 */
export class PartialCreateError extends Error {
  constructor(
    readonly id: string,
    readonly outs: Props,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "PartialCreateError";
  }
}

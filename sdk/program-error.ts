import * as pulumi from "@pulumi/pulumi";
import type * as errors from "../provider/http/transport/errors";

/**
 * A failure of the package's own work in the program process (a data source's lookup, the
 * preview's connection check) as an error Pulumi's program runner prints by its message alone: a
 * `RunError`, with no stack frames and no `cause`. Pulumi passes every unhandled error to
 * `util.inspect` as well (for its tracing, after printing it), and on Node.js 20 inspecting an
 * error whose stack (or cause's stack) holds a source-mapped frame of `@pulumi/pulumi`
 * (`node_modules/@pulumi/output.ts`, i.e. anything run by an Output's `apply`) loops at a full core
 * for a minute or more, until it runs out of memory or string length.
 *
 * The message is `what: ` and the failure's own one-line message. Failures the package describes
 * itself (an API call, a connection setting, a bad argument) need nothing more; anything else (a
 * bug) is named by its class.
 */
export function programError(what: string, err: unknown): pulumi.RunError {
  const text = err instanceof Error ? (describedHere(err) ? err.message : `${err.name}: ${err.message}`) : String(err);
  const message = text.startsWith(`${what}: `) ? text : `${what}: ${text}`;
  const error = new pulumi.RunError(message);
  error.stack = `${error.name}: ${message}`;
  return error;
}

/** Errors whose message says all: the API client's, the connection settings', a reader's own checks. */
function describedHere(err: Error): boolean {
  // Loaded when a failure is described, not when the package is imported.
  const { ChatwootApiError, ConfigError } = require("../provider/http/transport/errors") as typeof errors;
  return err.name === "Error" || ChatwootApiError.isInstance(err) || ConfigError.isInstance(err);
}

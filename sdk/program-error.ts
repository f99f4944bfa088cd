import * as pulumi from "@pulumi/pulumi";
import { ChatwootApiError, ConfigError } from "../provider/http/transport/errors";

/**
 * A failure of the package's own work in the program process (a data source's lookup, the
 * preview's connection check) as the error Pulumi's program runner shows by its message alone:
 * a `RunError`, whose stack is never printed. Any other error is printed with `util.inspect`, and
 * on Node.js 20 inspecting one whose stack holds a source-mapped frame of `@pulumi/pulumi`
 * (`node_modules/@pulumi/output.ts`: an Output's `apply`) loops at a full core for a minute or
 * more before Pulumi gives up and prints it plainly.
 *
 * The message is `what: ` and the failure's own one-line message. Failures the package describes
 * itself (an API call, a connection setting, a bad argument) need nothing more; anything else (a
 * bug) keeps its stack, as text. The original error is the `cause`, for a program that catches it.
 */
export function programError(what: string, err: unknown): pulumi.RunError {
  const text = err instanceof Error ? (describedHere(err) ? err.message : (err.stack ?? err.message)) : String(err);
  const message = text.startsWith(`${what}: `) ? text : `${what}: ${text}`;
  return new pulumi.RunError(message, { cause: err });
}

/** Errors whose message says all: the API client's, the connection settings', a reader's own checks. */
function describedHere(err: Error): boolean {
  return err.name === "Error" || ChatwootApiError.isInstance(err) || ConfigError.isInstance(err);
}

import * as pulumi from "@pulumi/pulumi";
import type * as connection from "../provider/readers/connection";
import { programError } from "./program-error";
import { configureFromStack } from "./stack-connection";

/** The check of the current program run (one per engine monitor: a process may run several programs, as tests do). */
let checked: { monitor: unknown; result: Promise<void> } | undefined;

/**
 * In a preview, checks once per program run that the stack's connection settings work, and
 * otherwise does nothing. A preview runs no create or update of a dynamic provider, so without it
 * a wrong token, a wrong URL or a server that is down would pass `pulumi preview` and fail the
 * `up` after it. The check runs in the program process with the settings the data sources use
 * (the stack config and the `CHATWOOT_*` variables): one GET per token that is set (see
 * `checkConnection`), so a preview sends one or two requests even when nothing changes; an update
 * (not a dry run) sends none of its own.
 *
 * The first resource or data source a program declares starts it. Its failure is a `RunError`
 * Pulumi prints as one line, and the preview fails; data sources wait for it, and fail with the
 * same error, which Pulumi prints once. A missing or malformed setting is left to the resources
 * and data sources, which name it with the property or argument concerned.
 */
export function checkConnectionInPreview(): Promise<void> {
  if (!pulumi.runtime.isDryRun()) return Promise.resolve();
  const monitor = pulumi.runtime.getMonitor();
  if (checked !== undefined && checked.monitor === monitor) return checked.result;
  // Keeps the program running until the check is over, as Pulumi does for its own requests.
  const done = pulumi.runtime.rpcKeepAlive();
  const result = check().finally(done);
  checked = { monitor, result };
  return result;
}

async function check(): Promise<void> {
  try {
    configureFromStack();
    // Loaded here, in a preview only: the check brings the provider's HTTP client along.
    const { checkConnection } = require("../provider/readers/connection") as typeof connection;
    await checkConnection();
  } catch (err) {
    throw programError("Chatwoot connection check (pulumi preview)", err);
  }
}

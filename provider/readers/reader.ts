import type { z } from "zod";
import { connection } from "../config";
import { describeFailure, failuresFrom } from "../lifecycle/check";

/**
 * Validates a data source's arguments before any request. A failure is one error naming the data
 * source, each bad argument and what is allowed (`getInbox: invalid arguments: inboxId: ...`).
 */
export function parseArgs<S extends z.ZodType>(reader: string, schema: S, args: unknown): z.output<S> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const failures = failuresFrom(parsed.error.issues, args, schema).map(describeFailure);
  throw new Error(`${reader}: invalid arguments: ${failures.join("; ")}`);
}

/** The account a data source reads: its `accountId` argument, else `chatwoot:accountId` / `CHATWOOT_ACCOUNT_ID`. */
export function accountOf(reader: string, accountId: number | undefined): number {
  const account = accountId ?? connection().accountId;
  if (account === undefined) {
    throw new Error(`${reader}: accountId is required: set the accountId argument, the config value chatwoot:accountId, or CHATWOOT_ACCOUNT_ID`);
  }
  return account;
}

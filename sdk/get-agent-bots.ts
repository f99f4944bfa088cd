import * as pulumi from "@pulumi/pulumi";
import type { AgentBots, GetAgentBotsArgs as ReaderArgs } from "../provider/readers/agent-bots";
import { readers } from "../provider";
import type { DeepInput } from "./inputs";
import { noticeOutsideEngine } from "./outside-engine";
import { configureFromStack } from "./stack-connection";

/** Arguments of {@link getAgentBots}. */
export type GetAgentBotsArgs = ReaderArgs;
/** Arguments of {@link getAgentBotsOutput}: the same, as Pulumi inputs. */
export type GetAgentBotsOutputArgs = { [K in keyof ReaderArgs]: DeepInput<ReaderArgs[K]> };
/** What {@link getAgentBots} returns. */
export type GetAgentBotsResult = AgentBots;

/**
 * The agent bots the stack's Platform App can see (the ones it created), read when the program
 * runs, with the stack's `chatwoot:*` config (or the `CHATWOOT_*` environment variables).
 * Access tokens, where a server sends them, are plain in this form; prefer
 * {@link getAgentBotsOutput}, which marks them secret.
 *
 * ## Example Usage
 * ```ts
 * // A CommonJS program cannot await at the top level: use .then, or await inside an async function.
 * export const triageId = chatwoot.getAgentBots({ accountId: 1 }).then(({ bots }) => bots.find((b) => b.name === "Triage")?.id);
 * ```
 *
 * @param _opts accepted for the shape of Pulumi's generated data sources; the lookup runs in the program process.
 */
export async function getAgentBots(args: GetAgentBotsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetAgentBotsResult> {
  noticeOutsideEngine();
  configureFromStack();
  return readers.getAgentBots(args);
}

/**
 * {@link getAgentBots} as an Output. When any bot carries an access token the whole result is a
 * secret (Pulumi cannot mark one field of a value secret).
 *
 * ## Example Usage
 * ```ts
 * const bots = chatwoot.getAgentBotsOutput().bots;
 * export const botNames = bots.apply((list) => list.map((b) => b.name));
 * ```
 */
export function getAgentBotsOutput(args: GetAgentBotsOutputArgs = {}, opts?: pulumi.InvokeOptions): pulumi.Output<GetAgentBotsResult> {
  return pulumi
    .output(args)
    .apply((plain) => getAgentBots(plain as GetAgentBotsArgs, opts))
    .apply((result) => {
      const wrap = result.bots.some((b) => b.accessToken !== null) ? pulumi.secret : pulumi.output;
      // Both type their value as Unwrap<T>, which for this plain JSON is T itself.
      return wrap(result) as unknown as pulumi.Output<GetAgentBotsResult>;
    });
}

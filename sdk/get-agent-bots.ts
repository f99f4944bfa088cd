import type * as pulumi from "@pulumi/pulumi";
import type * as reader from "../provider/readers/agent-bots";
import { dataSource } from "./data-source";
import type { InputsOf } from "./inputs";

/** Arguments of {@link getAgentBots}. */
export interface GetAgentBotsArgs {
  /** Only the bots of this account (system bots, which belong to no account, are left out). Default: every bot. */
  accountId?: number;
}

/** Arguments of {@link getAgentBotsOutput}: those of {@link getAgentBots}, each a Pulumi input. */
export type GetAgentBotsOutputArgs = InputsOf<GetAgentBotsArgs>;

/**
 * One agent bot as {@link getAgentBots} returns it, with every field of the API's agent bot (null
 * where the server does not send it: real servers send only id, name, description, outgoingUrl
 * and accountId).
 */
export interface GetAgentBotsBot {
  /** The bot id. */
  id: number;
  /** Name shown to agents and contacts. */
  name: string | null;
  /** What the bot does. */
  description: string | null;
  /**
   * Webhook URL Chatwoot sends conversation events to. Servers before Chatwoot PR #13827 (March
   * 2026) send the bot's name here instead.
   */
  outgoingUrl: string | null;
  /** The account the bot belongs to; null for a system bot, available to every account. */
  accountId: number | null;
  /** The avatar's URL. */
  thumbnail: string | null;
  /** The bot's type (`webhook`). */
  botType: string | null;
  /** The bot's configuration. */
  botConfig: unknown;
  /** The bot's own API token (a credential). */
  accessToken: string | null;
  /** Whether the bot belongs to no account. */
  systemBot: boolean | null;
}

/** What {@link getAgentBots} returns. */
export interface GetAgentBotsResult {
  /** The bots this Platform App can see (those it created), oldest first. */
  readonly bots: GetAgentBotsBot[];
}

/** The provider's reader, loaded when the data source first runs (see ./data-source.ts). */
const load = (): typeof reader => require("../provider/readers/agent-bots");
const source = dataSource("getAgentBots", () => load().getAgentBots, (result) => result.bots.some((b) => b.accessToken !== null));

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
 * @param opts where the lookup runs: with a {@link Provider} (`{ provider }`, or a parent's), on the
 *   plugin against that provider's installation (so too with the stack setting `chatwoot:usePlugin`);
 *   otherwise in the program process, with the stack's connection.
 */
export const getAgentBots: (args?: GetAgentBotsArgs, opts?: pulumi.InvokeOptions) => Promise<GetAgentBotsResult> = source.plain;

/**
 * {@link getAgentBots} as an Output. When any bot carries an access token the whole result is a
 * secret (Pulumi cannot mark one field of a value secret).
 *
 * ## Example Usage
 * ```ts
 * const appBots = chatwoot.getAgentBotsOutput();
 * export const agentBots = appBots.bots; // a secret when a bot carries its access token
 * ```
 */
export const getAgentBotsOutput: (args?: GetAgentBotsOutputArgs, opts?: pulumi.InvokeOptions) => pulumi.Output<GetAgentBotsResult> = source.output;

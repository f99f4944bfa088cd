import { z } from "zod";
import { fromWire, type FromWire } from "../mapping";
import { call } from "../lifecycle/api";
import { AgentBotWire, BOT_OUTPUT_DEFAULTS } from "../wire/agent-bot";
import { list } from "../wire/envelope";
import { platformPath } from "../wire/paths";
import { accountId } from "../validation/fields";
import { parseArgs } from "./reader";

/** The checks of `GetAgentBotsArgs` (sdk/get-agent-bots.ts, where each argument is documented). */
export const GetAgentBotsArgs = z.strictObject({
  accountId: accountId.optional(),
});
export type GetAgentBotsArgs = z.input<typeof GetAgentBotsArgs>;

/** Fields a server may leave out are `null` instead. */
type Present<T> = { [K in keyof T]-?: Exclude<T[K], undefined> | (undefined extends T[K] ? null : never) };

/**
 * One agent bot, camelCased, with every field of the spec's agent bot (null when the server does
 * not send it: real servers send only id, name, description, outgoingUrl and accountId).
 * `accessToken` is a credential. Servers before Chatwoot PR #13827 (March 2026) send the bot's
 * name as `outgoingUrl`.
 */
export type AgentBot = FromWire<Present<AgentBotWire>>;

/** What `getAgentBots` returns (documented field by field as `GetAgentBotsResult` in sdk/get-agent-bots.ts). */
export interface AgentBots {
  bots: AgentBot[];
}

/** The keys of {@link AgentBot} that hold credentials, for the SDK to mark secret. */
export const AGENT_BOT_SECRET_KEYS = ["accessToken"] as const satisfies readonly (keyof AgentBot)[];

/**
 * Lists the agent bots visible to the configured Platform App (`GET /platform/api/v1/agent_bots`,
 * with `chatwoot:platformAccessToken`). A Platform App sees only the bots it created itself.
 */
export async function getAgentBots(args: GetAgentBotsArgs = {}): Promise<AgentBots> {
  const wanted = parseArgs("getAgentBots", GetAgentBotsArgs, args).accountId;
  const all = await call(list(AgentBotWire), { method: "GET", path: platformPath("agent_bots") });
  const bots = all.filter((b) => wanted === undefined || b.account_id === wanted);
  return { bots: bots.map((b) => ({ ...BOT_OUTPUT_DEFAULTS, ...(fromWire(b) as object) }) as AgentBot) };
}

/** An agent bot as the server sends it. */
import { z } from "zod";
import { credential } from "./credential";
import { enumName } from "./envelope";

/**
 * A bot as the Platform API sends it. Real servers send only id, name, description, outgoing_url
 * and account_id there; the spec documents the rest, which the account API's partial sends. Absent fields stay absent here, so that outputs
 * keep what an earlier answer said (e.g. an access token only some endpoints echo).
 */
export const AgentBotWire = z.object({
  id: z.number().int(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  outgoing_url: z.string().nullish(),
  account_id: z.number().int().nullish(),
  thumbnail: z.string().nullish(),
  bot_type: enumName(["webhook"]).nullish(),
  bot_config: z.unknown().optional(),
  // Builds before `AgentBotPresenter` render the whole AccessToken record: its `token` is the credential.
  access_token: credential(z.union([z.string(), z.object({ token: z.string() }).transform((t) => t.token)])).nullish(),
  system_bot: z.boolean().nullish(),
});
export type AgentBotWire = z.output<typeof AgentBotWire>;

/** Every output a bot has besides its inputs; `null` until a server sends a value. */
export const BOT_OUTPUT_DEFAULTS = {
  name: null,
  description: null,
  outgoingUrl: null,
  accountId: null,
  thumbnail: null,
  botType: null,
  botConfig: null,
  accessToken: null,
  systemBot: null,
} as const;

import { z } from "zod";
import { call } from "../lifecycle/api";
import { accountId } from "../validation/fields";
import { AgentWire } from "../wire/agent";
import { list } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { accountOf, parseArgs } from "./reader";

/** Arguments of `getAgents`. */
export const GetAgentsArgs = z.strictObject({
  /** Account whose agents are listed. Defaults to `chatwoot:accountId` / `CHATWOOT_ACCOUNT_ID`. */
  accountId: accountId.optional(),
  /**
   * Only the agent with this e-mail address (compared without regard to case): the way to find the
   * same person in another account or installation, where the user id differs. When given, an
   * account without such an agent is an error naming the address and the account.
   */
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+$/, "must be an e-mail address (name@domain)")
    .optional(),
});
export type GetAgentsArgs = z.input<typeof GetAgentsArgs>;

/** One user of an account as `getAgents` returns it. */
export interface Agent {
  /** The user id (the same user has the same id in every account of an installation). */
  id: number;
  /** The user's full name. */
  name: string | null;
  /** The user's e-mail address (the same in every account). */
  email: string | null;
  /** `administrator` or `agent`. */
  role: string | null;
  /** The agent's current availability: `online`, `busy` or `offline`. */
  availability: string | null;
  /** Whether the user has confirmed their e-mail address (an invited user who never logged in has not). */
  confirmed: boolean | null;
}

/** What `getAgents` returns. */
export interface Agents {
  /** The account's agents and administrators, by name; with `email`, exactly the one with that address. */
  agents: Agent[];
}

const agentOf = (a: AgentWire): Agent => ({
  id: a.id,
  name: a.name,
  email: a.email,
  role: a.role,
  availability: a.availability_status,
  confirmed: a.confirmed,
});

/** Lists the users of an account (`GET /agents`), or finds one by e-mail address. */
export async function getAgents(args: GetAgentsArgs = {}): Promise<Agents> {
  const { accountId: given, email } = parseArgs("getAgents", GetAgentsArgs, args);
  const account = accountOf("getAgents", given);
  const agents = (await call(list(AgentWire), { method: "GET", path: accountPath(account, "agents") })).map(agentOf);
  if (email === undefined) return { agents };
  const wanted = email.toLowerCase();
  const found = agents.filter((a) => a.email?.toLowerCase() === wanted);
  if (found.length === 0) throw new Error(`getAgents: account ${account} has no agent with email "${email}"`);
  return { agents: found };
}

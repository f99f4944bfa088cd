import { z } from "zod";
import { call } from "../lifecycle/api";
import { accountId } from "../validation/fields";
import { AgentWire } from "../wire/agent";
import { list } from "../wire/envelope";
import { accountPath } from "../wire/paths";
import { accountOf, parseArgs } from "./reader";

/** The checks of `GetAgentsArgs` (sdk/get-agents.ts, where each argument is documented). */
export const GetAgentsArgs = z.strictObject({
  accountId: accountId.optional(),
  email: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+$/, "must be an e-mail address (name@domain)")
    .optional(),
});
export type GetAgentsArgs = z.input<typeof GetAgentsArgs>;

/** One user of an account as `getAgents` returns it (documented field by field as `GetAgentsAgent` in sdk/get-agents.ts). */
const agentOf = (a: AgentWire) => ({
  id: a.id,
  name: a.name,
  email: a.email,
  role: a.role,
  availability: a.availability_status,
  confirmed: a.confirmed,
});
export type Agent = ReturnType<typeof agentOf>;

/** What `getAgents` returns. */
export interface Agents {
  agents: Agent[];
}

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

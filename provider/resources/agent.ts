import { z } from "zod";
import { call } from "../lifecycle/api";
import { defineCollectionResource } from "../lifecycle/collection";
import type { Props } from "../lifecycle/json";
import { accountId, adopt, email, name, objectId } from "../validation/fields";
import { AgentWire } from "../wire/agent";
import { single } from "../wire/envelope";

/** An agent's role in the account (Chatwoot's `account_users.role`). */
export const ROLES = ["agent", "administrator"] as const;
/** An agent's availability (Chatwoot's `account_users.availability`). */
export const AVAILABILITIES = ["online", "busy", "offline"] as const;

/** The checks of `AgentArgs` (sdk/agent.ts, where each argument is documented). */
export const AgentInputs = z.strictObject({
  accountId,
  email,
  name,
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` }).optional(),
  availabilityStatus: z.enum(AVAILABILITIES, { error: `must be one of ${AVAILABILITIES.join(", ")}` }).optional(),
  autoOffline: z.boolean().optional(),
  customRoleId: objectId.nullable().optional(),
  adopt,
});
export type AgentInputs = z.input<typeof AgentInputs>;
type Inputs = z.output<typeof AgentInputs>;

/** Inputs by the request field that carries them (the availability input is named after what the views report). */
const FIELDS = { email: "email", name: "name", role: "role", availabilityStatus: "availability", autoOffline: "auto_offline" } as const;

/**
 * A flat body (the agents controller wraps every top-level key under `agent`). Enterprise servers
 * set the custom role from every create and update, clearing it when the request has none, so
 * every write carries one: the declared one, else the one the agent has.
 */
function body(inputs: Inputs, keys: readonly string[], current: Props): object {
  const fields = Object.entries(FIELDS).filter(([input]) => keys.includes(input));
  const sent: Props = Object.fromEntries(fields.map(([input, field]) => [field, inputs[input as keyof typeof FIELDS]]));
  sent.custom_role_id = inputs.customRoleId !== undefined ? inputs.customRoleId : (current.customRoleId ?? null);
  return sent;
}

/**
 * Complete outputs. With auto-offline, Chatwoot reports an agent who is not signed in as offline
 * whatever their availability: such an "offline" says nothing about the setting, so the one last
 * declared or seen is kept (an availability changed by hand then is not seen until they sign in).
 */
function outputs(base: Props, agent: AgentWire): Props {
  const presenceOnly = agent.auto_offline === true && agent.availability_status === "offline";
  return {
    ...base,
    email: agent.email,
    name: agent.name,
    role: agent.role,
    availabilityStatus: presenceOnly && typeof base.availabilityStatus === "string" ? base.availabilityStatus : agent.availability_status,
    autoOffline: agent.auto_offline,
    customRoleId: agent.custom_role_id,
    confirmed: agent.confirmed,
    availableName: agent.available_name,
    thumbnail: agent.thumbnail,
  };
}

/**
 * An agent of an account (`/agents`): a user of the installation with a role in the account; id:
 * the user id. Adoption key: the e-mail address. Creating invites the address: a user of the
 * installation who has it joins the account, anyone else is made a user (and e-mailed an
 * invitation). Deleting removes the person from the account only. There is no show route: one agent
 * is read from the list.
 */
export const agent = defineCollectionResource({
  inputs: AgentInputs,
  wire: AgentWire,
  at: { path: "agents", show: "list" },
  adoption: {
    // A new account's agents are the users the run gave it (through the Platform API too), known by id.
    accountUsers: { userId: (a) => a.id, fromId: (id) => AgentWire.parse({ id }) },
    key: {
      matches: (inputs, a) => a.email?.toLowerCase() === inputs.email,
      describe: (inputs) => `email "${inputs.email}"`,
    },
  },
  content: {
    // Another address is another person.
    replaceOn: ["email"],
    normalizers: {
      email: (v) => (typeof v === "string" ? v.toLowerCase() : (v ?? null)),
      customRoleId: (v) => (v === null || v === undefined ? null : Number(v)),
    },
    outputs,
  },
  hooks: {
    // A user of the installation joins with the name they have: what still differs is one PATCH.
    complete: true,
    api: (_rest, at) => ({
      post: (inputs) => call(single(AgentWire), { method: "POST", path: at.collection(inputs), json: body(inputs, Object.keys(FIELDS), {}) }),
      patch: (inputs, id, keys, current) => call(single(AgentWire), { method: "PATCH", path: at.member(inputs, id), json: body(inputs, keys, current) }),
    }),
  },
});

/** The run's listing of an account's agents, the one Agent creates use: memberships look their users up in it. */
export const accountAgents = (accountId: number) => agent.listing({ accountId });

import { z } from "zod";
import type { FromWire } from "../mapping";
import { credential } from "./credential";
import { optionalString } from "./envelope";

const nullable = <S extends z.ZodType>(schema: S) => schema.nullish().transform((v) => v ?? null);

/**
 * A user of an account as the API describes one (`_agent.json.jbuilder`): the agents list and the
 * members of inboxes and teams all use it. Every documented field is present, null when not sent;
 * other keys a server sends (`provider`, `active`, ...) are kept. A capacity policy's users come
 * as the `_user` partial, with the user's access and pubsub tokens: they are remembered for
 * redaction as the answer is read (and memberships leave them out of their outputs).
 */
export const AgentWire = z.looseObject({
  id: z.number().int(),
  account_id: nullable(z.number().int()),
  availability_status: optionalString,
  auto_offline: nullable(z.boolean()),
  confirmed: nullable(z.boolean()),
  email: optionalString,
  available_name: optionalString,
  name: optionalString,
  role: optionalString,
  thumbnail: optionalString,
  custom_role_id: nullable(z.number().int()),
  access_token: credential(z.string()).optional(),
  pubsub_token: credential(z.string()).optional(),
});
export type AgentWire = z.output<typeof AgentWire>;

/** A member of an inbox or a team as the `agents` output holds it (camelCase; other keys a server sends are kept). */
export type MemberAgent = FromWire<AgentWire>;

/** A webhook as the server sends it. */
import { z } from "zod";
import { credential } from "./credential";
import { optionalString } from "./envelope";

/** The partial sends the inbox as an object (`inbox: {id, name, channel_type}`), only when there is one. */
export const WebhookWire = z
  .object({
    id: z.number().int(),
    url: z.string(),
    /** Absent on older servers: the declared name then stays in the outputs. */
    name: z.string().nullish(),
    subscriptions: z.array(z.string()).nullish().transform((v) => v ?? []),
    inbox: z.object({ id: z.number().int() }).nullish(),
    inbox_id: z.number().int().nullish(),
    /** The signing key of `X-Chatwoot-Signature` (Chatwoot 4.11.2 and later; administrators only). */
    secret: credential(optionalString),
  })
  .transform(({ inbox, inbox_id, ...rest }) => ({ ...rest, inbox_id: inbox_id ?? inbox?.id ?? null }));
export type WebhookWire = z.output<typeof WebhookWire>;

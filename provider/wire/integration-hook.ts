/** An integration hook as the server sends it, and the app (with its hooks) that lists them. */
import { z } from "zod";
import { rememberCredentials } from "./credential";

/**
 * The `_hook` partial: `status` is `enabled?` (a boolean) on current servers and the enum's name
 * on older ones; `inbox` is `{id, name}` (or absent), `settings` whole for administrators,
 * credentials included (they are remembered for redaction as the answer is read, and never
 * become outputs); an agent gets no settings.
 */
export const IntegrationHookWire = z
  .object({
    id: z.number().int(),
    app_id: z.string(),
    status: z.union([z.boolean(), z.string(), z.number()]).nullish(),
    inbox: z.object({ id: z.number().int() }).nullish(),
    inbox_id: z.number().int().nullish(),
    hook_type: z.union([z.string(), z.number()]).nullish(),
    settings: z.record(z.string(), z.unknown()).nullish().transform((v) => rememberCredentials(v ?? {})),
  })
  .transform(({ inbox, inbox_id, status, hook_type, ...rest }) => ({
    ...rest,
    inbox_id: inbox_id ?? inbox?.id ?? null,
    enabled: status === true || status === "enabled" || status === 1,
    hook_type: hook_type === 1 || hook_type === "inbox" ? "inbox" : "account",
  }));
export type IntegrationHookWire = z.output<typeof IntegrationHookWire>;

/** `GET /integrations/apps/{id}`: the app, and the account's hooks of it (the only way to read a hook: hooks have no show action). */
export const IntegrationAppWire = z.object({
  id: z.string(),
  hooks: z.array(IntegrationHookWire).nullish().transform((v) => v ?? []),
});

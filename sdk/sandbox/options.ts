import { z } from "zod";

/**
 * Response shapes: `chatwoot` answers like current upstream servers; `documented` answers the
 * spec's seed operations with the shapes the spec documents. Every other endpoint is the same in both.
 */
export const ShapeMode = z.enum(["chatwoot", "documented"]);
export type ShapeMode = z.infer<typeof ShapeMode>;

/**
 * Which Chatwoot the sandbox plays: `enterprise`, a server with the `enterprise/` folder, whose SLA
 * policies and custom roles answer when the account's `sla` and `custom_roles` features are on (a
 * 401 otherwise); or `community`, one without it, where their routes have no controller and answer
 * Rails' routing 404, and automation rules know no `add_sla` action or `sla_policy_id` condition.
 */
export const Edition = z.enum(["community", "enterprise"]);
export type Edition = z.infer<typeof Edition>;

/** Default rate-limit period: rack-attack's `req/ip` throttle counts per minute. */
export const DEFAULT_RATE_PERIOD_MS = 60_000;

/** Requests per period per client: a bare number means per minute. */
export const RateLimitSetting = z.union([
  z.number().int().positive(),
  z.object({ limit: z.number().int().positive(), periodMs: z.number().int().positive().default(DEFAULT_RATE_PERIOD_MS) }),
]);
export type RateLimitSetting = z.input<typeof RateLimitSetting>;

/** A rate limit in its resolved form. */
export function resolveRateLimit(setting: RateLimitSetting): { limit: number; periodMs: number } {
  const parsed = RateLimitSetting.parse(setting);
  return typeof parsed === "number" ? { limit: parsed, periodMs: DEFAULT_RATE_PERIOD_MS } : parsed;
}

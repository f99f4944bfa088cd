/** A campaign as the server sends it. */
import { z } from "zod";
import { enumName, optionalString } from "./envelope";

/** Chatwoot's `enum campaign_type: { ongoing: 0, one_off: 1 }`, derived from the inbox. */
export const CAMPAIGN_TYPES = ["ongoing", "one_off"] as const;

/** `enum campaign_status: { active: 0, completed: 1 }`; newer builds mark a running one-off campaign `processing`. */
export const CAMPAIGN_STATUSES = ["active", "completed", "processing"] as const;

/** `scheduled_at` is rendered as epoch seconds (`to_i`); read as an ISO 8601 instant, as the input gives it. */
const instant = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v): string | null => {
    if (v === null || v === undefined || v === "") return null;
    const ms = typeof v === "number" ? v * 1000 : /^\d+$/.test(v) ? Number(v) * 1000 : Date.parse(v);
    return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
  });

/**
 * The `_campaign` partial: `id` is the campaign's `display_id` (the path's id), the inbox and sender
 * are objects (`sender` is `{}` without one), and `scheduled_at` and `audience` are rendered for
 * one-off campaigns only.
 */
export const CampaignWire = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: optionalString,
    message: z.string(),
    enabled: z.boolean().nullish().transform((v) => v ?? null),
    campaign_type: enumName(CAMPAIGN_TYPES).nullish().transform((v) => v ?? null),
    campaign_status: enumName(CAMPAIGN_STATUSES).nullish().transform((v) => v ?? null),
    inbox: z.object({ id: z.number().int() }).nullish(),
    inbox_id: z.number().int().nullish(),
    sender: z.object({ id: z.number().int().nullish() }).nullish(),
    sender_id: z.number().int().nullish(),
    trigger_rules: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? {}),
    trigger_only_during_business_hours: z.boolean().nullish().transform((v) => v ?? null),
    scheduled_at: instant,
    audience: z.array(z.record(z.string(), z.unknown())).nullish().transform((v) => v ?? null),
  })
  .transform(({ inbox, inbox_id, sender, sender_id, ...rest }) => ({
    ...rest,
    inbox_id: inbox_id ?? inbox?.id ?? null,
    sender_id: sender_id ?? sender?.id ?? null,
  }));
export type CampaignWire = z.output<typeof CampaignWire>;

/** Whether a campaign is a one-off campaign that has run or is running: history, which another write would send again. */
export const hasRun = (c: Pick<CampaignWire, "campaign_type" | "campaign_status">): boolean =>
  c.campaign_type === "one_off" && c.campaign_status !== null && c.campaign_status !== "active";

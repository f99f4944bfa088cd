import { z } from "zod";
import { ChatwootApiError } from "../http/transport/errors";
import { defineCollectionResource } from "../lifecycle/collection";
import type { Props } from "../lifecycle/json";
import { accountId, eachOnce, httpUrl, TEXT_COLUMN_MAX, name, objectId, presentText, text } from "../validation/fields";
import { CampaignWire } from "../wire/campaign";

/** Longest wait before a website campaign shows, in seconds: a day (Chatwoot sets no bound; the widget counts seconds on one page). */
export const TIME_ON_PAGE_MAX = 24 * 60 * 60;

const timeOnPageRule = `must be a whole number of seconds from 0 to ${TIME_ON_PAGE_MAX}`;

/** When a website campaign shows: on pages whose URL matches, after this long on the page. */
const TriggerRules = z.strictObject(
  {
    url: httpUrl,
    timeOnPage: z.number({ error: timeOnPageRule }).int(timeOnPageRule).min(0, timeOnPageRule).max(TIME_ON_PAGE_MAX, timeOnPageRule).optional(),
  },
  { error: "must be an object with url (an http(s) URL) and timeOnPage (seconds)" },
);

/** One audience entry: the contacts carrying a label (the only kind Chatwoot's one-off services read). */
const AudienceEntry = z.strictObject(
  { type: z.literal("Label", { error: 'must be "Label"' }), id: objectId },
  { error: 'must be an object {type: "Label", id: <label id>}' },
);

/** An instant with its offset (`2026-12-01T09:00:00Z`): Rails reads one without an offset in the server's zone. */
const instant = z
  .string({ error: "must be an ISO 8601 date and time with an offset, e.g. 2026-12-01T09:00:00Z" })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/, "must be an ISO 8601 date and time with an offset, e.g. 2026-12-01T09:00:00Z")
  .refine(realDate, "must be a real date and time");

/** Whether the date part names a day that exists (`Date.parse` rolls February 31 over into March). */
function realDate(v: string): boolean {
  const [y, m, d] = v.slice(0, 10).split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return Number.isFinite(Date.parse(v)) && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** The checks of `CampaignArgs` (sdk/campaign.ts, where each argument is documented). */
export const CampaignInputs = z.strictObject({
  accountId,
  inboxId: objectId,
  title: name,
  message: presentText("the campaign's message", TEXT_COLUMN_MAX),
  description: text.optional(),
  enabled: z.boolean().optional(),
  senderId: objectId.nullable().optional(),
  triggerRules: TriggerRules.optional(),
  triggerOnlyDuringBusinessHours: z.boolean().optional(),
  audience: z
    .array(AudienceEntry, { error: 'must be a list of {type: "Label", id}' })
    .superRefine((entries, ctx) => eachOnce("label")(entries.map((e) => e.id), ctx))
    .optional(),
  scheduledAt: instant.optional(),
  adoptId: objectId.optional(),
});
export type CampaignInputs = z.input<typeof CampaignInputs>;
type Inputs = z.output<typeof CampaignInputs>;

/** An instant compared to the second (the server keeps seconds), whatever its offset. */
function normalizeInstant(v: unknown): unknown {
  if (typeof v !== "string") return v ?? null;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : v;
}

/** An audience compared as a set of label ids. */
function normalizeAudience(v: unknown): unknown {
  if (!Array.isArray(v)) return v ?? [];
  return v
    .map((e: unknown) => (typeof e === "object" && e !== null ? `${String((e as Props).type)}:${String((e as Props).id)}` : String(e)))
    .sort();
}

/** What a one-off campaign has that a website campaign does not keep (Chatwoot clears or hides them). */
const ONE_OFF_ONLY = ["scheduledAt", "audience"] as const;

/** Website (ongoing) campaigns have no schedule or audience: the server drops them without an error. */
function assertKindFits(inputs: Inputs, object: CampaignWire): void {
  if (object.campaign_type !== "ongoing") return;
  const given = ONE_OFF_ONLY.filter((k) => inputs[k] !== undefined);
  if (given.length === 0) return;
  throw new Error(
    `campaign ${object.id}: ${given.join(" and ")} apply to one-off campaigns (SMS and WhatsApp inboxes) only; inbox ${inputs.inboxId} makes ongoing ` +
      "(website) campaigns, which Chatwoot keeps without a schedule or audience: remove them, or use an SMS or WhatsApp inbox",
  );
}

/** Why a campaign that has run cannot change, and what to do instead. */
const completedMessage = (id: string) =>
  `campaign ${id} is a one-off campaign that has run (status completed): Chatwoot keeps it as history and refuses every change. ` +
  "Put the program back as it was (or add ignoreChanges), or declare a new campaign under another resource name to send another one; " +
  "pulumi destroy still deletes it";

/** The server's refusal of a change to a campaign that completed since the last refresh. */
function explainCompleted(err: unknown): unknown {
  if (!ChatwootApiError.isInstance(err) || err.status !== 422 || !/already completed/i.test(err.serverMessage ?? "")) return err;
  return err.withHint("the one-off campaign has run since the last refresh: Chatwoot keeps it as history and refuses every change");
}

/**
 * A campaign of an account (`/campaigns`); id: the campaign's display id, a number of its own in the
 * account, which every path uses. Ongoing on a website inbox, one-off (sent once, at `scheduledAt`)
 * on an SMS or WhatsApp inbox: the inbox decides, so changing it replaces the campaign. Titles need
 * not be unique: taken over with `adoptId`. A one-off campaign that has run is refused every change
 * before any request (Chatwoot would answer 422); refresh keeps it and destroy deletes it.
 */
export const campaign = defineCollectionResource({
  inputs: CampaignInputs,
  wire: CampaignWire,
  // For an unknown display id, show, update and destroy act on nil (`find_by`): a 500.
  at: { path: "campaigns", show: "member", goneAnswers: [500] },
  adoption: { byId: {} },
  content: {
    normalizers: { scheduledAt: normalizeInstant, audience: normalizeAudience },
    replaceOn: ["inboxId"],
  },
  hooks: {
    verify: assertKindFits,
    explain: explainCompleted,
    api: (rest) => ({
      async patch(inputs, id, keys, current) {
        if (current.campaignStatus === "completed") throw new Error(completedMessage(id));
        return rest.patch(inputs, id, keys, current);
      },
    }),
  },
});

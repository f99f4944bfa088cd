import { z } from "zod";
import { asPresentText } from "../../diff/normalize/coerce";
import { accountId, lineText, name, objectId, text } from "../../validation/fields";
import { AutoAssignmentConfig } from "./auto-assignment";
import { channelTypeName, InboxChannel, normalizeChannel } from "./channel";
import { InboxCredentials, normalizeCredentials } from "./credentials";
import { CsatConfig, normalizeCsatConfig } from "./csat";
import { givenFields } from "./given-fields";
import { checkInbox } from "./rules";
import { normalizeTimeZone, TimeZone } from "./time-zone";
import { normalizeListedDays } from "./working-hours";
import { WorkingHours } from "./working-hours-input";

/** The checks of `InboxArgs` (sdk/inbox.ts, where each argument is documented). */
export const InboxInputs = z
  .strictObject({
    accountId,
    name: name.optional(),
    channel: InboxChannel.optional(),
    greetingEnabled: z.boolean().optional(),
    greetingMessage: text.optional(),
    enableEmailCollect: z.boolean().optional(),
    csatSurveyEnabled: z.boolean().optional(),
    csatConfig: CsatConfig.optional(),
    enableAutoAssignment: z.boolean().optional(),
    autoAssignmentConfig: AutoAssignmentConfig.optional(),
    workingHoursEnabled: z.boolean().optional(),
    outOfOfficeMessage: text.optional(),
    timezone: TimeZone.optional(),
    allowMessagesAfterResolved: z.boolean().optional(),
    lockToSingleConversation: z.boolean().optional(),
    senderNameType: z.enum(["friendly", "professional"], { error: "must be friendly or professional" }).optional(),
    businessName: lineText.optional(),
    portalId: objectId.nullable().optional(),
    workingHours: WorkingHours.optional(),
    agentBotId: objectId.nullable().optional(),
    credentials: InboxCredentials.optional(),
    adoptId: objectId.optional(),
    deleteOnDestroy: z.boolean().default(false),
  })
  .superRefine(checkInbox);
export type InboxInputs = z.input<typeof InboxInputs>;

/** How each property compares (see the normalizers). */
export const normalizers = {
  channel: normalizeChannel,
  // Derived from channel.type by `prepare`; compared in that short form (`web_widget`, not `Channel::WebWidget`).
  channelType: channelTypeName,
  workingHours: normalizeListedDays,
  timezone: normalizeTimeZone,
  autoAssignmentConfig: givenFields(),
  // The server stores "" for a text cleared in the dashboard.
  greetingMessage: asPresentText,
  outOfOfficeMessage: asPresentText,
  businessName: asPresentText,
  csatConfig: normalizeCsatConfig,
  credentials: normalizeCredentials,
  deleteOnDestroy: (v: unknown) => v === true,
};

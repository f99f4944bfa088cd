import { z } from "zod";
import { isKnownTimeZone, suggestTimeZone } from "../diff/normalize/time-zone";

const DAYS = "0 (Sunday) to 6 (Saturday)";

const hour = (what: string) => z.number({ error: `must be an hour, 0-23 (the ${what})` }).int(`must be a whole hour, 0-23`).min(0, "must be 0-23").max(23, "must be 0-23");
const minutes = (what: string) => z.number({ error: `must be minutes, 0-59 (the ${what})` }).int("must be whole minutes, 0-59").min(0, "must be 0-59").max(59, "must be 0-59");

/** One day of an inbox's working hours: the checks of `InboxWorkingHoursDayArgs` (sdk/inbox.ts). */
export const WorkingHoursDay = z.strictObject({
  dayOfWeek: z.number({ error: `must be a day of the week, ${DAYS}` }).int(`must be a whole day number, ${DAYS}`).min(0, `must be ${DAYS}`).max(6, `must be ${DAYS}`),
  closedAllDay: z.boolean().optional(),
  openAllDay: z.boolean().optional(),
  openHour: hour("opening hour").optional(),
  openMinutes: minutes("opening minutes").optional(),
  closeHour: hour("closing hour").optional(),
  closeMinutes: minutes("closing minutes").optional(),
});
export type WorkingHoursDay = z.output<typeof WorkingHoursDay>;

/**
 * The days of the week whose hours the resource manages; days not listed are not managed (their
 * hours on the server are neither compared nor changed). Chatwoot silently skips a day it finds
 * invalid, so every rule it applies is checked here first.
 */
export const WorkingHours = z.array(WorkingHoursDay).superRefine((days, ctx) => {
  const seen = new Map<number, number>();
  days.forEach((day, i) => {
    const issue = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [i, field], message });
    const first = seen.get(day.dayOfWeek);
    if (first !== undefined) issue("dayOfWeek", `day ${day.dayOfWeek} is already listed (entry ${first}); list each day once`);
    else seen.set(day.dayOfWeek, i);
    if (day.openAllDay && day.closedAllDay) issue("openAllDay", "a day cannot be both openAllDay and closedAllDay");
    if (day.openAllDay || day.closedAllDay) return;
    if (day.openHour === undefined) issue("openHour", "required on a day that is open (or set closedAllDay or openAllDay)");
    if (day.closeHour === undefined) issue("closeHour", "required on a day that is open (or set closedAllDay or openAllDay)");
    if (day.openHour === undefined || day.closeHour === undefined) return;
    const opens = day.openHour * 60 + (day.openMinutes ?? 0);
    const closes = day.closeHour * 60 + (day.closeMinutes ?? 0);
    if (closes <= opens) issue("closeHour", "the closing time must be after the opening time (an inbox cannot stay open past midnight)");
  });
});

/**
 * The time zone of an inbox's working hours: an IANA name, spelled exactly (Chatwoot validates it
 * against the IANA database), or a Rails friendly name, which is sent as its IANA zone.
 */
export const TimeZone = z.string({ error: 'must be a time zone name such as "Europe/Berlin"' }).refine(isKnownTimeZone, {
  error: (issue) => {
    const given = String(issue.input);
    const suggestion = suggestTimeZone(given);
    return (
      `unknown time zone "${given}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}: use an IANA name such as ` +
      '"Europe/Berlin" or "America/New_York" (Rails names such as "Eastern Time (US & Canada)" are sent as their IANA zone)'
    );
  },
});

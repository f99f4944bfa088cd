import { z } from "zod";
import { clock, dayName } from "./working-hours";

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
 * invalid, so every rule it applies is checked here first. Messages name the day and its times, as
 * the entry's place in the list is no day number.
 */
export const WorkingHours = z.array(WorkingHoursDay).superRefine((days, ctx) => {
  const seen = new Map<number, number>();
  days.forEach((day, i) => {
    const issue = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [i, field], message });
    const name = dayName(day.dayOfWeek);
    const first = seen.get(day.dayOfWeek);
    if (first !== undefined) issue("dayOfWeek", `${name} (${day.dayOfWeek}) is listed twice, as entries ${first + 1} and ${i + 1}; list each day once`);
    else seen.set(day.dayOfWeek, i);
    if (day.openAllDay && day.closedAllDay) issue("openAllDay", `${name} cannot be both openAllDay and closedAllDay; keep one`);
    if (day.openAllDay || day.closedAllDay) return;
    const open = `${name} is open (neither closedAllDay nor openAllDay)`;
    if (day.openHour === undefined) issue("openHour", `required: ${open}, so it needs an openHour (or set closedAllDay or openAllDay)`);
    if (day.closeHour === undefined) issue("closeHour", `required: ${open}, so it needs a closeHour (or set closedAllDay or openAllDay)`);
    if (day.openHour === undefined || day.closeHour === undefined) return;
    const opens = clock(day.openHour, day.openMinutes);
    const closes = clock(day.closeHour, day.closeMinutes);
    if (day.closeHour * 60 + (day.closeMinutes ?? 0) <= day.openHour * 60 + (day.openMinutes ?? 0)) {
      issue(
        "closeHour",
        `${name} closes at ${closes}, which is not after it opens at ${opens}: give a closing time after the opening time ` +
          "(swap the two if they are reversed). An inbox cannot stay open past midnight: for late hours, close at 23:59 and open the next day at 00:00",
      );
    }
  });
});


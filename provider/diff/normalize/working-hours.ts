import { z } from "zod";
import { asBoolean, asInteger, asList, isRecord } from "./coerce";

const hour = z.number().int().min(0).max(23).nullable();
const minute = z.number().int().min(0).max(59).nullable();

/**
 * One day of an inbox's working hours, as Chatwoot stores it (camelCase). `dayOfWeek` is 0 for
 * Sunday … 6 for Saturday. Hours and minutes are null on a day that is closed all day.
 */
export const WorkingHoursEntry = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  closedAllDay: z.boolean(),
  openAllDay: z.boolean(),
  openHour: hour,
  openMinutes: minute,
  closeHour: hour,
  closeMinutes: minute,
});
/** One day of an inbox's working hours (see the schema of the same name). */
export type WorkingHoursEntry = z.infer<typeof WorkingHoursEntry>;

const DAYS_IN_WEEK = 7;

/**
 * Working hours in the form Chatwoot always returns: seven entries, one per day, sorted by
 * `dayOfWeek` (0 = Sunday … 6 = Saturday). What is treated as equal, and why:
 * - A day with no entry is closed all day: Chatwoot lists every day, and a closed day is what a
 *   user who leaves a day out means.
 * - A closed day carries null hours and `openAllDay: false`, whatever hours the server still keeps
 *   from before (closing a day does not clear them, and they mean nothing then).
 * - `openAllDay` forces 0:00–23:59 and `closedAllDay: false`, as the server does before saving.
 * - Missing minutes next to a given hour are 0 (`openHour: 9` means 9:00).
 * - Numbers and booleans given as strings are read as such; an entry whose day is not 0–6 carries
 *   nothing and is dropped; when a day appears twice the last entry wins (the server applies the
 *   entries in order).
 * An open day with missing hours is kept as is (hours null): Chatwoot rejects such an entry
 * without saying so, and the drift that remains is real.
 */
export function normalizeWorkingHours(v: unknown): WorkingHoursEntry[] {
  const byDay = new Map<number, unknown>();
  for (const entry of asList(v)) {
    if (!isRecord(entry)) continue;
    const day = asInteger(entry.dayOfWeek);
    if (day !== null && day >= 0 && day < DAYS_IN_WEEK) byDay.set(day, entry);
  }
  const week: WorkingHoursEntry[] = [];
  for (let day = 0; day < DAYS_IN_WEEK; day++) week.push(normalizeDay(day, byDay.get(day)));
  return week;
}

function normalizeDay(dayOfWeek: number, entry: unknown): WorkingHoursEntry {
  const e = isRecord(entry) ? entry : { closedAllDay: true };
  if (asBoolean(e.openAllDay) === true) {
    return { dayOfWeek, closedAllDay: false, openAllDay: true, openHour: 0, openMinutes: 0, closeHour: 23, closeMinutes: 59 };
  }
  if (asBoolean(e.closedAllDay) === true) {
    return { dayOfWeek, closedAllDay: true, openAllDay: false, openHour: null, openMinutes: null, closeHour: null, closeMinutes: null };
  }
  const openHour = asInteger(e.openHour);
  const closeHour = asInteger(e.closeHour);
  return {
    dayOfWeek,
    closedAllDay: false,
    openAllDay: false,
    openHour,
    openMinutes: asInteger(e.openMinutes) ?? (openHour === null ? null : 0),
    closeHour,
    closeMinutes: asInteger(e.closeMinutes) ?? (closeHour === null ? null : 0),
  };
}

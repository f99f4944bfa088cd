import { z } from "zod";
import { sameValue } from "../../diff/normalize/canonical";
import { asBoolean, asInteger, asList, isRecord } from "../../diff/normalize/coerce";

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
 * - `openAllDay` forces 0:00–23:59 and `closedAllDay: false`, as the server does before saving;
 *   an open day from 0:00 to 23:59 is open all day (Chatwoot treats the two alike).
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
  const allDay = { dayOfWeek, closedAllDay: false, openAllDay: true, openHour: 0, openMinutes: 0, closeHour: 23, closeMinutes: 59 };
  if (asBoolean(e.openAllDay) === true) return allDay;
  if (asBoolean(e.closedAllDay) === true) {
    return { dayOfWeek, closedAllDay: true, openAllDay: false, openHour: null, openMinutes: null, closeHour: null, closeMinutes: null };
  }
  const openHour = asInteger(e.openHour);
  const closeHour = asInteger(e.closeHour);
  const day = {
    dayOfWeek,
    closedAllDay: false,
    openAllDay: false,
    openHour,
    openMinutes: asInteger(e.openMinutes) ?? (openHour === null ? null : 0),
    closeHour,
    closeMinutes: asInteger(e.closeMinutes) ?? (closeHour === null ? null : 0),
  };
  const wholeDay = day.openHour === 0 && day.openMinutes === 0 && day.closeHour === 23 && day.closeMinutes === 59;
  return wholeDay ? allDay : day;
}

/**
 * The days (0–6) that a program's working-hours entries list, or `undefined` when the value is not
 * a list (then every day counts). Days a program does not list are not managed: what the server
 * holds for them is never a difference, and never sent.
 */
function listedDays(desired: unknown): Set<number> | undefined {
  if (!Array.isArray(desired)) return undefined;
  const days = new Set<number>();
  for (const entry of desired) {
    const day = isRecord(entry) ? asInteger(entry.dayOfWeek) : null;
    if (day !== null && day >= 0 && day < DAYS_IN_WEEK) days.add(day);
  }
  return days;
}

/**
 * Working hours in compared form (see {@link normalizeWorkingHours}), reduced to the days that
 * `desired` (the program's entries) lists, in day order; all seven days when `desired` is not a
 * list. This is the diff layer's normalizer for an inbox's `workingHours`: the program's entries
 * and the server's full week then compare on the listed days only.
 */
export function normalizeListedDays(v: unknown, desired?: unknown): WorkingHoursEntry[] {
  const week = normalizeWorkingHours(v);
  const days = listedDays(desired);
  return days === undefined ? week : week.filter((d) => days.has(d.dayOfWeek));
}

/**
 * The days whose desired hours differ from the server's week, each as a complete entry in compared
 * form (what an update sends: Chatwoot updates each listed day and leaves the others). Days the
 * program does not list are never among them; harmless differences (see
 * {@link normalizeWorkingHours}) never make a day differ.
 */
export function changedDays(desired: unknown, current: unknown): WorkingHoursEntry[] {
  const week = normalizeWorkingHours(current);
  return normalizeListedDays(desired, desired).filter((day) => !sameValue(day, week[day.dayOfWeek]));
}

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** A day of the week by its number (0 = Sunday), for messages. */
export const dayName = (dayOfWeek: number): string => DAY_NAMES[dayOfWeek] ?? `day ${dayOfWeek}`;

/** A time of day for messages, `09:05` (minutes default to 0). */
export const clock = (hour: number | null | undefined, minutes?: number | null) =>
  hour === null || hour === undefined ? "?" : `${String(hour).padStart(2, "0")}:${String(minutes ?? 0).padStart(2, "0")}`;

/** One day in words, for messages: `Monday (1) 09:00-17:00`, `Sunday (0) closed`, `Friday (5) open all day`. */
export function describeDay(day: WorkingHoursEntry): string {
  const name = `${dayName(day.dayOfWeek)} (${day.dayOfWeek})`;
  if (day.closedAllDay) return `${name} closed`;
  if (day.openAllDay) return `${name} open all day`;
  return `${name} ${clock(day.openHour, day.openMinutes)}-${clock(day.closeHour, day.closeMinutes)}`;
}

/**
 * What the server holds for the days a program lists (`listed`, its entries), in the program's
 * order, each in compared form; the whole week when the program lists none (`listed` is not a
 * list). `week` is the server's working hours. This is an inbox's `workingHours` output: the
 * managed days as they are, and nothing about days the program leaves to others.
 */
export function heldDays(listed: unknown, week: unknown): WorkingHoursEntry[] {
  const held = normalizeWorkingHours(week);
  if (!Array.isArray(listed)) return held;
  const days = listed.map((entry) => (isRecord(entry) ? asInteger(entry.dayOfWeek) : null));
  return [...new Set(days)].filter((d): d is number => d !== null && d >= 0 && d < DAYS_IN_WEEK).map((d) => held[d]);
}

/**
 * An inbox's working hours (upstream OutOfOffisable and WorkingHour): one row per day of the week,
 * Sunday = 0, created with the inbox (Sunday and Saturday closed, Monday to Friday 09:00-17:00).
 * `PATCH /inboxes/{id}` with `working_hours: [...]` runs `update_working_hours`: each listed entry
 * is matched to its day's row by `day_of_week` and applied with a non-bang `update`, so
 * - days not listed are left as they are;
 * - an entry that fails validation is skipped without a word, and the request still answers 200;
 * - an entry whose day has no row (missing, or outside 0-6) calls `update` on nil, a 500, and the
 *   transaction undoes the days applied before it;
 * - a day that is not closed all day with a missing hour or minute (reopening a closed day without
 *   sending its hours, say) also crashes: `close_after_open` runs on nil, a 500.
 * WorkingHour's rules: `open_all_day` forces 00:00-23:59 before validation; unless
 * `closed_all_day`, the four hour/minute fields are required, hours are 0-23, minutes 0-59 and the
 * closing time must come after the opening time (equal is refused); `open_all_day` and
 * `closed_all_day` may not both be true. Closing a day leaves its hours as they were.
 */
import { internalError } from "../errors";
import type { WorkingHour } from "../fixture";
import { castBoolean, castInteger, isHash, permit, type PermitFilter } from "../params";
import { completeWorkingHours } from "../state";

/** `Inbox::OFFISABLE_ATTRS`: the keys an entry may carry. */
const OFFISABLE_PERMIT: PermitFilter = {
  day_of_week: "scalar",
  closed_all_day: "scalar",
  open_hour: "scalar",
  open_minutes: "scalar",
  close_hour: "scalar",
  close_minutes: "scalar",
  open_all_day: "scalar",
};

const TIME_FIELDS = ["open_hour", "open_minutes", "close_hour", "close_minutes"] as const;

/** `create_default_working_hours`, run after an inbox is created. */
export function defaultWorkingHours(): WorkingHour[] {
  return completeWorkingHours([]);
}

/**
 * The rows after `update_working_hours(params.permit(working_hours: OFFISABLE_ATTRS)[:working_hours])`,
 * or a 500 (nothing applied). `given` is the raw `working_hours` parameter, already known to be truthy.
 */
export function updateWorkingHours(rows: readonly WorkingHour[], given: unknown): WorkingHour[] {
  // A hash iterates as [key, value] pairs (Array#[] with a string raises), unless it is empty.
  if (isHash(given)) {
    if (Object.keys(given).length === 0) return [...rows];
    throw internalError();
  }
  // A scalar is not permitted: nil.each. Elements that are not hashes are dropped by `permit`.
  if (!Array.isArray(given)) throw internalError();
  const permitted = permit({ working_hours: given }, { working_hours: OFFISABLE_PERMIT }).working_hours as Record<string, unknown>[];
  const next = rows.map((row) => ({ ...row }));
  for (const entry of permitted) {
    const day = castInteger(entry.day_of_week);
    const index = next.findIndex((row) => row.day_of_week === day);
    const row = next[index];
    if (!row) throw internalError();
    const updated = applyEntry(row, entry);
    if (updated) next[index] = updated;
  }
  return next;
}

/** `row.update(entry.slice(*OFFISABLE_ATTRS))`: the updated row, or undefined when it does not validate. */
function applyEntry(row: WorkingHour, entry: Record<string, unknown>): WorkingHour | undefined {
  const draft = { ...row };
  // A NULL flag column reads as false (`closed_all_day?`); the sandbox stores it as false.
  if (Object.hasOwn(entry, "closed_all_day")) draft.closed_all_day = castBoolean(entry.closed_all_day) ?? false;
  if (Object.hasOwn(entry, "open_all_day")) draft.open_all_day = castBoolean(entry.open_all_day) ?? false;
  for (const field of TIME_FIELDS) if (Object.hasOwn(entry, field)) draft[field] = castInteger(entry[field]);
  if (draft.open_all_day) Object.assign(draft, { open_hour: 0, open_minutes: 0, close_hour: 23, close_minutes: 59 });
  if (draft.open_all_day && draft.closed_all_day) return undefined;
  if (draft.closed_all_day) return draft;
  const { open_hour, open_minutes, close_hour, close_minutes } = draft;
  if (open_hour === null || open_minutes === null || close_hour === null || close_minutes === null) throw internalError();
  const inRange = [open_hour, close_hour].every((h) => h >= 0 && h <= 23) && [open_minutes, close_minutes].every((m) => m >= 0 && m <= 59);
  if (!inRange || open_hour * 60 + open_minutes >= close_hour * 60 + close_minutes) return undefined;
  return draft;
}

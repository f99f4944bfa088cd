import { WorkingHoursEntry, normalizeWorkingHours } from "../../../provider/diff/normalize/working-hours";
import { sameValue } from "../../../provider/diff/normalize/canonical";

type Day = WorkingHoursEntry;
const closed = (dayOfWeek: number): Day => ({
  dayOfWeek, closedAllDay: true, openAllDay: false, openHour: null, openMinutes: null, closeHour: null, closeMinutes: null,
});
const open = (dayOfWeek: number, openHour: number, openMinutes: number, closeHour: number, closeMinutes: number): Day => ({
  dayOfWeek, closedAllDay: false, openAllDay: false, openHour, openMinutes, closeHour, closeMinutes,
});
/** The full week a server returns (camelCase, as the shared mapping hands it over); days not given are closed. */
const serverWeek = (days: Record<number, Day>): Day[] => [0, 1, 2, 3, 4, 5, 6].map((d) => days[d] ?? closed(d));
const chatwootDefault = serverWeek({ 1: open(1, 9, 0, 17, 0), 2: open(2, 9, 0, 17, 0), 3: open(3, 9, 0, 17, 0), 4: open(4, 9, 0, 17, 0), 5: open(5, 9, 0, 17, 0) });

describe("normalizeWorkingHours", () => {
  const equal: [string, unknown, unknown][] = [
    ["a list of open days vs the server's full week", [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, openHour: 9, openMinutes: 0, closeHour: 17, closeMinutes: 0 })), chatwootDefault],
    ["any order vs sorted", [...chatwootDefault].reverse(), chatwootDefault],
    ["missing minutes vs :00", [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }], serverWeek({ 1: open(1, 9, 0, 17, 0) })],
    ["openAllDay alone vs the server's 0:00-23:59", [{ dayOfWeek: 2, openAllDay: true }],
      serverWeek({ 2: { dayOfWeek: 2, closedAllDay: false, openAllDay: true, openHour: 0, openMinutes: 0, closeHour: 23, closeMinutes: 59 } })],
    ["openAllDay with other hours vs 0:00-23:59", [{ dayOfWeek: 2, openAllDay: true, openHour: 9, closeHour: 12, closedAllDay: true }],
      [{ dayOfWeek: 2, openAllDay: true, openHour: 0, openMinutes: 0, closeHour: 23, closeMinutes: 59 }]],
    ["a closed day with stale hours vs null hours", [{ ...open(3, 8, 30, 16, 0), closedAllDay: true }], serverWeek({})],
    ["an explicit closed day vs a missing day", [{ dayOfWeek: 0, closedAllDay: true }, { dayOfWeek: 1, openHour: 9, closeHour: 17 }], [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }]],
    ["numbers and booleans as strings", [{ dayOfWeek: "1", closedAllDay: "false", openHour: "9", openMinutes: "0", closeHour: "17", closeMinutes: "0" }], [{ dayOfWeek: 1, closedAllDay: false, openHour: 9, openMinutes: 0, closeHour: 17, closeMinutes: 0 }]],
    ["a day given twice: the last entry wins", [{ dayOfWeek: 1, openHour: 8, closeHour: 12 }, { dayOfWeek: 1, openHour: 9, closeHour: 17 }], [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }]],
    ["nothing vs a fully closed week", undefined, serverWeek({})],
  ];
  test.each(equal)("equal: %s", (_name, a, b) => {
    expect(normalizeWorkingHours(a)).toStrictEqual(normalizeWorkingHours(b));
    expect(sameValue(normalizeWorkingHours(a), normalizeWorkingHours(b))).toBe(true);
  });

  const different: [string, unknown, unknown][] = [
    ["a changed closing hour", chatwootDefault, serverWeek({ ...Object.fromEntries(chatwootDefault.map((d) => [d.dayOfWeek, d])), 5: open(5, 9, 0, 18, 0) })],
    ["a changed minute", [{ dayOfWeek: 1, openHour: 9, openMinutes: 0, closeHour: 17 }], [{ dayOfWeek: 1, openHour: 9, openMinutes: 30, closeHour: 17 }]],
    ["a removed day", chatwootDefault, chatwootDefault.filter((d) => d.dayOfWeek !== 3)],
    ["open all day vs 9-17", [{ dayOfWeek: 1, openAllDay: true }], [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }]],
    ["closed vs open", [{ dayOfWeek: 6, closedAllDay: true }], [{ dayOfWeek: 6, openHour: 10, closeHour: 14 }]],
    ["a moved day", [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }], [{ dayOfWeek: 2, openHour: 9, closeHour: 17 }]],
  ];
  test.each(different)("different: %s", (_name, a, b) => {
    expect(sameValue(normalizeWorkingHours(a), normalizeWorkingHours(b))).toBe(false);
  });

  test.each(equal.flatMap(([name, a, b]) => [[`${name} (left)`, a], [`${name} (right)`, b]] as [string, unknown][]))(
    "always seven days 0..6 with the documented keys: %s",
    (_name, input) => {
      const week = normalizeWorkingHours(input);
      expect(week.map((d) => d.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      for (const day of week) {
        expect(Object.keys(day)).toEqual(["dayOfWeek", "closedAllDay", "openAllDay", "openHour", "openMinutes", "closeHour", "closeMinutes"]);
        expect(() => WorkingHoursEntry.parse(day)).not.toThrow();
        if (day.closedAllDay) expect([day.openAllDay, day.openHour, day.openMinutes, day.closeHour, day.closeMinutes]).toEqual([false, null, null, null, null]);
        if (day.openAllDay) expect([day.closedAllDay, day.openHour, day.openMinutes, day.closeHour, day.closeMinutes]).toEqual([false, 0, 0, 23, 59]);
      }
      expect(normalizeWorkingHours(week)).toStrictEqual(week);
    },
  );

  test("keeps an open day without hours as it is: the server would reject it, and that drift is real", () => {
    const week = normalizeWorkingHours([{ dayOfWeek: 4, closedAllDay: false }]);
    expect(week[4]).toEqual({ dayOfWeek: 4, closedAllDay: false, openAllDay: false, openHour: null, openMinutes: null, closeHour: null, closeMinutes: null });
    expect(sameValue(week, normalizeWorkingHours([]))).toBe(false);
  });

  test.each<[string, unknown]>([
    ["null", null],
    ["a string", "9-17"],
    ["junk entries", [null, 5, "x", [], { dayOfWeek: 9, openHour: 1 }, { dayOfWeek: -1 }, { dayOfWeek: "abc" }, { dayOfWeek: 1.5 }, {}]],
  ])("reads odd data (%s) as a closed week", (_name, input) => {
    expect(normalizeWorkingHours(input)).toStrictEqual([0, 1, 2, 3, 4, 5, 6].map(closed));
  });

  test("unreadable hours become null instead of throwing", () => {
    const week = normalizeWorkingHours([{ dayOfWeek: 1, openHour: "nine", openMinutes: {}, closeHour: 17.5, closeMinutes: "30" }]);
    expect(week[1]).toEqual({ dayOfWeek: 1, closedAllDay: false, openAllDay: false, openHour: null, openMinutes: null, closeHour: null, closeMinutes: 30 });
  });
});

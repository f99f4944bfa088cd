import { WorkingHoursEntry, changedDays, describeDay, heldDays, normalizeListedDays, normalizeWorkingHours } from "../../../../provider/resources/inbox/working-hours";
import { sameValue } from "../../../../provider/diff/normalize/canonical";

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

describe("normalizeListedDays: days a program does not list are not managed", () => {
  test("reduces both sides to the listed days, in day order", () => {
    const desired = [{ dayOfWeek: 5, openHour: 9, closeHour: 13 }, { dayOfWeek: 1, openHour: 9, closeHour: 17 }];
    expect(normalizeListedDays(desired, desired)).toEqual([open(1, 9, 0, 17, 0), open(5, 9, 0, 13, 0)]);
    expect(normalizeListedDays(chatwootDefault, desired)).toEqual([open(1, 9, 0, 17, 0), open(5, 9, 0, 17, 0)]);
  });

  test("a week that differs only on days not listed compares equal", () => {
    const desired = [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }];
    const changedElsewhere = serverWeek({ 1: open(1, 9, 0, 17, 0), 3: open(3, 6, 0, 7, 0), 6: open(6, 10, 0, 11, 0) });
    expect(sameValue(normalizeListedDays(desired, desired), normalizeListedDays(changedElsewhere, desired))).toBe(true);
    expect(sameValue(normalizeListedDays(desired, desired), normalizeListedDays(chatwootDefault, desired))).toBe(true);
  });

  test("a listed day that differs makes the weeks differ", () => {
    const desired = [{ dayOfWeek: 1, openHour: 10, closeHour: 17 }];
    expect(sameValue(normalizeListedDays(desired, desired), normalizeListedDays(chatwootDefault, desired))).toBe(false);
  });

  test("without a list of days, every day counts (the whole week)", () => {
    expect(normalizeListedDays(chatwootDefault)).toEqual(normalizeWorkingHours(chatwootDefault));
    expect(normalizeListedDays(chatwootDefault, "not a list")).toHaveLength(7);
    expect(normalizeListedDays(chatwootDefault, [])).toEqual([]);
  });
});

describe("changedDays", () => {
  const cases: [string, unknown, unknown, Day[]][] = [
    ["nothing listed", [], chatwootDefault, []],
    ["the listed days hold already", [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }, { dayOfWeek: 0, closedAllDay: true }], chatwootDefault, []],
    ["one changed day among equal ones", [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }, { dayOfWeek: 3, openHour: 10, closeHour: 16 }], chatwootDefault, [open(3, 10, 0, 16, 0)]],
    ["closing an open day", [{ dayOfWeek: 5, closedAllDay: true }], chatwootDefault, [closed(5)]],
    ["opening a closed day, all day", [{ dayOfWeek: 6, openAllDay: true }], chatwootDefault,
      [{ dayOfWeek: 6, closedAllDay: false, openAllDay: true, openHour: 0, openMinutes: 0, closeHour: 23, closeMinutes: 59 }]],
    ["0:00-23:59 against open all day", [{ dayOfWeek: 6, openHour: 0, closeHour: 23, closeMinutes: 59 }],
      serverWeek({ 6: { dayOfWeek: 6, closedAllDay: false, openAllDay: true, openHour: 0, openMinutes: 0, closeHour: 23, closeMinutes: 59 } }), []],
    ["hours of a closed day", [{ dayOfWeek: 0, closedAllDay: true, openHour: 8, closeHour: 9 }], serverWeek({ 0: { ...open(0, 10, 0, 12, 0), closedAllDay: true } }), []],
    ["a changed minute", [{ dayOfWeek: 2, openHour: 9, openMinutes: 15, closeHour: 17 }], chatwootDefault, [open(2, 9, 15, 17, 0)]],
    ["key order and strings", [{ closeHour: "17", dayOfWeek: "4", openHour: "8" }], chatwootDefault, [open(4, 8, 0, 17, 0)]],
    ["several days, in day order", [{ dayOfWeek: 6, closedAllDay: true }, { dayOfWeek: 2, openHour: 8, closeHour: 17 }, { dayOfWeek: 0, openHour: 10, closeHour: 12 }], chatwootDefault,
      [open(0, 10, 0, 12, 0), open(2, 8, 0, 17, 0)]],
    ["a server that sent no week", [{ dayOfWeek: 1, openHour: 9, closeHour: 17 }], null, [open(1, 9, 0, 17, 0)]],
  ];
  test.each(cases)("%s", (_name, desired, current, expected) => {
    expect(changedDays(desired, current)).toEqual(expected);
  });

  test("every changed day, once sent, makes the week equal to the desired days", () => {
    const desired = [{ dayOfWeek: 1, openHour: 7, closeHour: 15 }, { dayOfWeek: 6, openAllDay: true }, { dayOfWeek: 2, openHour: 9, closeHour: 17 }];
    const applied = normalizeWorkingHours(chatwootDefault).map((day) => changedDays(desired, chatwootDefault).find((d) => d.dayOfWeek === day.dayOfWeek) ?? day);
    expect(changedDays(desired, applied)).toEqual([]);
  });
});

test.each<[Day, string]>([
  [open(1, 9, 0, 17, 30), "Monday (1) 09:00-17:30"],
  [closed(0), "Sunday (0) closed"],
  [{ dayOfWeek: 5, closedAllDay: false, openAllDay: true, openHour: 0, openMinutes: 0, closeHour: 23, closeMinutes: 59 }, "Friday (5) open all day"],
  [{ ...open(3, 9, 0, 17, 0), openHour: null }, "Wednesday (3) ?-17:00"],
])("describeDay: %j", (day, text) => {
  expect(describeDay(day)).toBe(text);
});

describe("heldDays: the server's hours of the listed days", () => {
  test("in the program's order, complete, whatever form the program wrote them in", () => {
    expect(heldDays([{ dayOfWeek: 5, closedAllDay: true }, { dayOfWeek: "1" }], chatwootDefault)).toEqual([open(5, 9, 0, 17, 0), open(1, 9, 0, 17, 0)]);
  });
  test("a day listed twice or not a day of the week counts once or not at all", () => {
    expect(heldDays([{ dayOfWeek: 0 }, { dayOfWeek: 0 }, { dayOfWeek: 7 }, null], chatwootDefault)).toEqual([closed(0)]);
  });
  test("the whole week when the program lists none", () => {
    expect(heldDays(undefined, chatwootDefault)).toEqual(normalizeWorkingHours(chatwootDefault));
    expect(heldDays([], chatwootDefault)).toEqual([]);
  });
  test("compares equal with the listed days, as the diff needs", () => {
    const listed = [{ dayOfWeek: 2, openHour: 9, closeHour: 17 }];
    expect(sameValue(normalizeListedDays(heldDays(listed, chatwootDefault), listed), normalizeListedDays(listed, listed))).toBe(true);
  });
});

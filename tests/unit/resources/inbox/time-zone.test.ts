import { ianaTimeZone, isKnownTimeZone, normalizeTimeZone, suggestTimeZone } from "../../../../provider/resources/inbox/time-zone";
import { IANA_TIME_ZONES, RAILS_TIME_ZONES } from "../../../../provider/resources/inbox/time-zone-names";

describe("isKnownTimeZone: the names Chatwoot accepts once mapped", () => {
  test.each(["Europe/Berlin", "America/New_York", "UTC", "Etc/UTC", "US/Eastern", "Asia/Calcutta", "Asia/Kolkata", "Europe/Kyiv", "Europe/Kiev", "Etc/GMT+5", "Eastern Time (US & Canada)", "Kyev"])(
    "accepts %s",
    (name) => expect(isKnownTimeZone(name)).toBe(true),
  );
  test.each(["europe/berlin", "US/EASTERN", "Mars/Olympus_Mons", "+02:00", "", " Europe/Berlin", "Factory"])("refuses %j", (name) => {
    expect(isKnownTimeZone(name)).toBe(false);
  });

  test("every name JavaScript lists is accepted, and the database's names outnumber them", () => {
    for (const name of Intl.supportedValuesOf("timeZone")) expect(isKnownTimeZone(name)).toBe(true);
    expect(IANA_TIME_ZONES.length).toBeGreaterThan(Intl.supportedValuesOf("timeZone").length);
  });

  test("every Rails name stands for a zone of the database", () => {
    const unknown = Object.entries(RAILS_TIME_ZONES).filter(([, zone]) => !IANA_TIME_ZONES.includes(zone));
    expect(unknown).toEqual([]);
  });
});

test.each([
  ["Eastern Time (US & Canada)", "America/New_York"],
  ["Kolkata", "Asia/Kolkata"],
  ["UTC", "Etc/UTC"],
  ["Europe/Berlin", "Europe/Berlin"],
  ["Unknown/Zone", "Unknown/Zone"],
])("ianaTimeZone(%j) = %j", (name, zone) => {
  expect(ianaTimeZone(name)).toBe(zone);
});

test("suggestTimeZone gives the spelling of a name known in another case", () => {
  expect(suggestTimeZone("europe/berlin")).toBe("Europe/Berlin");
  expect(suggestTimeZone("Mars/Olympus_Mons")).toBeUndefined();
});

describe("normalizeTimeZone", () => {
  const equal: [string, unknown, unknown][] = [
    ["a link and its zone", "US/Eastern", "America/New_York"],
    ["old and new names of a zone", "Asia/Calcutta", "Asia/Kolkata"],
    ["renamed zones", "Europe/Kiev", "Europe/Kyiv"],
    ["the spellings of UTC", "Etc/UTC", "UTC"],
    ["a Rails name and its zone", "Eastern Time (US & Canada)", "America/New_York"],
    ["a Rails name and a link of its zone", "Mumbai", "Asia/Calcutta"],
    ["surrounding spaces", " Europe/Berlin ", "Europe/Berlin"],
    ["blank and none", "  ", null],
  ];
  test.each(equal)("equal: %s", (_name, a, b) => {
    expect(normalizeTimeZone(a)).toBe(normalizeTimeZone(b));
  });

  const different: [string, unknown, unknown][] = [
    ["two zones", "Europe/Berlin", "Europe/Paris"],
    ["zones with the same offset today", "America/New_York", "America/Toronto"],
    ["a zone and none", "UTC", null],
    ["unknown names as given", "Mars/A", "Mars/B"],
  ];
  test.each(different)("different: %s", (_name, a, b) => {
    expect(normalizeTimeZone(a)).not.toBe(normalizeTimeZone(b));
  });
});

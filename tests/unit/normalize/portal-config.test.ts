import { PortalConfig, normalizePortalConfig } from "../../../provider/diff/normalize/portal-config";
import { sameValue } from "../../../provider/diff/normalize/canonical";

/** A locale as the server lists it under `config.allowedLocales`. */
const served = (code: string, articlesCount = 0) => ({ code, articlesCount, categoriesCount: 1, draft: false });

describe("normalizePortalConfig", () => {
  const equal: [string, unknown, unknown][] = [
    ["codes vs the server's locale objects and extra keys",
      { allowedLocales: ["en", "es"], defaultLocale: "en" },
      { allowedLocales: [served("es", 4), served("en")], defaultLocale: "en", draftLocales: [], layout: "classic", websiteToken: "wt-secret-123" }],
    ["order and duplicates", { allowedLocales: ["fr", "de", "fr"], defaultLocale: "de" }, { allowedLocales: ["de", "fr"], defaultLocale: "de" }],
    ["missing default vs the first allowed locale", { allowedLocales: ["fr", "de"] }, { allowedLocales: [served("de"), served("fr")], defaultLocale: "fr" }],
    ["blank default vs the first allowed locale", { allowedLocales: ["fr"], defaultLocale: " " }, { allowedLocales: ["fr"], defaultLocale: "fr" }],
    ["missing allowed locales vs [default]", { defaultLocale: "es" }, { allowedLocales: [served("es")], defaultLocale: "es" }],
    ["empty allowed locales vs [default]", { allowedLocales: [], defaultLocale: "es" }, { allowedLocales: ["es"], defaultLocale: "es" }],
    ["no config vs en", undefined, { allowedLocales: [served("en")], defaultLocale: "en" }],
    ["empty config vs en", {}, null],
    ["a default missing from the allowed list vs added", { allowedLocales: ["es"], defaultLocale: "en" }, { allowedLocales: ["en", "es"], defaultLocale: "en" }],
    ["blank codes are dropped", { allowedLocales: ["en", "", " ", null, { code: "" }] }, { allowedLocales: ["en"] }],
  ];
  test.each(equal)("equal: %s", (_name, a, b) => {
    expect(normalizePortalConfig(a)).toStrictEqual(normalizePortalConfig(b));
    expect(sameValue(normalizePortalConfig(a), normalizePortalConfig(b))).toBe(true);
  });

  const different: [string, unknown, unknown][] = [
    ["a different locale", { allowedLocales: ["en", "fr"] }, { allowedLocales: [served("en"), served("es")], defaultLocale: "en" }],
    ["an added locale", { allowedLocales: ["en"], defaultLocale: "en" }, { allowedLocales: ["en", "es"], defaultLocale: "en" }],
    ["a different default", { allowedLocales: ["en", "es"], defaultLocale: "en" }, { allowedLocales: ["en", "es"], defaultLocale: "es" }],
    ["codes differing in case", { allowedLocales: ["pt_BR"] }, { allowedLocales: ["pt_br"] }],
  ];
  test.each(different)("different: %s", (_name, a, b) => {
    expect(sameValue(normalizePortalConfig(a), normalizePortalConfig(b))).toBe(false);
  });

  test.each(equal.flatMap(([name, a, b]) => [[`${name} (left)`, a], [`${name} (right)`, b]] as [string, unknown][]))(
    "sorted codes that include the default, nothing else: %s",
    (_name, input) => {
      const config = normalizePortalConfig(input);
      expect(Object.keys(config)).toEqual(["allowedLocales", "defaultLocale"]);
      expect(() => PortalConfig.parse(config)).not.toThrow();
      expect(config.allowedLocales).toEqual([...new Set(config.allowedLocales)].sort());
      expect(config.allowedLocales).toContain(config.defaultLocale);
      expect(normalizePortalConfig(config)).toStrictEqual(config);
    },
  );

  test("drops server-only keys, so the website token never enters the comparison", () => {
    const out = JSON.stringify(normalizePortalConfig({ allowedLocales: [served("en")], websiteToken: "wt-secret-123", layout: "x" }));
    expect(out).not.toContain("wt-secret-123");
    expect(out).not.toContain("layout");
  });

  test.each<[string, unknown, PortalConfig]>([
    ["a lone code instead of a list", { allowedLocales: "es" }, { allowedLocales: ["es"], defaultLocale: "es" }],
    ["numbers as codes", { allowedLocales: [{ code: 5 }, 6] }, { allowedLocales: ["5", "6"], defaultLocale: "5" }],
    ["junk entries", { allowedLocales: [null, {}, [], { code: null }, true], defaultLocale: {} }, { allowedLocales: ["true"], defaultLocale: "true" }],
    ["an array instead of an object", ["en", "es"], { allowedLocales: ["en"], defaultLocale: "en" }],
  ])("tolerates odd data: %s", (_name, input, expected) => {
    expect(normalizePortalConfig(input)).toStrictEqual(expected);
  });
});

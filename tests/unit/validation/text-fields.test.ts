import { hostNameProblem, httpUrl, lineText, name, text } from "../../../provider/validation/fields";
import { unknownLocale } from "../../../provider/validation/portal-locales";
import { catastrophicRepetition } from "../../../provider/validation/regex-backtracking";
import { unusableCharacter } from "../../../provider/validation/text-characters";

// The refusals are the bad-input corpus's job (tests/provider/bad-inputs); these tables hold what
// the stricter rules must still accept, and the detectors' own boundaries.

describe("text that must stay accepted", () => {
  test.each<[string, string]>([
    ["accented and non-Latin letters", "Équipe 東京 – Support"],
    ["an emoji ZWJ sequence (woman technologist)", "Support 👩‍💻"],
    ["a flag emoji made of tag characters", "Team 🏴󠁧󠁢󠁳󠁣󠁴󠁿"],
    ["a Persian word written with a zero-width non-joiner", "می‌خواهم"],
    ["an emoji with a variation selector", "Hot ❤️ line"],
    ["255 characters", "n".repeat(255)],
  ])("one line: %s", (_what, value) => {
    expect(name.safeParse(value).success).toBe(true);
    expect(lineText.safeParse(value).success).toBe(true);
  });

  test.each<[string, string]>([
    ["line breaks and tabs", "Dear customer,\r\n\tyour refund is on its way.\n"],
    ["right-to-left prose with direction marks", "שלום (\u200Fעולם\u200F)"],
    ["10,000 characters", "d".repeat(10_000)],
  ])("multi-line: %s", (_what, value) => {
    expect(text.safeParse(value).success).toBe(true);
  });

  test.each<[string, string]>([
    ["a plain https URL", "https://bots.example.test/hook"],
    ["a port, query and fragment", "http://localhost:8080/hook?x=1#top"],
    ["a non-ASCII host and path", "https://bücher.example/straße"],
    ["percent-encoded spaces", "https://bots.example.test/my%20hook"],
    ["2048 characters", `https://bots.example.test/${"a".repeat(2048 - 26)}`],
  ])("URL: %s", (_what, value) => {
    expect(httpUrl.safeParse(value).success).toBe(true);
  });

  test.each(["docs.example.com", "help-center.acme.co.uk", "xn--bcher-kva.example", "bücher.example", "a.b"])("host name %s", (host) => {
    expect(hostNameProblem(host)).toBeUndefined();
  });

  test.each(["en", "de", "pt_BR", "zh_TW", "zh_Hant_TW", "es_MX", "la", "sr_Latn_RS"])("locale %s", (code) => {
    expect(unknownLocale(code)).toBeUndefined();
  });
});

describe("unusableCharacter", () => {
  test.each<[string, string, "line" | "multiline", string | undefined]>([
    ["a joiner at the end of a word", "abc\u200D", "line", "U+200D ZERO WIDTH JOINER at position 4"],
    ["a joiner after a space", "a \u200Cb", "line", "U+200C ZERO WIDTH NON-JOINER at position 3"],
    ["a C1 control", "a\u0085b", "line", "U+0085 NEXT LINE at position 2"],
    ["DELETE in multi-line text", "a\nb\u007F", "multiline", "U+007F DELETE at position 4"],
    ["an unpaired surrogate", "a\uD800b", "line", "unpaired surrogate"],
    ["a line separator in one line", "a\u2028b", "line", "U+2028 LINE SEPARATOR"],
    ["positions count characters, not UTF-16 units", "😀😀\u0007", "line", "at position 3"],
    ["a tab in multi-line text", "a\tb", "multiline", undefined],
  ])("%s", (_what, value, kind, expected) => {
    const problem = unusableCharacter(value, kind);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toContain(expected);
  });
});

describe("catastrophicRepetition", () => {
  test.each<[string, string]>([
    ["(a+)+$", "(a+)+"],
    ["^(a*)*$", "(a*)*"],
    ["^(\\w+\\s?)*$", "(\\w+\\s?)*"],
    ["^([a-z0-9]+[-.]?)+@x\\.com$", "([a-z0-9]+[-.]?)+"],
    ["(?:a+){2,}", "(?:a+){2,}"],
    ["(?<word>a+)+", "(?<word>a+)+"],
    ["(a+|b)+", "(a+|b)+"],
    ["((a+)b?)+c", "((a+)b?)+"],
    ["(\\u0061+)+", "(\\u0061+)+"],
  ])("finds %s", (pattern, part) => {
    expect(catastrophicRepetition(pattern)).toBe(part);
  });

  test.each([
    "^\\d+$",
    "^(\\d+,)*\\d+$", // a fixed separator between repetitions
    "(a+){3}", // bounded outer repetition
    "(ab)+",
    "^(\\+\\d{1,3})?\\d{6,14}$",
    "[(a+)+]", // inside a character class
    "\\(a+\\)+", // escaped parentheses
    "(?=a+)+",
    "/^[A-Z]{2}-\\d{4}$/", // as the dashboard stores a pattern
    "(a|aa)+", // overlapping alternatives: not caught (documented)
  ])("passes %s", (pattern) => {
    expect(catastrophicRepetition(pattern)).toBeUndefined();
  });
});

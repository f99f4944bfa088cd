import { normalizeCustomDomain, normalizeOptionalLink } from "../../../provider/diff/normalize/custom-domain";

describe("normalizeCustomDomain", () => {
  test.each<[string, unknown, unknown]>([
    ["an https URL vs its host (the server's rewrite on create)", "https://docs.example.com", "docs.example.com"],
    ["an http URL with port, path, query and credentials vs its host", "HTTP://user:pw@Docs.Example.COM:8080/help?x=1#top", "docs.example.com"],
    ["surrounding whitespace", "  docs.example.com\n", "docs.example.com"],
    ["upper-case host", "Docs.EXAMPLE.com", "docs.example.com"],
    ["a URL vs a differently cased host", "https://DOCS.example.com/", "docs.EXAMPLE.com"],
    ["empty vs null", "", null],
    ["blank vs undefined", "   ", undefined],
  ])("equal: %s", (_name, a, b) => {
    expect(normalizeCustomDomain(a)).toBe(normalizeCustomDomain(b));
  });

  test.each<[string, unknown, unknown]>([
    ["another host", "docs.example.com", "help.example.com"],
    ["a host vs none", "docs.example.com", ""],
    ["a URL of another host", "https://docs.example.com", "docs.example.org"],
    ["a non-http URL is not reduced", "ftp://docs.example.com", "docs.example.com"],
  ])("different: %s", (_name, a, b) => {
    expect(normalizeCustomDomain(a)).not.toBe(normalizeCustomDomain(b));
  });

  test.each<[string, unknown, string | null]>([
    ["an unparsable URL is kept, trimmed and lower-cased", " HTTPS://[broken ", "https://[broken"],
    ["a scheme alone", "https://", "https://"],
    ["a number", 42, "42"],
    ["an object", { host: "x" }, null],
    ["an array", ["docs.example.com"], null],
  ])("tolerates odd data: %s", (_name, input, expected) => {
    expect(normalizeCustomDomain(input)).toBe(expected);
  });

  test.each(["https://Docs.Example.com/x", "docs.example.com", " A.B ", "", "https://[broken", "ftp://X.y"])("is idempotent: %j", (input) => {
    const once = normalizeCustomDomain(input);
    expect(normalizeCustomDomain(once)).toBe(once);
  });
});

describe("normalizeOptionalLink", () => {
  test.each<[string, unknown, string | null]>([
    ["empty means no link", "", null],
    ["blank means no link", "  ", null],
    ["missing means no link", undefined, null],
    ["a link is kept exactly", "https://Example.com/Help ", "https://Example.com/Help "],
    ["a number", 7, "7"],
    ["an object", {}, null],
  ])("%s", (_name, input, expected) => {
    expect(normalizeOptionalLink(input)).toBe(expected);
    expect(normalizeOptionalLink(normalizeOptionalLink(input))).toBe(expected);
  });

  test("a changed link is a change", () => {
    expect(normalizeOptionalLink("https://example.com/a")).not.toBe(normalizeOptionalLink("https://example.com/A"));
  });
});

/**
 * Printing values as Pulumi YAML: what is printed is read back, by a YAML parser and then by Pulumi
 * YAML's rule for `$` (`$$` is `$`, `${` starts an expression), as the same value; it reads like
 * hand-written YAML; expressions stay expressions.
 */
import { load } from "js-yaml";
import { Commented, LINE_WIDTH } from "../../../sdk/clone/code";
import { literalText, yamlCommentLines, yamlEntry, yamlExpr, yamlKey } from "../../../sdk/clone/yaml-code";

/** Text as Pulumi YAML reads a literal string: `$$` is `$`; an expression (`${`) is a test failure. */
function pulumiText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith("$$", i)) {
      out += "$";
      i++;
    } else if (text.startsWith("${", i)) throw new Error(`an expression in literal text: ${JSON.stringify(text)}`);
    else out += text[i];
  }
  return out;
}

/** Every string of a parsed value as Pulumi YAML reads it. */
function asPulumiReads(value: unknown): unknown {
  if (typeof value === "string") return pulumiText(value);
  if (Array.isArray(value)) return value.map(asPulumiReads);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asPulumiReads(v)]));
  return value;
}

/** `value:` printed at column `indent` inside a mapping, parsed back. */
function roundTrip(value: unknown, indent = 0): unknown {
  const lines = yamlEntry("value", value, indent);
  const text = indent === 0 ? lines.join("\n") : `outer:\n${lines.join("\n")}`;
  const parsed = load(text) as Record<string, unknown>;
  return asPulumiReads(indent === 0 ? parsed.value : (parsed.outer as Record<string, unknown>).value);
}

const TEXTS: [string, string][] = [
  ["a word", "vip"],
  ["words with marks", "Hi there! How can we help?"],
  ["a URL", "https://bots.acme.test/returns?x=1"],
  ["YAML 1.1 and 1.2 keywords", "yes"],
  ["another keyword", "Off"],
  ["null as text", "null"],
  ["a tilde", "~"],
  ["digits", "123"],
  ["a decimal", "1.5"],
  ["hex digits", "0x1F"],
  ["an exponent", "1e3"],
  ["the empty text", ""],
  ["a leading dash", "-staging"],
  ["a colon and space", "key: value"],
  ["a trailing colon", "key:"],
  ["a hash after a space", "a #comment"],
  ["a leading hash", "#d97706"],
  ["surrounding spaces", " padded "],
  ["flow indicators", "[x], {y}"],
  ["indicators first", "*star"],
  ["a pipe first", "| pipe"],
  ["a quote first", "'single'"],
  ["double quotes and a backslash", 'say "hi" \\ there'],
  ["an expression's syntax", "${label-vip.title}"],
  ["dollars", "costs $5, or $$10, or $${x}"],
  ["a tab", "a\tb"],
  ["non-Latin scripts and an emoji", "日本語 🚀 Übersicht"],
  ["a line separator", "a\u2028b"],
  ["a control character", "a\u0001b"],
  ["lines with a final break", "# Welcome\n\nAcme helps you.\n"],
  ["lines without a final break", "one\ntwo"],
  ["lines whose first starts with spaces", "  indented\nnot"],
  ["two final breaks", "text\n\n"],
  ["a line of spaces only", "a\n   \nb"],
  ["a carriage return", "a\r\nb"],
  ["lines with an expression's syntax and a hash", "${x}\n# not a comment\n"],
];

const VALUES: [string, unknown][] = [
  ["a number", 42],
  ["a negative decimal", -0.25],
  ["booleans", [true, false]],
  ["null", null],
  ["an empty list and object", { list: [], object: {} }],
  ["keys that need quotes", { "with space": 1, "3d": 2, y: 3, "a-b": 4, "Content-Type": 5, "": 6, "fn::x": 7 }],
  ["a list of tricky texts, in flow style", TEXTS.slice(0, 20).map(([, t]) => t)],
  ["a list of objects", [{ dayOfWeek: 0, closedAllDay: true }, { dayOfWeek: 1, openHour: 9, closeHour: 17 }]],
  ["a list of lists", [["a", "b"], [["c"]], []]],
  ["objects of lists of objects with text of several lines", { fields: [{ name: "x", help: "line one\nline two\n", values: ["a", "b"] }] }],
  [
    "a long, nested object",
    {
      name: "Acme Website",
      workingHours: Array.from({ length: 7 }, (_, day) => ({ dayOfWeek: day, openHour: 9, closeHour: 17, closeMinutes: 30 })),
      channel: { type: "web_widget", websiteUrl: "https://www.acme.test/a/rather/long/path/to/make/the/line/too/long/for/one/line" },
    },
  ],
];

describe("yamlEntry", () => {
  test.each(TEXTS)("text: %s reads back as the same text, at any indentation", (_, text) => {
    expect(roundTrip(text)).toBe(text);
    expect(roundTrip(text, 6)).toBe(text);
    expect(roundTrip([text])).toEqual([text]);
    expect(roundTrip({ inner: text })).toEqual({ inner: text });
  });

  test.each(VALUES)("%s reads back as the same value", (_, value) => {
    expect(roundTrip(value)).toEqual(value);
    expect(roundTrip(value, 4)).toEqual(value);
  });

  test.each(VALUES)("%s: no line is longer than the limit unless a single value is", (_, value) => {
    for (const line of yamlEntry("value", value, 0)) {
      if (line.length > LINE_WIDTH) expect(line.trim()).toMatch(/^(- )?([\w-]+: )?("[^"]*"|\S+)$/);
    }
  });

  test("plain where YAML reads the text back as it is, quoted otherwise; several lines as a literal block", () => {
    expect(yamlEntry("title", "vip", 0)).toEqual(["title: vip"]);
    expect(yamlEntry("url", "https://bots.acme.test/returns", 0)).toEqual(["url: https://bots.acme.test/returns"]);
    expect(yamlEntry("color", "#d97706", 0)).toEqual(['color: "#d97706"']);
    expect(yamlEntry("answer", "yes", 0)).toEqual(['answer: "yes"']);
    expect(yamlEntry("content", "# Hi\n\nThere.\n", 2)).toEqual(["  content: |", "    # Hi", "", "    There."]);
    expect(yamlEntry("content", "  code\nend", 0)).toEqual(["content: |2-", "  " + "  code", "  end"]);
    // In flow style (inside [...]) a URL is quoted: `:` and `#` are not left to the parser there.
    expect(yamlEntry("urls", ["https://a.test", "b"], 0)).toEqual(['urls: ["https://a.test", b]']);
  });

  test("a value that fits stays on one line in flow style; one that does not is a block, indented by two", () => {
    expect(yamlEntry("config", { allowedLocales: ["de", "en"], defaultLocale: "en" }, 6)).toEqual(["      config: { allowedLocales: [de, en], defaultLocale: en }"]);
    const wide = { description: "x".repeat(LINE_WIDTH), color: "#fff" };
    expect(yamlEntry("label", wide, 0)).toEqual(["label:", `  description: ${"x".repeat(LINE_WIDTH)}`, '  color: "#fff"']);
    expect(yamlEntry("rules", [{ a: "x".repeat(60), b: "y".repeat(60) }], 0)).toEqual(["rules:", `  - a: ${"x".repeat(60)}`, `    b: ${"y".repeat(60)}`]);
  });

  test("expressions print as written: plain in a block, quoted in flow style, never escaped", () => {
    const expr = yamlExpr("${team-billing.id}");
    expect(yamlEntry("teamId", expr, 0)).toEqual(["teamId: ${team-billing.id}"]);
    expect(yamlEntry("userIds", [yamlExpr("${agent-bob.id}"), yamlExpr("${agent-carol[0].id}")], 0)).toEqual(['userIds: ["${agent-bob.id}", "${agent-carol[0].id}"]']);
    expect(yamlEntry("slug", yamlExpr(`${literalText("a$b${c")}\${slugSuffix}`), 0)).toEqual(["slug: a$b$${c${slugSuffix}"]);
    expect(load(yamlEntry("slug", yamlExpr("help${slugSuffix}"), 0).join("\n"))).toEqual({ slug: "help${slugSuffix}" });
  });

  test("a commented value carries its comment after it on one line; one without a value is a comment in its place", () => {
    const lines = yamlEntry("actionParams", [yamlExpr("${team-billing.id}"), new Commented(99, "team 99 is not a team\nof account 4")], 0);
    expect(lines).toEqual(["actionParams:", "  - ${team-billing.id}", "  - 99  # team 99 is not a team of account 4"]);
    expect(load(lines.join("\n"))).toEqual({ actionParams: ["${team-billing.id}", 99] });
    expect(yamlEntry("agentBotId", new Commented(undefined, "agent bot 5: agent bots are not part of this export"), 4)).toEqual([
      "    # agentBotId: not declared: agent bot 5: agent bots are not part of this export",
    ]);
    // A list item whose first entry is a comment starts on the dash's own line (a comment after "- " would empty the item).
    const item = yamlEntry(undefined, { botId: new Commented(undefined, "left out"), name: "x" }, 0);
    expect(item).toEqual(["-", "  # botId: not declared: left out", "  name: x"]);
    expect(load(`list:\n${item.map((l) => `  ${l}`).join("\n")}`)).toEqual({ list: [{ name: "x" }] });
  });

  test("undefined entries of an object are left out", () => {
    expect(load(yamlEntry("value", { a: 1, b: undefined }, 0).join("\n"))).toEqual({ value: { a: 1 } });
  });
});

describe("yamlKey and comments", () => {
  test.each([
    ["inbox-acme-website", "inbox-acme-website"],
    ["preChatFields", "preChatFields"],
    ["café-ünïcode", "café-ünïcode"],
    ["no", '"no"'],
    ["with space", '"with space"'],
    ["fn::invoke", '"fn::invoke"'],
  ])("%s as a key: %s", (key, printed) => {
    expect(yamlKey(key)).toBe(printed);
    expect(Object.keys(load(`${printed}: 1`) as object)).toEqual([key]);
  });

  test("comments are wrapped to the line width, one line each, whatever breaks the text had", () => {
    const lines = yamlCommentLines(`${"word ".repeat(40)}\nend`, 2);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line.startsWith("  # ")).toBe(true);
      expect(line.length).toBeLessThanOrEqual(LINE_WIDTH);
    }
    expect(lines.map((line) => line.slice("  # ".length)).join(" ")).toBe(`${"word ".repeat(40)}end`);
  });
});

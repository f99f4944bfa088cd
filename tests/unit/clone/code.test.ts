/** Printing values as TypeScript source: what is printed means the value, and reads like hand-written code. */
import { commentLines, Commented, expr, LINE_WIDTH, printValue } from "../../../sdk/clone/code";

/** Evaluates printed source (plain JSON values only: no expressions). */
const evaluate = (code: string): unknown => new Function(`return (${code});`)();

const VALUES: [string, unknown][] = [
  ["a number", 42],
  ["a string with quotes, a line break and a non-Latin script", 'say "hi"\nto 日本'],
  ["null", null],
  ["an empty list and object", { list: [], object: {} }],
  ["keys that need quotes", { "with space": 1, "3d": 2, $ok: 3, "a-b": 4 }],
  ["a short object", { title: "vip", color: "#ff0000" }],
  [
    "a long, nested object",
    {
      name: "Acme Website",
      workingHours: Array.from({ length: 7 }, (_, day) => ({ dayOfWeek: day, openHour: 9, closeHour: 17, closeMinutes: 30 })),
      channel: { type: "web_widget", websiteUrl: "https://www.acme.test/a/rather/long/path/to/make/the/line/too/long/for/one/line" },
    },
  ],
];

describe("printValue", () => {
  test.each(VALUES)("%s prints as source that evaluates to the same value", (_, value) => {
    expect(evaluate(printValue(value))).toEqual(value);
  });

  test.each(VALUES)("%s: no line is longer than the limit unless a single value is", (_, value) => {
    for (const line of printValue(value).split("\n")) {
      if (line.length > LINE_WIDTH) expect(line.trim()).toMatch(/^("[^"]*"|[\w$]+: "[^"]*"),?$/);
    }
  });

  test("a value that fits stays on one line; one that does not gets one entry per line, indented by two", () => {
    expect(printValue({ title: "vip", adopt: true })).toBe('{ title: "vip", adopt: true }');
    const wide = { description: "x".repeat(LINE_WIDTH), color: "#fff" };
    expect(printValue(wide)).toBe(`{\n  description: "${"x".repeat(LINE_WIDTH)}",\n  color: "#fff",\n}`);
  });

  test("the starting column counts: the same value breaks when it starts further right", () => {
    const value = { a: "y".repeat(40), b: "z".repeat(30) };
    const oneLine = printValue(value);
    expect(oneLine).not.toContain("\n");
    expect(printValue(value, 0, LINE_WIDTH - oneLine.length)).toContain("\n");
  });

  test("expressions print as written, and `key: key` as the shorthand", () => {
    expect(printValue({ teamId: expr("idOf(teamBilling)"), adopt: expr("adopt"), title: expr("labelVip.title") })).toBe(
      "{ teamId: idOf(teamBilling), adopt, title: labelVip.title }",
    );
  });

  test("undefined entries of an object are left out; in a list they stay", () => {
    expect(evaluate(printValue({ a: 1, b: undefined }))).toEqual({ a: 1 });
    expect(printValue([1, undefined])).toBe("[1, undefined]");
  });

  test("a commented entry breaks the value into lines and carries its comment after the comma, on one line", () => {
    const text = printValue({ userIds: [expr("agentBob"), new Commented(7, "user 7 has no\ne-mail address")] });
    expect(text).toBe("{\n  userIds: [\n    agentBob,\n    7, // user 7 has no e-mail address\n  ],\n}");
  });

  test("a commented entry whose value is undefined still shows, with its reason", () => {
    expect(printValue({ agentBotId: new Commented(undefined, "agent bot 3 is not exported") })).toBe(
      "{\n  agentBotId: undefined, // agent bot 3 is not exported\n}",
    );
  });

  test("the same value always prints the same text", () => {
    for (const [, value] of VALUES) expect(printValue(structuredClone(value))).toBe(printValue(value));
  });
});

describe("commentLines", () => {
  test("wraps at word boundaries within the line width, indented, and keeps every word in order", () => {
    const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const lines = commentLines(text, 4);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line.startsWith("    // ")).toBe(true);
      expect(line.length).toBeLessThanOrEqual(LINE_WIDTH);
    }
    expect(lines.map((l) => l.slice(7)).join(" ")).toBe(text);
  });

  test("a line break in the text never starts a line of code", () => {
    for (const line of commentLines("first\nconst x = 1;")) expect(line.startsWith("// ")).toBe(true);
  });

  test("a word longer than a line gets a line of its own", () => {
    const url = `https://example.test/${"p".repeat(LINE_WIDTH)}`;
    expect(commentLines(`see ${url} now`)).toEqual(["// see", `// ${url}`, "// now"]);
  });
});

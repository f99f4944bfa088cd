/**
 * The YAML text of the reference pages' examples (provider/build/yaml-writer.ts): block style, and
 * a string plain only where YAML reads it back as that string.
 */
import { yamlText } from "../../../provider/build/yaml-writer";

test("maps and lists in block style, empty ones in flow style", () => {
  expect(yamlText({ resources: { vip: { type: "chatwoot:index:Label", properties: { tags: ["a", "b"], days: [{ day: 1, open: true }, { day: 2 }], none: [], empty: {} } } } })).toBe(
    [
      "resources:",
      "  vip:",
      "    type: chatwoot:index:Label",
      "    properties:",
      "      tags:",
      "        - a",
      "        - b",
      "      days:",
      "        - day: 1",
      "          open: true",
      "        - day: 2",
      "      none: []",
      "      empty: {}",
    ].join("\n"),
  );
});

test.each([
  ["https://bots.example.com/triage", "https://bots.example.com/triage"],
  ["${triage.id}", "${triage.id}"],
  ["Acme Support <help@acme.test>", "Acme Support <help@acme.test>"],
  ["We are back on Monday.", "We are back on Monday."],
  ["#1F93FF", '"#1F93FF"'],
  ["true", '"true"'],
  ["No", '"No"'],
  ["null", '"null"'],
  ["42", '"42"'],
  [".5", '".5"'],
  ["", '""'],
  ["key: value", '"key: value"'],
  ["a # comment", '"a # comment"'],
  ["ends with colon:", '"ends with colon:"'],
  ["trailing space ", '"trailing space "'],
  ["- item", '"- item"'],
  ["*alias", '"*alias"'],
  ["🚀", '"🚀"'],
  ["two\nlines", '"two\\nlines"'],
  ["line\u2028separator", '"line\\u2028separator"'],
])("the string %j is written %s", (value, text) => {
  expect(yamlText({ k: value })).toBe(`k: ${text}`);
});

test("numbers, booleans and null as themselves", () => {
  expect(yamlText({ a: 10080, b: -1, c: false, d: null })).toBe("a: 10080\nb: -1\nc: false\nd: null");
});

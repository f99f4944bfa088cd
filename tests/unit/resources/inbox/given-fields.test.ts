import { sameValue } from "../../../../provider/diff/normalize/canonical";
import { givenFields } from "../../../../provider/resources/inbox/given-fields";

const normalize = givenFields({ always: ["type"], fields: { color: (v) => (typeof v === "string" ? v.toLowerCase() : null) } });
const server = { type: "web_widget", color: "#ABCDEF", title: "Hi", tagline: "We reply fast", nested: { b: 1, a: 2 } };

describe("givenFields: only the fields the program gives are compared", () => {
  const same = (desired: Record<string, unknown>, current: unknown) => sameValue(normalize(desired, desired), normalize(current, desired));

  test("fields the program leaves out never differ", () => {
    expect(same({ type: "web_widget", title: "Hi" }, server)).toBe(true);
  });
  test("a given field that differs does", () => {
    expect(same({ type: "web_widget", title: "Hello" }, server)).toBe(false);
  });
  test("fields in `always` are compared even when not given", () => {
    expect(same({ title: "Hi" }, { title: "Hi", tagline: "x" })).toBe(true);
    // The server has a type and the program none: a difference, unlike the tagline.
    expect(same({ title: "Hi" }, server)).toBe(false);
  });
  test("named fields compare in their own form; others as canonical JSON (key order ignored)", () => {
    expect(same({ type: "web_widget", color: "#abcdef", nested: { a: 2, b: 1 } }, server)).toBe(true);
  });
  test("an absent field is null, and a value that is not an object has no fields", () => {
    expect(same({ type: "web_widget", missing: null }, server)).toBe(true);
    expect(same({ type: "web_widget", title: "Hi" }, null)).toBe(false);
    expect(normalize("text", { title: "Hi" })).toEqual({ title: null, type: null });
  });
  test("without a desired object, every field of the value counts, keys sorted", () => {
    expect(Object.keys(normalize(server) as object)).toEqual(["color", "nested", "tagline", "title", "type"]);
  });
});

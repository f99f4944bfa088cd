import { sameValue } from "../../../provider/diff/normalize/canonical";
import { normalizeTextSet } from "../../../provider/diff/normalize/text-set";

describe("normalizeTextSet", () => {
  test.each<[string, unknown, unknown]>([
    ["order", ["message_created", "conversation_created"], ["conversation_created", "message_created"]],
    ["duplicates", ["message_created", "message_created"], ["message_created"]],
    ["missing vs empty", undefined, []],
    ["a lone name vs a one-element list", "message_created", ["message_created"]],
  ])("equal: %s", (_name, a, b) => {
    expect(normalizeTextSet(a)).toStrictEqual(normalizeTextSet(b));
  });

  test.each<[string, unknown, unknown]>([
    ["an added name", ["message_created"], ["message_created", "contact_updated"]],
    ["a swapped name", ["message_created"], ["message_updated"]],
    ["another case (the server compares exactly)", ["message_created"], ["Message_Created"]],
  ])("different: %s", (_name, a, b) => {
    expect(sameValue(normalizeTextSet(a), normalizeTextSet(b))).toBe(false);
  });

  test("drops entries that are not strings", () => {
    expect(normalizeTextSet(["b", 1, null, { a: 1 }, "a"])).toEqual(["a", "b"]);
  });
});

import { normalizeIdSet } from "../../../provider/diff/normalize/id-set";
import { sameValue } from "../../../provider/diff/normalize/canonical";

describe("normalizeIdSet", () => {
  test.each<[string, unknown, unknown]>([
    ["order", [3, 1, 2], [1, 2, 3]],
    ["duplicates", [2, 2, 1], [1, 2]],
    ["numeric strings", ["3", " 1 ", "2"], [1, 2, 3]],
    ["the server's agent objects vs ids", [{ id: 2, name: "Ann", role: "agent" }, { id: "1", email: "b@example.com" }], [1, 2]],
    ["missing vs empty", undefined, []],
  ])("equal: %s", (_name, a, b) => {
    expect(normalizeIdSet(a)).toStrictEqual(normalizeIdSet(b));
  });

  test.each<[string, unknown, unknown]>([
    ["an added id", [1, 2], [1, 2, 3]],
    ["a swapped id", [1, 2], [1, 3]],
    ["everyone removed", [1], []],
  ])("different: %s", (_name, a, b) => {
    expect(sameValue(normalizeIdSet(a), normalizeIdSet(b))).toBe(false);
  });

  test("sorts numerically, not as text", () => {
    expect(normalizeIdSet([10, 9, 100, "11"])).toEqual([9, 10, 11, 100]);
  });

  test.each<[string, unknown, number[]]>([
    ["null", null, []],
    ["a lone id", 7, [7]],
    ["junk entries", ["a", 1.5, {}, null, [], true, NaN, "", { id: null }, "  4 "], [4]],
  ])("tolerates odd data: %s", (_name, input, expected) => {
    expect(normalizeIdSet(input)).toStrictEqual(expected);
    expect(normalizeIdSet(normalizeIdSet(input))).toStrictEqual(expected);
  });
});

import { Json, canonical, sameValue } from "../../../provider/diff/normalize/canonical";

const text = (v: unknown): string => JSON.stringify(canonical(v));

describe("canonical", () => {
  test.each<[string, unknown, string]>([
    ["sorts keys at every depth", { b: 1, a: { d: [{ z: 1, y: 2 }], c: 2 } }, '{"a":{"c":2,"d":[{"y":2,"z":1}]},"b":1}'],
    ["drops undefined, functions and symbols from objects", { a: undefined, b: () => 1, c: Symbol("s"), d: null }, '{"d":null}'],
    ["turns undefined, functions and symbols into null inside arrays", [undefined, () => 1, Symbol("s"), 1], "[null,null,null,1]"],
    ["turns non-finite numbers into null", [NaN, Infinity, -Infinity], "[null,null,null]"],
    ["turns -0 into 0", { n: -0 }, '{"n":0}'],
    ["honours toJSON (dates)", { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) }, '{"at":"2026-01-02T03:04:05.000Z"}'],
    ["writes a bigint as its decimal string", { big: 12345678901234567890n }, '{"big":"12345678901234567890"}'],
    ["keeps array order", [3, 1, 2], "[3,1,2]"],
    ["maps a top-level undefined to null", undefined, "null"],
  ])("%s", (_name, input, expected) => {
    expect(text(input)).toBe(expected);
  });

  test("leaves its input untouched and returns fresh objects", () => {
    const input = { b: [1, { d: 1, c: 2 }], a: 1 };
    const snapshot = JSON.stringify(input);
    const out = canonical(input) as Record<string, unknown>;
    expect(JSON.stringify(input)).toBe(snapshot);
    expect(out).not.toBe(input);
    expect(out.b).not.toBe(input.b);
  });

  test.each<[string, unknown]>([
    ["nested object", { b: [1, { d: undefined, c: NaN }], a: new Date(0) }],
    ["array", [undefined, { y: 1, x: [2, -0] }]],
    ["scalar", "x"],
  ])("is plain JSON and idempotent (%s)", (_name, input) => {
    const once = canonical(input);
    expect(() => Json.parse(once)).not.toThrow();
    expect(JSON.stringify(canonical(once))).toBe(JSON.stringify(once));
  });
});

describe("sameValue", () => {
  const pairs: [string, unknown, unknown, boolean][] = [
    ["same object, different key order", { a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 }, true],
    ["undefined entry vs missing key", { a: 1, b: undefined }, { a: 1 }, true],
    ["function entry vs missing key", { a: 1, f: () => 0 }, { a: 1 }, true],
    ["null entry vs missing key", { a: 1, b: null }, { a: 1 }, false],
    ["null entry vs undefined entry", { b: null }, { b: undefined }, false],
    ["undefined vs null (top level)", undefined, null, true],
    ["NaN vs null", NaN, null, true],
    ["NaN vs NaN", NaN, NaN, true],
    ["0 vs -0", { n: 0 }, { n: -0 }, true],
    ["array order matters", [1, 2], [2, 1], false],
    ["array length matters", [1, 2], [1, 2, 3], false],
    ["undefined vs null inside arrays", [undefined], [null], true],
    ["number vs numeric string", 1, "1", false],
    ["empty array vs empty object", [], {}, false],
    ["object vs scalar", { a: 1 }, "x", false],
    ["array vs object with index keys", [1], { 0: 1 }, false],
    ["date vs its ISO string", new Date(0), "1970-01-01T00:00:00.000Z", true],
    ["date vs another date", new Date(0), new Date(1), false],
    ["toJSON object vs plain object", { toJSON: () => ({ a: 1 }) }, { a: 1 }, true],
    ["toJSON to scalar vs object", { toJSON: () => "x" }, { a: 1 }, false],
    ["nested difference", { a: { b: { c: 1 } } }, { a: { b: { c: 2 } } }, false],
    ["extra key on the right", { a: 1 }, { a: 1, b: 2 }, false],
    ["extra undefined keys on both sides", { a: 1, x: undefined }, { a: 1, y: undefined }, true],
    ["prototype-less object", Object.assign(Object.create(null) as object, { a: 1 }), { a: 1 }, true],
  ];

  test.each(pairs)("%s → %s", (_name, a, b, expected) => {
    expect(sameValue(a, b)).toBe(expected);
    expect(sameValue(b, a)).toBe(expected);
  });

  test.each(pairs)("agrees with comparing canonical JSON text (%s)", (_name, a, b) => {
    expect(sameValue(a, b)).toBe(text(a) === text(b));
  });
});

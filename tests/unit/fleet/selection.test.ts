/**
 * Which members a run takes: N shards cover every member exactly once and differ in size by one at
 * most, whatever the order of the file; `--only` and `--exclude` take names and `*` patterns.
 */
import { matches, parseShard, selectNames, shardOf, unmatched } from "../../../sdk/fleet/selection";

const names = Array.from({ length: 23 }, (_, i) => `customer-${String(i).padStart(2, "0")}`);
const shuffled = [...names].sort((a, b) => (a.split("").reverse().join("") < b.split("").reverse().join("") ? -1 : 1));

describe("--shard I/N", () => {
  test.each([1, 2, 3, 7, 23, 30])("%i shards cover every member once and differ by one member at most", (count) => {
    const shards = Array.from({ length: count }, (_, i) => shardOf(names, { index: i + 1, count }));
    const all = shards.flatMap((s) => [...s]).sort();
    expect(all).toEqual(names);
    const sizes = shards.map((s) => s.size);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  test("does not depend on the order of the members in the file", () => {
    for (let i = 1; i <= 3; i++) expect(shardOf(shuffled, { index: i, count: 3 })).toEqual(shardOf(names, { index: i, count: 3 }));
  });

  test.each(["0/2", "3/2", "1/0", "a/b", "1", "1/2/3"])("refuses %s, saying what it takes", (text) => {
    expect(parseShard(text)).toEqual({ problem: expect.stringMatching(/^--shard takes I\/N with 1 <= I <= N/) });
  });
});

describe("--only and --exclude", () => {
  test.each([
    ["customer-0*", "customer-05", true],
    ["customer-0*", "customer-15", false],
    ["*-15", "customer-15", true],
    ["customer-15", "customer-15", true],
    ["customer-1", "customer-15", false],
    ["c.stomer-15", "customer-15", false],
  ])("%s matches %s: %s", (pattern, name, expected) => {
    expect(matches(pattern, name)).toBe(expected);
  });

  test("select in the file's order, the shard first", () => {
    expect(selectNames(names, { only: ["customer-0*"], exclude: ["customer-03", "*-07"] })).toEqual(["customer-00", "customer-01", "customer-02", "customer-04", "customer-05", "customer-06", "customer-08", "customer-09"]);
    const shard = shardOf(names, { index: 2, count: 2 });
    expect(selectNames(names, { shard: { index: 2, count: 2 }, only: ["customer-0*"] })).toEqual(names.filter((n) => n.startsWith("customer-0") && shard.has(n)));
  });

  test("name what matches no member", () => {
    expect(unmatched(["customer-0*", "nobody", "x*"], names)).toEqual(["nobody", "x*"]);
  });
});

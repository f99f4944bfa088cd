/**
 * What derives from the registry of types and the SDK's declarations is checked in: a change to
 * either without `npm run generate` leaves a stale file, named here. The guides in docs/guides,
 * beside the generated reference, are written by hand: the generator never deletes them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { leftovers, staleFiles } from "../../../provider/build/generate";

const ROOT = path.resolve(__dirname, "../../..");

test("every generated file is what the registry and the declarations make (npm run generate)", () => {
  expect(staleFiles()).toEqual([]);
}, 60_000);

test("what the generator would delete, were it to write nothing, is every reference page and no guide", () => {
  const guides = fs.readdirSync(path.join(ROOT, "docs/guides")).map((name) => `docs/guides/${name}`);
  expect(guides).toContain("docs/guides/sandbox.md");
  const unwritten = leftovers([]);
  expect(unwritten).toEqual(expect.arrayContaining(["docs/resources/label.md", "docs/data-sources/get-inbox.md", "sdk/shims/label.ts"]));
  expect(unwritten.filter((file) => file.startsWith("docs/guides/"))).toEqual([]);
});

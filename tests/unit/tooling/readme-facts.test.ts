/**
 * What the README states about this repository holds: the commands of its first block are npm
 * scripts, the slow one says how slow it is and names the quicker one; and the sandbox guide
 * says which kinds the seed holds none of, exactly those `defaultFixture` leaves empty.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Fixture } from "../../../sdk/sandbox/fixture";
import { defaultFixture } from "../../../sdk/sandbox/seed";
import { userDoc } from "../../harness/user-docs";

const root = path.resolve(__dirname, "../../..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

/** The lines of the README's first code block. */
const firstBlock = (/^```bash\n([\s\S]*?)^```$/m.exec(readme)?.[1] ?? "").split("\n").filter(Boolean);

test("the first block runs npm scripts only, and `npm test` says how long it takes and names the quicker tier", () => {
  const named = firstBlock.map((line) => /^npm (?:run )?([\w:-]+)/.exec(line)?.[1]);
  expect(named.filter((name) => name !== "ci" && (name === undefined || !(name in scripts)))).toEqual([]);
  const test = firstBlock.find((line) => line.startsWith("npm test "));
  expect(test).toMatch(/about \d+ minutes/);
  const quick = firstBlock.find((line) => line.startsWith("npm run test:quick "));
  expect(quick).toBeDefined();
  expect(scripts["test:quick"]).toMatch(/^jest --selectProjects /);
  expect(scripts["test:quick"]).not.toContain("program");
});

test("the sandbox guide names the kinds the seed holds none of, and only those", () => {
  const seed = Fixture.parse(defaultFixture) as unknown as Record<string, unknown[]>;
  const empty = Object.keys(Fixture.shape).filter((table) => seed[table]?.length === 0);
  expect(empty.length).toBeGreaterThan(5);
  const sentence = /the seed starts without ([^.]*?), so that/.exec(userDoc("docs/guides/sandbox.md").replace(/\s+/g, " "))?.[1]?.toLowerCase() ?? "";
  const named = sentence.split(/, | and /).map((kind) => kind.replace(/ /g, "_"));
  expect(named.sort()).toEqual(empty.sort());
});

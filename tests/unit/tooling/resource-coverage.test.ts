/**
 * The conformance table: every resource type the provider serves is driven by each table-driven
 * tier: the fault matrix, the bad-input corpus and the host cases. A type added to
 * provider/index.ts without them fails here, naming what is missing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { resources } from "../../../provider";
import { RESOURCE_CASES } from "../../host/support/resource-cases";
import type { BadInputCorpus } from "../../provider/support/corpus";

const tests = join(__dirname, "../..");
const kinds = Object.keys(resources).sort();

/** `InboxMembership` -> `inbox-membership`, the file name of a type's tests. */
const fileName = (kind: string) => kind.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase();

/** The `kind` each fault-matrix file declares to `faultMatrix`. */
function faultMatrixKinds(): Map<string, string> {
  const dir = join(tests, "provider/faults");
  const found = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".test.ts"))) {
    const text = readFileSync(join(dir, file), "utf8");
    if (!text.includes("faultMatrix(")) continue;
    for (const m of text.matchAll(/\bkind: "(\w+)"/g)) found.set(m[1]!, file);
  }
  return found;
}

const corpusKinds = readdirSync(join(tests, "provider/bad-inputs"))
  .filter((f) => f.endsWith(".ts"))
  .map((f) => (require(join(tests, "provider/bad-inputs", f)) as { corpus: BadInputCorpus }).corpus);

describe.each(kinds)("%s", (kind) => {
  it("has a fault matrix, in its own file", () => {
    expect(faultMatrixKinds().get(kind)).toBe(`${fileName(kind)}.test.ts`);
  });

  it("has a bad-input corpus of the provider's own resource", () => {
    const corpus = corpusKinds.find((c) => c.kind === kind);
    expect(corpus?.cases.length).toBeGreaterThan(0);
    expect(corpus?.provider).toBe(resources[kind as keyof typeof resources]);
  });

  it("has a host-tier case", () => {
    expect(RESOURCE_CASES.map((c) => c.kind)).toContain(kind);
  });
});

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { useSandbox } from "./support/sandbox";
import type { ResourceKind } from "../../provider/registry";
import { placeOfDotted, placesOf, reasonsAt } from "../harness/check-failures";
import type { BadInputCorpus } from "./support/corpus";
import { FRONT_DOORS, throughFrontDoor } from "./support/front-doors";

/** Every corpus of inputs that can never work: each file under bad-inputs/ exports one as `corpus`. */
const dir = join(__dirname, "bad-inputs");
const corpora: BadInputCorpus[] = readdirSync(dir)
  .filter((f) => f.endsWith(".ts"))
  .sort()
  .map((f) => (require(join(dir, f)) as { corpus: BadInputCorpus }).corpus);

describe("check rejects bad inputs before any network call", () => {
  const ctx = useSandbox();

  it("holds at least 250 cases across the resources", () => {
    expect(corpora.flatMap((c) => c.cases).length).toBeGreaterThanOrEqual(250);
  });

  // Each corpus through both front doors: the lifecycle the dynamic shims call, and the native plugin's service.
  describe.each(corpora.flatMap((c) => FRONT_DOORS.map((door) => ({ ...c, door, provider: throughFrontDoor(c.kind as ResourceKind, door) }))))(
    "$kind [$door]",
    ({ provider, cases }) => {
    it.each(cases)("$name → failure on $property", async ({ inputs, property, reason }) => {
      ctx.sb.control.clearLog();
      const result = await provider.check!({}, inputs);
      const failures = result.failures ?? [];
      // A nested place reaches the engine without a property, leading the reason (see failureAt).
      expect(placesOf(failures)).toContain(property.includes(".") ? placeOfDotted(property) : property);
      const reasons = reasonsAt(failures, property);
      expect(reasons[0].length).toBeGreaterThan(5);
      if (reason !== undefined) expect(reasons).toContainEqual(expect.stringContaining(reason));
      expect(ctx.requests()).toHaveLength(0);
    });
    },
  );
});

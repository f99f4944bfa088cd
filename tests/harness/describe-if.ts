/**
 * A suite that needs a tool this machine may lack (the real Pulumi CLI, Go): skipped with a warning
 * without it, or a failing test with `CI=true`, where every tool is installed: never a silent pass.
 */

/** `describe` when nothing is `missing`; otherwise skipped with a warning, or a failing test under CI. */
export function describeIf(missing: { what: string; reason: string } | undefined, name: string, body: () => void): void {
  if (!missing) return describe(name, body);
  if (process.env.CI === "true") {
    describe(name, () => test(`needs ${missing.what}`, () => {
      throw new Error(missing.reason);
    }));
    return;
  }
  console.warn(`SKIPPED (needs ${missing.what}): ${name}: ${missing.reason}`);
  describe.skip(name, body);
}

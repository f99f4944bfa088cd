/**
 * What `npm run setup:pulumi` says about the Python and Go toolchains when the machine lacks them
 * (tests/pulumi-cli/sdk-toolchains.ts): one sentence each, and nothing done.
 */
import { ensureGoToolchain, ensurePythonToolchain } from "../../pulumi-cli/sdk-toolchains";

const nowhere = { ...process.env, PATH: "/nonexistent" };

test.each([
  ["Python", ensurePythonToolchain, /^Python programs will not run: no `python3` with the venv module on the PATH/],
  ["Go", ensureGoToolchain, /^Go programs will not run: `go` is not on the PATH/],
])("without %s on the PATH, it says which programs will not run and does nothing", async (_, ensure, reason) => {
  const lines: string[] = [];
  const lookup = await ensure((line) => lines.push(line), nowhere);
  expect(lookup).toEqual({ ready: false, reason: expect.stringMatching(reason) });
  expect(lines).toEqual([]);
});

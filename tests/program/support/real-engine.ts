/**
 * The real-engine tier needs the `pulumi` CLI that `npm run setup:pulumi` puts in `.pulumi-cli/bin`
 * (`npm test` runs it first). Without one, its tests are skipped and say so loudly; with `CI=true`
 * a missing CLI is a failure, never a silent pass.
 */
import { pulumiBinary } from "../../harness/pulumi-cli";
import { NO_CLI } from "../../pulumi-cli/install";

const binary = pulumiBinary();
const reason = `no Pulumi CLI in .pulumi-cli/bin (run \`npm run setup:pulumi\`). ${NO_CLI}`;

export const realEngine = {
  /** The CLI's path, when there is one. */
  binary,
  /** `describe` when the CLI is there; otherwise skipped with a warning, or a failing test under CI. */
  describe(name: string, body: () => void): void {
    if (binary) return describe(name, body);
    if (process.env.CI === "true") {
      describe(name, () => test("needs the real Pulumi CLI", () => {
        throw new Error(reason);
      }));
      return;
    }
    console.warn(`SKIPPED (real-engine tier): ${name}: ${reason}`);
    describe.skip(name, body);
  },
};

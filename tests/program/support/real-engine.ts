/**
 * The real-engine tier needs the `pulumi` CLI that `npm run setup:pulumi` puts in `.pulumi-cli/bin`
 * (`npm test` runs it first), and its Pulumi YAML tests the YAML language host it puts beside it.
 * Without them, their tests are skipped and say so loudly; with `CI=true` a missing CLI or host is
 * a failure, never a silent pass.
 */
import { pulumiBinary, yamlHostBinary } from "../../harness/pulumi-cli";
import { NO_CLI } from "../../pulumi-cli/install";
import { describeIf } from "../../harness/describe-if";

const binary = pulumiBinary();
const reason = `no Pulumi CLI in .pulumi-cli/bin (run \`npm run setup:pulumi\`). ${NO_CLI}`;
const yamlReason = "no Pulumi YAML language host (pulumi-language-yaml) beside the CLI in .pulumi-cli/bin: `npm run setup:pulumi` builds it when `go` is on the PATH.";

export const realEngine = {
  /** The CLI's path, when there is one. */
  binary,
  /** `describe` when the CLI is there; otherwise skipped with a warning, or a failing test under CI. */
  describe(name: string, body: () => void): void {
    describeIf(binary ? undefined : { what: "the real Pulumi CLI", reason }, name, body);
  },
  /** The same for Pulumi YAML programs, which need the YAML language host beside the CLI too. */
  describeYaml(name: string, body: () => void): void {
    if (!binary) return realEngine.describe(name, body);
    describeIf(yamlHostBinary() ? undefined : { what: "Pulumi's YAML language host", reason: yamlReason }, name, body);
  },
};

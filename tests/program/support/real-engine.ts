/**
 * The real-engine tier needs the `pulumi` CLI that `npm run setup:pulumi` puts in `.pulumi-cli/bin`
 * (`npm test` runs it first); its Pulumi YAML tests the YAML language host it puts beside it, its
 * Python tests a `python3` on the PATH (the Python host makes the program's virtual environment with
 * it) and its Go tests `go` (the Go host builds the program). Without them, their tests are skipped
 * and say so loudly; with `CI=true` a missing CLI, host or toolchain is a failure, never a silent pass.
 */
import { spawnSync } from "node:child_process";
import { programRuntime, pulumiBinary, yamlHostBinary, type ProgramRuntime } from "../../harness/pulumi-cli";
import { NO_CLI } from "../../pulumi-cli/install";
import { describeIf } from "../../harness/describe-if";

const binary = pulumiBinary();
const reason = `no Pulumi CLI in .pulumi-cli/bin (run \`npm run setup:pulumi\`). ${NO_CLI}`;
const yamlReason = "no Pulumi YAML language host (pulumi-language-yaml) beside the CLI in .pulumi-cli/bin: `npm run setup:pulumi` builds it when `go` is on the PATH.";

/** Whether `command args` runs and exits 0 on this machine. */
const answers = (command: string, args: string[]) => spawnSync(command, args, { stdio: "ignore", timeout: 30_000 }).status === 0;

/** What a program of each runtime needs beyond the CLI, when this machine lacks it. */
const missingFor: Record<ProgramRuntime, () => { what: string; reason: string } | undefined> = {
  nodejs: () => undefined,
  yaml: () => (yamlHostBinary() ? undefined : { what: "Pulumi's YAML language host", reason: yamlReason }),
  python: () =>
    answers("python3", ["-c", "import venv, ensurepip"])
      ? undefined
      : { what: "Python 3 with venv", reason: "no `python3` with the venv module on the PATH: the Python language host makes the program's virtual environment with it." },
  go: () => (answers("go", ["version"]) ? undefined : { what: "Go", reason: "no `go` on the PATH: the Go language host builds the program with it." }),
};

export const realEngine = {
  /** The CLI's path, when there is one. */
  binary,
  /** `describe` when the CLI is there; otherwise skipped with a warning, or a failing test under CI. */
  describe(name: string, body: () => void): void {
    describeIf(binary ? undefined : { what: "the real Pulumi CLI", reason }, name, body);
  },
  /** The same for Pulumi YAML programs, which need the YAML language host beside the CLI too. */
  describeYaml(name: string, body: () => void): void {
    realEngine.describeRuntime("yaml", name, body);
  },
  /** The same for a program of `runtime`, which may need more than the CLI (see `missingFor`). */
  describeRuntime(runtime: ProgramRuntime, name: string, body: () => void): void {
    if (!binary) return realEngine.describe(name, body);
    describeIf(missingFor[runtime](), name, body);
  },
  /** The same for the program at `dir`, by its Pulumi.yaml's runtime. */
  describeProgram(dir: string, name: string, body: () => void): void {
    realEngine.describeRuntime(programRuntime(dir), name, body);
  },
};

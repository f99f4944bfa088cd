/**
 * The demo's engine: the real `pulumi` CLI of `.pulumi-cli/bin` (set up by `npm run setup:pulumi`,
 * which the demo runs first: it links an installed Pulumi or builds one from the Go module proxy),
 * non-interactive, with a local file backend and a passphrase secrets provider in a temporary
 * directory (tests/harness/pulumi-cli.ts). Nothing is written into the repository.
 */
import { countsOf, isYamlProgram, PulumiProject, type Operation } from "../harness/pulumi-cli";
import { ensurePulumiCli } from "../pulumi-cli/install";
import type { ExampleSpec, StackConfig } from "./examples";
import { say } from "./output";
import type { StackResource } from "./resource-table";

const STACK = "demo";
const PAST: Record<string, string> = { create: "created", update: "updated", replace: "replaced", delete: "deleted", same: "unchanged" };

/** The resources of an operation in words: "5 created, 1 updated". */
export function describeCounts(operation: Operation): string {
  return Object.entries(countsOf(operation)).map(([op, n]) => `${n} ${PAST[op] ?? op}`).join(", ") || "no resources";
}

/** The CLI the demo runs, set up first when it is not there yet (progress on stderr); says which. */
export async function demoPulumi(): Promise<string> {
  const cli = await ensurePulumiCli((line) => process.stderr.write(`${line}\n`));
  if (!cli.found) throw new Error(cli.reason);
  say(`Engine: Pulumi CLI ${cli.version} (${cli.source}), real \`pulumi up\` with a file backend in a temporary directory.`);
  return cli.pulumi;
}

/** A stack of one example, ready to run. */
export class PulumiCliEngine {
  private readonly project: PulumiProject;
  private prepared = false;

  constructor(
    pulumi: string,
    spec: ExampleSpec,
    private readonly stack: StackConfig,
  ) {
    this.project = new PulumiProject(spec.dir, pulumi);
  }

  /** `pulumi up --yes`; rejects when the update fails. */
  async up(): Promise<Operation> {
    if (!this.prepared) {
      // A Pulumi YAML program runs on the native plugin, installed from its tarball as users install it.
      if (isYamlProgram(this.project.dir)) await this.project.installPlugin();
      await this.project.init(STACK, this.stack);
      this.prepared = true;
    }
    const up = await this.project.up();
    if (up.code !== 0) throw new Error(`pulumi up failed (exit ${up.code}):\n${up.errors.join("\n") || up.stderr.trim()}`);
    return up;
  }

  /** The resources the stack holds now. */
  async resources(): Promise<StackResource[]> {
    return [...(await this.project.resources())].map(([name, r]) => ({ type: r.type, name, id: r.id, outputs: r.outputs }));
  }

  /** The stack outputs; without --show-secrets, secret outputs come back as "[secret]". */
  outputs(): Promise<Record<string, unknown>> {
    return this.project.outputs();
  }

  /** Removes the temporary project, backend and state. */
  dispose(): void {
    this.project.dispose();
  }
}

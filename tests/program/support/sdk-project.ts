/**
 * A program written in a test (its `index.ts` as text), in a project of its own, run with the real
 * `pulumi` CLI against a fresh sandbox as account 1's administrator: how the SDK's classes are
 * tried as a user's program uses them, one stack per file.
 */
import { PulumiProject, type StackSettings } from "../../harness/pulumi-cli";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../../sdk/sandbox";

const PULUMI_YAML = "name: inline\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n";

export function useSdkProject(sandboxOptions: SandboxOptions = {}) {
  let sandbox: Sandbox | undefined;
  let project: PulumiProject | undefined;

  const ctx = {
    get sandbox(): Sandbox {
      if (!sandbox) throw new Error("sandbox not started");
      return sandbox;
    },
    get project(): PulumiProject {
      if (!project) throw new Error("project not made");
      return project;
    },
    /** The connection to account 1 of the sandbox, tokens as secrets. */
    settings(): StackSettings {
      const [account] = ctx.sandbox.info.accounts;
      return {
        config: {
          "chatwoot:url": ctx.sandbox.url,
          "chatwoot:accountId": String(account.id),
          "chatwoot:apiAccessToken": account.adminToken,
          "chatwoot:platformAccessToken": ctx.sandbox.info.platformTokens[0],
        },
        secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"],
      };
    },
    /** Makes the project with `program` as its index.ts and initialises stack `dev` with `settings`. */
    async init(program: string, settings: StackSettings = ctx.settings()): Promise<PulumiProject> {
      project = new PulumiProject({ "Pulumi.yaml": PULUMI_YAML, "index.ts": program });
      project.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";
      await project.init("dev", settings);
      return project;
    },
    /** Replaces the program. */
    program(text: string): void {
      ctx.project.write({ "index.ts": text });
    },
  };

  beforeAll(async () => {
    sandbox = await startSandbox(sandboxOptions);
  });
  afterAll(async () => {
    project?.dispose();
    await sandbox?.close();
  });
  return ctx;
}

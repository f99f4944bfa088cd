/**
 * The steps of cloning an account against a sandbox seeded with {@link CLONE_FIXTURE}, shared by
 * the program test and `npm run demo -- --example clone`: the built `pulumi-chatwoot` command
 * (`export`, `diff`) as npm ships it, the TypeScript compiler on the exported project, and the
 * real `pulumi` CLI applying it to either account, one stack per account (`pulumi stack init` and
 * `pulumi config set` as the README says).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PulumiProject, type Operation } from "../harness/pulumi-cli";
import type { SandboxInfo } from "../../sdk/sandbox";
import { COPY_PORTAL_SUFFIX, COPY_SECRETS, TARGET_EMAIL_INBOX, TARGET_WHATSAPP_INBOX } from "./clone-fixture";
import { REPO_ROOT } from "./examples";

/** The exported project's files. */
export const PROJECT_FILES = ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "README.md"];

/** Settings of the copy in account 2: created, not adopted; portal slugs suffixed; Globex's e-mail and WhatsApp inboxes adopted for Acme's. */
export const COPY_SETTINGS = {
  adopt: "false",
  portalSuffix: COPY_PORTAL_SUFFIX,
  inboxAcmeSupportEmailId: String(TARGET_EMAIL_INBOX),
  inboxAcmeWhatsAppId: String(TARGET_WHATSAPP_INBOX),
};

/** How a command ended. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a process to its end without blocking this one (the sandbox may answer from here). */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Finished> {
  const child = spawn(command, args, options);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A working directory with the exported project in `project` (its node_modules: the repository's, where `npm run build` installs the package). */
export class CloneFlow {
  readonly work = fs.mkdtempSync(path.join(os.tmpdir(), "chatwoot-clone-"));
  readonly project = path.join(this.work, "acme");
  private readonly stacks = new Map<string, PulumiProject>();

  constructor(
    private readonly info: SandboxInfo,
    private readonly pulumi?: string,
  ) {
    fs.mkdirSync(this.project);
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(this.project, "node_modules"), "junction");
  }

  /** `pulumi-chatwoot ARGS` from dist/, with account 1's tokens (account 2's as the `diff` target); `env` overrides. */
  command(args: string[], env: Record<string, string> = {}): Promise<Finished> {
    const [source, target] = this.info.accounts;
    return run(process.execPath, [path.join(REPO_ROOT, "dist/sdk/cli/main.js"), ...args], {
      cwd: this.work,
      env: {
        PATH: process.env.PATH,
        CHATWOOT_URL: this.info.url,
        CHATWOOT_API_ACCESS_TOKEN: source?.adminToken,
        CHATWOOT_PLATFORM_ACCESS_TOKEN: this.info.platformTokens[0],
        CHATWOOT_TO_API_ACCESS_TOKEN: target?.adminToken,
        ...env,
      },
    });
  }

  /** `pulumi-chatwoot export` of account 1, bots included, into `dir` (default: the project). */
  exportSource(dir = this.project, env?: Record<string, string>): Promise<Finished> {
    return this.command(["export", "--account-id", "1", "--out", dir, "--platform"], env);
  }

  /** `pulumi-chatwoot diff` of account 1 with the copy in account `to` (default 2; `token` its administrator's), with `flags` besides. */
  diffCopy(to = 2, suffix = COPY_PORTAL_SUFFIX, token?: string, flags: string[] = []): Promise<Finished> {
    const args = ["diff", "--account-id", "1", "--to-account-id", String(to), "--platform", `--portal-suffix=${suffix}`, ...flags];
    return this.command(args, token === undefined ? {} : { CHATWOOT_TO_API_ACCESS_TOKEN: token });
  }

  /** `tsc --noEmit` on the exported project (its tsconfig.json is strict). */
  typeCheck(): Promise<Finished> {
    return run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(this.project, "tsconfig.json"), "--noEmit"], { cwd: this.project });
  }

  /**
   * `pulumi up` of the exported project in account `accountId`, as stack `stack` (a project and
   * backend of its own, made and configured on first use, as the README's steps do), with the
   * token of the account's administrator in the seed, or `adminToken`, and the credentials the
   * program reads from the stack's secrets.
   */
  async apply(accountId: number, settings: Record<string, string>, stack: string, adminToken?: string): Promise<Operation> {
    // An account made after the sandbox started (by PlatformAccount) comes with its administrator's token.
    const account = adminToken === undefined ? this.info.accounts.find((a) => a.id === accountId) : { adminToken };
    if (!account) throw new Error(`the sandbox has no account ${accountId}`);
    let project = this.stacks.get(stack);
    if (!project) {
      project = new PulumiProject(this.project, this.pulumi, path.join(this.work, `stack-${stack}`));
      this.stacks.set(stack, project);
      await project.init(stack, {
        config: {
          "chatwoot:url": this.info.url,
          "chatwoot:accountId": String(accountId),
          "chatwoot:apiAccessToken": account.adminToken,
          "chatwoot:platformAccessToken": this.info.platformTokens[0] ?? "",
          ...settings,
          ...COPY_SECRETS,
        },
        secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken", ...Object.keys(COPY_SECRETS)],
      });
    }
    return project.up();
  }

  /** The project of stack `stack`, once {@link apply} made it. */
  stack(stack: string): PulumiProject {
    const project = this.stacks.get(stack);
    if (!project) throw new Error(`no stack ${stack} was applied`);
    return project;
  }

  /** The project's files, by name. */
  files(dir = this.project): Record<string, string> {
    return Object.fromEntries(PROJECT_FILES.map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]));
  }

  dispose(): void {
    for (const project of this.stacks.values()) project.dispose();
    fs.rmSync(this.work, { recursive: true, force: true });
  }
}

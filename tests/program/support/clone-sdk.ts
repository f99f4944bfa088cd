/**
 * Cloning an account in a language of the generated SDKs (Python, Go), end to end: the built
 * `pulumi-chatwoot` writes the program of the sandbox's account 1 (every kind an export covers) on
 * this checkout's SDK (`--package`, as a user without a release names it); the real `pulumi` CLI
 * and the language's host run it on the native plugin installed from its tarball, as users install
 * it. `pulumi up` makes the copy in account 2, `pulumi-chatwoot diff` finds it equal, and a second
 * `up --expect-no-changes` sends no write; the state holds no token in plain text.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { CLONE_FIXTURE, COPY_PORTAL_SUFFIX, COPY_SECRETS, TARGET_EMAIL_INBOX, TARGET_WHATSAPP_INBOX } from "../../demo/clone-fixture";
import { CloneFlow } from "../../demo/clone-flow";
import { writesIn } from "../../demo/requests";
import { opsOf, PulumiProject } from "../../harness/pulumi-cli";
import { startSandbox, type Sandbox } from "../../../sdk/sandbox";
import { expectSuccess } from "./lifecycle";
import { realEngine } from "./real-engine";

/** What differs between the languages. */
export interface SdkClone {
  language: "python" | "go";
  /** The project's files, in the order the export writes them; the program's file among them. */
  files: readonly string[];
  program: string;
  /** What `--package` names: this checkout's SDK. */
  sdk: string;
  /** Checks of the written files. */
  checkFiles(files: Record<string, string>): void;
  /** What the README says to do in the project before the first `pulumi up` (`go mod tidy`). */
  prepare?(project: PulumiProject): Promise<void>;
}

/** Declares the clone flow's tests for one language. */
export function sdkCloneTests(clone: SdkClone): void {
  let sandbox: Sandbox;
  let flow: CloneFlow;
  let project: PulumiProject | undefined;

  const dirOf = (name: string) => path.join(flow.work, name);
  const filesIn = (dir: string) => Object.fromEntries(clone.files.map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]));
  const writeLines = () => writesIn(sandbox.control.log()).map((w) => `${w.method} ${w.path}`);
  const exportTo = (dir: string) => flow.command(["export", "--language", clone.language, "--account-id", "1", "--out", dir, "--platform", "--package", clone.sdk]);
  /** Every token and server secret of the sandbox, none of which may be written anywhere. */
  const secrets = () => [...sandbox.control.secrets(), ...sandbox.info.accounts.map((a) => a.adminToken), ...sandbox.info.platformTokens, ...Object.values(COPY_SECRETS)];

  realEngine.describeRuntime(clone.language, `cloning an account in ${clone.language}, on the generated SDK and the plugin installed from its tarball`, () => {
    beforeAll(async () => {
      sandbox = await startSandbox({ fixture: CLONE_FIXTURE });
      flow = new CloneFlow(sandbox.info, realEngine.binary);
    });

    afterAll(async () => {
      project?.dispose();
      flow?.dispose();
      await sandbox?.close();
    });

    test(`export --language ${clone.language} writes the project, no credential, and the same bytes again`, async () => {
      const { code, stdout, stderr } = await exportTo(dirOf("acme"));
      expect([code, stdout]).toEqual([0, ""]);
      const written = clone.files.map((f) => f.replace(/\./g, "\\.")).join(", ");
      expect(stderr).toMatch(new RegExp(`^Wrote ${written} to .*acme \\(2 warnings; review ${clone.program.replace(/\./g, "\\.")}, then see README\\.md there\\)\\.$`, "m"));
      const files = filesIn(dirOf("acme"));
      clone.checkFiles(files);
      for (const secret of secrets()) for (const text of [...Object.values(files), stderr]) expect(text).not.toContain(secret);
      expect((await exportTo(dirOf("again"))).code).toBe(0);
      expect(filesIn(dirOf("again"))).toEqual(files);
    });

    test("`pulumi up` in account 2 makes a copy that diff finds equal; a second `up --expect-no-changes` sends no write", async () => {
      project = new PulumiProject(dirOf("acme"), realEngine.binary);
      await project.installPlugin();
      await clone.prepare?.(project);
      const account = sandbox.info.accounts.find((a) => a.id === 2);
      await project.init("globex", {
        config: {
          "chatwoot:url": sandbox.url,
          "chatwoot:accountId": "2",
          "chatwoot:apiAccessToken": account?.adminToken ?? "",
          "chatwoot:platformAccessToken": sandbox.info.platformTokens[0] ?? "",
          inboxAcmeSupportEmailId: String(TARGET_EMAIL_INBOX),
          inboxAcmeWhatsAppId: String(TARGET_WHATSAPP_INBOX),
          slugSuffix: `-${COPY_PORTAL_SUFFIX}`,
          portalAcmeHelpDomain: "help.globex.test",
          ...COPY_SECRETS,
        },
        secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken", ...Object.keys(COPY_SECRETS)],
      });
      sandbox.control.clearLog();
      const up = await project.up();
      expectSuccess(up);
      expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["create"]));
      expect(Object.keys(opsOf(up))).toHaveLength(55);
      // Made, but for what account 2 has already: its settings, its administrator, its e-mail inbox, and the website inbox's link to its help center.
      const resources = await project.resources();
      const adopted = [...resources].filter(([, r]) => r.outputs.adopted === true).map(([name]) => name);
      expect(adopted.sort()).toEqual(["account-settings", "agent-alice", "inbox-acme-support-email", "inbox-acme-website-links", "inbox-acme-whats-app"]);
      expect(writeLines().filter((line) => /^\S+ \/api\/v1\/accounts\/1\//.test(line))).toEqual([]);
      expect(sandbox.control.snapshot().portals.find((p) => p.account_id === 2)).toMatchObject({ slug: `acme-help-${COPY_PORTAL_SUFFIX}`, custom_domain: "help.globex.test" });

      const diff = await flow.diffCopy();
      expect([diff.code, diff.stdout]).toEqual([0, expect.stringMatching(/^account 1 and account 2 have the same configuration \(\d+ objects compared\)\.$/m)]);

      sandbox.control.clearLog();
      const again = await project.up("--expect-no-changes");
      expectSuccess(again);
      expect(new Set(Object.values(opsOf(again)))).toEqual(new Set(["same"]));
      expect(writeLines()).toEqual([]);

      const state = await project.exportText();
      expect(state).toContain("chatwoot:index:Inbox");
      for (const secret of secrets()) expect(state).not.toContain(secret);
    });
  });
}

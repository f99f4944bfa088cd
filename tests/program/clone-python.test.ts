/**
 * Cloning an account in Python, end to end: the built `pulumi-chatwoot` writes the Python program
 * of the sandbox's account 1 (every kind an export covers) on the SDK generated from the plugin's
 * schema (requirements.txt naming this checkout's sdk/python, as `--package` lets a user who has
 * no release name it); the real `pulumi` CLI and the Python language host run it (a virtual
 * environment made on the first run, as Pulumi's does) on the native plugin installed from its
 * tarball, as users install it. `pulumi up` makes the copy in account 2, `pulumi-chatwoot diff`
 * finds it equal, and a second `up --expect-no-changes` sends no write.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { CLONE_FIXTURE, COPY_PORTAL_SUFFIX, TARGET_EMAIL_INBOX } from "../demo/clone-fixture";
import { CloneFlow } from "../demo/clone-flow";
import { writesIn } from "../demo/requests";
import { opsOf, PulumiProject } from "../harness/pulumi-cli";
import { REPO_ROOT } from "../pulumi-cli/install";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(300_000);

const FILES = ["Pulumi.yaml", "requirements.txt", "__main__.py", "README.md"];
const SDK = path.join(REPO_ROOT, "sdk", "python");

let sandbox: Sandbox;
let flow: CloneFlow;
let project: PulumiProject | undefined;

const dirOf = (name: string) => path.join(flow.work, name);
const filesIn = (dir: string) => Object.fromEntries(FILES.map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]));
const writeLines = () => writesIn(sandbox.control.log()).map((w) => `${w.method} ${w.path}`);

/** `pulumi-chatwoot export --language python` of account 1 (bots as the Platform App made them), on this checkout's SDK. */
const exportPython = (dir: string) => flow.command(["export", "--language", "python", "--account-id", "1", "--out", dir, "--platform", "--package", SDK]);

/** Every token and server secret of the sandbox, none of which may be written anywhere. */
const secrets = () => [...sandbox.control.secrets(), ...sandbox.info.accounts.map((a) => a.adminToken), ...sandbox.info.platformTokens];

realEngine.describeRuntime("python", "cloning an account in Python, on the generated SDK and the plugin installed from its tarball", () => {
  beforeAll(async () => {
    sandbox = await startSandbox({ fixture: CLONE_FIXTURE });
    flow = new CloneFlow(sandbox.info, realEngine.binary);
  });

  afterAll(async () => {
    project?.dispose();
    flow?.dispose();
    await sandbox?.close();
  });

  test("export --language python writes the project, no credential, and the same bytes again", async () => {
    const { code, stdout, stderr } = await exportPython(dirOf("acme-python"));
    expect([code, stdout]).toEqual([0, ""]);
    expect(stderr).toMatch(/^Wrote Pulumi\.yaml, requirements\.txt, __main__\.py, README\.md to .*acme-python \(1 warning; review __main__\.py, then see README\.md there\)\.$/m);
    const files = filesIn(dirOf("acme-python"));
    expect(files["Pulumi.yaml"]).toMatch(/^runtime:\n {2}name: python\n/m);
    expect(files["requirements.txt"]).toBe(`pulumi>=3.139.0,<4.0.0\n${SDK}\n`);
    expect(files["__main__.py"]).toContain("    adopt_id=inbox_acme_support_email_id,\n");
    for (const secret of secrets()) for (const text of [...Object.values(files), stderr]) expect(text).not.toContain(secret);
    expect((await exportPython(dirOf("again"))).code).toBe(0);
    expect(filesIn(dirOf("again"))).toEqual(files);
  });

  test("`pulumi up` in account 2 makes a copy that diff finds equal; a second `up --expect-no-changes` sends no write", async () => {
    project = new PulumiProject(dirOf("acme-python"), realEngine.binary);
    await project.installPlugin();
    const account = sandbox.info.accounts.find((a) => a.id === 2);
    await project.init("globex", {
      config: {
        "chatwoot:url": sandbox.url,
        "chatwoot:accountId": "2",
        "chatwoot:apiAccessToken": account?.adminToken ?? "",
        "chatwoot:platformAccessToken": sandbox.info.platformTokens[0] ?? "",
        inboxAcmeSupportEmailId: String(TARGET_EMAIL_INBOX),
        slugSuffix: `-${COPY_PORTAL_SUFFIX}`,
        portalAcmeHelpDomain: "help.globex.test",
      },
      secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken"],
    });
    sandbox.control.clearLog();
    const up = await project.up();
    expectSuccess(up);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["create"]));
    expect(Object.keys(opsOf(up))).toHaveLength(40);
    const resources = await project.resources();
    const adopted = [...resources].filter(([, r]) => r.outputs.adopted === true).map(([name]) => name);
    expect(adopted.sort()).toEqual(["account-settings", "agent-alice", "inbox-acme-support-email", "inbox-acme-website-links"]);
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

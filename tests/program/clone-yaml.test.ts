/**
 * Cloning an account in Pulumi YAML, and adopting it with `pulumi import`, end to end: the built
 * `pulumi-chatwoot` writes the YAML program of the sandbox's account 1 (every kind an export covers)
 * and the import file; the real `pulumi` CLI and Pulumi's YAML language host run it on the native
 * plugin, installed from its tarball as users install it (built from this checkout when `npm run
 * build` left none). One project, with the plugin installed once, holds both stacks: (a) `globex`, the copy `pulumi up` makes in account 2, which
 * `pulumi-chatwoot diff` finds equal and a second `up --expect-no-changes` leaves without a write;
 * (b) `acme`, account 1 itself, adopted by `pulumi import --file` as the README says, after which
 * `pulumi up --expect-no-changes` sends no write either.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { CLONE_FIXTURE, COPY_PORTAL_SUFFIX, COPY_SECRETS, SOURCE_EMAIL_INBOX, SOURCE_WHATSAPP_INBOX, TARGET_EMAIL_INBOX, TARGET_WHATSAPP_INBOX } from "../demo/clone-fixture";
import { CloneFlow } from "../demo/clone-flow";
import { writesIn } from "../demo/requests";
import { pluginTarball } from "../harness/plugin";
import { opsOf, PulumiProject, tail } from "../harness/pulumi-cli";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { IMPORT_COMMANDS, SEND_CREDENTIALS } from "../../sdk/clone/yaml-project";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(300_000);

const FILES = ["Pulumi.yaml", "README.md", "import.json"];

let sandbox: Sandbox;
let flow: CloneFlow;
let project: PulumiProject | undefined;

const dirOf = (name: string) => path.join(flow.work, name);
const filesIn = (dir: string) => Object.fromEntries(FILES.map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]));
const writeLines = () => writesIn(sandbox.control.log()).map((w) => `${w.method} ${w.path}`);

/** `pulumi-chatwoot export --language yaml` of account 1 (bots as the Platform App made them), with the import file beside the program. */
const exportYaml = (dir: string) =>
  flow.command(["export", "--language", "yaml", "--account-id", "1", "--out", dir, "--platform", "--import-file", path.join(dir, "import.json")]);

/** The stack's connection to account `accountId` as its administrator, and the program's own settings. */
function stackSettings(accountId: number, settings: Record<string, string>) {
  const account = sandbox.info.accounts.find((a) => a.id === accountId);
  return {
    config: {
      "chatwoot:url": sandbox.url,
      "chatwoot:accountId": String(accountId),
      "chatwoot:apiAccessToken": account?.adminToken ?? "",
      "chatwoot:platformAccessToken": sandbox.info.platformTokens[0] ?? "",
      ...settings,
      ...COPY_SECRETS,
    },
    secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken", ...Object.keys(COPY_SECRETS)],
  };
}

/** Every token and server secret of the sandbox, none of which may be written anywhere. */
const secrets = () => [...sandbox.control.secrets(), ...sandbox.info.accounts.map((a) => a.adminToken), ...sandbox.info.platformTokens, ...Object.values(COPY_SECRETS)];

realEngine.describeYaml("cloning an account in Pulumi YAML and adopting it with `pulumi import`, on the plugin installed from its tarball", () => {
  beforeAll(async () => {
    sandbox = await startSandbox({ fixture: CLONE_FIXTURE });
    flow = new CloneFlow(sandbox.info, realEngine.binary);
  });

  afterAll(async () => {
    project?.dispose();
    flow?.dispose();
    await sandbox?.close();
  });

  test("export --language yaml writes the program, its README and the import file, no credential, and the same bytes again", async () => {
    const { code, stdout, stderr } = await exportYaml(dirOf("acme-yaml"));
    expect([code, stdout]).toEqual([0, ""]);
    expect(stderr).toMatch(/^Wrote Pulumi\.yaml, README\.md to .*acme-yaml \(2 warnings; review Pulumi\.yaml, then see README\.md there\)\.$/m);
    expect(stderr).toMatch(/^Wrote .*import\.json: 55 resources for `pulumi import --file`\.$/m);
    const files = filesIn(dirOf("acme-yaml"));
    expect(files["Pulumi.yaml"]).toMatch(/^runtime: yaml$/m);
    expect(files["Pulumi.yaml"]).toContain("      adoptId: ${inboxAcmeSupportEmailId}\n");
    for (const secret of secrets()) for (const text of [...Object.values(files), stderr]) expect(text).not.toContain(secret);
    expect((await exportYaml(dirOf("again"))).code).toBe(0);
    expect(filesIn(dirOf("again"))).toEqual(files);
  });

  test("the plugin installs from the tarball of this checkout's build, as users install it", async () => {
    project = new PulumiProject(dirOf("acme-yaml"), realEngine.binary);
    await project.installPlugin();
    const listed = JSON.parse((await project.ok(["plugin", "ls", "--json"])).stdout) as { name: string; kind: string; version: string }[];
    expect(listed.map(({ name, kind, version }) => ({ name, kind, version }))).toEqual([{ name: "chatwoot", kind: "resource", version: pluginTarball.version }]);
  });

  test("(a) `pulumi up` in account 2 makes a copy that diff finds equal; a second `up --expect-no-changes` sends no write", async () => {
    if (!project) throw new Error("the plugin's test made no project");
    await project.init(
      "globex",
      stackSettings(2, { inboxAcmeSupportEmailId: String(TARGET_EMAIL_INBOX), inboxAcmeWhatsAppId: String(TARGET_WHATSAPP_INBOX), slugSuffix: `-${COPY_PORTAL_SUFFIX}`, portalAcmeHelpDomain: "help.globex.test" }),
    );
    sandbox.control.clearLog();
    const up = await project.up();
    expectSuccess(up);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["create"]));
    expect(Object.keys(opsOf(up))).toHaveLength(55);
    // Made, but for what Globex has already: its own settings, Alice (its administrator, who applies
    // the copy), its e-mail inbox in place of Acme's; and the website inbox's link to its help
    // center, which takes the new inbox over.
    const resources = await project.resources();
    const adopted = [...resources].filter(([, r]) => r.outputs.adopted === true).map(([name]) => name);
    expect(adopted.sort()).toEqual(["account-settings", "agent-alice", "inbox-acme-support-email", "inbox-acme-website-links", "inbox-acme-whats-app"]);
    expect(new Set([...resources.values()].map((r) => r.type.split(":")[0]))).toEqual(new Set(["chatwoot"]));
    expect(writeLines().filter((line) => /^\S+ \/api\/v1\/accounts\/1\//.test(line))).toEqual([]);
    const copy = sandbox.control.snapshot();
    expect(copy.portals.find((p) => p.account_id === 2)).toMatchObject({ slug: `acme-help-${COPY_PORTAL_SUFFIX}`, custom_domain: "help.globex.test" });

    const diff = await flow.diffCopy();
    expect([diff.code, diff.stdout]).toEqual([0, expect.stringMatching(/^account 1 and account 2 have the same configuration \(\d+ objects compared\)\.$/m)]);

    sandbox.control.clearLog();
    const again = await project.up("--expect-no-changes");
    expectSuccess(again);
    expect(new Set(Object.values(opsOf(again)))).toEqual(new Set(["same"]));
    expect(writeLines()).toEqual([]);
  });

  test("(b) `pulumi import --file` adopts account 1 itself without a write, and `pulumi up --expect-no-changes` sends none", async () => {
    if (!project) throw new Error("the plugin's test made no project");
    await project.init("acme", stackSettings(1, { inboxAcmeSupportEmailId: String(SOURCE_EMAIL_INBOX), inboxAcmeWhatsAppId: String(SOURCE_WHATSAPP_INBOX) }));
    sandbox.control.clearLog();
    // The README's commands, as written.
    const [importCommand, upCommand] = IMPORT_COMMANDS.map((c) => c.split(" ").slice(1)) as [string[], string[]];
    const imported = await project.cli(importCommand);
    if (imported.code !== 0) throw new Error(`pulumi import exited ${imported.code}:\n${tail(imported, 40)}`);
    expect(writeLines()).toEqual([]);
    const entries = (JSON.parse(fs.readFileSync(path.join(project.dir, "import.json"), "utf8")) as { resources: { type: string; name: string; id: string }[] }).resources;
    const resources = await project.resources();
    // Each resource of the file is in the stack, under the id its type keeps (a bot's without `account/`, a membership's, a capacity policy's users' too, with the account).
    expect([...resources.keys()].sort()).toEqual(entries.map((e) => e.name).sort());
    for (const { name, type, id } of entries) {
      // Memberships and an inbox's links and survey template are ids of the account: `accountId/inboxId` (or team, or capacity policy).
      const kept = /(?:Membership|InboxAssignmentPolicy|CaptainAssistantInbox|InboxCsatTemplate|AgentCapacityPolicyUser)$/.test(type) ? `1/${id}` : id.replace(/^account\//, "");
      expect([name, resources.get(name)?.type, resources.get(name)?.id]).toEqual([name, type, kept]);
    }

    // The README's next step: the OpenAI hook's key, which the import could not read, is sent once.
    expect(filesIn(project.dir)["README.md"]).toContain(`\n${IMPORT_COMMANDS[0]}\n${SEND_CREDENTIALS}\n${IMPORT_COMMANDS[1]}\n`);
    sandbox.control.clearLog();
    const sent = await project.operation(["up", "--yes", "--skip-preview"]);
    expectSuccess(sent);
    expect(Object.entries(opsOf(sent)).filter(([, op]) => op !== "same")).toEqual([["hook-openai", "update"]]);
    expect(writeLines()).toEqual(["PATCH /api/v1/accounts/1/integrations/hooks/1"]);

    sandbox.control.clearLog();
    const up = await project.operation([...upCommand, "--yes", "--skip-preview"]);
    expectSuccess(up);
    expect(Object.keys(opsOf(up))).toHaveLength(entries.length);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["same"]));
    expect(writeLines()).toEqual([]);
  });

  test("neither stack's state holds a token or a server secret in plain text", async () => {
    if (!project) throw new Error("no project");
    for (const stack of ["globex", "acme"]) {
      const state = (await project.ok(["stack", "export", "--stack", stack])).stdout;
      expect(state).toContain("chatwoot:index:Inbox");
      for (const secret of secrets()) expect([stack, state.includes(secret)]).toEqual([stack, false]);
    }
  });
});

/**
 * A fleet template end to end, with the command as npm ships it and the real `pulumi` CLI: the
 * cloning flow's account 1 (Acme, every kind) exported with `--template`, leaving out the two inboxes
 * only adoption can manage by name (`--exclude 'inbox:...'`), is applied to a new customer's account
 * on a second installation, as one member of a fleet would be: its Pulumi.yaml declares every key
 * the member sets (a stack without a required one is refused before any request), the first
 * `pulumi up` creates everything, the second (`--expect-no-changes`) sends no write, and
 * `pulumi-chatwoot diff` with the export's flags finds the member and Acme the same. The same for
 * the template in Pulumi YAML (the plugin installed from its tarball), in another account of the
 * second installation (with a slug suffix: slugs are unique across an installation).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";
import { CLONE_FIXTURE, COPY_SECRETS } from "../demo/clone-fixture";
import { CloneFlow } from "../demo/clone-flow";
import { writesIn } from "../demo/requests";
import { opsOf, PulumiProject } from "../harness/pulumi-cli";
import { startSandbox, type FixtureInput, type Sandbox } from "../../sdk/sandbox";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(300_000);

/**
 * The second installation: a new customer's account (1) with its administrator only and the
 * Enterprise features Acme's kinds need, beside another customer's (2), whose administrator Ida
 * is too (the sandbox's seed has a user in two accounts), to which the same template is applied
 * in Pulumi YAML, on the plugin.
 */
const INITECH: FixtureInput = {
  accounts: [
    { id: 1, name: "Initech", features: ["sla", "custom_roles", "saml", "captain_integration", "custom_tools"] },
    { id: 2, name: "Hooli", features: ["sla", "custom_roles", "saml", "captain_integration", "custom_tools"] },
  ],
  users: [{ id: 1, name: "Ida Admin", email: "ida@initech.test", memberships: [{ account_id: 1, role: "administrator" }, { account_id: 2, role: "administrator" }] }],
  platform_apps: [],
};

/** What the export leaves out by name: the e-mail and WhatsApp inboxes, which a template cannot create (their channels need a third party). */
const EXCLUDE = ["--exclude", "inbox:Acme Support Email", "--exclude", "inbox:*WhatsApp"];

let acme: Sandbox;
let initech: Sandbox;
let flow: CloneFlow;
let member: PulumiProject | undefined;

const writes = () => writesIn(initech.control.log()).map((w) => `${w.method} ${w.path}`);

// Both installations serve both languages' cases.
beforeAll(async () => {
  acme = await startSandbox({ fixture: CLONE_FIXTURE });
  initech = await startSandbox({ fixture: INITECH });
});

afterAll(async () => {
  await initech?.close();
  await acme?.close();
});

/**
 * A member's stack settings: the connection to Initech's account `accountId` as Ida, Ida for every
 * user the template refers to (the keys of `declared`, its Pulumi.yaml's), the credentials, and `own`.
 */
function memberSettings(accountId: number, declared: Record<string, unknown>, own: Record<string, string>, leaveOut?: string) {
  const people = Object.keys(declared).filter((key) => /^agent\w+Email$/.test(key));
  const config: Record<string, string> = {
    "chatwoot:url": initech.url,
    "chatwoot:accountId": String(accountId),
    "chatwoot:apiAccessToken": initech.info.accounts.find((a) => a.id === accountId)?.adminToken ?? "",
    ...own,
    ...Object.fromEntries(people.map((key) => [key, "ida@initech.test"])),
    ...COPY_SECRETS,
  };
  if (leaveOut) delete config[leaveOut];
  return { config, secretKeys: ["chatwoot:apiAccessToken", ...Object.keys(COPY_SECRETS)] };
}

realEngine.describe("a fleet template through `pulumi-chatwoot export --template` and `pulumi`, applied to an account of another installation", () => {
  beforeAll(() => {
    flow = new CloneFlow(acme.info, realEngine.binary);
  });

  afterAll(() => {
    member?.dispose();
    flow?.dispose();
  });

  const settings = (keys: Record<string, unknown>, leaveOut?: string) => memberSettings(1, keys, { accountName: "Initech" }, leaveOut);

  test("export --template writes a project whose Pulumi.yaml declares every key a member sets, and no person or credential", async () => {
    const { code, stderr } = await flow.command(["export", "--template", "--account-id", "1", "--out", flow.project, ...EXCLUDE]);
    expect([code, stderr]).toEqual([0, expect.stringMatching(/^Exported a fleet template of account 1: /m)]);
    expect(stderr).toContain("warning: inbox \"Acme Support Email\": left out (--exclude 'inbox:Acme Support Email')\n");
    expect(stderr).toContain("warning: inbox CSAT template \"Acme WhatsApp\": left out with inbox \"Acme WhatsApp\", which it belongs to (--exclude 'inbox:*WhatsApp')\n");
    const files = flow.files();
    const keys = (yaml.load(files["Pulumi.yaml"] ?? "") as { config: Record<string, { type: string; default?: unknown; secret?: boolean }> }).config;
    expect(Object.keys(keys).sort()).toEqual(
      ["accountDomain", "accountName", "adopt", "agentBobEmail", "agentCarolEmail", "agentDanaEmail", "hookOpenaiApiKey", "portalAcmeHelpDomain", "portalSuffix", "supportEmail", "toolOrderStatusToken"].sort(),
    );
    expect(keys.hookOpenaiApiKey).toEqual({ type: "string", secret: true });
    expect(keys.agentCarolEmail).toEqual({ type: "string" });
    expect(files["index.ts"]).not.toMatch(/new chatwoot\.(?:Agent|InboxMembership|TeamMembership|AgentCapacityPolicyUser)\(/);
    for (const text of Object.values(files)) for (const secret of [...acme.control.secrets(), ...Object.values(COPY_SECRETS)]) expect(text).not.toContain(secret);
    expect(files["README.md"]).toContain("npx pulumi-chatwoot diff --account-id 1 --to-account-id <account id> [--to-url URL] --template --exclude 'inbox:Acme Support Email' --exclude 'inbox:*WhatsApp'");
    // The exported account's own name, addresses and people stay out of the program's code.
    const lines = (files["index.ts"] ?? "").split("\n").filter((line) => !line.trimStart().startsWith("//"));
    expect(lines.filter((line) => / name: "Acme"|help\.acme\.test|support@acme\.test|@acme\.test"/.test(line))).toEqual([]);
  });

  test("a member's stack without a key the template requires is refused before any request", async () => {
    member = new PulumiProject(flow.project, realEngine.binary);
    const keys = (yaml.load(fs.readFileSync(path.join(flow.project, "Pulumi.yaml"), "utf8")) as { config: Record<string, unknown> }).config;
    await member.init("initech", settings(keys, "agentCarolEmail"));
    initech.control.clearLog();
    const refused = await member.preview();
    expect(refused.code).not.toBe(0);
    expect(`${refused.stdout}${refused.stderr}`).toContain("Stack 'initech' is missing configuration value 'agentCarolEmail'");
    expect(initech.control.log()).toEqual([]);
  });

  test("applied to the new account, it creates every object; a second `up --expect-no-changes` sends no write", async () => {
    if (!member) throw new Error("no member stack");
    const keys = (yaml.load(fs.readFileSync(path.join(flow.project, "Pulumi.yaml"), "utf8")) as { config: Record<string, unknown> }).config;
    await member.setConfig(settings(keys));
    const up = await member.up();
    expectSuccess(up);
    // Created, but for the account's settings (its one object) and the website inbox's link to its help center (the inbox, once made).
    const adopted = [...(await member.resources())].filter(([, r]) => r.outputs.adopted === true).map(([name]) => name);
    expect(adopted.sort()).toEqual(["account-settings", "inbox-acme-website-links"]);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["create"]));
    const made = initech.control.snapshot();
    expect(made.accounts.find((a) => a.id === 1)).toMatchObject({ name: "Initech", locale: "en", settings: { auto_resolve_after: 2880 } });
    expect(made.articles.map((a) => a.author_id)).toEqual([1, 1, 1]);
    // Nothing reached Acme's installation.
    expect(writesIn(acme.control.log()).filter((w) => w.method !== "GET")).toEqual([]);

    initech.control.clearLog();
    const again = await member.up("--expect-no-changes");
    expectSuccess(again);
    expect(new Set(Object.values(opsOf(again)))).toEqual(new Set(["same"]));
    expect(writes()).toEqual([]);
  });

  test("diff with the export's flags finds the member and the exported account the same; without them, they differ", async () => {
    const args = ["diff", "--account-id", "1", "--to-account-id", "1", "--to-url", initech.url];
    const env = { CHATWOOT_TO_API_ACCESS_TOKEN: initech.info.accounts[0]?.adminToken ?? "" };
    const same = await flow.command([...args, "--template", ...EXCLUDE], env);
    expect([same.code, same.stdout]).toEqual([0, expect.stringMatching(new RegExp(`^account 1 and account 1 at ${initech.url.replace(/[.]/g, "\\.")} have the same configuration \\(\\d+ objects compared\\)\\.$`, "m"))]);
    const plain = await flow.command(args, env);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain('inbox "Acme Support Email": only in account 1');
    expect(plain.stdout).toMatch(/^agent "carol@acme\.test": only in account 1/m);
  });
});

realEngine.describeYaml("the same template in Pulumi YAML, on the plugin, applied to another account of that installation", () => {
  let yamlFlow: CloneFlow;
  let hooli: PulumiProject | undefined;
  beforeAll(() => {
    yamlFlow = new CloneFlow(acme.info, realEngine.binary);
  });
  afterAll(() => {
    hooli?.dispose();
    yamlFlow?.dispose();
  });

  test("`pulumi up` creates it; a second `up --expect-no-changes` sends no write; diff with the export's flags finds it the same", async () => {
    const dir = path.join(yamlFlow.work, "template-yaml");
    const exported = await yamlFlow.command(["export", "--template", "--language", "yaml", "--account-id", "1", "--out", dir, ...EXCLUDE]);
    expect(exported.code).toBe(0);
    const program = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
    const keys = (yaml.load(program) as { config: Record<string, unknown> }).config;
    expect(Object.keys(keys).sort()).toEqual(["agentBobEmail", "agentCarolEmail", "agentDanaEmail", "hookOpenaiApiKey", "slugSuffix", "toolOrderStatusToken"]);
    hooli = new PulumiProject(dir, realEngine.binary);
    await hooli.installPlugin();
    await hooli.init("hooli", memberSettings(2, keys, { slugSuffix: "-hooli" }));
    const up = await hooli.up();
    expectSuccess(up);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["create"]));
    // Hooli keeps its own name: a YAML template cannot leave a property out by config, so it declares none.
    expect(initech.control.snapshot().accounts.find((a) => a.id === 2)?.name).toBe("Hooli");

    initech.control.clearLog();
    const again = await hooli.up("--expect-no-changes");
    expectSuccess(again);
    expect(new Set(Object.values(opsOf(again)))).toEqual(new Set(["same"]));
    expect(writes()).toEqual([]);

    const diff = await yamlFlow.command(
      ["diff", "--account-id", "1", "--to-account-id", "2", "--to-url", initech.url, "--portal-suffix", "hooli", "--template", ...EXCLUDE],
      { CHATWOOT_TO_API_ACCESS_TOKEN: initech.info.accounts[1]?.adminToken ?? "" },
    );
    expect([diff.code, diff.stdout]).toEqual([0, expect.stringMatching(/have the same configuration \(\d+ objects compared\)\.$/m)]);
  });
});

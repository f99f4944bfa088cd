/**
 * Cloning an account end to end, with the command as npm ships it (dist/, run by `npm run build`):
 * the sandbox's first account holds every kind an export covers; `pulumi-chatwoot export` writes a
 * project that type-checks under strict; applied to the second account with the real `pulumi` CLI
 * (`pulumi stack init`, `pulumi config set`, `pulumi up`, as the README says) it makes a copy that
 * `pulumi-chatwoot diff` finds equal; a second apply sends no write, neither does applying it to
 * the account it came from; the same into a brand-new account a `PlatformAccount` made; and
 * exporting again gives the same bytes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { COPY_PORTAL_SUFFIX, OPENAI_KEY, SOURCE_EMAIL_INBOX, TARGET_WHATSAPP_INBOX, TOOL_TOKEN } from "../demo/clone-fixture";
import { CloneFlow, COPY_SETTINGS } from "../demo/clone-flow";
import { writesIn } from "../demo/requests";
import { packPackage } from "../harness/packed";
import { opsOf, PulumiProject } from "../harness/pulumi-cli";
import { temporaryDir } from "../harness/temp-dir";
import { RESOURCE_TYPES } from "../../sdk/clone/resource-types";
import type { Sandbox } from "../../sdk/sandbox";
import { expectSuccess } from "./support/lifecycle";
import { useCloneAccount } from "./support/clone-account";
import { realEngine } from "./support/real-engine";

jest.setTimeout(300_000);

/**
 * The stack that makes a new customer's account on the installation (Platform API): the account
 * with the Enterprise features the copy needs, Alice (user 1, who applies the copy) as its
 * administrator, and the e-mail and WhatsApp inboxes that stand in for Acme's (addresses and numbers
 * are unique across an installation, and credentials are never exported).
 */
const NEW_ACCOUNT_YAML = "name: new-account\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n";
const NEW_ACCOUNT_PROGRAM = `"use strict";
const pulumi = require("@pulumi/pulumi");
const chatwoot = require("pulumi-chatwoot");
const config = new pulumi.Config();
const account = new chatwoot.PlatformAccount("newco", { name: "NewCo", features: { sla: true, custom_roles: true, saml: true, captain_integration: true, custom_tools: true } });
const accountId = account.id.apply(Number);
const alice = new chatwoot.PlatformAccountUser("alice", { accountId, userId: 1, role: "administrator" });
const mail = new chatwoot.Inbox("mail", {
  accountId,
  name: "NewCo Mail",
  channel: {
    type: "email", email: "mail@newco.test",
    imapEnabled: true, imapAddress: "imap.newco.test", imapPort: 993, imapLogin: "mail@newco.test", imapEnableSsl: true,
    smtpEnabled: true, smtpAddress: "smtp.newco.test", smtpPort: 587, smtpLogin: "mail@newco.test", smtpEnableStarttlsAuto: true,
  },
  credentials: { imapPassword: config.requireSecret("imapPassword"), smtpPassword: config.requireSecret("smtpPassword") },
}, { dependsOn: [alice] });
const whatsapp = new chatwoot.Inbox("whatsapp", {
  accountId,
  name: "NewCo WhatsApp",
  channel: { type: "whatsapp", phoneNumber: "+15550100900", provider: "whatsapp_cloud", providerConfig: { phoneNumberId: "105550100900", businessAccountId: "205550100900" } },
  credentials: { apiKey: config.requireSecret("whatsappApiKey") },
}, { dependsOn: [alice] });
exports.accountId = account.id;
exports.mailInboxId = mail.id;
exports.whatsappInboxId = whatsapp.id;
`;

let sandbox: Sandbox;
let flow: CloneFlow;
let writeLines: () => string[];

realEngine.describe("cloning an account through `pulumi-chatwoot` and `pulumi`", () => {
  const packs = temporaryDir("chatwoot-pack-");
  const account = useCloneAccount();
  beforeAll(() => {
    ({ sandbox, flow } = account);
    writeLines = account.writeLines;
  });

  test("export writes the whole project, says what it read per kind, and writes no credential", async () => {
    const { code, stdout, stderr } = await flow.exportSource();
    expect(code).toBe(0);
    expect(stdout).toBe("");
    const kinds = [
      "agents", "custom attributes", "labels", "account settings", "teams", "team memberships", "SLA policy", "custom role", "agent bots",
      "inboxes", "inbox memberships", "portal", "portal categories", "portal articles", "automation rules", "webhooks", "canned responses",
      "macros", "dashboard app", "campaign", "assignment policy", "inbox assignment policy", "integration hook", "custom tool",
      "Captain assistant", "Captain scenario", "Captain inbox", "Captain document",
    ];
    for (const kind of kinds) expect(stderr).toMatch(new RegExp(`^  [1-9]\\d* ${kind}$`, "m"));
    // Acme holds every kind: no line for one it has none of.
    expect(stderr).not.toMatch(/^ {2}(?:0 |none of)/m);
    expect(stderr).toMatch(/^Exported account 1: .*\.$/m);
    // The e-mail inbox can only be adopted: a warning, and the config value it needs elsewhere in the code.
    expect(stderr).toMatch(/^warning: inbox "Acme Support Email": a Channel::Email inbox can only be adopted/m);
    const files = flow.files();
    expect(files["index.ts"]).toContain(`adoptId: adopt ? ${SOURCE_EMAIL_INBOX} : config.requireNumber("inboxAcmeSupportEmailId")`);
    // The rule applies the SLA policy by reference, never by the exported account's id.
    expect(files["index.ts"]).toContain('{ actionName: "add_sla", actionParams: [idOf(slaPolicyGold)] }');
    // The website inbox's references: a label, an attribute, and its help center once the portal exists.
    expect(files["index.ts"]).toMatch(/surveyRules: \{ operator: "contains", values: \[labelVip\.title\] \}/);
    expect(files["index.ts"]).toContain("name: attributeCustomerTierContact.attributeKey");
    expect(files["index.ts"]).toMatch(/adoptId: idOf\(inboxAcmeWebsite\),\n {2}portalId: idOf\(portalAcmeHelp\),/);
    // The OpenAI app's key, which the API never shows, is a secret of the copy's stack.
    expect(files["index.ts"]).toContain('config.requireSecret("hookOpenaiApiKey")');
    // The custom tool's token too: an administrator's read shows it, and the export never writes it.
    expect(files["index.ts"]).toContain('authConfig: { token: config.requireSecret("toolOrderStatusToken") },');
    const secrets = [...sandbox.control.secrets(), OPENAI_KEY, TOOL_TOKEN];
    expect(secrets.length).toBeGreaterThan(2);
    for (const secret of secrets) {
      for (const text of [...Object.values(files), stderr]) expect(text).not.toContain(secret);
    }
    // The package, which no registry has yet, travels with the project: npm's own tarball of it, named by package.json.
    const { tarball } = packPackage(packs);
    const name = path.basename(tarball);
    expect(JSON.parse(files["package.json"] ?? "{}").dependencies["pulumi-chatwoot"]).toBe(`file:${name}`);
    expect(fs.readFileSync(path.join(flow.project, name)).equals(fs.readFileSync(tarball))).toBe(true);
    expect(stderr).toMatch(new RegExp(`^Wrote Pulumi\\.yaml, package\\.json, tsconfig\\.json, index\\.ts, README\\.md, ${name.replace(/\./g, "\\.")} to `, "m"));
  });

  test("an account with few kinds: each one it has on a line, the others on one; the installation's sender address is not its own", async () => {
    const dir = path.join(flow.work, "globex");
    const { code, stderr } = await flow.command(["export", "--account-id", "2", "--out", dir, "--package", "^0.1.0"], { CHATWOOT_API_ACCESS_TOKEN: sandbox.info.accounts[1]?.adminToken ?? "" });
    expect(code).toBe(0);
    expect(stderr.split("\n").filter((line) => line.startsWith("  "))).toEqual([
      "  1 agent",
      "  1 account settings",
      "  2 inboxes",
      expect.stringMatching(new RegExp(`^ {2}none of ${RESOURCE_TYPES.length - 3} kinds: custom roles, custom attributes, labels, SAML settings, teams, .*, Captain documents$`)),
    ]);
    const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
    // Globex has no support address of its own: the server shows the installation's, which a copy must not take as its own.
    expect(program).not.toContain("accounts@chatwoot.com");
    expect(program).toMatch(/new chatwoot\.AccountSettings\("account-settings", \{\n {2}name: config\.get\("accountName"\),\n {2}locale: "de",\n\}\);/);
    // Acme's own address is exported.
    expect(flow.files()["index.ts"]).toContain('supportEmail: "Acme Support <support@acme.test>"');
  });

  test("--package names the package instead (a version once it is published): package.json gives that spec, and no tarball is written", async () => {
    const dir = path.join(flow.work, "published");
    const { code } = await flow.command(["export", "--account-id", "1", "--out", dir, "--package", "^0.2.0"]);
    expect(code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).dependencies["pulumi-chatwoot"]).toBe("^0.2.0");
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tgz"))).toEqual([]);
    const bad = await flow.command(["export", "--account-id", "1", "--out", dir, "--package", ""]);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining("--package must be an npm spec")]);
  });

  test("the exported project type-checks under strict against the built package", async () => {
    const { code, stdout } = await flow.typeCheck();
    expect(stdout).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(flow.files()["tsconfig.json"] ?? "{}").compilerOptions.strict).toBe(true);
  });

  test("applied to the second account it makes a copy that diff finds equal", async () => {
    const before = await flow.diffCopy();
    expect(before.code).toBe(1);

    const up = await flow.apply(2, COPY_SETTINGS, "copy");
    expectSuccess(up);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["create"]));
    // Everything is made but what Globex has already: its own settings, Alice (its administrator, who
    // applies the copy) and the e-mail inbox that takes the place of Acme's; and the website inbox's
    // link to its help center (the portal comes after the inbox), which takes the new inbox over.
    const adopted = [...(await flow.stack("copy").resources())].filter(([, r]) => r.outputs.adopted === true).map(([name]) => name);
    expect(adopted.sort()).toEqual(["account-settings", "agent-alice", "inbox-acme-support-email", "inbox-acme-website-links", "inbox-acme-whats-app"]);
    const website = (await flow.stack("copy").resources()).get("inbox-acme-website");
    expect(website?.outputs).toMatchObject({ csatConfig: { displayType: "star", surveyRules: { values: ["vip"] } }, channel: { allowedDomains: ["www.acme.test", "*.acme.test"] } });
    // Acme's other people joined Globex, as the users of the installation they are, Carol with the
    // copy of Acme's custom role.
    const people = sandbox.control.snapshot();
    const globex = people.users.filter((u) => u.memberships.some((m) => m.account_id === 2));
    const role = people.custom_roles.find((r) => r.account_id === 2 && r.name === "Billing desk");
    expect(role).toBeDefined();
    expect(globex.map((u) => [u.id, u.memberships.find((m) => m.account_id === 2)?.role, u.memberships.find((m) => m.account_id === 2)?.custom_role_id ?? null])).toEqual([
      [1, "administrator", null],
      [2, "agent", null],
      [3, "agent", role?.id],
      [4, "administrator", null],
    ]);
    // The capacity policy came over with its inbox limit, and Bob is held to it in Globex too.
    const capacity = people.agent_capacity_policies.find((p) => p.account_id === 2 && p.name === "VIP capacity");
    expect(capacity?.exclusion_rules).toEqual({ excluded_labels: ["vip"], exclude_older_than_hours: 168 });
    expect(people.inbox_capacity_limits.filter((l) => l.agent_capacity_policy_id === capacity?.id).map((l) => l.conversation_limit)).toEqual([8]);
    expect(globex.find((u) => u.id === 2)?.memberships.find((m) => m.account_id === 2)?.agent_capacity_policy_id).toBe(capacity?.id);
    expect(people.accounts.find((a) => a.id === 2)).toMatchObject({ name: "Globex", locale: "en", settings: { auto_resolve_after: 2880 } });
    expect(writeLines().filter((line) => /^\S+ \/api\/v1\/accounts\/1\//.test(line))).toEqual([]);
    // The copied rule applies the copy's SLA policy, by its id in account 2.
    const { sla_policies, automation_rules, assignment_policies, integration_hooks, inboxes } = sandbox.control.snapshot();
    // The website inbox's copy assigns by the copy of Acme's policy; the OpenAI app has the key from the stack's secret, kept as a digest.
    const websiteCopy = inboxes.find((i) => i.account_id === 2 && i.name === "Acme Website");
    expect(assignment_policies.filter((p) => p.account_id === 2)).toEqual([
      expect.objectContaining({ name: "Longest waiting first", conversation_priority: "longest_waiting", fair_distribution_limit: 20, inbox_ids: [websiteCopy?.id] }),
    ]);
    expect(integration_hooks.filter((h) => h.account_id === 2).map((h) => h.app_id)).toEqual(["openai"]);
    const hook = [...(await flow.stack("copy").resources())].find(([name]) => name.startsWith("hook-openai"))?.[1];
    expect(hook).toBeDefined();
    expect(JSON.stringify(hook)).not.toContain(OPENAI_KEY);
    const gold = sla_policies.find((p) => p.account_id === 2 && p.name === "Gold");
    expect(gold?.id).not.toBe(1);
    const rule = automation_rules.find((r) => r.account_id === 2 && r.name === "Gold customers to billing");
    expect(rule?.actions).toContainEqual({ action_name: "add_sla", action_params: [gold?.id] });
    // The WhatsApp number Globex had gets Acme's survey template, submitted to Meta and waiting for its review.
    expect(sandbox.control.snapshot().meta_templates.find((t) => t.inbox_id === TARGET_WHATSAPP_INBOX)).toMatchObject({
      name: `customer_satisfaction_survey_${TARGET_WHATSAPP_INBOX}`,
      body: "Thanks for talking to Acme! How did we do?",
      button_text: "Rate us",
      status: "PENDING",
    });
    // SAML sign-in is copied with the copy's custom role, and an SP entity id Globex's server made of its own id.
    const saml = sandbox.control.snapshot().saml_settings.find((s) => s.account_id === 2);
    expect(saml).toMatchObject({ idp_entity_id: "https://idp.acme.test/exkacme", role_mappings: { "Support Leads": { role: 1 }, Billing: { custom_role_id: role?.id } } });
    expect(saml?.sp_entity_id).toBe(`${sandbox.url}/saml/sp/2`);
    // The help center is copied whole: both locales, the sub-category, the translations, and article slugs with the suffix.
    const copied = sandbox.control.snapshot();
    const categories = copied.categories.filter((c) => c.account_id === 2);
    const category = (slug: string) => categories.find((c) => c.slug === slug);
    expect(categories.map((c) => `${c.locale}/${c.slug}`).sort()).toEqual(["de/erste-schritte", "en/getting-started", "en/invoices"]);
    expect([category("invoices")?.parent_category_id, category("erste-schritte")?.associated_category_id]).toEqual([category("getting-started")?.id, category("getting-started")?.id]);
    const articles = copied.articles.filter((a) => a.account_id === 2);
    expect(articles.map((a) => `${a.slug} ${a.status} ${a.locale}`).sort()).toEqual([
      "paying-an-invoice-globex published en",
      "welcome-globex published en",
      "willkommen-globex draft de",
    ]);
    const article = (slug: string) => articles.find((a) => a.slug === slug);
    expect(article("willkommen-globex")?.associated_article_id).toBe(article("welcome-globex")?.id);
    // Authors are the same people, found by e-mail address: Carol and Dana.
    expect([article("welcome-globex")?.author_id, article("willkommen-globex")?.author_id]).toEqual([3, 4]);

    const after = await flow.diffCopy();
    expect(after.stdout).toMatch(/^account 1 and account 2 have the same configuration \(\d+ objects compared\)\.$/m);
    expect(after.code).toBe(0);
  });

  test("a second apply to the copy changes nothing and sends no write", async () => {
    sandbox.control.clearLog();
    const up = await flow.apply(2, COPY_SETTINGS, "copy");
    expectSuccess(up);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["same"]));
    expect(writeLines()).toEqual([]);
  });

  test("with objects of the copy's own, diff exits 1; --allow-extra checks only that the copy holds everything of the source, saying which side holds what", async () => {
    const token = sandbox.info.accounts[1]?.adminToken ?? "";
    const api = async (method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${sandbox.url}/api/v1/accounts/2${path}`, {
        method,
        headers: { api_access_token: token, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect([method, path, answer.status]).toEqual([method, path, 200]);
      const text = await answer.text();
      return (text ? JSON.parse(text) : {}) as { id: number; payload?: { id: number; name: string }[] };
    };
    // Globex's own: an inbox, a bot, a person, and its administrator added to a copied team.
    const inbox = await api("POST", "/inboxes", { name: "Globex API", channel: { type: "api" } });
    const bot = await api("POST", "/agent_bots", { name: "Globex bot", outgoing_url: "https://bots.globex.test/hook" });
    const erin = await api("POST", "/agents", { name: "Erin", email: "erin@globex.test", role: "agent" });
    const teams = await api("GET", "/teams");
    const billing = (Array.isArray(teams) ? teams : teams.payload ?? []).find((t: { name: string }) => t.name === "billing") as { id: number };
    await api("POST", `/teams/${billing.id}/team_members`, { user_ids: [1] });
    try {
      const ownLines = [
        'agent "erin@globex.test": only in account 2',
        'agent bot "Globex bot": only in account 2',
        'inbox "Globex API": only in account 2',
        'team membership "billing": differs',
        expect.stringMatching(/^ {4}userIds: .* in account 1, .* in account 2 \(account 2 has more: agent "alice@acme\.test"\)$/),
      ];
      // A plain diff: the accounts differ, by what only Globex holds.
      const plain = await flow.diffCopy();
      expect(plain.code).toBe(1);
      expect(plain.stdout.split("\n").slice(0, 5)).toEqual(ownLines);
      expect(plain.stdout).toMatch(/differ: 4 object\(s\) \(0 only in account 1, 3 only in account 2, 1 changed\)/);

      const allowed = await flow.diffCopy(2, COPY_PORTAL_SUFFIX, undefined, ["--allow-extra"]);
      expect(allowed.code).toBe(0);
      expect(allowed.stdout.split("\n")).toEqual([
        "Only in account 2, or with more members there (allowed by --allow-extra):",
        ...ownLines,
        expect.stringMatching(/^account 2 holds everything of account 1 \(\d+ objects compared; account 2 has 4 more, listed above\)\.$/),
        "",
      ]);

      // Bob leaves the copied team: Globex lacks something of Acme again.
      await api("DELETE", `/teams/${billing.id}/team_members`, { user_ids: [2] });
      const lacking = await flow.diffCopy(2, COPY_PORTAL_SUFFIX, undefined, ["--allow-extra"]);
      expect(lacking.code).toBe(1);
      expect(lacking.stdout.split("\n")).toEqual([
        'team membership "billing": differs',
        expect.stringMatching(/^ {4}userIds: \[.*bob@acme\.test.*\] in account 1, \[.*alice@acme\.test.*\] in account 2$/),
        "Only in account 2, or with more members there (allowed by --allow-extra):",
        ...ownLines.slice(0, 3),
        "account 2 does not hold everything of account 1: 1 object(s) (0 only in account 1, 1 changed); account 2 has 3 more, listed above.",
        "",
      ]);
      await api("POST", `/teams/${billing.id}/team_members`, { user_ids: [2] });
    } finally {
      await api("DELETE", `/teams/${billing.id}/team_members`, { user_ids: [1] });
      await api("DELETE", `/agents/${erin.id}`);
      await api("DELETE", `/agent_bots/${bot.id}`);
      await api("DELETE", `/inboxes/${inbox.id}`);
    }
    expect((await flow.diffCopy()).code).toBe(0);
  });

  test("applied to the account it came from, it adopts every object and sends no write but the hook's credentials", async () => {
    sandbox.control.clearLog();
    const up = await flow.apply(1, {}, "source");
    expectSuccess(up);
    // Memberships have nothing to adopt: their users are members already.
    const resources = await flow.stack("source").resources();
    expect(resources.size).toBeGreaterThan(10);
    for (const [name, resource] of resources) expect([name, resource.outputs.adopted === true]).toEqual([name, !name.includes("-members-")]);
    // An integration hook's credentials cannot be read, so adopting it sends them (once: the state keeps their digest).
    expect(writeLines()).toEqual(["PATCH /api/v1/accounts/1/integrations/hooks/1"]);
  });

  test("exporting the unchanged account again gives byte-identical files, the package's tarball included; a copy of another version is removed", async () => {
    const again = path.join(flow.work, "again");
    fs.mkdirSync(again);
    fs.writeFileSync(path.join(again, "pulumi-chatwoot-0.0.1.tgz"), "an earlier export's copy");
    expect((await flow.exportSource(again)).code).toBe(0);
    expect(flow.files(again)).toEqual(flow.files());
    const tarballs = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith(".tgz")).map((f) => [f, fs.readFileSync(path.join(dir, f)).toString("base64")]);
    expect(tarballs(again)).toEqual(tarballs(flow.project));
    expect(tarballs(again)).toHaveLength(1);
  });

  test("into a brand-new account made by PlatformAccount: everyone invited with their role, every object made, diff finds them equal, a second up writes nothing", async () => {
    // Alice, who administers Acme, applies the copy: the stack that makes the account makes her its
    // administrator too, turns on the Enterprise features the copy's SLA policy, custom role and custom tool
    // need, and creates the e-mail inbox the copy adopts for Acme's (with its credentials).
    const alice = sandbox.info.accounts[0]?.adminToken ?? "";
    const made = new PulumiProject({ "Pulumi.yaml": NEW_ACCOUNT_YAML, "index.js": NEW_ACCOUNT_PROGRAM }, realEngine.binary);
    try {
      await made.init("newco", {
        config: {
          "chatwoot:url": sandbox.url,
          "chatwoot:apiAccessToken": alice,
          "chatwoot:platformAccessToken": sandbox.info.platformTokens[0] ?? "",
          imapPassword: "imap-secret-1",
          smtpPassword: "smtp-secret-1",
          whatsappApiKey: "wa-secret-1",
        },
        secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken", "imapPassword", "smtpPassword", "whatsappApiKey"],
      });
      expectSuccess(await made.up());
      const { accountId, mailInboxId, whatsappInboxId } = (await made.outputs()) as { accountId: string; mailInboxId: string; whatsappInboxId: string };
      const id = Number(accountId);
      expect(sandbox.info.accounts.map((a) => a.id)).not.toContain(id);

      const up = await flow.apply(id, { adopt: "false", portalSuffix: "newco", inboxAcmeSupportEmailId: mailInboxId, inboxAcmeWhatsAppId: whatsappInboxId }, "newco", alice);
      expectSuccess(up);
      expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["create"]));
      const adopted = [...(await flow.stack("newco").resources())].filter(([, r]) => r.outputs.adopted === true).map(([name]) => name);
      expect(adopted.sort()).toEqual(["account-settings", "agent-alice", "inbox-acme-support-email", "inbox-acme-website-links", "inbox-acme-whats-app"]);
      const after = sandbox.control.snapshot();
      const roles = (account: number) =>
        after.users.flatMap((u) => u.memberships.filter((m) => m.account_id === account).map((m) => `${u.email} ${m.role}`)).sort();
      expect(roles(id)).toEqual(roles(1));
      const role = after.custom_roles.find((r) => r.account_id === id && r.name === "Billing desk");
      expect(after.users.find((u) => u.id === 3)?.memberships.find((m) => m.account_id === id)?.custom_role_id).toBe(role?.id);

      const diff = await flow.diffCopy(id, "newco", alice);
      expect([diff.code, diff.stderr]).toEqual([0, expect.any(String)]);
      expect(diff.stdout).toMatch(new RegExp(`^account 1 and account ${id} have the same configuration \\(\\d+ objects compared\\)\\.$`, "m"));

      const before = sandbox.control.log().length;
      expectSuccess(await flow.stack("newco").up());
      expect(writesIn(sandbox.control.log().slice(before))).toEqual([]);
    } finally {
      made.dispose();
    }
  });

  test("diff names what differs once the copy is changed, and exits 1", async () => {
    const token = sandbox.info.accounts[1]?.adminToken ?? "";
    const labels = await fetch(`${sandbox.url}/api/v1/accounts/2/labels`, { headers: { api_access_token: token } });
    const vip = ((await labels.json()) as { payload: { id: number; title: string }[] }).payload.find((l) => l.title === "vip");
    const patched = await fetch(`${sandbox.url}/api/v1/accounts/2/labels/${vip?.id}`, {
      method: "PATCH",
      headers: { api_access_token: token, "content-type": "application/json" },
      body: JSON.stringify({ color: "#000000" }),
    });
    expect(patched.status).toBe(200);
    // A person's role and a setting, changed in Globex's dashboard.
    const send = (path: string, body: unknown) =>
      fetch(`${sandbox.url}/api/v1/accounts/2${path}`, { method: "PATCH", headers: { api_access_token: token, "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await send("/agents/3", { role: "administrator" })).status).toBe(200);
    expect((await send("", { auto_resolve_after: 60 })).status).toBe(200);
    const { code, stdout } = await flow.diffCopy();
    expect(code).toBe(1);
    expect(stdout).toContain('agent "carol@acme.test": differs\n    role: "agent" in account 1, "administrator" in account 2\n');
    expect(stdout).toContain('account settings "account": differs\n    autoResolveAfter: 2880 in account 1, 60 in account 2\n');
    expect(stdout).toContain('label "vip": differs\n    color: "#d97706" in account 1, "#000000" in account 2\n');
    expect(stdout).toMatch(/differ: 3 object\(s\) \(0 only in account 1, 0 only in account 2, 3 changed\)/);
  });

  test("with a token the server refuses, export exits 1 with the server's answer and writes nothing", async () => {
    const dir = path.join(flow.work, "refused");
    const { code, stderr } = await flow.exportSource(dir, { CHATWOOT_API_ACCESS_TOKEN: "not-a-token" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^pulumi-chatwoot export: GET \/api\/v1\/accounts\/1\/agents: 401 /m);
    // The advice names what the command line reads, not a program's stack config.
    expect(stderr).toContain("check environment variable CHATWOOT_API_ACCESS_TOKEN");
    expect(stderr).not.toContain("chatwoot:");
    expect(fs.existsSync(dir)).toBe(false);
  });

  test("without a server to reach, diff exits 2 with a clear message", async () => {
    const { code, stderr } = await flow.command(["diff", "--account-id", "1", "--to-account-id", "2", "--url", "http://127.0.0.1:9"], { CHATWOOT_MAX_RETRIES: "0" });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^pulumi-chatwoot diff: GET \/api\/v1\/accounts\/1\/agents: connection refused/m);
  });
});

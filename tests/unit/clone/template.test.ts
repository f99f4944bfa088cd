/**
 * A fleet template (`export --template`) and objects left out by name (`--exclude KIND:PATTERN`):
 * what a template leaves out and turns into the config keys each account sets, in every language
 * (Pulumi.yaml declaring each one), what goes with an object left out, and `diff` seeing both the
 * way the export does.
 */
import * as yaml from "js-yaml";
import { compareModels } from "../../../sdk/clone/compare";
import { parseObjectPattern, matchesPattern } from "../../../sdk/clone/exclusions";
import { goProjectFiles } from "../../../sdk/clone/go-project";
import { buildModel, PEOPLE_KINDS, type AccountModel } from "../../../sdk/clone/model";
import { programText } from "../../../sdk/clone/program";
import { projectFiles } from "../../../sdk/clone/project";
import { pythonProjectFiles } from "../../../sdk/clone/python-project";
import { RESOURCE_TYPES } from "../../../sdk/clone/resource-types";
import { yamlProjectFiles } from "../../../sdk/clone/yaml-project";
import { FULL } from "./support/account";
import { snapshotOf, type RawAccount } from "./support/snapshot";

/** FULL as a template reads it (no people kinds), with a campaign whose sender is Carol. */
const TEMPLATE_ACCOUNT: RawAccount = {
  ...FULL,
  types: RESOURCE_TYPES.map((t) => t.sdkClass).filter((t) => !PEOPLE_KINDS.includes(t)),
  account: { id: 4, name: "Acme", locale: "en", domain: "mail.acme.test", support_email: "Acme <help@acme.test>", settings: { auto_resolve_after: 60 } },
  campaigns: [{ id: 30, title: "Welcome", message: "Hi!", campaign_type: "ongoing", campaign_status: "active", inbox: { id: 6 }, sender: { id: 12 }, trigger_rules: { url: "https://acme.test" } }],
};

const template = (raw: RawAccount = TEMPLATE_ACCOUNT, exclude: string[] = []) => buildModel(snapshotOf(raw), { template: true, exclude: exclude.map(parseObjectPattern), selection: ["--template"] });

/** The keys a project's Pulumi.yaml declares in its `config:` block, with whether each has a default (or is a secret). */
function declared(pulumiYaml: string): Record<string, string> {
  const config = (yaml.load(pulumiYaml) as { config?: Record<string, { type: string; default?: unknown; secret?: boolean }> }).config ?? {};
  return Object.fromEntries(Object.entries(config).map(([key, c]) => [key, `${c.type}${c.default !== undefined ? ` = ${JSON.stringify(c.default)}` : c.secret ? " secret" : " required"}`]));
}

test("a template declares no person and none of the account's own values; the users it refers to and the rest are config keys", () => {
  const model = template();
  expect(model.objects.filter((o) => PEOPLE_KINDS.includes(o.type))).toEqual([]);
  const text = programText(model);
  // Only the comments name whom a user key stands for.
  const code = text.split("\n").filter((line) => !line.trimStart().startsWith("//"));
  expect(code.filter((line) => /"Acme"|help\.acme\.test|mail\.acme\.test|help@acme\.test|carol@acme\.test/.test(line))).toEqual([]);
  expect(text).toContain('const adopt = config.getBoolean("adopt") ?? false;');
  expect(text).toContain('const agentCarol = agentId(config.require("agentCarolEmail"));');
  expect(text).toContain("senderId: agentCarol,");
  expect(text).toContain("authorId: agentCarol,");
  expect(text).toMatch(/new chatwoot\.AccountSettings\("account-settings", \{\n {2}name: config\.get\("accountName"\) \|\| undefined,\n {2}supportEmail: config\.get\("supportEmail"\) \|\| undefined,\n {2}domain: config\.get\("accountDomain"\) \|\| undefined,\n {2}locale: "en",\n {2}autoResolveAfter: 60,/);
  expect(text).toContain('customDomain: config.get("portalHelpDomain") || undefined,');
  // Created in each account: no exported id to adopt by, and the inbox that can only be adopted by the id each account gives.
  expect(text).not.toMatch(/adoptId: adopt \?/);
  expect(text).toContain('adoptId: config.requireNumber("inboxMailId"),');
});

test.each([
  ["TypeScript", (m: AccountModel) => projectFiles(m, undefined, "^0.1.0"), { adopt: "boolean = false", portalSuffix: 'string = ""' }],
  ["YAML", (m: AccountModel) => yamlProjectFiles(m), { slugSuffix: 'string = ""' }],
  ["Python", (m: AccountModel) => pythonProjectFiles(m), { slugSuffix: 'string = ""' }],
  ["Go", (m: AccountModel) => goProjectFiles(m), { slugSuffix: 'string = ""' }],
])("%s: Pulumi.yaml declares every key the program reads, those each account must give without a default", (language, files, own) => {
  const written = files(template());
  const keys = declared(written["Pulumi.yaml"] ?? "");
  const blank = language === "YAML" ? {} : { accountName: 'string = ""', accountDomain: 'string = ""', supportEmail: 'string = ""', portalHelpDomain: 'string = ""' };
  expect(keys).toEqual({ ...own, ...blank, agentCarolEmail: "string required", inboxMailId: "integer required" });
  expect(yaml.load(written["Pulumi.yaml"] ?? "")).toMatchObject({ name: "chatwoot-template-4" });
  // The README names each key and how to compare an account with the exported one.
  const readme = written["README.md"] ?? "";
  for (const key of Object.keys(keys)) expect(readme).toContain(`- \`${key}\``);
  expect(readme).toContain("npx pulumi-chatwoot diff --account-id 4 --to-account-id <account id> [--to-url URL] --template");
  // Every key the program reads is declared: the program names no other.
  const program = Object.entries(written).find(([name]) => /^(index\.ts|__main__\.py|main\.go)$/.test(name))?.[1] ?? written["Pulumi.yaml"] ?? "";
  const read = [...program.matchAll(/(?:config\.(?:get|require|getBoolean|requireNumber|require_int|get_int|require_secret|requireSecret)|cfg\.(?:Get|Require|RequireInt|TryInt|RequireSecret))\("(\w+)"/g)].map((m) => m[1]);
  const inYaml = language === "YAML" ? [...program.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]).filter((k) => k !== undefined && keys[k] !== undefined) : [];
  expect(new Set([...read, ...inYaml])).toEqual(new Set(Object.keys(keys).filter((k) => language !== "TypeScript" || read.includes(k))));
});

test("YAML, which cannot leave a property out by config, says the account's own values are not declared", () => {
  const text = yamlProjectFiles(template())["Pulumi.yaml"] ?? "";
  expect(text).toMatch(/# name: not declared: each account has its own/);
  expect(text).toMatch(/# customDomain: not declared: each account has its own/);
  expect(text).toContain('arguments: { email: "${agentCarolEmail}" }');
});

test("a template compares with another account's copy without the names, addresses and people each account has its own of", () => {
  const other: RawAccount = {
    ...TEMPLATE_ACCOUNT,
    accountId: 9,
    agents: [{ id: 51, name: "Erin", email: "erin@globex.test", role: "administrator" }],
    account: { id: 9, name: "Globex", locale: "en", support_email: "Chatwoot <accounts@chatwoot.com>", settings: { auto_resolve_after: 60 } },
    portals: [{ id: 8, slug: "help", name: "Help", custom_domain: "help.globex.test", inbox: { id: 6 } }],
    articles: [{ ...(FULL.articles?.[0] ?? {}), author: { id: 51 } }],
    campaigns: [{ ...(TEMPLATE_ACCOUNT.campaigns?.[0] ?? {}), sender: { id: 51 } }],
  };
  const source = template();
  expect(compareModels(source, template(other))).toEqual([]);
  // Plainly modelled, the same two differ by those.
  expect(compareModels(buildModel(snapshotOf(TEMPLATE_ACCOUNT)), buildModel(snapshotOf(other))).map((d) => d.key)).toEqual(expect.arrayContaining(["account", "help", "Welcome"]));
});

describe("--exclude KIND:PATTERN", () => {
  test.each([
    ["inbox:Mail", "Mail", true],
    ["inbox:mail", "Mail", true],
    ["inboxes:M*", "Mail", true],
    ["inbox:M?il", "Mail", true],
    ["inbox:Mai", "Mail", false],
    ["canned-response:h*", "hi", true],
    ["label:a.b", "axb", false],
  ])("%s matching %s: %s", (text, key, matched) => {
    expect(matchesPattern(parseObjectPattern(text), key)).toBe(matched);
  });

  test.each([
    ["nothing:x", /unknown kind "nothing" in "nothing:x"; one of custom-roles, .*\(or its singular: inbox, label, \.\.\.\)/],
    ["inbox:  ", /"inbox: {2}" names no objects: give a name or a pattern after the colon \(inbox:Acme \*\)/],
  ])("%s is refused, saying what is allowed", (text, message) => {
    expect(() => parseObjectPattern(text)).toThrow(message);
  });

  test("an inbox left out takes what belongs to it (its membership, webhooks, links) along; what only refers to it is declared without it", () => {
    const raw: RawAccount = {
      ...FULL,
      webhooks: [...(FULL.webhooks ?? []), { id: 31, url: "https://hooks.acme.test/all", subscriptions: ["message_created"], inbox_id: null }],
      campaigns: TEMPLATE_ACCOUNT.campaigns,
    };
    const model = buildModel(snapshotOf(raw), { exclude: [parseObjectPattern("inbox:Web*")] });
    const kept = model.objects.map((o) => `${o.type} ${o.key}`);
    expect(kept).not.toContain("Inbox Website");
    for (const gone of ["InboxMembership Website", "Webhook https://hooks.acme.test/x", "Campaign Welcome"]) expect(kept).not.toContain(gone);
    expect(kept).toEqual(expect.arrayContaining(["Inbox Mail", "Webhook https://hooks.acme.test/all", "Portal help"]));
    expect(model.warnings).toEqual(
      expect.arrayContaining([
        "inbox \"Website\": left out (--exclude 'inbox:Web*')",
        "inbox membership \"Website\": left out with inbox \"Website\", which it belongs to (--exclude 'inbox:Web*')",
        "campaign \"Welcome\": left out with inbox \"Website\", which it belongs to (--exclude 'inbox:Web*')",
      ]),
    );
    // The portal only names the inbox it shows: declared without it.
    const text = programText(model);
    expect(text).not.toContain("inboxWebsite");
    expect(text).toMatch(/const portalHelp = new chatwoot\.Portal\("portal-help", \{[^}]*\}\);/);
  });

  test("a pattern that matches nothing is a warning", () => {
    expect(buildModel(snapshotOf(FULL), { exclude: [parseObjectPattern("label:nothing*")] }).warnings).toContain("--exclude 'label:nothing*' matches no label");
  });

  test("diff with the same exclusions does not see the objects left out on either side", () => {
    const exclude = [parseObjectPattern("label:vip")];
    const changed: RawAccount = { ...FULL, labels: [{ id: 2, title: "vip", color: "#000000" }, { id: 3, title: "spam" }] };
    expect(compareModels(buildModel(snapshotOf(FULL)), buildModel(snapshotOf(changed)))).toHaveLength(1);
    expect(compareModels(buildModel(snapshotOf(FULL), { exclude }), buildModel(snapshotOf(changed), { exclude }))).toEqual([]);
  });
});

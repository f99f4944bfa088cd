/**
 * The Pulumi YAML export: the same model as the TypeScript one, printed as a YAML program of the
 * native plugin's resources (references as `${name.id}`, people by e-mail address through
 * `getAgents`, the config YAML can read without conditions, adoption left to `pulumi import`), and
 * the import file that adopts the account: one entry per resource of the program, by its name and
 * the id the plugin's import takes.
 */
import { load } from "js-yaml";
import { declarationsOf } from "../../../sdk/clone/declarations";
import { importEntries, importFileText } from "../../../sdk/clone/import-file";
import { buildModel } from "../../../sdk/clone/model";
import { RESOURCE_TYPES, type TypeName } from "../../../sdk/clone/resource-types";
import { yamlProgramText } from "../../../sdk/clone/yaml-program";
import { IMPORT_COMMANDS, yamlProjectFiles } from "../../../sdk/clone/yaml-project";
import { yamlSettings } from "../../../sdk/clone/yaml-settings";
import { ACCOUNT, CREDENTIALS, FULL } from "./support/account";
import { snapshotOf, type RawAccount } from "./support/snapshot";

type Doc = {
  name: string;
  runtime: string;
  config?: Record<string, { type: string; default?: unknown }>;
  variables?: Record<string, { "fn::invoke": { function: string; arguments: Record<string, unknown>; return: string } }>;
  resources: Record<string, { type: string; properties: Record<string, unknown>; options?: Record<string, unknown> }>;
};

const without = (type: TypeName) => RESOURCE_TYPES.map((t) => t.sdkClass).filter((t) => t !== type);
const modelOf = (raw: RawAccount) => buildModel(snapshotOf(raw));
const textOf = (raw: RawAccount) => yamlProgramText(modelOf(raw), "acme");
const docOf = (raw: RawAccount) => load(textOf(raw)) as Doc;

describe("the YAML program", () => {
  test("a Pulumi YAML project with one resource of the plugin per declaration, by the names the TypeScript program gives them", () => {
    const model = modelOf(FULL);
    const doc = docOf(FULL);
    expect([doc.name, doc.runtime]).toEqual(["acme", "yaml"]);
    const declarations = declarationsOf(model);
    expect(Object.keys(doc.resources)).toEqual(declarations.map((d) => d.resourceName));
    for (const d of declarations) expect([d.resourceName, doc.resources[d.resourceName]?.type]).toEqual([d.resourceName, `chatwoot:index:${d.object.type}`]);
    // The website inbox's help center waits for the portal: a second resource sets it.
    expect(doc.resources["inbox-website-links"]?.properties).toEqual({ adoptId: "${inbox-website.id}", portalId: "${portal-help.id}" });
    expect(doc.resources["inbox-website"]?.properties).not.toHaveProperty("portalId");
  });

  test("references are expressions naming what the program declares, never the exported account's ids", () => {
    const text = textOf(FULL);
    expect(text).toContain("      agentBotId: ${bot-triage.id}\n");
    expect(text).toContain("      inboxId: ${inbox-website.id}\n");
    expect(text).toContain("        - attributeKey: ${attribute-tier-contact.attributeKey}\n");
    expect(text).toContain('actionParams: ["${label-vip.title}"]');
    expect(text).toContain('userIds: ["${agent-bob.id}"]');
    expect(text).toContain("      customRoleId: ${role-billing-desk.id}\n");
    expect(text).toContain("      autoResolveLabel: ${label-spam.title}\n");
    expect(text.match(/\{ actionName: add_sla, actionParams: \["\$\{sla-policy-gold\.id\}"\] \}/g)).toHaveLength(2);
    // Every expression's root is a resource, variable or config key of the program.
    const doc = docOf(FULL);
    const names = new Set([...Object.keys(doc.resources), ...Object.keys(doc.variables ?? {}), ...Object.keys(doc.config ?? {})]);
    const roots = [...text.matchAll(/(?<!\$)\$\{([^.[}]+)/g)].map((m) => m[1] as string);
    expect(roots.length).toBeGreaterThan(20);
    expect(roots.filter((r) => !names.has(r))).toEqual([]);
    // The account comes from the stack's config.
    expect(text).not.toMatch(/accountId/);
  });

  test("adoption: people are always adopted, an inbox that can only be adopted by the id its setting gives, the rest by `pulumi import`", () => {
    const doc = docOf(FULL);
    const adoption = Object.entries(doc.resources).flatMap(([name, r]) =>
      ["adopt", "adoptId"].filter((key) => key in r.properties).map((key) => [name, key, r.properties[key]]),
    );
    expect(adoption).toEqual([
      ["agent-bob", "adopt", true],
      ["agent-carol", "adopt", true],
      ["inbox-mail", "adoptId", "${inboxMailId}"],
      ["inbox-website-links", "adoptId", "${inbox-website.id}"],
    ]);
    expect(doc.config?.inboxMailId).toEqual({ type: "integer" });
    expect(doc.resources["agent-bob"]?.options).toEqual({ retainOnDelete: true });
  });

  test("what YAML cannot compute is a setting to read: the slug suffix, a portal's custom domain; the account's name is left to the program's owner", () => {
    const text = textOf(FULL);
    const doc = docOf(FULL);
    expect(doc.config).toEqual({ slugSuffix: { type: "string", default: "" }, portalHelpDomain: { type: "string", default: "help.acme.test" }, inboxMailId: { type: "integer" } });
    expect(yamlSettings(modelOf(FULL)).map((s) => s.key)).toEqual(Object.keys(doc.config ?? {}));
    expect(doc.resources["portal-help"]?.properties).toMatchObject({ slug: "help${slugSuffix}", customDomain: "${portalHelpDomain}" });
    expect(doc.resources["article-welcome"]?.properties).toMatchObject({ slug: "welcome${slugSuffix}", authorId: "${agent-carol.id}" });
    // Text that looks like an expression stays text: its `$` doubled where Pulumi YAML would read one.
    expect(doc.resources["article-welcome"]?.properties.content).toBe("# Welcome\n\nCosts $5, not $${price}.\n");
    expect(doc.resources["account-settings"]?.properties).not.toHaveProperty("name");
    const comment = /\n {6}# name: not declared: (.*)\n {6}# (.*)\n {6}locale: en\n/.exec(text);
    expect(comment && `${comment[1]} ${comment[2]}`).toBe(`managed only where declared, so that a copy keeps its own (the exported account's is "Acme"): declare it to manage it`);
  });

  test("what cannot be mapped is a comment where it is", () => {
    const text = textOf(ACCOUNT);
    expect(text).toContain("        - actionName: assign_team\n          actionParams:\n            - 99  # team 99 is not a team of account 4\n");
    expect(text).toMatch(/ {2}# left out: user 13 has no e-mail address, .*\n {2}# add them by hand where they belong\n {2}team-members-billing:/);
    expect(text).toMatch(/ {2}# a Channel::Email inbox can only be adopted .*\n(?: {2}#.*\n)* {2}inbox-mail:/);
    const withoutBots = textOf({ ...ACCOUNT, types: without("AgentBot") });
    expect(withoutBots).toContain("      # agentBotId: not declared: agent bot 5: agent bots are not part of this export\n");
  });

  test("where agents are not exported, people are found by e-mail address with getAgents in the stack's account", () => {
    const doc = docOf({ ...FULL, types: without("Agent") });
    expect(doc.variables?.["agent-bob"]).toEqual({ "fn::invoke": { function: "chatwoot:index:getAgents", arguments: { email: "bob@acme.test" }, return: "agents" } });
    expect(doc.resources["team-members-billing"]?.properties.userIds).toEqual(["${agent-bob[0].id}"]);
    expect(Object.values(doc.resources).some((r) => r.type === "chatwoot:index:Agent")).toBe(false);
  });

  test("no credential of the account is ever written, and the same account gives byte-identical files", () => {
    const model = modelOf(FULL);
    const files = Object.values({ ...yamlProjectFiles(model), "import.json": importFileText(model) }).join("\n");
    for (const secret of CREDENTIALS) expect(files).not.toContain(secret);
    const shuffled: RawAccount = Object.fromEntries(Object.entries(FULL).map(([k, v]) => [k, Array.isArray(v) ? [...v].reverse() : v]));
    expect(yamlProjectFiles(modelOf(shuffled))).toEqual(yamlProjectFiles(model));
    expect(importFileText(modelOf(shuffled))).toBe(importFileText(model));
  });

  test("the README says how to install the plugin, copy with `pulumi up`, adopt with `pulumi import`, and compare", () => {
    const readme = yamlProjectFiles(modelOf(FULL))["README.md"] as string;
    expect(readme).toContain("pulumi plugin install resource chatwoot 0.1.0 --file pulumi-resource-chatwoot-v0.1.0-linux-amd64.tar.gz");
    expect(readme).toContain("npx pulumi-chatwoot export --language yaml --account-id 4 --out . --import-file import.json");
    for (const command of IMPORT_COMMANDS) expect(readme).toContain(`\n${command}\n`);
    expect(readme).toMatch(/\npulumi config set inboxMailId 7 +# its id in this account\n/);
    expect(readme).toMatch(/\npulumi config set inboxMailId <its id> +# see below\n/);
    expect(readme).toContain("pulumi config set slugSuffix -- -copy");
    expect(readme).toMatch(/\npulumi config set portalHelpDomain <its own domain> +# only in an account of the same installation\n/);
  });
});

describe("the import file", () => {
  const model = modelOf({ ...FULL, agentBots: [...(ACCOUNT.agentBots ?? []), { id: 9, name: "Platform", account_id: 4 }], platformBots: [9] });
  const entries = importEntries(model);

  test("one entry per resource of the program, by its type token and name, in Pulumi's import file format", () => {
    const doc = load(yamlProgramText(model, "acme")) as Doc;
    expect(entries.map((e) => e.name)).toEqual(Object.keys(doc.resources));
    expect(entries.map((e) => e.type)).toEqual(Object.values(doc.resources).map((r) => r.type));
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
    const file = JSON.parse(importFileText(model)) as { resources: Record<string, unknown>[] };
    expect(Object.keys(file)).toEqual(["resources"]);
    for (const entry of file.resources) expect(Object.keys(entry)).toEqual(["type", "name", "id"]);
  });

  test.each([
    ["a label: its id", "label-vip", "2"],
    ["an inbox's members: the inbox's id", "inbox-members-website", "6"],
    ["a team's members: the team's id", "team-members-billing", "4"],
    ["the account's settings: the account's id", "account-settings", "4"],
    ["a bot of the account's API: account/<id>", "bot-triage", "account/5"],
    ["a Platform bot: its id", "bot-platform", "9"],
    ["an agent: the user's id", "agent-carol", "12"],
    ["the links resource: the inbox it adopts", "inbox-website-links", "6"],
    ["an inbox that can only be adopted: its id", "inbox-mail", "7"],
  ])("%s", (_, name, id) => {
    expect(entries.find((e) => e.name === name)?.id).toBe(id);
  });
});

/**
 * The account model and the generated project: declaration order, adoption switches, comments and
 * warnings for what cannot be mapped, no credentials, and the same text for the same account; and
 * the project on the plugin (`--plugin`).
 */
import { buildModel } from "../../../sdk/clone/model";
import { programText } from "../../../sdk/clone/program";
import { programSettings } from "../../../sdk/clone/program-settings";
import { importEntries } from "../../../sdk/clone/import-file";
import { ON_PLUGIN_LINES, projectFiles } from "../../../sdk/clone/project";
import { typescriptPluginProjectFiles } from "../../../sdk/clone/typescript-plugin-project";
import { yamlSettings } from "../../../sdk/clone/yaml-settings";
import { RESOURCE_TYPES } from "../../../sdk/clone/resource-types";
import { ACCOUNT, CREDENTIALS } from "./support/account";
import { snapshotOf, type RawAccount } from "./support/snapshot";

const model = () => buildModel(snapshotOf(ACCOUNT));
const program = () => programText(model());

test("every constant is declared before it is used, kinds in dependency order", () => {
  const lines = program().split("\n");
  const declared = new Map<string, number>();
  lines.forEach((line, i) => {
    const name = /^const (\w+) =/.exec(line)?.[1];
    if (name) declared.set(name, i);
  });
  for (const object of model().objects) {
    lines.forEach((line, i) => {
      if (new RegExp(`\\b${object.identifier}\\b`).test(line)) expect(declared.get(object.identifier)).toBeLessThanOrEqual(i);
    });
  }
  const order = model().objects.map((o) => RESOURCE_TYPES.findIndex((t) => t.sdkClass === o.type));
  expect(order).toEqual([...order].sort((a, b) => a - b));
});

test("references are expressions of the objects they name, never the exported account's ids", () => {
  const text = program();
  expect(text).toContain("agentBotId: idOf(botTriage)");
  expect(text).toContain("inboxId: idOf(inboxWebsite)");
  expect(text).toContain("attributeKey: attributeTierContact.attributeKey");
  expect(text).toContain("actionParams: [labelVip.title]");
  expect(text).toMatch(/^const agentBob = new chatwoot\.Agent\("agent-bob", /m);
  expect(text).toMatch(/userIds: \[idOf\(agentBob\)\]/);
  expect(text).not.toContain("agentId(");
  expect(text.match(/\{ actionName: "add_sla", actionParams: \[idOf\(slaPolicyGold\)\] \}/g)).toHaveLength(2);
  // The account comes from the stack's config.
  expect(text).not.toMatch(/accountId/);
});

test("adoption: natural-key kinds switch adopt, the others adopt by id, an inbox that can only be adopted needs its id", () => {
  const text = program();
  expect(text).toContain('const adopt = config.getBoolean("adopt") ?? true;');
  expect(text).toMatch(/new chatwoot\.Label\("label-vip", \{[^}]*adopt \}\)/);
  for (const id of [5, 6, 9, 14, 15, 16]) expect(text).toContain(`adoptId: adopt ? ${id} : undefined,`);
  expect(text).toContain('adoptId: adopt ? 7 : config.requireNumber("inboxMailId"),');
  expect(programSettings(model()).map((s) => s.key)).toEqual(["adopt", "portalSuffix", "inboxMailId"]);
});

test("what cannot be mapped is a comment where it is and a warning naming the object", () => {
  const { warnings } = model();
  const text = program();
  expect(text).toMatch(/actionParams: \[\n\s+99, \/\/ team 99 is not a team of account 4\n/);
  expect(text).toMatch(/\/\/ left out: user 13 has no e-mail address/);
  expect(warnings).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^automation rule "Route": team 99 is not a team of account 4/),
      expect.stringMatching(/^team membership "billing": left out: user 13 has no e-mail address/),
      expect.stringMatching(/^inbox "Mail": a Channel::Email inbox can only be adopted/),
    ]),
  );
  expect(warnings).toHaveLength(3);
});

test("SLA policies, custom roles and dashboard apps are declared with what they hold", () => {
  const text = program();
  expect(text).toContain(
    [
      'const slaPolicyGold = new chatwoot.SlaPolicy("sla-policy-gold", {',
      '  name: "Gold",',
      "  firstResponseTimeThreshold: 900,",
      "  resolutionTimeThreshold: 86400,",
      "  onlyDuringBusinessHours: true,",
      "  adoptId: adopt ? 14 : undefined,",
      "});",
    ].join("\n"),
  );
  // Permissions are a set: declared sorted, whatever order the server keeps.
  expect(text).toContain('permissions: ["contact_manage", "report_manage"]');
  expect(text).toContain('const dashboardAppCrm = new chatwoot.DashboardApp("dashboard-app-crm", {');
  expect(text).toContain('frameUrls: ["https://crm.acme.test/panel"]');
});

test("an assignment policy is declared with what it holds but the server's defaults, and an inbox's link refers to the inbox and the policy", () => {
  const roundRobin = { id: 3, name: "Round robin", assignment_order: "round_robin", conversation_priority: 1, fair_distribution_limit: 20, fair_distribution_window: 3600, enabled: true, inboxes: [{ id: 6, name: "Website" }] };
  const text = programText(buildModel(snapshotOf({ ...ACCOUNT, assignmentPolicies: [roundRobin] })));
  expect(text).toContain(
    [
      'const assignmentPolicyRoundRobin = new chatwoot.AssignmentPolicy("assignment-policy-round-robin", {',
      '  name: "Round robin",',
      '  conversationPriority: "longest_waiting",',
      "  fairDistributionLimit: 20,",
      "  adopt,",
      "});",
    ].join("\n"),
  );
  expect(text).toContain(
    [
      'const inboxPolicyWebsite = new chatwoot.InboxAssignmentPolicy("inbox-policy-website", {',
      "  inboxId: idOf(inboxWebsite),",
      "  assignmentPolicyId: idOf(assignmentPolicyRoundRobin),",
      "  adopt,",
      "});",
    ].join("\n"),
  );
});

test("campaigns refer to their inbox, sender and audience's labels; a one-off campaign that has run is a warning, not a declaration", () => {
  const sent = { campaign_type: "one_off", inbox: { id: 17 }, sender: {}, trigger_rules: {}, message: "20% off" };
  const account: RawAccount = {
    ...ACCOUNT,
    inboxes: [...(ACCOUNT.inboxes ?? []), { id: 17, name: "SMS", channel_type: "Channel::Sms", phone_number: "+4930123456" }],
    campaigns: [
      {
        id: 1, title: "Pricing help", message: "Questions?", campaign_type: "ongoing", campaign_status: "active", enabled: true, inbox: { id: 6 },
        sender: { id: 12 }, trigger_rules: { url: "https://www.acme.test/pricing", time_on_page: 10 }, trigger_only_during_business_hours: true,
      },
      { ...sent, id: 2, title: "Spring sale", campaign_status: "active", scheduled_at: 1_893_488_400, audience: [{ type: "Label", id: 2 }] },
      { ...sent, id: 3, title: "Winter sale", campaign_status: "completed", scheduled_at: 1_700_000_000, audience: [{ type: "Label", id: 2 }] },
    ],
  };
  const built = buildModel(snapshotOf(account));
  const text = programText(built);
  expect(text).toContain(
    [
      'const campaignPricingHelp = new chatwoot.Campaign("campaign-pricing-help", {',
      "  inboxId: idOf(inboxWebsite),",
      '  title: "Pricing help",',
      '  message: "Questions?",',
      "  senderId: idOf(agentCarol),",
      '  triggerRules: { url: "https://www.acme.test/pricing", timeOnPage: 10 },',
      "  triggerOnlyDuringBusinessHours: true,",
      "  adoptId: adopt ? 1 : undefined,",
      "});",
    ].join("\n"),
  );
  expect(text).toContain('audience: [{ type: "Label", id: idOf(labelVip) }],');
  expect(text).toContain('scheduledAt: "2030-01-01T09:00:00.000Z",');
  expect(text).toContain("// a one-off campaign: applied to an account, it is sent there at scheduledAt to the contacts with\n// its labels\nconst campaignSpringSale");
  expect(text).not.toContain("Winter sale");
  expect(built.warnings).toContain('campaign "Winter sale" not exported: a one-off campaign that has run (completed) is history, and declared it would be sent again');
});

test("a kind the server or the account lacks is a warning, and nothing of it is declared", () => {
  const snapshot = { ...snapshotOf({ ...ACCOUNT, slaPolicies: [] }), unavailable: [{ type: "SlaPolicy" as const, reason: "this server has no SLA policies" }] };
  const built = buildModel(snapshot);
  expect(built.warnings).toContain("SLA policies not exported: this server has no SLA policies");
  expect(programText(built)).not.toContain("chatwoot.SlaPolicy(");
});

test("without agent bots in the export the inbox's bot is not declared: a comment says why, and a warning", () => {
  const text = programText(buildModel(snapshotOf({ ...ACCOUNT, types: RESOURCE_TYPES.map((t) => t.sdkClass).filter((t) => t !== "AgentBot") })));
  expect(text).toMatch(/agentBotId: undefined, \/\/ agent bot 5: agent bots are not part of this export\n/);
});

test("people are Agent resources, always adopted and kept in the account when the stack is destroyed", () => {
  const agents = [
    { id: 11, name: "Bob", email: "Bob@Acme.test", role: "administrator", availability_status: "offline", auto_offline: true },
    { id: 12, name: "Carol", email: "carol@acme.test", role: "agent", availability_status: "busy", auto_offline: false, custom_role_id: 15 },
  ];
  const text = programText(buildModel(snapshotOf({ ...ACCOUNT, agents })));
  // The administrator applying a copy is an agent of it already: adopted, whatever the adopt setting.
  expect(text).toContain(
    [
      'const agentBob = new chatwoot.Agent("agent-bob", {',
      '  email: "bob@acme.test",',
      '  name: "Bob",',
      '  role: "administrator",',
      "  autoOffline: true,",
      "  adopt: true,",
      "}, { retainOnDelete: true });",
    ].join("\n"),
  );
  // With auto-offline, "offline" says nothing about the setting: only Carol's availability is declared.
  expect(text).toMatch(/const agentCarol = new chatwoot\.Agent\("agent-carol", \{\n {2}email: "carol@acme\.test",\n {2}name: "Carol",\n {2}role: "agent",\n {2}availabilityStatus: "busy",\n {2}autoOffline: false,\n {2}customRoleId: idOf\(roleBillingDesk\),\n/);
  // The role is declared before the agents who have it.
  expect(text.indexOf("const roleBillingDesk =")).toBeLessThan(text.indexOf("const agentBob ="));
});

test("where agents are not exported, people are found by e-mail address in the account the program runs against", () => {
  const text = programText(buildModel(snapshotOf({ ...ACCOUNT, types: RESOURCE_TYPES.map((t) => t.sdkClass).filter((t) => t !== "Agent") })));
  expect(text).toContain('const agentBob = agentId("bob@acme.test");');
  expect(text).toMatch(/userIds: \[agentBob\]/);
  expect(text).not.toContain("new chatwoot.Agent(");
});

test("a bot its Platform App made stays a Platform bot; the account's others are declared with scope account", () => {
  expect(program()).toContain('const botTriage = new chatwoot.AgentBot("bot-triage", {\n  scope: "account",');
  const platform = programText(buildModel(snapshotOf({ ...ACCOUNT, platformBots: [5] })));
  expect(platform).toContain('const botTriage = new chatwoot.AgentBot("bot-triage", {\n  name: "Triage",');
});

test("the account's settings: its name only from the program's config, a label and required attributes as references", () => {
  const account = {
    id: 4,
    name: "Acme",
    locale: "de",
    domain: null,
    support_email: "Acme <help@acme.test>",
    settings: { auto_resolve_after: 1440, auto_resolve_label: "spam", conversation_required_attributes: ["tier", "order"], audio_transcriptions: null },
    custom_attributes: { industry: "Retail" },
  };
  const attributes = [
    ...(ACCOUNT.attributes ?? []),
    { id: 20, attribute_key: "order", attribute_model: "conversation_attribute", attribute_display_name: "Order", attribute_display_type: "text" },
  ];
  const exported = buildModel(snapshotOf({ ...ACCOUNT, attributes, account }));
  const text = programText(exported);
  expect(text).toContain('const accountSettings = new chatwoot.AccountSettings("account-settings", {\n  name: config.get("accountName"),');
  expect(text).toContain("autoResolveLabel: labelSpam.title,");
  // "tier" is a contact attribute: the setting names conversation attributes, so it stays text.
  expect(text).toContain('conversationRequiredAttributes: ["tier", attributeOrderConversation.attributeKey],');
  expect(text).toContain('supportEmail: "Acme <help@acme.test>",');
  expect(text).not.toContain("domain:");
  expect(programSettings(exported).find((s) => s.key === "accountName")?.doc).toMatch(/managed only when set.*"Acme"/);
  // Declared after the label and attributes it refers to.
  expect(text.indexOf("const accountSettings")).toBeGreaterThan(text.indexOf("const labelSpam"));
});

test("no credential of the account is ever written", () => {
  const files = Object.values(projectFiles(model())).join("\n");
  for (const secret of CREDENTIALS) expect(files).not.toContain(secret);
});

test("the same account gives byte-identical files, whatever order the server lists objects in", () => {
  const shuffled: RawAccount = Object.fromEntries(Object.entries(ACCOUNT).map(([k, v]) => [k, Array.isArray(v) ? [...v].reverse() : v]));
  expect(projectFiles(buildModel(snapshotOf(shuffled)))).toEqual(projectFiles(model()));
});

test("the project: strict TypeScript, the Pulumi SDK this package uses, and this package as the tarball the export writes beside it", () => {
  const files = projectFiles(model());
  expect(Object.keys(files)).toEqual(["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "README.md"]);
  const manifest = JSON.parse(files["package.json"] as string) as { dependencies: Record<string, string> };
  const own = JSON.parse(require("node:fs").readFileSync(require.resolve("../../../package.json"), "utf8")) as { version: string; dependencies: Record<string, string> };
  // Not on the npm registry yet: a version range would not install.
  expect(manifest.dependencies).toEqual({ "@pulumi/pulumi": own.dependencies["@pulumi/pulumi"], "pulumi-chatwoot": `file:pulumi-chatwoot-${own.version}.tgz` });
  expect((JSON.parse(files["tsconfig.json"] as string) as { compilerOptions: { strict: boolean } }).compilerOptions.strict).toBe(true);
  expect(files["README.md"]).toContain("pulumi config set adopt false");
  expect(files["README.md"]).toContain(`\`npm install\` installs pulumi-chatwoot from \`pulumi-chatwoot-${own.version}.tgz\``);
});

test("with another spec for the package (a published version), package.json and the README give that", () => {
  const files = projectFiles(model(), "acme", "^0.2.0");
  expect((JSON.parse(files["package.json"] as string) as { dependencies: Record<string, string> }).dependencies["pulumi-chatwoot"]).toBe("^0.2.0");
  expect(files["README.md"]).toContain("`npm install` installs pulumi-chatwoot as package.json names it: `^0.2.0`.");
  expect(files["README.md"]).not.toContain(".tgz");
});

test("SAML settings are adopted by their account, a custom role of a mapping by reference, a server-made SP entity id left out", () => {
  const saml = {
    id: 1,
    sso_url: "https://idp.acme.test/sso",
    certificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
    fingerprint: "AA:BB",
    idp_entity_id: "https://idp.acme.test",
    sp_entity_id: "https://chat.acme.test/saml/sp/4",
    role_mappings: { Admins: { role: 1 }, Billing: { custom_role_id: 15 } },
  };
  const text = programText(buildModel(snapshotOf({ ...ACCOUNT, samlSettings: [saml] })));
  expect(text).toContain(
    [
      'const samlSettings = new chatwoot.SamlSettings("saml-settings", {',
      '  ssoUrl: "https://idp.acme.test/sso",',
      '  idpEntityId: "https://idp.acme.test",',
      '  certificate: "-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----\\n",',
      "  roleMappings: {",
      '    Admins: { role: "administrator" },',
      "    Billing: { customRoleId: idOf(roleBillingDesk) },",
      "  },",
      "  adopt,",
      "});",
    ].join("\n"),
  );
  expect(text).not.toContain("fingerprint");
  // An SP entity id of the program's own is kept.
  const own = programText(buildModel(snapshotOf({ ...ACCOUNT, samlSettings: [{ ...saml, sp_entity_id: "chatwoot-production" }] })));
  expect(own).toContain('  spEntityId: "chatwoot-production",');
});

test("a WhatsApp inbox's survey template refers to its inbox and takes its text from the inbox's survey settings", () => {
  const whatsapp = (id: number, csat_config: Record<string, unknown>) => ({ id, name: `WhatsApp ${id}`, channel_type: "Channel::Whatsapp", phone_number: `+1555010010${id}`, provider: "whatsapp_cloud", csat_config });
  const template = { name: "customer_satisfaction_survey_30", template_id: "9001", language: "pt_BR" };
  const inboxes = [
    ...(ACCOUNT.inboxes ?? []),
    whatsapp(30, { display_type: "emoji", message: "Como foi?", button_text: "Avaliar", language: "en", template }),
    // No template named: nothing to declare.
    whatsapp(31, { message: "How did we do?" }),
    // A template without a message in the settings: declared, the message left for the user.
    whatsapp(32, { message: "", template: { ...template, name: "customer_satisfaction_survey_32" } }),
  ];
  const built = buildModel(snapshotOf({ ...ACCOUNT, inboxes }));
  const text = programText(built);
  expect(text).toContain(
    [
      'const csatTemplateWhatsApp30 = new chatwoot.InboxCsatTemplate("csat-template-whats-app-30", {',
      "  inboxId: idOf(inboxWhatsApp30),",
      '  message: "Como foi?",',
      '  buttonText: "Avaliar",',
      '  language: "pt_BR",',
      "  adopt,",
      "});",
    ].join("\n"),
  );
  expect(text).not.toContain("csatTemplateWhatsApp31");
  expect(text).toContain("csatTemplateWhatsApp32");
  expect(built.warnings.some((w) => w.includes("WhatsApp 32") && w.includes("give the template's text"))).toBe(true);
});

test("on the plugin (--plugin): no adopt setting or switch, the other languages' settings, every resource on the plugin as Pulumi.yaml says", () => {
  const files = typescriptPluginProjectFiles(model());
  const text = files["index.ts"] as string;
  // `pulumi import` adopts: no switch (people are adopted always), no exported id but the inbox that can only be adopted, by its setting.
  expect(text).not.toContain('config.getBoolean("adopt")');
  expect(text.match(/\badopt: \w+/g)).toEqual(["adopt: true", "adopt: true"]);
  expect(text.match(/adoptId: [^,\n]+/g)).toEqual(["adoptId: inboxMailId"]);
  expect(text).toContain('const inboxMailId = config.requireNumber("inboxMailId");');
  expect(yamlSettings(model()).map((s) => s.key)).toEqual(["slugSuffix", "inboxMailId"]);
  expect(text).toContain('const slugSuffix = config.get("slugSuffix") ?? "";');
  // References are the same expressions as in the dynamic door's program.
  expect(text).toContain("agentBotId: idOf(botTriage)");
  expect(text).toContain("actionParams: [labelVip.title]");
  // The same resources, named as the import file names them.
  const declared = [...text.matchAll(/^const \w+ = new chatwoot\.(\w+)\("([^"]+)"/gm)].map((m) => [`chatwoot:index:${m[1]}`, m[2]]);
  expect(declared).toEqual(importEntries(model()).map((e) => [e.type, e.name]));
  expect(files["Pulumi.yaml"]).toContain(ON_PLUGIN_LINES.join("\n"));
  expect(files["README.md"]).toContain("npx pulumi-chatwoot export --language typescript --plugin --account-id 4 --out . --import-file import.json");
  expect(files["README.md"]).not.toContain("pulumi plugin install");
  // Everything but the program, its project file and its README is the TypeScript project's.
  const { "index.ts": _p, "Pulumi.yaml": _y, "README.md": _r, ...rest } = files;
  const { "index.ts": _dp, "Pulumi.yaml": _dy, "README.md": _dr, ...dynamic } = projectFiles(model());
  expect(rest).toEqual(dynamic);
});

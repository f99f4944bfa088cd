/**
 * The reference pages' Pulumi YAML examples (docs/, made from the TypeScript examples of the SDK's
 * TSDoc) are real: all of them, put together as the pages say they are one program, run through the
 * real `pulumi` CLI and Pulumi's YAML language host with the plugin installed from its tarball as
 * users install it (the program tier's setup writes it), against a sandbox: `preview` plans every
 * resource of every page, and `up` creates them, the names one page borrows from another resolved
 * to the other's objects.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { opsOf, PulumiProject } from "../harness/pulumi-cli";
import { RESOURCE_TYPES } from "../../provider/registry";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { IDP_CERTIFICATE, IDP_FINGERPRINT } from "../harness/saml-certificates";
import { docsProgram, isSecret, programYaml, typeOf, type DocsProgram } from "./support/docs-program";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(240_000);

/** A 1x1 PNG: the AgentBot example's avatar file. */
const AVATAR = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e2b3d4f10000000049454e44ae426082",
  "hex",
);
const ARTICLE = "# Resetting your password\n\nChoose *Forgot password?* on the sign-in page.\n";
const OWNER_PASSWORD = "Docs-Examples-1!";

realEngine.describeYaml("the reference pages' YAML examples, as one program through `pulumi` and the plugin", () => {
  let sandbox: Sandbox;
  let project: PulumiProject;
  let program: DocsProgram;

  beforeAll(async () => {
    program = docsProgram();
    sandbox = await startSandbox();
    const [acme, globex] = sandbox.info.accounts;
    // The values of the config the examples declare, by key: a key the pages add fails here until it has one.
    const values: Record<string, string> = { ownerPassword: OWNER_PASSWORD, openaiApiKey: "sk-docs-examples", ordersApiToken: "orders-docs-examples", whatsappApiKey: "wa-docs-examples", globexUrl: sandbox.url, globexApiAccessToken: globex!.adminToken };
    expect([...program.config.keys()].sort()).toEqual(Object.keys(values).sort());
    project = new PulumiProject({ "Pulumi.yaml": programYaml("docs-examples", program) });
    // The files the examples read, beside the program as a user's would be.
    fs.mkdirSync(path.join(project.dir, "assets"));
    fs.writeFileSync(path.join(project.dir, "assets", "triage.png"), AVATAR);
    fs.mkdirSync(path.join(project.dir, "articles"));
    fs.writeFileSync(path.join(project.dir, "articles", "reset-password.md"), ARTICLE);
    fs.mkdirSync(path.join(project.dir, "certs"));
    fs.writeFileSync(path.join(project.dir, "certs", "okta-signing.pem"), IDP_CERTIFICATE);
    await project.installPlugin();
    await project.init("dev", {
      config: {
        "chatwoot:url": sandbox.url,
        "chatwoot:accountId": String(acme!.id),
        "chatwoot:apiAccessToken": acme!.adminToken,
        "chatwoot:platformAccessToken": sandbox.info.platformTokens[0]!,
        ...values,
      },
      secretKeys: ["chatwoot:apiAccessToken", "chatwoot:platformAccessToken", ...[...program.config.values()].filter(isSecret).map((e) => e.name)],
    });
  });

  afterAll(async () => {
    project?.dispose();
    await sandbox?.close();
  });

  test("every page has an example, and `preview` plans each of their resources, of every type, with no error", async () => {
    const resources = [...program.resources.values()];
    const types = new Set(resources.map(typeOf));
    for (const { name } of RESOURCE_TYPES) expect(types).toContain(`chatwoot:index:${name}`);
    const preview = await project.preview();
    expectSuccess(preview);
    expect(preview.errors).toEqual([]);
    // Provider resources are left out of the steps: the explicit one is checked by what `up` makes with it.
    const expected = Object.fromEntries(resources.filter((r) => !typeOf(r)?.startsWith("pulumi:providers:")).map((r) => [r.name, "create"]));
    expect(opsOf(preview)).toEqual(expected);
    expect(sandbox.control.log().filter((e) => e.method !== "GET")).toEqual([]);
  });

  test("`up` creates them; names borrowed from other pages are those pages' objects", async () => {
    const up = await project.up();
    expectSuccess(up);
    expect(up.errors).toEqual([]);
    const state = sandbox.control.snapshot();
    const inbox = state.inboxes.find((i) => i.name === "Website");
    const triage = state.agent_bots.find((b) => b.name === "Triage");
    // The Inbox example's bot is the AgentBot example's, the Portal's inbox the Inbox example's.
    expect(inbox?.agent_bot_id).toBe(triage?.id);
    expect(state.portals.find((p) => p.slug === "help")?.inbox_id).toBe(inbox?.id);
    const article = state.articles.find((a) => a.slug === "reset-password");
    expect(article?.content).toBe(ARTICLE);
    expect(article?.category_id).toBe(state.categories.find((c) => c.slug === "getting-started" && c.locale === "en")?.id);
    // The explicit provider's label is in its account (2), the default provider's in the stack's (1).
    expect(state.labels.filter((l) => l.title === "vip").map((l) => l.account_id).sort()).toEqual([1, 2]);
    const outputs = await project.outputs();
    expect(Object.keys(outputs).sort()).toEqual([...program.outputs.keys()].sort());
    expect(outputs.triageToken).toBe("[secret]");
    // The InboxCsatTemplate example's template is submitted for the Inbox it declares, waiting for Meta's review.
    expect(outputs.surveyTemplateStatus).toBe("PENDING");
    const whatsapp = state.inboxes.find((i) => i.name === "Acme WhatsApp");
    expect(state.meta_templates.find((t) => t.inbox_id === whatsapp?.id)).toMatchObject({ body: "Thanks for talking to Acme! How did we do?", button_text: "Rate us" });
    // The SamlSettings example's certificate is read from its file; a group refers to the CustomRole example's role.
    expect(outputs.samlFingerprint).toBe(IDP_FINGERPRINT);
    const billingDesk = state.custom_roles.find((r) => r.name === "Billing desk" && r.account_id === 1);
    expect(state.saml_settings.find((s) => s.account_id === 1)?.role_mappings).toEqual({ "Support Leads": { role: 1 }, Billing: { custom_role_id: billingDesk?.id } });
  });
});

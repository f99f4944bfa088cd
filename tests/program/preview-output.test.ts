/**
 * What `pulumi preview` shows, through the real CLI: every update lists exactly the properties it
 * changes (Pulumi's display compares the stored inputs with the new ones; the dynamic-provider
 * host forwards only `changes` and `replaces` of the provider's diff); an upgraded provider (state
 * whose stored provider text is an older build's) shows no change at all; `ignoreChanges` keeps a
 * value a refresh found changed outside Pulumi; `replaces` is set only on a resource that is
 * replaced, naming the property that forces it; and a new resource whose natural key the account
 * already has fails the preview, as the `up` after it would, with no write.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { writesIn } from "../demo/requests";
import { opsOf, PulumiProject, type Operation } from "../harness/pulumi-cli";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(120_000);

const PROGRAM = `"use strict";
const pulumi = require("@pulumi/pulumi");
const chatwoot = require("pulumi-chatwoot");
const config = new pulumi.Config();
new chatwoot.Label("vip", {
  title: "vip",
  color: config.get("labelColor") || "#7c3aed",
  description: config.get("labelDescription") || "Enterprise customers",
  accountId: config.getNumber("labelAccount"),
});
new chatwoot.Team(
  "billing",
  { name: "billing", description: config.get("teamDescription") || "Invoices" },
  { ignoreChanges: config.getBoolean("keepTeamDescription") ? ["description"] : [] },
);
new chatwoot.CustomAttributeDefinition("plan", { attributeKey: "plan", attributeModel: "contact_attribute", attributeDisplayName: "Plan", attributeDisplayType: "text" });
if (config.get("newLabelTitle")) new chatwoot.Label("escalated", { title: config.get("newLabelTitle") });
`;
const PULUMI_YAML = "name: preview-output\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n";
const NAMES = ["vip", "billing", "plan"];

/** The stored provider texts of the build before the shims became package modules (see tests/host/older-build.test.ts). */
const OLDER_TEXT: Record<string, string> = Object.fromEntries(
  [
    ["Label", "label"],
    ["Team", "team"],
    ["CustomAttributeDefinition", "custom-attribute-definition"],
  ].map(([type, file]) => [type, fs.readFileSync(path.join(__dirname, "../host/fixtures", `provider-v0-${file}.txt`), "utf8")]),
);

/** `{ name: "~a,b" }` from the display's resource lines (`vip  update  [diff: ~color,description]`). */
function displayedDiffs(preview: Operation): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of NAMES) {
    const line = new RegExp(`\\s${name}\\s+(?:update|replace)\\s+\\[diff: ([^\\]]+)\\]`).exec(preview.stdout);
    if (line?.[1]) found[name] = line[1];
  }
  return found;
}

realEngine.describe("pulumi preview through the real CLI", () => {
  let sandbox: Sandbox;
  let project: PulumiProject;

  beforeAll(async () => {
    sandbox = await startSandbox();
    project = new PulumiProject({ "Pulumi.yaml": PULUMI_YAML, "index.js": PROGRAM });
    const [account] = sandbox.info.accounts;
    await project.init("dev", {
      config: { "chatwoot:url": sandbox.url, "chatwoot:accountId": String(account.id), "chatwoot:apiAccessToken": account.adminToken },
      secretKeys: ["chatwoot:apiAccessToken"],
    });
    expectSuccess(await project.up());
  }, 120_000);
  afterAll(async () => {
    project?.dispose();
    await sandbox?.close();
  });

  test("every update lists exactly the properties it changes, and none is a replacement", async () => {
    await project.setConfig({ config: { labelColor: "#112233", labelDescription: "Top customers", teamDescription: "Invoices and refunds" } });
    const preview = await project.preview();
    expectSuccess(preview);
    expect(opsOf(preview)).toEqual({ vip: "update", billing: "update", plan: "same" });
    expect(displayedDiffs(preview)).toEqual({ vip: "~color,description", billing: "~description" });
    for (const step of preview.steps) expect([step.name, step.replaces]).toEqual([step.name, []]);
    expectSuccess(await project.up());
  });

  test("state written by an older build of the provider: no change, and no write", async () => {
    const exported = JSON.parse(await project.exportText()) as { deployment: { resources: { type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[] } };
    let replaced = 0;
    for (const resource of exported.deployment.resources) {
      const older = OLDER_TEXT[resource.type.replace("pulumi-nodejs:dynamic/chatwoot:", "")];
      if (!older || !resource.inputs || !resource.outputs) continue;
      expect(resource.inputs.__provider).not.toBe(older);
      resource.inputs.__provider = older;
      resource.outputs.__provider = older;
      replaced++;
    }
    expect(replaced).toBe(3);
    await project.ok(["stack", "import"], { input: JSON.stringify(exported) });
    expect((await project.resources()).get("vip")?.inputs.__provider).toBe(OLDER_TEXT.Label);

    const before = sandbox.control.log().length;
    const preview = await project.preview("--expect-no-changes");
    expectSuccess(preview);
    expect(opsOf(preview)).toEqual({ vip: "same", billing: "same", plan: "same" });
    expectSuccess(await project.up("--expect-no-changes"));
    expect(writesIn(sandbox.control.log().slice(before))).toEqual([]);
  });

  test("after a refresh, ignoreChanges keeps a property changed outside Pulumi instead of reverting it", async () => {
    const team = (await project.resources()).get("billing");
    const patched = await fetch(`${sandbox.url}/api/v1/accounts/1/teams/${team?.id}`, {
      method: "PATCH",
      headers: { api_access_token: sandbox.info.accounts[0].adminToken, "content-type": "application/json" },
      body: JSON.stringify({ description: "Changed in the dashboard" }),
    });
    expect(patched.status).toBe(200);
    expectSuccess(await project.refresh());
    const reverting = await project.preview();
    expect(opsOf(reverting)).toMatchObject({ billing: "update" });
    expect(displayedDiffs(reverting)).toEqual({ billing: "~description" });

    await project.setConfig({ config: { keepTeamDescription: "true" } });
    const before = sandbox.control.log().length;
    expectSuccess(await project.up("--expect-no-changes"));
    expect(writesIn(sandbox.control.log().slice(before))).toEqual([]);
    expect(sandbox.control.snapshot().teams.find((t) => String(t.id) === team?.id)?.description).toBe("Changed in the dashboard");
  });

  test("a new label whose title the account already has fails the preview with the create's message, and writes nothing", async () => {
    const made = await fetch(`${sandbox.url}/api/v1/accounts/1/labels`, {
      method: "POST",
      headers: { api_access_token: sandbox.info.accounts[0].adminToken, "content-type": "application/json" },
      body: JSON.stringify({ title: "escalated" }),
    });
    const { id } = (await made.json()) as { id: number };
    await project.setConfig({ config: { newLabelTitle: "escalated" } });
    const message = `POST /api/v1/accounts/1/labels not sent: label ${id} already has title "escalated"; set adopt: true to manage it`;
    const before = sandbox.control.log().length;
    const preview = await project.preview();
    expect(preview.code).not.toBe(0);
    expect(preview.errors.join("\n")).toContain(message);
    expect(writesIn(sandbox.control.log().slice(before))).toEqual([]);
    // The up after it stops at the same check, before any create.
    const up = await project.up();
    expect(up.code).not.toBe(0);
    expect(up.errors.join("\n")).toContain(message);
    expect(writesIn(sandbox.control.log().slice(before))).toEqual([]);
    await project.ok(["config", "rm", "newLabelTitle"]);
  });

  test("a replacement names the property that forces it, on that resource only", async () => {
    // The stack's token reaches account 2 too (account 2's administrator adds its user), so the
    // replacement's check can look the label's title up there.
    const invited = await fetch(`${sandbox.url}/api/v1/accounts/2/agents`, {
      method: "POST",
      headers: { api_access_token: sandbox.info.accounts[1].adminToken, "content-type": "application/json" },
      body: JSON.stringify({ email: "alice@acme.test", name: "Alice Admin", role: "administrator" }),
    });
    expect(invited.status).toBe(200);
    await project.setConfig({ config: { labelAccount: "2" } });
    const preview = await project.preview();
    expectSuccess(preview);
    const replaced = preview.steps.filter((s) => s.replaces.length > 0);
    expect(replaced.map((s) => s.name)).toEqual(expect.arrayContaining(["vip"]));
    expect(new Set(replaced.map((s) => s.name))).toEqual(new Set(["vip"]));
    for (const step of replaced) expect(step.replaces).toEqual(["accountId"]);
    expect(opsOf(preview)).toMatchObject({ billing: "same", plan: "same" });
    expect(preview.steps.filter((s) => s.name === "vip").map((s) => s.op)).toContain("replace");
    expect(displayedDiffs(preview)).toEqual({ vip: "~accountId" });
  });
});

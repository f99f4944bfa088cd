/**
 * examples/yaml-two-installations through the real `pulumi` CLI, Pulumi's YAML language host and
 * the native plugin installed from its tarball: two explicit providers, each its own installation
 * (a sandbox each), side by side in one program. One stack lives through: up; a second up without
 * a write; `pulumi import` of an object made by hand, through one of the providers, which the
 * program then declares without a change; a newer plugin version without a change; the checkpoint
 * without a token in plain text; destroy leaving nothing in either installation but a label the
 * program adopted, which it says it leaves in place.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { EXAMPLES_DIR } from "../demo/examples";
import { writesIn } from "../demo/requests";
import { opsOf, PulumiProject } from "../harness/pulumi-cli";
import { pluginInstallArgs, pluginTarball } from "../harness/plugin";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(120_000);

const DIR = path.join(EXAMPLES_DIR, "yaml-two-installations");
const RESOURCES = ["staging-vip", "production-vip", "staging-billing", "production-billing"];

realEngine.describeYaml("examples/yaml-two-installations: two installations in one program", () => {
  let staging: Sandbox;
  let production: Sandbox;
  let project: PulumiProject;
  const writes = () => [staging, production].flatMap((sb) => writesIn(sb.control.log()));
  const clearLogs = () => [staging, production].forEach((sb) => sb.control.clearLog());
  const labels = (sb: Sandbox) => sb.control.snapshot().labels.filter((l) => l.account_id === 1);
  const teams = (sb: Sandbox) => sb.control.snapshot().teams.filter((t) => t.account_id === 1);

  beforeAll(async () => {
    [staging, production] = await Promise.all([startSandbox(), startSandbox()]);
    project = new PulumiProject(DIR);
    await project.installPlugin();
    await project.init("dev", {
      config: {
        stagingUrl: staging.url,
        stagingAccountId: "1",
        stagingToken: staging.info.accounts[0].adminToken,
        productionUrl: production.url,
        productionAccountId: "1",
        productionToken: production.info.accounts[0].adminToken,
      },
      secretKeys: ["stagingToken", "productionToken"],
    });
  });
  afterAll(async () => {
    project?.dispose();
    await Promise.all([staging?.close(), production?.close()]);
  });

  test("up creates each object in its own installation", async () => {
    expectSuccess(await project.up());
    for (const sb of [staging, production]) {
      expect(labels(sb).map((l) => l.title)).toEqual(["vip"]);
      expect(teams(sb).map((t) => t.name)).toEqual(["billing"]);
    }
    const outputs = await project.outputs();
    expect(outputs.stagingLabelId).toBe(String(labels(staging)[0].id));
    expect(outputs.productionLabelId).toBe(String(labels(production)[0].id));
  });

  test("a second up changes nothing and sends no write to either", async () => {
    clearLogs();
    const again = await project.up("--expect-no-changes");
    expectSuccess(again);
    expect(new Set(Object.values(opsOf(again)))).toEqual(new Set(["same"]));
    expect(writes()).toEqual([]);
  });

  test("pulumi import through one provider adopts an object of its installation; declared as imported, the next up changes nothing", async () => {
    const made = await fetch(`${production.url}/api/v1/accounts/1/labels`, {
      method: "POST",
      headers: { api_access_token: production.info.accounts[0].adminToken, "content-type": "application/json" },
      body: JSON.stringify({ title: "handmade", description: "Made in the dashboard", color: "#abcdef" }),
    });
    const { id } = (await made.json()) as { id: number };
    const provider = `urn:pulumi:dev::chatwoot-two-installations::pulumi:providers:chatwoot::production`;
    clearLogs();
    const imported = await project.cli(["import", "chatwoot:index:Label", "handmade", `1/${id}`, "--provider", `production=${provider}`, "--yes", "--protect=false", "--non-interactive"]);
    expectSuccess(imported);
    expect(writes()).toEqual([]);
    // The code Pulumi generates for it declares what the label holds.
    expect(imported.stdout).toMatch(/handmade:\n\s+type: chatwoot:Label\n\s+properties:\n(?:\s+\w+: .*\n)*\s+title: handmade/);
    expect(imported.stdout).toContain("description: Made in the dashboard");

    const program = fs.readFileSync(path.join(DIR, "Pulumi.yaml"), "utf8").replace(
      "\noutputs:",
      ["", "  handmade:", "    type: chatwoot:Label", "    properties:", "      title: handmade", "      description: Made in the dashboard", '      color: "#abcdef"', "    options:", "      provider: ${production}", "", "outputs:"].join("\n"),
    );
    project.write({ "Pulumi.yaml": program });
    clearLogs();
    const up = await project.up("--expect-no-changes");
    expectSuccess(up);
    expect(opsOf(up).handmade).toBe("same");
    expect(writes()).toEqual([]);
  });

  test("a newer plugin version changes nothing on the unchanged stack", async () => {
    // The plugin installed as a later version, and the one the stack was made with removed: only the new one can run.
    const args = pluginInstallArgs();
    const version = args.indexOf(pluginTarball.version);
    args[version] = "0.1.999";
    expectSuccess(await project.cli(args));
    expectSuccess(await project.cli(["plugin", "rm", "resource", "chatwoot", pluginTarball.version, "--yes", "--non-interactive"]));
    clearLogs();
    const up = await project.up("--expect-no-changes");
    expectSuccess(up);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["same"]));
    expect(writes()).toEqual([]);
    const plugins = (await project.ok(["plugin", "ls", "--json"])).stdout;
    expect((JSON.parse(plugins) as { name: string; version: string }[]).filter((p) => p.name === "chatwoot").map((p) => p.version)).toEqual(["0.1.999"]);
  });

  test("the checkpoint holds neither token in plain text: each provider's token is a secret input", async () => {
    const exported = await project.exportText();
    for (const sb of [staging, production]) for (const secret of sb.control.secrets()) expect(exported).not.toContain(secret);
    const state = JSON.parse(exported) as { deployment: { resources: { type: string; inputs?: Record<string, unknown> }[] } };
    const providers = state.deployment.resources.filter((r) => r.type === "pulumi:providers:chatwoot");
    expect(providers).toHaveLength(2);
    for (const p of providers) expect(p.inputs?.apiAccessToken).toEqual({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) });
  });

  test("a refused token of one provider fails the preview at its first request, naming that provider's setting", async () => {
    const wrong = "token-of-another-installation";
    await project.setConfig({ config: { stagingToken: wrong }, secretKeys: ["stagingToken"] });
    try {
      clearLogs();
      const preview = await project.preview();
      expect(preview.code).not.toBe(0);
      // One refused request ends it: no retry, no request after it.
      expect(staging.control.log().filter((entry) => entry.status === 401)).toHaveLength(1);
      const output = `${preview.stdout}\n${preview.stderr}`;
      expect(output).toMatch(/Chatwoot connection check: GET \/api\/v1\/accounts\/1: 401 .*apiAccessToken of provider "staging"/);
      expect(output).not.toContain(wrong);
      expect(writes()).toEqual([]);
    } finally {
      await project.setConfig({ config: { stagingToken: staging.info.accounts[0].adminToken }, secretKeys: ["stagingToken"] });
    }
    expectSuccess(await project.preview("--expect-no-changes"));
  });

  test("destroy leaves nothing of the stack in either installation but the label it adopted, which it says it leaves", async () => {
    const made = await fetch(`${staging.url}/api/v1/accounts/1/labels`, {
      method: "POST",
      headers: { api_access_token: staging.info.accounts[0].adminToken, "content-type": "application/json" },
      body: JSON.stringify({ title: "kept" }),
    });
    const { id } = (await made.json()) as { id: number };
    const program = fs.readFileSync(path.join(project.dir, "Pulumi.yaml"), "utf8").replace(
      "\noutputs:",
      ["", "  kept:", "    type: chatwoot:Label", "    properties:", "      title: kept", "      adopt: true", "    options:", "      provider: ${staging}", "", "outputs:"].join("\n"),
    );
    project.write({ "Pulumi.yaml": program });
    expectSuccess(await project.up());
    const destroy = await project.destroy();
    expectSuccess(destroy);
    expect(Object.keys(opsOf(destroy)).sort()).toEqual([...RESOURCES, "handmade", "kept"].sort());
    // The plugin's line, logged through the engine on the resource's URN, is in the output.
    expect(destroy.stdout).toContain(`label ${id} left in place: it was adopted (it existed before this stack)`);
    expect(labels(staging).map((l) => l.id)).toEqual([id]);
    expect(labels(production)).toEqual([]);
    for (const sb of [staging, production]) expect(teams(sb)).toEqual([]);
  });
});

/**
 * examples/two-installations through the real `pulumi` CLI: a TypeScript program with two explicit
 * `chatwoot.Provider`s, each its own installation (a sandbox each), which reach the label and team
 * of each installation's component through its `providers`, on the plugin the package carries
 * (named in the example's Pulumi.yaml, nothing installed). One stack lives through: up; a second up
 * without a write; drift in one installation, which a refresh records and an up repairs with one
 * PATCH; the `import` option and `X.get` through a provider; a refused token of one provider
 * failing the preview, naming that provider; destroy leaving nothing in either installation.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { EXAMPLES_DIR } from "../demo/examples";
import { writesIn } from "../demo/requests";
import { opsOf, PulumiProject } from "../harness/pulumi-cli";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(120_000);

const DIR = path.join(EXAMPLES_DIR, "two-installations");
const RESOURCES = ["staging-vip", "production-vip", "staging-billing", "production-billing"];

realEngine.describe("examples/two-installations: two installations in one TypeScript program", () => {
  let staging: Sandbox;
  let production: Sandbox;
  let project: PulumiProject;
  const both = () => [staging, production];
  const writeLines = (sb: Sandbox) => writesIn(sb.control.log()).map((w) => `${w.method} ${w.path}`);
  const clearLogs = () => both().forEach((sb) => sb.control.clearLog());
  const labels = (sb: Sandbox) => sb.control.snapshot().labels.filter((l) => l.account_id === 1);
  const teams = (sb: Sandbox) => sb.control.snapshot().teams.filter((t) => t.account_id === 1);

  beforeAll(async () => {
    [staging, production] = await Promise.all([startSandbox(), startSandbox()]);
    project = new PulumiProject(DIR);
    // The example is type-checked by `npm run typecheck`; here ts-node only transpiles.
    project.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";
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

  test("up creates each object in its own installation, on the plugin", async () => {
    const up = await project.up();
    expectSuccess(up);
    for (const sb of both()) {
      expect(labels(sb).map((l) => [l.title, l.color])).toEqual([["vip", "#7c3aed"]]);
      expect(teams(sb).map((t) => t.name)).toEqual(["billing"]);
    }
    const resources = await project.resources();
    expect([...resources.keys()].sort()).toEqual([...RESOURCES].sort());
    expect(new Set([...resources.values()].map((r) => r.type))).toEqual(new Set(["chatwoot:index:Label", "chatwoot:index:Team"]));
    const outputs = await project.outputs();
    expect(outputs.stagingLabelId).toBe(String(labels(staging)[0].id));
    expect(outputs.productionLabelId).toBe(String(labels(production)[0].id));
  });

  test("a second up changes nothing and sends no write to either; the data source reads production through its provider", async () => {
    clearLogs();
    const again = await project.up("--expect-no-changes");
    expectSuccess(again);
    expect(new Set(Object.values(opsOf(again)))).toEqual(new Set(["same"]));
    expect(both().map(writeLines)).toEqual([[], []]);
    expect((await project.outputs()).productionTeams).toEqual(["billing"]);
    expect(staging.control.log().some((e) => e.path.endsWith("/teams"))).toBe(false);
  });

  test("drift in one installation: a refresh records it, and an up repairs it with one PATCH there and nothing in the other", async () => {
    const vip = labels(production)[0];
    const changed = await fetch(`${production.url}/api/v1/accounts/1/labels/${vip.id}`, {
      method: "PATCH",
      headers: { api_access_token: production.info.accounts[0].adminToken, "content-type": "application/json" },
      body: JSON.stringify({ color: "#000000" }),
    });
    expect(changed.status).toBe(200);
    expectSuccess(await project.refresh());
    const preview = await project.preview("--expect-no-changes");
    expect(preview.code).not.toBe(0);
    expect(preview.steps.filter((s) => s.op !== "same").map((s) => [s.name, s.op, s.diffs])).toEqual([["production-vip", "update", ["color"]]]);
    clearLogs();
    expectSuccess(await project.up());
    expect(writeLines(production)).toEqual([`PATCH /api/v1/accounts/1/labels/${vip.id}`]);
    expect(writesIn(production.control.log())[0]?.body).toEqual({ color: "#7c3aed" });
    expect(writeLines(staging)).toEqual([]);
  });

  test("through a provider, the import option takes an object in and X.get reads one, without a write; without the option the next up changes nothing", async () => {
    const made = await fetch(`${production.url}/api/v1/accounts/1/labels`, {
      method: "POST",
      headers: { api_access_token: production.info.accounts[0].adminToken, "content-type": "application/json" },
      body: JSON.stringify({ title: "handmade", description: "Made in the dashboard", color: "#abcdef" }),
    });
    const { id } = (await made.json()) as { id: number };
    const [billing] = teams(production);
    const program = fs.readFileSync(path.join(DIR, "index.ts"), "utf8");
    const declared = (options: string) =>
      `${program}
const handmade = new chatwoot.Label("handmade", { title: "handmade", description: "Made in the dashboard", color: "#abcdef" }, { provider: production${options} });
export const handmadeId = handmade.id;
export const seenTeam = chatwoot.Team.get("seen-billing", "${billing!.id}", undefined, { provider: production }).name;
`;
    project.write({ "index.ts": declared(`, import: "${id}"`) });
    clearLogs();
    const up = await project.up();
    expectSuccess(up);
    expect([opsOf(up).handmade, opsOf(up)["seen-billing"]]).toEqual(["import", "read"]);
    expect(both().map(writeLines)).toEqual([[], []]);
    expect(await project.outputs()).toMatchObject({ handmadeId: String(id), seenTeam: "billing" });
    project.write({ "index.ts": declared("") });
    clearLogs();
    const again = await project.up("--expect-no-changes");
    expectSuccess(again);
    expect(opsOf(again).handmade).toBe("same");
    expect(both().map(writeLines)).toEqual([[], []]);
  });

  test("the checkpoint holds neither token in plain text: each provider's token is a secret input", async () => {
    const exported = await project.exportText();
    for (const sb of both()) for (const secret of sb.control.secrets()) expect(exported).not.toContain(secret);
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
      expect(staging.control.log().filter((entry) => entry.status === 401)).toHaveLength(1);
      const output = `${preview.stdout}\n${preview.stderr}`;
      expect(output).toMatch(/Chatwoot connection check: GET \/api\/v1\/accounts\/1: 401 .*apiAccessToken of provider "staging"/);
      expect(output).not.toContain(wrong);
      expect(both().map(writeLines)).toEqual([[], []]);
    } finally {
      await project.setConfig({ config: { stagingToken: staging.info.accounts[0].adminToken }, secretKeys: ["stagingToken"] });
    }
  });

  test("destroy leaves nothing of the stack in either installation", async () => {
    const destroy = await project.destroy();
    expectSuccess(destroy);
    expect(Object.keys(opsOf(destroy)).sort()).toEqual(expect.arrayContaining([...RESOURCES].sort()));
    for (const sb of both()) {
      expect(labels(sb)).toEqual([]);
      expect(teams(sb)).toEqual([]);
    }
  });
});

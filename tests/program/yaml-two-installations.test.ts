/**
 * examples/yaml-two-installations through the real `pulumi` CLI, Pulumi's YAML language host and
 * the native plugin installed from its tarball: two explicit providers, each its own installation
 * (a sandbox each), side by side in one program. One stack lives through: up; a second up without
 * a write; `pulumi import` of an object made by hand, through one of the providers, which the
 * program then declares without a change; a newer plugin version without a change; the checkpoint
 * without a token in plain text; a refused token naming its provider; destroy leaving nothing in
 * either installation but a label the program adopted, which it says it leaves in place (the steps
 * it shares with the TypeScript example: ./support/two-installations.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { EXAMPLES_DIR } from "../demo/examples";
import { writesIn } from "../demo/requests";
import { opsOf } from "../harness/pulumi-cli";
import { pluginInstallArgs, pluginTarball } from "../harness/plugin";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";
import { labelByHand, refusedTokenNamesItsProvider, secondUpWritesNothing, tokensStaySecret, useTwoInstallations } from "./support/two-installations";

jest.setTimeout(120_000);

const DIR = path.join(EXAMPLES_DIR, "yaml-two-installations");
const RESOURCES = ["staging-vip", "production-vip", "staging-billing", "production-billing"];

realEngine.describeYaml("examples/yaml-two-installations: two installations in one program", () => {
  const ctx = useTwoInstallations(DIR, (project) => project.installPlugin());
  const clearLogs = () => ctx.clearLogs();
  const writes = () => ctx.both().flatMap((sb) => writesIn(sb.control.log()));
  const { labels, teams } = ctx;

  test("up creates each object in its own installation", async () => {
    expectSuccess(await ctx.project.up());
    for (const sb of ctx.both()) {
      expect(labels(sb).map((l) => l.title)).toEqual(["vip"]);
      expect(teams(sb).map((t) => t.name)).toEqual(["billing"]);
    }
    const outputs = await ctx.project.outputs();
    expect(outputs.stagingLabelId).toBe(String(labels(ctx.staging)[0].id));
    expect(outputs.productionLabelId).toBe(String(labels(ctx.production)[0].id));
  });

  secondUpWritesNothing(ctx);

  test("pulumi import through one provider adopts an object of its installation; declared as imported, the next up changes nothing", async () => {
    const id = await labelByHand(ctx.production, { title: "handmade", description: "Made in the dashboard", color: "#abcdef" });
    const provider = `urn:pulumi:dev::chatwoot-two-installations::pulumi:providers:chatwoot::production`;
    clearLogs();
    const imported = await ctx.project.cli(["import", "chatwoot:index:Label", "handmade", `1/${id}`, "--provider", `production=${provider}`, "--yes", "--protect=false", "--non-interactive"]);
    expectSuccess(imported);
    expect(writes()).toEqual([]);
    // The code Pulumi generates for it declares what the label holds.
    expect(imported.stdout).toMatch(/handmade:\n\s+type: chatwoot:Label\n\s+properties:\n(?:\s+\w+: .*\n)*\s+title: handmade/);
    expect(imported.stdout).toContain("description: Made in the dashboard");

    const program = fs.readFileSync(path.join(DIR, "Pulumi.yaml"), "utf8").replace(
      "\noutputs:",
      ["", "  handmade:", "    type: chatwoot:Label", "    properties:", "      title: handmade", "      description: Made in the dashboard", '      color: "#abcdef"', "    options:", "      provider: ${production}", "", "outputs:"].join("\n"),
    );
    ctx.project.write({ "Pulumi.yaml": program });
    clearLogs();
    const up = await ctx.project.up("--expect-no-changes");
    expectSuccess(up);
    expect(opsOf(up).handmade).toBe("same");
    expect(writes()).toEqual([]);
  });

  test("a newer plugin version changes nothing on the unchanged stack", async () => {
    // The plugin installed as a later version, and the one the stack was made with removed: only the new one can run.
    const args = pluginInstallArgs();
    const version = args.indexOf(pluginTarball.version);
    args[version] = "0.1.999";
    expectSuccess(await ctx.project.cli(args));
    expectSuccess(await ctx.project.cli(["plugin", "rm", "resource", "chatwoot", pluginTarball.version, "--yes", "--non-interactive"]));
    clearLogs();
    const up = await ctx.project.up("--expect-no-changes");
    expectSuccess(up);
    expect(new Set(Object.values(opsOf(up)))).toEqual(new Set(["same"]));
    expect(writes()).toEqual([]);
    const plugins = (await ctx.project.ok(["plugin", "ls", "--json"])).stdout;
    expect((JSON.parse(plugins) as { name: string; version: string }[]).filter((p) => p.name === "chatwoot").map((p) => p.version)).toEqual(["0.1.999"]);
  });

  tokensStaySecret(ctx);
  refusedTokenNamesItsProvider(ctx);
  test("destroy leaves nothing of the stack in either installation but the label it adopted, which it says it leaves", async () => {
    const id = await labelByHand(ctx.staging, { title: "kept" });
    const program = fs.readFileSync(path.join(ctx.project.dir, "Pulumi.yaml"), "utf8").replace(
      "\noutputs:",
      ["", "  kept:", "    type: chatwoot:Label", "    properties:", "      title: kept", "      adopt: true", "    options:", "      provider: ${staging}", "", "outputs:"].join("\n"),
    );
    ctx.project.write({ "Pulumi.yaml": program });
    expectSuccess(await ctx.project.up());
    const destroy = await ctx.project.destroy();
    expectSuccess(destroy);
    expect(Object.keys(opsOf(destroy)).sort()).toEqual([...RESOURCES, "handmade", "kept"].sort());
    // The plugin's line, logged through the engine on the resource's URN, is in the output.
    expect(destroy.stdout).toContain(`label ${id} left in place: it was adopted (it existed before this stack)`);
    expect(labels(ctx.staging).map((l) => l.id)).toEqual([id]);
    expect(labels(ctx.production)).toEqual([]);
    for (const sb of ctx.both()) expect(teams(sb)).toEqual([]);
  });
});

/**
 * examples/two-installations through the real `pulumi` CLI: a TypeScript program with two explicit
 * `chatwoot.Provider`s, each its own installation (a sandbox each), which reach the label and team
 * of each installation's component through its `providers`, on the plugin the package carries
 * (named in the example's Pulumi.yaml, nothing installed). One stack lives through: up; a second up
 * without a write; drift in one installation, which a refresh records and an up repairs with one
 * PATCH; the `import` option and `X.get` through a provider; a refused token of one provider
 * failing the preview, naming that provider; destroy leaving nothing in either installation (the
 * steps it shares with the YAML example: ./support/two-installations.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { EXAMPLES_DIR } from "../demo/examples";
import { writesIn } from "../demo/requests";
import { opsOf } from "../harness/pulumi-cli";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";
import { destroyLeavesNothing, labelByHand, refusedTokenNamesItsProvider, secondUpWritesNothing, tokensStaySecret, useTwoInstallations } from "./support/two-installations";

jest.setTimeout(120_000);

const DIR = path.join(EXAMPLES_DIR, "two-installations");
const RESOURCES = ["staging-vip", "production-vip", "staging-billing", "production-billing"];

realEngine.describe("examples/two-installations: two installations in one TypeScript program", () => {
  // The example is type-checked by `npm run typecheck`; here ts-node only transpiles.
  const ctx = useTwoInstallations(DIR, async (project) => void (project.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true"));

  test("up creates each object in its own installation, on the plugin", async () => {
    expectSuccess(await ctx.project.up());
    for (const sb of ctx.both()) {
      expect(ctx.labels(sb).map((l) => [l.title, l.color])).toEqual([["vip", "#7c3aed"]]);
      expect(ctx.teams(sb).map((t) => t.name)).toEqual(["billing"]);
    }
    const resources = await ctx.project.resources();
    expect([...resources.keys()].sort()).toEqual([...RESOURCES].sort());
    expect(new Set([...resources.values()].map((r) => r.type))).toEqual(new Set(["chatwoot:index:Label", "chatwoot:index:Team"]));
    const outputs = await ctx.project.outputs();
    expect(outputs.stagingLabelId).toBe(String(ctx.labels(ctx.staging)[0].id));
    expect(outputs.productionLabelId).toBe(String(ctx.labels(ctx.production)[0].id));
  });

  secondUpWritesNothing(ctx, async () => {
    // The data source read production's teams through its provider, and staging's server saw none of it.
    expect((await ctx.project.outputs()).productionTeams).toEqual(["billing"]);
    expect(ctx.staging.control.log().some((e) => e.path.endsWith("/teams"))).toBe(false);
  });

  test("drift in one installation: a refresh records it, and an up repairs it with one PATCH there and nothing in the other", async () => {
    const vip = ctx.labels(ctx.production)[0];
    const changed = await fetch(`${ctx.production.url}/api/v1/accounts/1/labels/${vip.id}`, {
      method: "PATCH",
      headers: { api_access_token: ctx.production.info.accounts[0].adminToken, "content-type": "application/json" },
      body: JSON.stringify({ color: "#000000" }),
    });
    expect(changed.status).toBe(200);
    expectSuccess(await ctx.project.refresh());
    const preview = await ctx.project.preview("--expect-no-changes");
    expect(preview.code).not.toBe(0);
    expect(preview.steps.filter((s) => s.op !== "same").map((s) => [s.name, s.op, s.diffs])).toEqual([["production-vip", "update", ["color"]]]);
    ctx.clearLogs();
    expectSuccess(await ctx.project.up());
    expect(ctx.writeLines(ctx.production)).toEqual([`PATCH /api/v1/accounts/1/labels/${vip.id}`]);
    expect(writesIn(ctx.production.control.log())[0]?.body).toEqual({ color: "#7c3aed" });
    expect(ctx.writeLines(ctx.staging)).toEqual([]);
  });

  test("through a provider, the import option takes an object in and X.get reads one, without a write; without the option the next up changes nothing", async () => {
    const id = await labelByHand(ctx.production, { title: "handmade", description: "Made in the dashboard", color: "#abcdef" });
    const [billing] = ctx.teams(ctx.production);
    const program = fs.readFileSync(path.join(DIR, "index.ts"), "utf8");
    const declared = (options: string) =>
      `${program}
const handmade = new chatwoot.Label("handmade", { title: "handmade", description: "Made in the dashboard", color: "#abcdef" }, { provider: production${options} });
export const handmadeId = handmade.id;
export const seenTeam = chatwoot.Team.get("seen-billing", "${billing!.id}", undefined, { provider: production }).name;
`;
    ctx.project.write({ "index.ts": declared(`, import: "${id}"`) });
    ctx.clearLogs();
    const up = await ctx.project.up();
    expectSuccess(up);
    expect([opsOf(up).handmade, opsOf(up)["seen-billing"]]).toEqual(["import", "read"]);
    expect(ctx.both().map(ctx.writeLines)).toEqual([[], []]);
    expect(await ctx.project.outputs()).toMatchObject({ handmadeId: String(id), seenTeam: "billing" });
    ctx.project.write({ "index.ts": declared("") });
    ctx.clearLogs();
    const again = await ctx.project.up("--expect-no-changes");
    expectSuccess(again);
    expect(opsOf(again).handmade).toBe("same");
    expect(ctx.both().map(ctx.writeLines)).toEqual([[], []]);
  });

  tokensStaySecret(ctx);
  refusedTokenNamesItsProvider(ctx);
  destroyLeavesNothing(ctx, [...RESOURCES, "handmade"]);
});

/**
 * examples/fleet through `pulumi-chatwoot fleet` on its default backend, a file:// folder beside
 * the fleet file (the steps: ./support/fleet-lifecycle.ts), and what the fleet file's changes do:
 * looking at members before they have stacks makes none; a bad file or a missing variable touches
 * no stack; config the file no longer sets is removed
 * from the stack; a member that fails is the only one that fails; a member the file no longer
 * names is an orphan, which `up` leaves, `status` lists and only `destroy --only` removes; a token
 * the member's stack holds (`fromStackSecret`) is used from there.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expectExit, fleetLifecycle, type FleetContext } from "./support/fleet-lifecycle";
import { output } from "../harness/fleet-project";
import { runCommand } from "../harness/pulumi-cli";

jest.setTimeout(600_000);

const stacksOnDisk = (ctx: FleetContext) => {
  const dir = path.join(ctx.project.dir, "fleet.state", ".pulumi", "stacks", "chatwoot-fleet-customer");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort() : [];
};

function fileExtras(ctx: FleetContext): void {
  let original = "";
  beforeAll(() => {
    original = ctx.project.fleetText();
  });

  test("a bad fleet file is refused at its line, before any stack is touched", async () => {
    const before = stacksOnDisk(ctx);
    ctx.clearLogs();
    fs.writeFileSync(path.join(ctx.project.dir, "bad.yaml"), original.replace("defaults:\n", "defualts:\n"));
    const run = await ctx.project.fleet(["up", "--file", "bad.yaml"], { json: false });
    expect(run.code).toBe(1);
    const line = original.split("\n").indexOf("defaults:") + 1;
    expect(run.stderr).toContain(`bad.yaml:${line}: defualts: unknown key; allowed here: template, backend, secretsProvider, installations, defaults, groups, members`);
    expect(stacksOnDisk(ctx)).toEqual(before);
    expect([...ctx.eu.control.log(), ...ctx.us.control.log()]).toEqual([]);
  });

  test("a token's variable that is not set is named, with the line asking for it, before any stack is touched", async () => {
    ctx.clearLogs();
    const run = await ctx.project.fleet(["up", "--only", "initech"], { env: { CHATWOOT_US_API_TOKEN: "" }, json: false });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/fleet\.yaml:\d+: installations\.us\.apiAccessToken: environment variable CHATWOOT_US_API_TOKEN is not set/);
    expect([...ctx.eu.control.log(), ...ctx.us.control.log()]).toEqual([]);
  });

  test("config the file no longer sets leaves the stack; a failing member fails alone; a member the file no longer names is left as an orphan", async () => {
    // Neither the member nor the defaults set the locale any more: the template's default applies.
    const edited = original
      .replace("      locale: de\n", "")
      .replace("  config:\n    locale: en\n", "")
      .replace("adminEmail: nancy@northwind.test", "adminEmail: nancy-at-northwind")
      .replace(/ {2}- name: initech\n( {4}.*\n)+/, "");
    ctx.project.writeFleet(edited);
    ctx.clearLogs();
    const run = await ctx.project.fleet(["up"]);
    const report = expectExit(run, 1);
    expect(report.members.map((m) => [m.name, m.result])).toEqual([
      ["northwind", "failed"],
      ["contoso", "succeeded"],
    ]);
    expect(report.members[0]?.error).toMatch(/email/);
    // Its error once on its line (and in the end table on stdout).
    const first = (report.members[0]?.error ?? "").split("\n")[0] ?? "";
    expect(run.stderr.split(first).length - 1).toBe(1);
    expect(report.members[1]).toMatchObject({ counts: { updated: 1 }, notes: [expect.stringMatching(/^config: removed locale$/)] });
    expect(ctx.eu.control.snapshot().accounts.find((a) => a.name === "Contoso")?.locale).toBe("en");
    expect(report.orphans).toEqual(["initech"]);
    expect(ctx.us.control.log()).toEqual([]);
  });

  test("status lists the orphan; only destroy --only removes it, with its stack", async () => {
    const status = await ctx.project.fleet(["status"], { json: false });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/Orphans \(stacks of the template the fleet file no longer names.*\n {2}initech {2}last update/);
    const refused = await ctx.project.fleet(["up", "--only", "initech"], { json: false });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/no member of fleet\.yaml is named "initech"/);
    const destroy = await ctx.project.fleet(["destroy", "--only", "initech"]);
    const report = expectExit(destroy, 0);
    expect(report.members).toEqual([expect.objectContaining({ name: "initech", orphan: true, result: "succeeded", counts: expect.objectContaining({ deleted: 20 }) })]);
    expect(ctx.us.control.snapshot().accounts.map((a) => a.name)).not.toContain("Initech");
    expect(stacksOnDisk(ctx)).not.toContain("initech.json");
    expect((await ctx.project.fleet(["status"], { json: false })).stdout).toMatch(/No orphans\./);
  });

  test("the file restored, up brings every member back to it", async () => {
    ctx.project.writeFleet(original);
    const run = await ctx.project.fleet(["up"]);
    const report = expectExit(run, 0);
    const counts = Object.fromEntries(report.members.map((m) => [m.name, m.counts]));
    expect(counts).toEqual({
      northwind: { created: 0, updated: 0, deleted: 0, unchanged: 21 },
      contoso: { created: 0, updated: 1, deleted: 0, unchanged: 19 },
      initech: { created: 20, updated: 0, deleted: 0, unchanged: 0 },
    });
    if (ctx.eu.control.snapshot().accounts.find((a) => a.name === "Contoso")?.locale !== "de") throw new Error(output(run));
  });

  test("a token the member's stack holds (fromStackSecret) is asked for until the stack has it, then used and kept", async () => {
    const stackFile = path.join(ctx.project.dir, "template", "Pulumi.initech.yaml");
    ctx.project.writeFleet(original.replace("apiAccessToken: { fromEnv: CHATWOOT_US_API_TOKEN }", "apiAccessToken: { fromStackSecret: true }"));
    const without = { CHATWOOT_US_API_TOKEN: undefined };
    try {
      ctx.clearLogs();
      const missing = expectExit(await ctx.project.fleet(["up", "--only", "initech"], { env: without }), 1);
      expect(missing.members[0]?.error).toBe(
        "chatwoot:apiAccessToken is the stack's own secret (fromStackSecret), which stack initech does not hold: set it in the template directory with `pulumi config set --secret chatwoot:apiAccessToken --stack initech`",
      );
      expect(ctx.us.control.log()).toEqual([]);
      // As the message says, in the template's directory, with the fleet's backend.
      const set = await runCommand("pulumi", ["config", "set", "--secret", "chatwoot:apiAccessToken", "--stack", "initech"], {
        cwd: path.join(ctx.project.dir, "template"),
        env: { ...ctx.project.env, PULUMI_BACKEND_URL: `file://${path.join(ctx.project.dir, "fleet.state")}` },
        input: ctx.us.info.accounts[0]?.adminToken,
      });
      expect(set.code).toBe(0);
      const held = expectExit(await ctx.project.fleet(["up", "--only", "initech"], { env: without }), 0);
      expect(held.members[0]).toMatchObject({ result: "succeeded", counts: { created: 0, updated: 0, deleted: 0, unchanged: 20 } });
      expect(fs.readFileSync(stackFile, "utf8")).toMatch(/chatwoot:apiAccessToken:\n\s+secure: /);
    } finally {
      ctx.project.writeFleet(original);
    }
    // From the environment again: the stack's copy is removed, the token goes in the environment only.
    const back = expectExit(await ctx.project.fleet(["up", "--only", "initech"]), 0);
    expect(back.members[0]?.notes).toEqual(["config: removed chatwoot:apiAccessToken"]);
    expect(fs.readFileSync(stackFile, "utf8")).not.toContain("apiAccessToken");
  });
}

/** Before any stack exists: looking at a member makes none. */
function beforeUp(ctx: FleetContext): void {
  test("drift and destroy of members that have no stack yet make none: drift fails naming what to do, destroy has nothing to do", async () => {
    const drift = expectExit(await ctx.project.fleet(["drift", "--only", "northwind"]), 1);
    expect(drift.members[0]).toMatchObject({ name: "northwind", result: "failed", error: "member northwind has no stack yet: `fleet up` makes it" });
    const destroy = expectExit(await ctx.project.fleet(["destroy", "--only", "contoso"]), 0);
    expect(destroy.members[0]).toMatchObject({ name: "contoso", result: "succeeded", notes: ["no stack yet: nothing to destroy"] });
    expect(stacksOnDisk(ctx)).toEqual([]);
    expect([...ctx.eu.control.log(), ...ctx.us.control.log()]).toEqual([]);
  });
}

fleetLifecycle("examples/fleet on a file backend", {
  backend: () => ({}),
  before: beforeUp,
  firstUp: async (ctx) => [expectExit(await ctx.project.fleet(["up"]), 0)],
  extra: fileExtras,
});

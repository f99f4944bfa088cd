/**
 * examples/fleet's life through `pulumi-chatwoot fleet` and the real CLI, on one backend, step by
 * step (the tests of a file run in order, each building on the last), against two sandboxes
 * standing for its two installations: `up` (on PostgreSQL as two shard jobs at once); a second `up`
 * that sends no write; `drift` after a change made by hand in one member, naming the member, the
 * resource and the property (exit 2); a template change rolled out with `--canary 1` (a change the
 * canary fails leaves the others untouched; one it passes reaches every member); `destroy`. What a
 * backend adds is the caller's (`extra`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { writesIn } from "../../demo/requests";
import { startSandbox, type LogEntry, type Sandbox } from "../../../sdk/sandbox";
import type { FleetReport } from "../../../sdk/fleet/report";
import { FleetProject, output, PASSWORDS, type FleetRun } from "../../harness/fleet-project";
import { realEngine } from "./real-engine";

export const MEMBERS = ["northwind", "contoso", "initech"] as const;
/** Resources per member: a new account, its administrator and the operator's membership, 2 agents, an inbox, 2 teams, labels (5 for the retail group, 4 else), 2 canned responses, an attribute, a rule. */
const RESOURCES: Record<(typeof MEMBERS)[number], number> = { northwind: 21, contoso: 20, initech: 20 };

export interface FleetContext {
  project: FleetProject;
  eu: Sandbox;
  us: Sandbox;
  /** Every write both sandboxes received since `clearLogs`. */
  writes(): LogEntry[];
  clearLogs(): void;
}

export interface FleetLifecycle {
  /** `file` (the default folder beside the fleet file) or a backend URL the fleet file names. */
  backend: () => { line?: string; env?: NodeJS.ProcessEnv };
  /** The first `up`: one process, or shard jobs at once. */
  firstUp(ctx: FleetContext): Promise<FleetReport[]>;
  /** Steps of the backend's own before the first `up`. */
  before?(ctx: FleetContext): void;
  /** Steps of the backend's own, after the second `up` and before the drift. */
  extra?(ctx: FleetContext): void;
}

/** Fails with the run's output unless it exited `code`. */
export function expectExit(run: FleetRun, code: number): FleetReport {
  if (run.code !== code || run.report === undefined) throw new Error(`expected exit ${code}:\n${output(run)}`);
  return run.report;
}

const byName = (report: FleetReport) => Object.fromEntries(report.members.map((m) => [m.name, m]));

export function fleetLifecycle(name: string, spec: FleetLifecycle): void {
  realEngine.describe(name, () => {
    const ctx = {} as FleetContext;
    beforeAll(async () => {
      ctx.eu = await startSandbox();
      ctx.us = await startSandbox();
      const { line, env } = spec.backend();
      ctx.project = new FleetProject({ eu: ctx.eu, us: ctx.us }, (text) => (line ? text.replace("template: ./template\n", `template: ./template\n${line}\n`) : text));
      Object.assign(ctx.project.env, env);
      ctx.writes = () => [...writesIn(ctx.eu.control.log()), ...writesIn(ctx.us.control.log())];
      ctx.clearLogs = () => {
        ctx.eu.control.clearLog();
        ctx.us.control.clearLog();
      };
    });
    afterAll(async () => {
      ctx.project?.dispose();
      await ctx.eu?.close();
      await ctx.us?.close();
    });

    spec.before?.(ctx);

    test("up makes every member's account from the template, each on its installation", async () => {
      const reports = await spec.firstUp(ctx);
      const members = Object.assign({}, ...reports.map(byName)) as Record<string, FleetReport["members"][number]>;
      expect(Object.keys(members).sort()).toEqual([...MEMBERS].sort());
      for (const member of MEMBERS) {
        expect(members[member]).toMatchObject({ result: "succeeded", counts: { created: RESOURCES[member], updated: 0, deleted: 0 } });
        expect(members[member]?.requests).toBeGreaterThanOrEqual(RESOURCES[member]);
      }
      const accounts = (sb: Sandbox) => sb.control.snapshot().accounts.map((a) => a.name);
      expect(accounts(ctx.eu)).toEqual(expect.arrayContaining(["Northwind Traders", "Contoso"]));
      expect(accounts(ctx.us)).toEqual(expect.arrayContaining(["Initech"]));
      expect(accounts(ctx.us)).not.toContain("Contoso");
      // The retail group's labels reach its member only.
      const labelsOf = (sb: Sandbox, account: string) => {
        const id = sb.control.snapshot().accounts.find((a) => a.name === account)?.id;
        return sb.control.snapshot().labels.filter((l) => l.account_id === id).map((l) => l.title).sort();
      };
      expect(labelsOf(ctx.eu, "Northwind Traders")).toEqual(["billing", "bug", "refund", "returns", "vip"]);
      expect(labelsOf(ctx.eu, "Contoso")).toEqual(["billing", "bug", "refund", "vip"]);
      // The member's own config wins over the defaults'.
      expect(ctx.eu.control.snapshot().accounts.find((a) => a.name === "Contoso")?.locale).toBe("de");
    });

    test("no token or password is in plain text in the state, the stacks' config, the reports or the output", async () => {
      const secrets = [
        ...[ctx.eu, ctx.us].flatMap((sb) => [sb.info.accounts[0]?.adminToken ?? "", sb.info.platformTokens[0] ?? ""]),
        ...Object.values(PASSWORDS),
      ];
      const files = (dir: string): string[] =>
        fs.existsSync(dir)
          ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.name === "node_modules" ? [] : e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
          : [];
      const texts = [...files(ctx.project.dir), ...files(ctx.project.work).filter((f) => f.endsWith(".json"))].map((f) => fs.readFileSync(f, "utf8"));
      const state = await ctx.project.fleet(["status"]);
      texts.push(state.stdout, state.stderr);
      for (const secret of secrets) for (const text of texts) expect(text.includes(secret)).toBe(false);
    });

    test("a second up changes nothing and sends no write", async () => {
      ctx.clearLogs();
      const report = expectExit(await ctx.project.fleet(["up"]), 0);
      for (const member of report.members) expect(member).toMatchObject({ result: "succeeded", counts: { created: 0, updated: 0, deleted: 0 } });
      expect(ctx.writes().map((w) => `${w.method} ${w.path}`)).toEqual([]);
    });

    spec.extra?.(ctx);

    test("drift names the member, the resource and the property changed by hand; exit 2", async () => {
      const account = ctx.eu.control.snapshot().accounts.find((a) => a.name === "Contoso");
      const label = ctx.eu.control.snapshot().labels.find((l) => l.account_id === account?.id && l.title === "vip");
      const token = ctx.eu.info.accounts[0]?.adminToken ?? "";
      const patched = await fetch(`${ctx.eu.url}/api/v1/accounts/${account?.id}/labels/${label?.id}`, {
        method: "PATCH",
        headers: { api_access_token: token, "content-type": "application/json" },
        body: JSON.stringify({ color: "#000000" }),
      });
      expect(patched.status).toBe(200);
      ctx.clearLogs();
      const run = await ctx.project.fleet(["drift", "--summary", path.join(ctx.project.work, "summary.md")]);
      const report = expectExit(run, 2);
      expect(byName(report).contoso).toMatchObject({ result: "drifted", drift: [{ resource: "label-vip", properties: ["color"] }] });
      expect(byName(report).northwind?.result).toBe("in sync");
      expect(byName(report).initech?.result).toBe("in sync");
      expect(run.stdout).toMatch(/contoso: label-vip \(pulumi-nodejs:dynamic\/chatwoot:Label\) drifted: color/);
      expect(fs.readFileSync(path.join(ctx.project.work, "summary.md"), "utf8")).toMatch(/^\| contoso \| drifted \| label-vip \|/m);
      // A drift check reads; it never writes.
      expect(ctx.writes()).toEqual([]);
    });

    test("a template change the canary fails reaches no other member; exit 1", async () => {
      const original = ctx.project.templateText("index.ts");
      ctx.project.writeTemplate("index.ts", original.replace('color: "#1f93ff"', 'color: "not a colour"'));
      ctx.clearLogs();
      const run = await ctx.project.fleet(["up", "--canary", "1"]).finally(() => ctx.project.writeTemplate("index.ts", original));
      const report = expectExit(run, 1);
      expect(byName(report).northwind?.result).toBe("failed");
      expect(byName(report).northwind?.error).toMatch(/color/);
      for (const other of ["contoso", "initech"]) expect(byName(report)[other]).toMatchObject({ result: "skipped", error: expect.stringMatching(/canary \(northwind\) did not succeed/) });
      // The error is told once per place: the member's line and the end table.
      expect(run.stderr.split("\n").filter((l) => l.includes("northwind: failed")).length).toBe(1);
      expect(ctx.writes()).toEqual([]);
    });

    test("a template change rolled out with --canary 1 reaches the canary first, then every member, as an update each", async () => {
      const original = ctx.project.templateText("index.ts");
      ctx.project.writeTemplate("index.ts", original.replace('content: "Is there anything else we can help you with?"', 'content: "Anything else? We are glad to help."'));
      ctx.clearLogs();
      const run = await ctx.project.fleet(["up", "--canary", "1", "--concurrency", "2"]);
      const report = expectExit(run, 0);
      for (const member of MEMBERS) expect(byName(report)[member]).toMatchObject({ result: "succeeded", counts: { created: 0, updated: 1, deleted: 0 } });
      const lines = run.stderr.split("\n");
      const canaryDone = lines.findIndex((l) => /northwind: succeeded/.test(l));
      for (const other of ["contoso", "initech"]) expect(lines.findIndex((l) => l.includes(`${other}: up started`))).toBeGreaterThan(canaryDone);
      expect(ctx.writes().map((w) => `${w.method} ${w.path.replace(/\/\d+/g, "/N")}`)).toEqual(Array(3).fill("PATCH /api/v1/accounts/N/canned_responses/N"));
    });

    test("destroy --all leaves no object of the template on either installation", async () => {
      const run = await ctx.project.fleet(["destroy", "--all"]);
      const report = expectExit(run, 0);
      for (const member of MEMBERS) expect(byName(report)[member]).toMatchObject({ result: "succeeded", counts: { deleted: RESOURCES[member] } });
      for (const sb of [ctx.eu, ctx.us]) {
        const names = sb.control.snapshot().accounts.map((a) => a.name);
        expect(names.filter((n) => ["Northwind Traders", "Contoso", "Initech"].includes(n))).toEqual([]);
      }
    });
  });
}

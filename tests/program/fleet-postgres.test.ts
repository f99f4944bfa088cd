/**
 * examples/fleet through `pulumi-chatwoot fleet` on Pulumi's PostgreSQL backend (`postgres://`,
 * the program tier's one server, its password in PGPASSWORD only; the steps:
 * ./support/fleet-lifecycle.ts): the first `up` as two shard jobs at once, each with half of every
 * installation's budget; and two runs on the same member, of which the second says the stack is
 * locked, by which run, and what to do, and changes nothing.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as path from "node:path";
import { promisify } from "node:util";
import type { FleetReport } from "../../sdk/fleet/report";
import { describeIf } from "../harness/describe-if";
import { POSTGRES_BIN } from "../harness/postgres";
import { expectExit, fleetLifecycle, MEMBERS, type FleetContext } from "./support/fleet-lifecycle";
import { output } from "../harness/fleet-project";

jest.setTimeout(600_000);

const TABLE = `fleet_${randomBytes(4).toString("hex")}`;
const url = process.env.TEST_POSTGRES_URL;
const password = process.env.TEST_POSTGRES_PASSWORD ?? "";

/** The keys of the backend's table (its rows: `DATABASE/.pulumi/...`) that are locks of `stack`. */
async function locksOf(stack: string): Promise<string[]> {
  const { port } = new URL(url ?? "");
  const { stdout } = await promisify(execFile)(
    path.join(POSTGRES_BIN, "psql"),
    ["-h", "127.0.0.1", "-p", port, "-U", "fleet", "-d", "postgres", "-tAc", `SELECT key FROM ${TABLE} WHERE key LIKE '%/.pulumi/locks/%/${stack}/%'`],
    { env: { ...process.env, PGPASSWORD: password } },
  );
  return stdout.split("\n").filter(Boolean);
}

function sameMember(ctx: FleetContext): void {
  test("a second run on a member another run holds says the stack is locked, by which run and what to do, and changes nothing", async () => {
    const original = ctx.project.fleetText();
    ctx.project.writeFleet(original.replace("customerName: Northwind Traders", "customerName: Northwind"));
    // The first run's first write takes 25 s at the server, as on a very busy installation (within
    // the provider's 30 s deadline, so that it is answered, not sent again): while it does, that
    // run holds the stack's lock.
    ctx.eu.control.inject({ name: "busy", method: "PATCH", path: "/platform/api/v1/accounts/:id", kind: "delay", delayMs: 25_000, times: 1 });
    const first = ctx.project.fleet(["up", "--only", "northwind"]);
    let back: FleetReport | undefined;
    try {
      for (let waited = 0; ctx.eu.control.faults().some((f) => f.name === "busy"); waited += 200) {
        if (waited > 180_000) throw new Error("the first run never sent its write");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // The lock is a row of the fleet's table in PostgreSQL.
      expect(await locksOf("northwind")).toEqual([expect.stringMatching(/^postgres\/\.pulumi\/locks\/(.+\/)?chatwoot-fleet-customer\/northwind\/[^/]+\.json$/)]);
      // Transpiled only (the program was checked by the first run), so that it starts within that time.
      const second = await ctx.project.fleet(["up", "--only", "northwind"], { env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } });
      const refused = expectExit(second, 1);
      expect(refused.members[0]).toMatchObject({ name: "northwind", result: "failed", counts: { created: 0, updated: 0, deleted: 0 } });
      expect(refused.members[0]?.error).toMatch(
        /^stack northwind is locked by a run in progress: pulumi \(pid \d+\) of \S+@\S+, since \S+\. Nothing was changed\. Wait for that run to end, then run this command again; should that run have been killed on another machine, remove its lock with `pulumi cancel --stack northwind`/,
      );
      const done = expectExit(await first, 0);
      expect(done.members[0]).toMatchObject({ result: "succeeded", counts: { created: 0, updated: 3 } });
      expect(ctx.eu.control.snapshot().accounts.map((a) => a.name)).toContain("Northwind");
    } finally {
      ctx.eu.control.removeFault("busy");
      await first;
      ctx.project.writeFleet(original);
      back = (await ctx.project.fleet(["up"])).report;
    }
    // Nothing was lost: the member goes back with the same three updates, and nothing else changes.
    expect(Object.fromEntries((back?.members ?? []).map((m) => [m.name, m.counts.updated + m.counts.created + m.counts.deleted]))).toEqual({ northwind: 3, contoso: 0, initech: 0 });
  });
}

describeIf(url ? undefined : { what: "a PostgreSQL server", reason: "the program tier's global setup starts one from /usr/lib/postgresql/15/bin (see tests/harness/postgres.ts)" }, "Pulumi's PostgreSQL backend", () => {
  fleetLifecycle("examples/fleet on a PostgreSQL backend", {
    backend: () => {
      const parsed = new URL(url ?? "");
      parsed.searchParams.set("table", TABLE);
      return { line: `backend: ${parsed.href}`, env: { PGPASSWORD: password } };
    },
    async firstUp(ctx) {
      const [one, two] = await Promise.all([ctx.project.fleet(["up", "--shard", "1/2"]), ctx.project.fleet(["up", "--shard", "2/2"])]);
      const reports = [one, two].map((run) => expectExit(run, 0));
      const names = reports.map((r) => r.members.map((m) => m.name));
      if ([...(names[0] ?? []), ...(names[1] ?? [])].sort().join() !== [...MEMBERS].sort().join()) throw new Error(`the shards did not split the members:\n${output(one)}\n${output(two)}`);
      for (const report of reports) {
        expect(report.shard).toMatch(/^[12]\/2$/);
        for (const inst of report.installations) expect(inst.budgetPerMinute).toBe(1500);
      }
      return reports;
    },
    extra: sameMember,
  });
});

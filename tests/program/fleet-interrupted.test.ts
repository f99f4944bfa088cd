/**
 * A fleet run killed outright in the middle of `up` (SIGKILL of its process group, and of the
 * Pulumi plugins it started, which run in groups of their own: a CI runner or machine that dies),
 * while creates are still on their way (every POST waits at the server, as on a busy
 * installation). Running the same command again must end with every member applied, exactly one
 * object per resource (no duplicate account, inbox or rule), without a hand repair: the fleet says
 * what the killed run left (a lock, pending operations) and deals with it as the README does for a
 * single stack. A third `up` then changes nothing.
 */
import { writesIn } from "../demo/requests";
import { descendants, ended, signalEach } from "../harness/process-tree";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { expectExit, MEMBERS } from "./support/fleet-lifecycle";
import { FleetProject, output } from "../harness/fleet-project";
import { realEngine } from "./support/real-engine";

jest.setTimeout(900_000);

const CUSTOMERS = { northwind: "Northwind Traders", contoso: "Contoso", initech: "Initech" } as const;

/** Every object of the customers' accounts that must be there once: by kind and name. */
function objects(eu: Sandbox, us: Sandbox): Map<string, number> {
  const found = new Map<string, number>();
  const add = (key: string) => found.set(key, (found.get(key) ?? 0) + 1);
  for (const sb of [eu, us]) {
    const state = sb.control.snapshot();
    const accounts = new Map(state.accounts.filter((a) => Object.values(CUSTOMERS).includes(a.name as never)).map((a) => [a.id, a.name]));
    for (const name of accounts.values()) add(`account ${name}`);
    const inAccount = (row: { account_id: number }) => accounts.get(row.account_id);
    for (const i of state.inboxes) if (inAccount(i)) add(`${inAccount(i)} inbox ${i.name}`);
    for (const t of state.teams) if (inAccount(t)) add(`${inAccount(t)} team ${t.name}`);
    for (const l of state.labels) if (inAccount(l)) add(`${inAccount(l)} label ${l.title}`);
    for (const r of state.automation_rules) if (inAccount(r)) add(`${inAccount(r)} rule ${r.name}`);
    for (const c of state.canned_responses) if (inAccount(c)) add(`${inAccount(c)} canned ${c.short_code}`);
    for (const d of state.custom_attribute_definitions) if (inAccount(d)) add(`${inAccount(d)} attribute ${d.attribute_key}`);
  }
  return found;
}

realEngine.describe("a fleet up killed with SIGKILL, then run again", () => {
  let eu: Sandbox;
  let us: Sandbox;
  let project: FleetProject;
  beforeAll(async () => {
    eu = await startSandbox();
    us = await startSandbox();
    project = new FleetProject({ eu, us });
  });
  afterAll(async () => {
    project?.dispose();
    await eu?.close();
    await us?.close();
  });

  test("ends with every member applied and one object per resource, the fleet saying what the killed run left", async () => {
    for (const sb of [eu, us]) sb.control.inject({ name: "busy", method: "POST", path: "/api/v1/accounts/:account/*", kind: "delay", delayMs: 300, times: 10_000 });
    const posts = () => [...eu.control.log(), ...us.control.log()].filter((e) => e.method === "POST").length;
    let tree: number[] = [];
    let watcher: NodeJS.Timeout | undefined;
    let postsAtKill = -1;
    const killed = await project.fleet(["up", "--concurrency", "3"], {
      onSpawn: (pid) => {
        watcher = setInterval(() => {
          if (posts() < 12) return;
          clearInterval(watcher);
          postsAtKill = posts();
          tree = descendants(pid);
          // The run's whole process group, then the plugins Pulumi started in groups of their own.
          process.kill(-pid, "SIGKILL");
          signalEach(tree, "SIGKILL");
        }, 20);
      },
    });
    clearInterval(watcher);
    signalEach(tree, "SIGKILL");
    await ended(tree);
    await eu.control.settled();
    await us.control.settled();
    for (const sb of [eu, us]) sb.control.removeFault("busy");
    expect(killed.signal).toBe("SIGKILL");
    const before = objects(eu, us);
    console.log(`killed at ${postsAtKill} POSTs; on the servers then: ${[...before.values()].reduce((a, b) => a + b, 0)} objects`);

    const again = await project.fleet(["up"]);
    const report = expectExit(again, 0);
    const notes = report.members.flatMap((m) => m.notes.map((n) => `${m.name}: ${n}`));
    console.log(`the next up:\n${notes.join("\n")}\n${again.stdout}`);
    for (const member of MEMBERS) expect(report.members.find((m) => m.name === member)?.result).toBe("succeeded");
    // The killed run's pulumi processes held their stacks' locks; the fleet removed them, saying so.
    expect(notes.some((n) => /stack was locked by a run that is gone \(pulumi \(pid \d+\) of \S+, since \S+: a killed run\): its lock removed with pulumi cancel/.test(n))).toBe(true);

    const after = objects(eu, us);
    const duplicates = [...after].filter(([, n]) => n > 1).map(([key]) => key);
    expect(duplicates).toEqual([]);
    // Every customer has all its objects: 3 accounts, each with an inbox, 2 teams, its labels, 2 canned responses, an attribute and a rule.
    expect(after.size).toBe(3 * (1 + 1 + 2 + 2 + 1 + 1) + 5 + 4 + 4);

    eu.control.clearLog();
    us.control.clearLog();
    const third = expectExit(await project.fleet(["up"]), 0);
    for (const m of third.members) expect(m.counts).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    if (writesIn([...eu.control.log(), ...us.control.log()]).length > 0) throw new Error(`the third up wrote:\n${output(again)}`);
  });
});

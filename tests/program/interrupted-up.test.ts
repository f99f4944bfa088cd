/**
 * Interrupted runs through the real `pulumi` CLI: a program of 50 resources (labels and teams,
 * whose keys the server keeps unique, and automation rules, which have no key) whose `pulumi up`
 * is stopped once some of its creates were answered, while others are still on their way (every
 * POST waits 300 ms at the server, as on a busy installation). SIGINT is Ctrl-C (and what a CI
 * runner sends first when a job is cancelled): Pulumi cancels, waiting for the operations under
 * way. SIGKILL ends `pulumi` and every process it started at once (a runner or machine that
 * dies): the POSTs in flight still land, their answers reach nobody, and the checkpoint is left
 * with pending creates.
 *
 * After the interruption, `pulumi up`, with what Pulumi's own messages ask for first (`pulumi
 * cancel` for the lock a killed run leaves, `pulumi refresh --clear-pending-creates` for pending
 * creates), must end with exactly one object per resource: no duplicate, no orphan, no resource
 * that needs `adopt: true` by hand. Each case prints what happened.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { writesIn } from "../demo/requests";
import { descendants, ended, signalEach } from "../harness/process-tree";
import { countsOf, PulumiProject, tail, type Operation } from "../harness/pulumi-cli";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { expectSuccess } from "./support/lifecycle";
import { realEngine } from "./support/real-engine";

jest.setTimeout(240_000);

const LABELS = 20;
const TEAMS = 15;
const RULES = 15;
const RESOURCES = LABELS + TEAMS + RULES;

const PROGRAM = `"use strict";
const chatwoot = require("pulumi-chatwoot");
for (let i = 0; i < ${LABELS}; i++) new chatwoot.Label(\`label-\${i}\`, { title: \`kill-label-\${i}\`, color: "#112233" });
for (let i = 0; i < ${TEAMS}; i++) new chatwoot.Team(\`team-\${i}\`, { name: \`kill-team-\${i}\` });
for (let i = 0; i < ${RULES}; i++) {
  new chatwoot.AutomationRule(\`rule-\${i}\`, {
    name: \`kill rule \${i}\`,
    eventName: "conversation_created",
    conditions: [{ attributeKey: "status", filterOperator: "equal_to", values: ["open"] }],
    actions: [{ actionName: "change_priority", actionParams: ["high"] }],
  });
}
`;
const PULUMI_YAML = "name: interrupted\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n";

interface Case {
  signal: "SIGINT" | "SIGKILL";
  /** Creates answered before the signal. */
  after: number;
  /** Clear the pending creates with `pulumi refresh --clear-pending-creates` before the next `up`. */
  clearFirst: boolean;
  /**
   * Empty the checkpoint's attributes file after the kill, as a kill during the checkpoint's write
   * does (seen under load; see repairCheckpoint).
   */
  emptyChecksum: boolean;
}
const CASES: Case[] = [
  { signal: "SIGINT", after: 5, clearFirst: false, emptyChecksum: false },
  { signal: "SIGINT", after: 40, clearFirst: false, emptyChecksum: false },
  { signal: "SIGKILL", after: 5, clearFirst: true, emptyChecksum: false },
  { signal: "SIGKILL", after: 40, clearFirst: false, emptyChecksum: false },
  { signal: "SIGKILL", after: 25, clearFirst: false, emptyChecksum: true },
];

/** What each case saw, printed after the file's tests. */
const report: string[] = [];
afterAll(() => {
  if (report.length > 0) console.log(`Interrupted \`pulumi up\` of ${RESOURCES} resources:\n${report.join("\n")}`);
});

/** The POSTs the server has answered (or applied while its client was gone) so far. */
const posts = (sandbox: Sandbox) => writesIn(sandbox.control.log()).filter((w) => w.method === "POST").length;

/** Resource name → the ids of the server's objects that are that resource's (by title, name). */
function objectsByResource(sandbox: Sandbox): Map<string, number[]> {
  const state = sandbox.control.snapshot();
  const found = new Map<string, number[]>();
  const add = (name: string, id: number) => found.set(name, [...(found.get(name) ?? []), id]);
  for (const label of state.labels) if (label.title.startsWith("kill-label-")) add(label.title.replace("kill-", ""), label.id);
  for (const team of state.teams) if (team.name.startsWith("kill-team-")) add(team.name.replace("kill-", ""), team.id);
  for (const rule of state.automation_rules) if (rule.name.startsWith("kill rule ")) add(`rule-${rule.name.slice("kill rule ".length)}`, rule.id);
  return found;
}

/** Runs `up` and stops it with `signal` once `after` creates were answered. */
async function interruptedUp(project: PulumiProject, sandbox: Sandbox, { signal, after }: Case): Promise<{ run: Operation; postsAtSignal: number }> {
  let postsAtSignal = -1;
  let tree: number[] = [];
  let watcher: NodeJS.Timeout | undefined;
  const run = await project.operation(["up", "--yes", "--skip-preview"], {
    onSpawn: (pid) => {
      watcher = setInterval(() => {
        if (posts(sandbox) < after) return;
        clearInterval(watcher);
        postsAtSignal = posts(sandbox);
        if (signal === "SIGINT") return void process.kill(pid, "SIGINT");
        tree = descendants(pid);
        process.kill(pid, "SIGKILL");
        signalEach(tree, "SIGKILL");
      }, 10);
    },
  });
  clearInterval(watcher);
  // Plugins Pulumi did not get to stop (it stops them itself after a SIGINT).
  signalEach(tree, "SIGKILL");
  await ended(tree);
  // Requests still held at the server land now, as they would on a real one.
  await sandbox.control.settled();
  return { run, postsAtSignal };
}

/**
 * `pulumi up`, after doing what Pulumi's own error says when it refuses to start: `pulumi cancel`
 * for the lock a killed run leaves (file backends and Pulumi Cloud alike), `pulumi refresh
 * --clear-pending-creates` for pending creates. Each refusal and command goes into `lines`.
 */
async function recover(project: PulumiProject, lines: string[]): Promise<Operation> {
  for (let attempt = 0; ; attempt++) {
    const up = await project.up();
    const said = up.errors.join(" ") + up.stderr;
    // What Pulumi says about the pending creates it finds (it drops them from the state).
    const pending = `${up.stdout}\n${up.stderr}`.split("\n").find((line) => /pending/i.test(line));
    if (pending) lines.push(`    pulumi up said: ${pending.trim().slice(0, 300)}`);
    if (up.code === 0 || attempt === 2) return up;
    if (/currently locked/.test(said)) {
      lines.push("    pulumi up: refused, the stack is locked (pulumi cancel)");
      expectSuccess(await project.cli(["cancel", "--yes", "--non-interactive"]));
    } else if (/pending operations/.test(said)) {
      lines.push("    pulumi up: refused, pending operations (pulumi refresh --clear-pending-creates)");
      expectSuccess(await project.refresh("--clear-pending-creates"));
    } else {
      return up;
    }
  }
}

/**
 * A SIGKILL that lands while the file backend rewrites the checkpoint can leave it unreadable, and
 * every command then fails with "failed to load checkpoint: EOF". The checkpoint itself is written
 * to a temporary file and renamed into place, but the attributes file beside it
 * (`dev.json.attrs`, its checksum, which the backend reads with it) is emptied and rewritten in
 * place (gocloud's fileblob). As the README says: delete that file, the checkpoint is whole.
 */
async function repairCheckpoint(project: PulumiProject): Promise<string | undefined> {
  const stacks = path.join(project.work, "backend", ".pulumi", "stacks", "interrupted");
  await settledDirectory(stacks);
  const exported = await project.cli(["stack", "export"]);
  if (exported.code === 0) return undefined;
  if (!/failed to load checkpoint/.test(exported.stderr)) throw new Error(`pulumi stack export after the kill:\n${tail(exported)}`);
  const attrs = path.join(stacks, "dev.json.attrs");
  const size = fs.statSync(attrs, { throwIfNoEntry: false })?.size;
  fs.rmSync(attrs, { force: true });
  return `    the checkpoint was left unreadable (${exported.stderr.trim().slice(0, 120)}; dev.json.attrs ${size ?? "missing"} bytes): dev.json.attrs deleted`;
}

/** Waits until nothing in `dir` has changed for a second: what the killed run left is then final. */
async function settledDirectory(dir: string): Promise<void> {
  const stamp = () =>
    fs
      .readdirSync(dir)
      .map((f) => {
        const stat = fs.statSync(path.join(dir, f), { throwIfNoEntry: false });
        return `${f} ${stat?.size} ${stat?.mtimeMs}`;
      })
      .join("\n");
  for (let last = stamp(), quiet = 0; quiet < 1_000; quiet += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = stamp();
    if (now !== last) [last, quiet] = [now, 0];
  }
}

type Checkpoint = { deployment?: { pending_operations?: { type: string; resource: { urn: string } }[] } };

realEngine.describe(`an interrupted \`pulumi up\` of ${RESOURCES} resources`, () => {
  test.each(CASES)("$signal after $after creates (clearing pending creates first: $clearFirst; checksum file emptied: $emptyChecksum): the next up ends with exactly one object per resource", async (c) => {
    const sandbox = await startSandbox();
    const project = new PulumiProject({ "Pulumi.yaml": PULUMI_YAML, "index.js": PROGRAM });
    const lines: string[] = [];
    try {
      const [account] = sandbox.info.accounts;
      await project.init("dev", {
        config: { "chatwoot:url": sandbox.url, "chatwoot:accountId": String(account.id), "chatwoot:apiAccessToken": account.adminToken },
        secretKeys: ["chatwoot:apiAccessToken"],
      });
      sandbox.control.inject({ name: "busy", method: "POST", path: "/api/v1/accounts/:account/*", kind: "delay", delayMs: 300, times: 10_000 });

      const { run, postsAtSignal } = await interruptedUp(project, sandbox, c);
      sandbox.control.removeFault("busy");
      if (c.emptyChecksum) fs.writeFileSync(path.join(project.work, "backend", ".pulumi", "stacks", "interrupted", "dev.json.attrs"), "");
      const restored = await repairCheckpoint(project);
      const pending = (JSON.parse(await project.exportText()) as Checkpoint).deployment?.pending_operations ?? [];
      const inState = (await project.resources()).size;
      const onServer = [...objectsByResource(sandbox).values()].flat().length;
      lines.push(
        `  ${c.signal} after ${c.after} creates: signal at ${postsAtSignal} POSTs answered; pulumi exited ${run.code ?? run.signal}; ` +
          `${inState} in the state, ${onServer} on the server, ${pending.length} pending operations`,
      );
      if (restored) lines.push(restored);
      expect(postsAtSignal).toBeGreaterThanOrEqual(c.after);
      expect(postsAtSignal).toBeLessThan(RESOURCES);

      if (c.clearFirst && pending.length > 0) {
        // The lock first (Pulumi refuses a refresh of a locked stack too), then the pending creates.
        expectSuccess(await project.cli(["cancel", "--yes", "--non-interactive"]));
        const clear = await project.refresh("--clear-pending-creates");
        expectSuccess(clear);
        lines.push(`    pulumi cancel; pulumi refresh --clear-pending-creates: ${(await project.resources()).size} in the state`);
      }
      const next = await recover(project, lines);
      const objects = objectsByResource(sandbox);
      const duplicates = [...objects].filter(([, ids]) => ids.length > 1).map(([name, ids]) => `${name} (${ids.join(", ")})`);
      const state = await project.resources();
      const orphans = [...objects].flatMap(([name, ids]) => ids.filter((id) => state.get(name)?.id !== String(id)).map((id) => `${name} ${id}`));
      lines.push(
        `    next pulumi up: exit ${next.code}, ${JSON.stringify(countsOf(next))}; ${state.size} in the state; ` +
          `duplicates: ${duplicates.join(", ") || "none"}; orphans: ${orphans.join(", ") || "none"}` +
          (next.errors.length > 0 ? `\n    errors: ${next.errors.slice(0, 3).join(" | ").replace(/\s+/g, " ").slice(0, 600)}` : ""),
      );
      expect([next.code, next.errors]).toEqual([0, []]);
      expect(state.size).toBe(RESOURCES);
      expect(duplicates).toEqual([]);
      expect(orphans).toEqual([]);
      expect(objects.size).toBe(RESOURCES);

      const check = await project.preview("--expect-no-changes");
      if (check.code !== 0) throw new Error(`preview --expect-no-changes after the recovery:\n${tail(check)}`);
    } finally {
      report.push(...lines);
      project.dispose();
      await sandbox.close();
    }
  });
});

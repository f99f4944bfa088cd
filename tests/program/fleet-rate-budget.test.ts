/**
 * One rate budget per installation across a fleet's stacks: four members on one sandbox, all at
 * once, each a real `pulumi up` with its own program and provider processes, send no more than the
 * sandbox's limit per window together (a handful of 429s at most), through the rate broker the run
 * starts; the report counts each member's requests as the sandbox logged them. The run is driven in
 * this process (the fleet's own code, the real Automation API and CLI) so that the broker's window
 * can be the sandbox's short one instead of Chatwoot's minute.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { randomBytes } from "node:crypto";
import { listStacks, pulumiCli, shortName } from "../../sdk/fleet/fleet-stacks";
import { loadFleet } from "../../sdk/fleet/load-fleet";
import { memberTask } from "../../sdk/fleet/member-run";
import { PlainProgress } from "../../sdk/fleet/plain-progress";
import { runFleet } from "../../sdk/fleet/run-fleet";
import { startSandbox, type Sandbox } from "../../sdk/sandbox";
import { temporaryDir } from "../harness/temp-dir";
import { CLI_DIR, REPO_ROOT } from "../pulumi-cli/install";
import { realEngine } from "./support/real-engine";

jest.setTimeout(600_000);

const MEMBERS = 4;
const LABELS = 10;
const LIMIT = 8;
const PERIOD_MS = 3_000;

const PROGRAM = `"use strict";
const pulumi = require("@pulumi/pulumi");
const chatwoot = require("pulumi-chatwoot");
const prefix = new pulumi.Config().require("prefix");
for (let i = 0; i < ${LABELS}; i++) new chatwoot.Label(\`label-\${i}\`, { title: \`\${prefix}-\${i}\`, color: "#123456" });
`;

realEngine.describe(`${MEMBERS} stacks on one installation`, () => {
  let sandbox: Sandbox;
  const work = temporaryDir("chatwoot-fleet-budget-");
  const saved = { ...process.env };
  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimit: { limit: LIMIT, periodMs: PERIOD_MS } });
    const template = path.join(work, "template");
    fs.mkdirSync(template, { recursive: true });
    fs.writeFileSync(path.join(template, "Pulumi.yaml"), "name: budget\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\nconfig:\n  prefix:\n    type: string\n");
    fs.writeFileSync(path.join(template, "index.js"), PROGRAM);
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(template, "node_modules"), "junction");
    const members = Array.from({ length: MEMBERS }, (_, i) => `  - name: m${i}\n    config: { prefix: budget-${i} }\n`).join("");
    fs.writeFileSync(
      path.join(work, "fleet.yaml"),
      `template: ./template\ninstallations:\n  one:\n    url: ${sandbox.url}\n    apiAccessToken: { fromEnv: BUDGET_TOKEN }\n    rateLimitPerMinute: ${LIMIT}\ndefaults:\n  installation: one\n  account: 1\nmembers:\n${members}`,
    );
    Object.assign(process.env, {
      PATH: `${CLI_DIR}${path.delimiter}${process.env.PATH ?? ""}`,
      PULUMI_HOME: path.join(work, "home"),
      PULUMI_CONFIG_PASSPHRASE: randomBytes(12).toString("hex"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      BUDGET_TOKEN: sandbox.info.accounts[0]?.adminToken,
    });
  });
  afterAll(async () => {
    process.env = saved;
    await sandbox?.close();
  });

  test(`send at most the installation's ${LIMIT} requests per window together: a handful of 429s, every member applied`, async () => {
    const fleet = loadFleet(path.join(work, "fleet.yaml"));
    const cli = await pulumiCli();
    const lines: string[] = [];
    const started = Date.now();
    const report = await runFleet({
      command: "up",
      fleet,
      fleetFile: "fleet.yaml",
      tasks: fleet.members.map(memberTask),
      orphans: [],
      existing: (await listStacks(fleet, cli)).map((s) => shortName(s.name)),
      cli,
      concurrency: MEMBERS,
      failFast: false,
      progress: (figures) => new PlainProgress("up", figures, (line) => lines.push(line), 1_000),
      broker: { limiter: { periodMs: PERIOD_MS } },
    });
    const took = Date.now() - started;
    const log = sandbox.control.log();
    const refused = log.filter((e) => e.status === 429).length;
    console.log(`${MEMBERS} stacks x ${LABELS} labels, ${LIMIT} requests per ${PERIOD_MS} ms: ${log.length} requests, ${refused} answered 429, in ${took} ms\n${lines.join("\n")}`);
    expect(report.members.map((m) => [m.name, m.result, m.counts.created])).toEqual(Array.from({ length: MEMBERS }, (_, i) => [`m${i}`, "succeeded", LABELS]));
    expect(sandbox.control.snapshot().labels.filter((l) => l.title.startsWith("budget-")).length).toBe(MEMBERS * LABELS);
    expect(refused).toBeLessThanOrEqual(3);
    // The budget bound the run: its calls waited for the window (the progress counts them).
    expect(lines.some((line) => /waiting for the rate window/.test(line))).toBe(true);
    // Each member's requests, as the broker counted them, are the sandbox's log, all of them.
    expect(report.members.reduce((n, m) => n + m.requests, 0)).toBe(log.length);
    expect(report.installations).toEqual([expect.objectContaining({ name: "one", budgetPerMinute: LIMIT, requests: log.length, throttled: refused })]);
    // Within the budget the run takes at least the windows its requests need.
    expect(took).toBeGreaterThanOrEqual((Math.ceil(log.length / LIMIT) - 1) * PERIOD_MS);
  });
});

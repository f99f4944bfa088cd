/**
 * The fleet benchmark:
 *   npm run bench:fleet -- [--members N] [--concurrency 1,4,8] [--no-shards] [--quick]
 *
 * `pulumi-chatwoot fleet up` of `--members` members (default 50) of examples/fleet's template
 * (about 20 resources each: a new account, its administrator, agents, an inbox, teams, labels, canned
 * responses, an attribute, a rule) on one sandbox process that rate-limits as Chatwoot does by
 * default (3,000 requests a minute per client address), run as a user runs it: the package
 * installed from its `npm pack` tarball into the template's node_modules and the fleet command run
 * from there, the real `pulumi` CLI (`.pulumi-cli/bin`), a file backend. Once per concurrency level
 * (`--concurrency`, default 1, 4 and 8), each on a fresh sandbox state and a fresh backend; then the
 * same members sharded over 2 fleet processes at once (`--shard 1/2`, `--shard 2/2`, 4 members at
 * once each) on one PostgreSQL backend (a server started for it from /usr/lib/postgresql/15/bin;
 * `--no-shards` leaves it out). `--quick` (what `npm run bench -- --quick` passes): 8 members at
 * concurrency 4, no shards, unless the other flags say otherwise.
 *
 * For each run it prints the wall time against the rate-limit bound (the run's requests at 3,000 a
 * minute: the least time the installation's limit allows), the requests per created resource, the
 * 429s, and the peak memory of the fleet process and of everything it started (each member's
 * `pulumi` and its program and provider processes). Figures only: the run fails when a member
 * fails or the server does not end up with every member's account.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { loadavg, tmpdir } from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import type { FleetReport } from "../../sdk/fleet/report";
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from "../../sdk/fleet/fleet-file";
import { installCopy, packPackage } from "../harness/packed";
import { postgresMissing, startPostgres } from "../harness/postgres";
import { CLI_DIR, REPO_ROOT } from "../pulumi-cli/install";
import { startSandboxProcess, type SandboxProcess } from "./support/sandbox-process";
import { fixed, printTable } from "./support/table";
import { sampleMemory, type MemoryPeaks } from "./support/tree-memory";

const out = (line = "") => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`  .. ${line}\n`);

interface Options {
  members: number;
  levels: number[];
  shards: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({ options: { members: { type: "string" }, concurrency: { type: "string" }, "no-shards": { type: "boolean" }, quick: { type: "boolean" } }, strict: true });
  const quick = values.quick === true;
  const members = Number(values.members ?? (quick ? 8 : 50));
  const levels = (values.concurrency ?? (quick ? "4" : "1,4,8")).split(",").map(Number);
  if (!Number.isInteger(members) || members < 1 || levels.some((k) => !Number.isInteger(k) || k < 1)) {
    throw new Error("usage: npm run bench:fleet -- [--members N] [--concurrency K,K,...] [--no-shards] [--quick]");
  }
  return { members, levels, shards: !values["no-shards"] && !quick };
}

/** The fleet file of `count` members on one installation, the template's config generated per member. */
function fleetFile(url: string, count: number, backend?: string): string {
  const members = Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(3, "0");
    return [
      `  - name: customer-${n}`,
      "    config:",
      `      customerName: Customer ${n}`,
      `      adminName: Admin ${n}`,
      `      adminEmail: admin-${n}@customers.test`,
      "      adminPassword: { fromEnv: BENCH_ADMIN_PASSWORD }",
      `      agents: [{ name: Agent ${n}a, email: agent-${n}a@customers.test }, { name: Agent ${n}b, email: agent-${n}b@customers.test }]`,
    ].join("\n");
  });
  return [
    "template: ./template",
    ...(backend ? [`backend: ${backend}`] : []),
    "installations:",
    "  main:",
    `    url: ${url}`,
    "    apiAccessToken: { fromEnv: BENCH_API_TOKEN }",
    "    platformAccessToken: { fromEnv: BENCH_PLATFORM_TOKEN }",
    "    config: { operatorUserId: 1 }",
    "defaults:",
    "  installation: main",
    "  account: new",
    "members:",
    ...members,
    "",
  ].join("\n");
}

interface RunFigures {
  label: string;
  wallMs: number;
  requests: number;
  created: number;
  throttled: number;
  memory: MemoryPeaks;
  load: number;
  /** Requests by method and route (ids as `:id`), most first. */
  kinds: [string, number][];
}

/** The log's requests counted by method and route, ids written `:id`: where a run's requests go. */
function requestKinds(log: { method: string; path: string }[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const { method, path: at } of log) {
    const kind = `${method} ${at.split("?")[0]?.replace(/\/\d+(?=\/|$)/g, "/:id")}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Runs `fleet ARGS` processes at once from `dir`; resolves to their reports once all have ended. */
async function fleetRuns(main: string, dir: string, env: NodeJS.ProcessEnv, argvs: string[][]): Promise<{ reports: FleetReport[]; wallMs: number; memory: MemoryPeaks }> {
  const pids: number[] = [];
  const memory = sampleMemory(() => pids);
  const started = performance.now();
  const reports = await Promise.all(
    argvs.map(
      (args, i) =>
        new Promise<FleetReport>((resolve, reject) => {
          const json = path.join(dir, `report-${i}.json`);
          const child = spawn(process.execPath, [main, "fleet", ...args, "--json", json], { cwd: dir, env, stdio: ["ignore", "ignore", "pipe"] });
          if (child.pid !== undefined) pids.push(child.pid);
          let stderr = "";
          child.stderr.on("data", (chunk: Buffer) => {
            stderr += chunk.toString("utf8");
            for (const line of chunk.toString("utf8").split("\n")) if (/ fleet: /.test(line)) note(line.replace(/^\S+ /, ""));
          });
          child.on("error", reject);
          child.on("close", (code) => {
            if (code !== 0 || !fs.existsSync(json)) return reject(new Error(`fleet ${args.join(" ")} exited ${code}:\n${stderr.split("\n").slice(-30).join("\n")}`));
            resolve(JSON.parse(fs.readFileSync(json, "utf8")) as FleetReport);
          });
        }),
    ),
  );
  return { reports, wallMs: performance.now() - started, memory: memory.stop() };
}

async function main(): Promise<void> {
  const options = readOptions();
  if (!fs.existsSync(path.join(CLI_DIR, "pulumi"))) throw new Error("no Pulumi CLI in .pulumi-cli/bin: run `npm run setup:pulumi`");
  const work = fs.mkdtempSync(path.join(tmpdir(), "chatwoot-fleet-bench-"));
  let sandbox: SandboxProcess | undefined;
  try {
    // The package as a user installs it: the tarball in the template project's node_modules.
    const template = path.join(work, "template");
    fs.cpSync(path.join(REPO_ROOT, "examples", "fleet", "template"), template, { recursive: true, filter: (src) => !/(^|\/)(node_modules|Pulumi\.[^/]+\.yaml)$/.test(src) });
    installCopy(packPackage(work).tarball, template);
    // What a TypeScript project of the user's has beside it: the compiler and Node's types.
    for (const dep of ["typescript", "@types/node"]) {
      fs.mkdirSync(path.dirname(path.join(template, "node_modules", dep)), { recursive: true });
      fs.symlinkSync(path.join(REPO_ROOT, "node_modules", dep), path.join(template, "node_modules", dep), "junction");
    }
    const fleetMain = path.join(template, "node_modules", "pulumi-chatwoot", "dist", "sdk", "cli", "main.js");

    sandbox = await startSandboxProcess(["--rate-limit", String(DEFAULT_RATE_LIMIT_PER_MINUTE)]);
    const [account] = sandbox.info.accounts;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${CLI_DIR}${path.delimiter}${process.env.PATH ?? ""}`,
      PULUMI_HOME: path.join(work, "home"),
      PULUMI_CONFIG_PASSPHRASE: "fleet-bench",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      CI: "true",
      BENCH_API_TOKEN: account?.adminToken,
      BENCH_PLATFORM_TOKEN: sandbox.info.platformTokens[0],
      BENCH_ADMIN_PASSWORD: "Bench-secret-1!",
    };
    for (const name of Object.keys(env)) if (name.startsWith("CHATWOOT_")) delete env[name];

    const results: RunFigures[] = [];
    const run = async (label: string, backend: string | undefined, argvs: string[][], extraEnv: NodeJS.ProcessEnv = {}) => {
      await sandbox?.reset();
      const dir = path.join(work, label.replace(/\W+/g, "-"));
      fs.mkdirSync(dir, { recursive: true });
      fs.symlinkSync(template, path.join(dir, "template"), "junction");
      fs.writeFileSync(path.join(dir, "fleet.yaml"), fleetFile(sandbox?.url ?? "", options.members, backend));
      note(`${label}: ${options.members} members`);
      const load = loadavg()[0] ?? 0;
      const { reports, wallMs, memory } = await fleetRuns(fleetMain, dir, { ...env, ...extraEnv }, argvs);
      const members = reports.flatMap((r) => r.members);
      const failed = members.filter((m) => m.result !== "succeeded");
      if (failed.length > 0 || members.length !== options.members) throw new Error(`${label}: ${failed.map((m) => `${m.name}: ${m.error}`).join("; ")}`);
      const log = (await sandbox?.log()) ?? [];
      const accounts = (await sandbox?.counts())?.accounts ?? 0;
      if (accounts < options.members) throw new Error(`${label}: the server holds ${accounts} accounts, not every member's`);
      results.push({ label, wallMs, requests: log.length, created: members.reduce((n, m) => n + m.counts.created, 0), throttled: log.filter((e) => e.status === 429).length, memory, load, kinds: requestKinds(log) });
      // The template's stacks' config files are the run's own.
      for (const f of fs.readdirSync(template)) if (/^Pulumi\..+\.yaml$/.test(f) && f !== "Pulumi.yaml") fs.rmSync(path.join(template, f));
    };

    for (const k of options.levels) await run(`concurrency ${k}, file backend`, undefined, [["up", "--concurrency", String(k)]]);
    if (options.shards) {
      const missing = postgresMissing();
      if (missing) note(`no sharded run: ${missing}`);
      else {
        const pg = await startPostgres();
        try {
          await run("2 shards x concurrency 4, PostgreSQL", pg.url, [["up", "--shard", "1/2", "--concurrency", "4"], ["up", "--shard", "2/2", "--concurrency", "4"]], { PGPASSWORD: pg.password });
        } finally {
          await pg.stop();
        }
      }
    }

    const perMinute = DEFAULT_RATE_LIMIT_PER_MINUTE;
    out(`Fleet: ${options.members} members of examples/fleet's template on one sandbox limiting to ${perMinute} requests a minute (Chatwoot's default); the package from its npm pack tarball.`);
    out();
    const mb = (bytes: number) => fixed(bytes / 2 ** 20, 0);
    printTable(
      [
        ["run", "wall s", "rate bound s", "wall/bound", "requests", "created", "req/created", "429s", "fleet MB", "tree MB", "load"],
        ...results.map((r) => {
          const boundMs = (r.requests / perMinute) * 60_000;
          return [r.label, fixed(r.wallMs / 1000, 1), fixed(boundMs / 1000, 1), fixed(r.wallMs / boundMs, 1), String(r.requests), String(r.created), fixed(r.requests / r.created, 2), String(r.throttled), mb(r.memory.rootBytes), mb(r.memory.treeBytes), fixed(r.load, 1)];
        }),
      ],
      out,
    );
    out();
    out("rate bound: the run's requests at the installation's limit, the least time it allows; tree MB: the fleet process and every");
    out("process it started (each member's pulumi, program and provider), at their highest together; load: the 1-minute load average at the start.");
    const first = results[0];
    if (first) {
      out();
      out(`Where the requests of "${first.label}" went, per member (${options.members} members):`);
      printTable([["request", "per member"], ...first.kinds.map(([kind, n]) => [kind, fixed(n / options.members, 2)])], out);
    }
  } finally {
    await sandbox?.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:fleet failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
});

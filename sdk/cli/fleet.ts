/**
 * `pulumi-chatwoot fleet`: many accounts from one template, a stack each, on Pulumi's Automation API
 * (../fleet). Everything the run needs is checked before any stack is touched: the fleet file, the
 * flags, the environment variables its references name. Progress goes to stderr (a live block on a
 * terminal, timestamped lines otherwise), the end table to stdout, the report to `--json` and
 * `--summary` files. Exit codes: 0 every member succeeded (drift: none drifted), 2 drift: a member
 * drifted, 1 anything else (a member failed or was not run, a wrong flag, a bad fleet file).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { registerSecret, redactSecrets } from "../../provider/http/redaction/secrets";
import type { FleetMember } from "../fleet/fleet";
import { FleetFileError } from "../fleet/fleet-file-error";
import schema from "../fleet/fleet.schema.json";
import { listStacks, orphanInstallation, orphansOf, pulumiCli, shortName } from "../fleet/fleet-stacks";
import { loadFleet } from "../fleet/load-fleet";
import { MEMBER_COMMANDS, memberTask, type MemberCommand, type MemberTask } from "../fleet/member-run";
import { PlainProgress } from "../fleet/plain-progress";
import { environmentProblems } from "../fleet/preflight";
import { reportJson } from "../fleet/report";
import { markdownTable, textTable } from "../fleet/report-table";
import { runFleet } from "../fleet/run-fleet";
import { parseNames, parseShard, selectNames, unmatched, type Shard } from "../fleet/selection";
import { fleetStatus, statusText } from "../fleet/status";
import { TerminalProgress } from "../fleet/terminal-progress";
import { typeCheckOnce } from "../fleet/typescript-check";
import { readOptions, UsageError } from "./clone-options";
import type { Command } from "./command";

const NAME = "pulumi-chatwoot fleet";

/** Members run at once by default: as many as the machine has cores (each runs the Pulumi engine, a program and a provider), at most 8. */
export const DEFAULT_CONCURRENCY = Math.max(1, Math.min(8, os.availableParallelism()));

/** `pulumi-chatwoot fleet --help`. */
export const FLEET_USAGE = `usage: ${NAME} <command> [--file FLEET.yaml] [options]

Runs a Pulumi template project once per member of a fleet file: a stack each, on the backend the
file names, with one rate budget per Chatwoot installation however many stacks run.

Commands:
  preview    what up would do, member by member
  up         sets each stack's config from the fleet file (and removes what it no longer sets), then
             pulumi up; a member whose config and template are unchanged sends no write
  refresh    pulumi refresh of each member: the state takes what the server holds
  drift      a refresh preview of each member: exit 0 none drifted, 2 some did, 1 errors; the table
             and the report name each drifted member, resource and property
  destroy    pulumi destroy of the members --only names (or --all of them); an orphan's stack
             (one the fleet file no longer names) is removed too
  status     each member's stack, and the orphans (up never destroys them)
  schema     prints the fleet file's JSON Schema

Options:
  -f, --file FILE     the fleet file (default fleet.yaml)
  --only NAMES        only these members (comma-separated; * matches any characters)
  --exclude NAMES     all but these members
  --concurrency K     members at once (default ${DEFAULT_CONCURRENCY} here: the machine's cores, at most 8)
  --shard I/N         this job's share of the members, for N CI jobs (every N-th member by name);
                      each job takes 1/N of every installation's rateLimitPerMinute
  --canary N          up: the first N members first, the rest only if all of them succeed
  --fail-fast         start no member after one failed
  --all               destroy: every member (without it, destroy needs --only)
  --json FILE         write the run's report as JSON
  --summary FILE      append the end table as Markdown to FILE (a CI job's summary: $GITHUB_STEP_SUMMARY)
  -h, --help          this text

Tokens are never in the fleet file: { fromEnv: VARIABLE } names the environment variable that holds
one, { fromStackSecret: true } a secret the member's stack holds. The stacks' secrets are encrypted
with PULUMI_CONFIG_PASSPHRASE on file, S3 and PostgreSQL backends (unless secretsProvider says
otherwise). Exit codes: 0 every member succeeded (drift: none drifted), 2 drift: a member drifted,
1 a member failed or was not run, or the fleet file, a flag or the environment is wrong (nothing
was touched then).`;

const OPTIONS = {
  file: { type: "string", short: "f" },
  only: { type: "string" },
  exclude: { type: "string" },
  concurrency: { type: "string" },
  shard: { type: "string" },
  canary: { type: "string" },
  "fail-fast": { type: "boolean" },
  all: { type: "boolean" },
  json: { type: "string" },
  summary: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const SUBCOMMANDS = [...MEMBER_COMMANDS, "status", "schema"] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

interface Flags {
  command: Subcommand;
  file: string;
  only?: string[];
  exclude?: string[];
  concurrency: number;
  shard?: Shard;
  canary?: number;
  failFast: boolean;
  all: boolean;
  json?: string;
  summary?: string;
}

function positiveInteger(flag: string, text: string): number {
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`${flag} takes a whole number from 1, not "${text}"`);
  return value;
}

function readFlags(argv: string[]): Flags | "help" {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") return "help";
  if (!(SUBCOMMANDS as readonly string[]).includes(command)) throw new UsageError(`unknown fleet command "${command}"; one of ${SUBCOMMANDS.join(", ")}`);
  const values = readOptions(rest, OPTIONS);
  if (values.help) return "help";
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (shard !== undefined && "problem" in shard) throw new UsageError(shard.problem);
  if (values.canary !== undefined && command !== "up") throw new UsageError("--canary goes with up");
  if (values.all && command !== "destroy") throw new UsageError("--all goes with destroy");
  if (command === "destroy" && !values.all && values.only === undefined) {
    throw new UsageError("destroy removes the members' objects from their accounts: name them with --only NAMES, or give --all for every member");
  }
  return {
    command: command as Subcommand,
    file: values.file ?? "fleet.yaml",
    only: values.only === undefined ? undefined : parseNames(values.only),
    exclude: values.exclude === undefined ? undefined : parseNames(values.exclude),
    concurrency: values.concurrency === undefined ? DEFAULT_CONCURRENCY : positiveInteger("--concurrency", values.concurrency),
    shard,
    canary: values.canary === undefined ? undefined : positiveInteger("--canary", values.canary),
    failFast: values["fail-fast"] ?? false,
    all: values.all ?? false,
    json: values.json,
    summary: values.summary,
  };
}

/** stderr, with every known secret hidden (a server's words may quote anything). */
const say = (text: string) => process.stderr.write(redactSecrets(text));

async function run(argv: string[]): Promise<number> {
  let flags: Flags | "help";
  try {
    flags = readFlags(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    say(`${NAME}: ${err.message}\n\n${FLEET_USAGE}\n`);
    return 1;
  }
  if (flags === "help") {
    process.stdout.write(`${FLEET_USAGE}\n`);
    return 0;
  }
  if (flags.command === "schema") {
    process.stdout.write(`${JSON.stringify(schema, null, 2)}\n`);
    return 0;
  }
  try {
    return await runCommand(flags);
  } catch (err) {
    // A bad fleet file, flag, environment or template (nothing was touched), or the CLI or the backend failing.
    say(`${NAME}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

async function runCommand(flags: Flags): Promise<number> {
  const fleet = loadFleet(flags.file);
  const names = fleet.members.map((m) => m.name);
  const command = flags.command as MemberCommand | "status";
  // Orphans may be named only to be destroyed; they are known once the stacks are listed, below.
  const unknown = [...unmatched(flags.only ?? [], names), ...unmatched(flags.exclude ?? [], names)];
  if (unknown.length > 0 && command !== "destroy") throw new UsageError(`no member of ${flags.file} is named ${unknown.map((n) => `"${n}"`).join(", ")}; its members: ${names.join(", ")}`);
  const selected = selectNames(names, flags);
  const members = selected.map((name) => fleet.members.find((m) => m.name === name) as FleetMember);
  if (command !== "status") {
    const problems = environmentProblems(fleet, members);
    if (problems.length > 0) throw new FleetFileError(problems);
    for (const member of members) for (const value of member.config.values()) if (value.kind === "env") registerSecret(process.env[value.env]);
    for (const inst of fleet.installations.values()) {
      for (const ref of [inst.apiAccessToken, inst.platformAccessToken]) if (ref !== undefined && "fromEnv" in ref) registerSecret(process.env[ref.fromEnv]);
    }
  }
  // Only preview and up run the program (refresh, drift and destroy work from the state).
  const programEnv = command === "preview" || command === "up" ? typeCheckOnce(fleet.template) : {};
  const cli = await pulumiCli();
  const stacks = await listStacks(fleet, cli, (line) => say(`${NAME}: ${line}\n`));
  const orphans = orphansOf(fleet, stacks);

  if (command === "status") {
    const status = fleetStatus(members, orphans, stacks);
    process.stdout.write(statusText(status));
    if (flags.json) fs.writeFileSync(flags.json, `${JSON.stringify(status, null, 2)}\n`);
    return 0;
  }

  const tasks: MemberTask[] = members.map(memberTask);
  if (command === "destroy") {
    const named = unmatched(unknown, orphans);
    if (named.length > 0) throw new UsageError(`no member or orphan stack of ${flags.file} is named ${named.map((n) => `"${n}"`).join(", ")}; its members: ${names.join(", ")}; orphans: ${orphans.join(", ") || "none"}`);
    // An orphan is destroyed only when --only names it.
    for (const name of flags.only === undefined ? [] : selectNames(orphans, { only: flags.only, exclude: flags.exclude })) {
      const installation = await orphanInstallation(fleet, cli, name);
      if (typeof installation === "string") throw new UsageError(installation);
      tasks.push({ name, stack: name, installation });
    }
  }
  if (tasks.length === 0) throw new UsageError(`no member to run: ${flags.shard ? `shard ${flags.shard.index}/${flags.shard.count} of ` : ""}the selection is empty`);

  const abort = new AbortController();
  const interrupt = () => abort.abort();
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  const terminal = process.stderr.isTTY === true && !process.env.CI;
  try {
    const report = await runFleet({
      command,
      fleet,
      fleetFile: flags.file,
      tasks,
      orphans,
      existing: stacks.map((s) => shortName(s.name)),
      programEnv,
      cli,
      concurrency: flags.concurrency,
      canary: flags.canary,
      failFast: flags.failFast,
      shard: flags.shard,
      signal: abort.signal,
      progress: (figures) =>
        terminal
          ? new TerminalProgress(figures, say, () => process.stderr.columns ?? 100)
          : new PlainProgress(command, figures, (line) => say(`${line}\n`)),
    });
    process.stdout.write(redactSecrets(textTable(report)));
    if (flags.json) writeReport(flags.json, redactSecrets(reportJson(report)), false);
    if (flags.summary) writeReport(flags.summary, redactSecrets(markdownTable(report)), true);
    return report.exitCode;
  } finally {
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", interrupt);
  }
}

/** Writes a report file, its folder made if needed; `append` for `--summary`, since a CI job's summary file collects every step's. */
function writeReport(file: string, text: string, append: boolean): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (append) fs.appendFileSync(file, text);
  else fs.writeFileSync(file, text);
}

/** The `fleet` subcommand. */
export const fleetCommand: Command = {
  summary: "provision and keep many accounts from one template project, a stack each, at each installation's rate limit",
  run,
};

/**
 * One member's part of a fleet command: its stack (created when new), its config made the fleet
 * file's, then the engine operation, with what an interrupted run left behind handled the way it
 * is for a single stack (docs/guides/lost-answers.md):
 * - a lock whose `pulumi` ran on this machine and is gone (a killed run) is removed with
 *   `pulumi cancel`, and the operation runs again; a lock of a live run (or one on another
 *   machine) fails the member, naming the run and what to do, with nothing changed;
 * - pending creates of a killed run: `pulumi up` creates those resources again, each taking the
 *   object the killed run made (the provider's create journal), and the fleet notes what it found;
 *   a CLI that refuses to run over them gets `pulumi refresh --clear-pending-creates` first;
 * - a file backend's checksum file a kill left empty (`failed to load checkpoint`) is deleted,
 *   the checkpoint itself being whole.
 * A failure is the member's alone: it becomes its outcome, with the error's text redacted.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { redactSecrets } from "../../provider/http/redaction/secrets";
import { fileBackendDir } from "./backend";
import { EventTally, type DriftEntry, type StepCounts } from "./engine-events";
import type { Account } from "./fleet-file";
import type { FleetInstallation, FleetMember, StackValue } from "./fleet";
import { memberEnvironment, memberStack, type StackHost } from "./member-stack";
import { applyConfig, StackConfigError, type ConfigChange } from "./stack-config";
import { describeHolder, isGone, lockHolders } from "./stack-lock";

/** The fleet's commands that run an engine operation on each member. */
export const MEMBER_COMMANDS = ["preview", "up", "refresh", "destroy", "drift"] as const;
export type MemberCommand = (typeof MEMBER_COMMANDS)[number];

/** How a member's part ended. */
export type MemberResult = "succeeded" | "failed" | "skipped" | "drifted" | "in sync";

/** What a member's stack is to run. */
export interface MemberTask {
  name: string;
  stack: string;
  installation?: FleetInstallation;
  account?: Account;
  /** The stack config the fleet file gives; `undefined` for an orphan (a stack the file no longer names), whose config is left as it is. */
  config?: ReadonlyMap<string, StackValue>;
}

/** A member of the fleet file as a task. */
export function memberTask(member: FleetMember): MemberTask {
  return { name: member.name, stack: member.stack, installation: member.installation, account: member.account, config: member.config };
}

/** How a member's part of a run ended, as the table and the report show it. */
export interface MemberOutcome {
  name: string;
  stack: string;
  installation?: string;
  account?: Account;
  /** A stack of the template the fleet file no longer names. */
  orphan: boolean;
  result: MemberResult;
  counts: StepCounts;
  /** Requests the member's processes sent (counted by the rate broker), and how many were answered 429. */
  requests: number;
  throttled: number;
  durationMs: number;
  /** The error, whole (redacted); its first line is what tables show. */
  error?: string;
  /** What the fleet found and did on its way (a lock removed, pending operations, config changed). */
  notes: string[];
  drift: DriftEntry[];
  config?: ConfigChange;
}

/** What a running member tells the progress display. */
export interface MemberProgress {
  phase(text: string): void;
  /** A resource's step is done. */
  step(): void;
  note(text: string): void;
}

/** A member's failure whose message says everything (nothing to add from the engine's diagnostics). */
class MemberFailure extends Error {}

const ZERO: StepCounts = { created: 0, updated: 0, deleted: 0, unchanged: 0 };

/** A member that did not run (a canary failed, `--fail-fast`). */
export function skipped(task: MemberTask, reason: string): MemberOutcome {
  return { ...identity(task), result: "skipped", counts: { ...ZERO }, requests: 0, throttled: 0, durationMs: 0, error: reason, notes: [], drift: [] };
}

function identity(task: MemberTask): Pick<MemberOutcome, "name" | "stack" | "installation" | "account" | "orphan"> {
  return { name: task.name, stack: task.stack, installation: task.installation?.name, account: task.account, orphan: task.config === undefined };
}

/** Runs `command` on the member's stack; never throws (a failure is the outcome's). */
export async function runMember(
  host: StackHost,
  task: MemberTask,
  command: MemberCommand,
  progress: MemberProgress,
  counted: () => { requests: number; throttled: number },
  signal?: AbortSignal,
): Promise<MemberOutcome> {
  const started = performance.now();
  const tally = new EventTally(() => progress.step());
  const notes: string[] = [];
  const note = (text: string) => {
    notes.push(text);
    progress.note(text);
  };
  let config: ConfigChange | undefined;
  let error: string | undefined;
  try {
    if (!host.existing.has(task.stack) && command !== "preview" && command !== "up") {
      // Nothing of the member exists yet: no stack is made just to look at it.
      if (command !== "destroy") throw new MemberFailure(`member ${task.name} has no stack yet: \`fleet up\` makes it`);
      note("no stack yet: nothing to destroy");
      return { ...identity(task), result: "succeeded", counts: { ...ZERO }, requests: 0, throttled: 0, durationMs: performance.now() - started, notes, drift: [] };
    }
    const env = memberEnvironment(host, task.name, task.installation);
    progress.phase("stack");
    const stack = await memberStack(host, task.stack, env);
    if (task.config !== undefined) {
      progress.phase("config");
      config = await applyConfig(stack, task.config, host.defaults, process.env, env);
      if (config.set.length + config.removed.length > 0) note(configNote(host.project, config));
    }
    progress.phase(command);
    const configChanged = config !== undefined && config.set.length + config.removed.length > 0;
    await withRecovery(host, stack, command, tally, note, configChanged, signal);
    notePending(tally, note);
    if (command === "destroy" && task.config === undefined) {
      // An orphan is destroyed on purpose: its stack goes too, so it is no longer listed.
      await stack.workspace.removeStack(stack.name);
      note(`stack ${stack.name} removed`);
    }
  } catch (err) {
    notePending(tally, note);
    error = failureText(err, tally);
  }
  const { requests, throttled } = counted();
  const drift = tally.drift();
  const result = error !== undefined ? "failed" : command !== "drift" ? "succeeded" : drift.length > 0 ? "drifted" : "in sync";
  return { ...identity(task), result, counts: tally.counts(), requests, throttled, durationMs: performance.now() - started, error, notes, drift, config };
}

/** `config: set customerName, chatwoot:url; removed locale`: the project's own keys without their namespace. */
function configNote(project: string, change: ConfigChange): string {
  const keys = (list: string[]) => list.map((key) => (key.startsWith(`${project}:`) ? key.slice(project.length + 1) : key)).join(", ");
  const parts = [change.set.length > 0 ? `set ${keys(change.set)}` : "", change.removed.length > 0 ? `removed ${keys(change.removed)}` : ""];
  return `config: ${parts.filter(Boolean).join("; ")}`;
}

/** Runs the operation, handling what an interrupted run left behind (see the file's comment); at most a few rounds. */
async function withRecovery(
  host: StackHost,
  stack: Stack,
  command: MemberCommand,
  tally: EventTally,
  note: (text: string) => void,
  configChanged: boolean,
  signal?: AbortSignal,
): Promise<void> {
  for (let round = 0; ; round++) {
    try {
      await operate(stack, command, tally, signal);
      return;
    } catch (err) {
      if (round >= 3) throw err;
      const text = `${(err as Error).message ?? String(err)}\n${tally.errors.join("\n")}`;
      // A round that goes again leaves its diagnostics behind: the next round's are its own.
      const again = () => void (tally.errors.length = 0);
      const holders = lockHolders(text);
      if (holders !== undefined) {
        const live = holders.filter((h) => !isGone(h));
        if (live.length > 0 || holders.length === 0) {
          const held = live.map(describeHolder).join("; ") || "a run Pulumi does not name";
          throw new MemberFailure(
            `stack ${stack.name} is locked by a run in progress: ${held}. ${configChanged ? "Only its stack config was set from the fleet file; nothing else changed" : "Nothing was changed"}. Wait for that run to end, then run this command again` +
              `; should that run have been killed on another machine, remove its lock with \`pulumi cancel --stack ${stack.name}\` in the template directory (with the fleet's backend).`,
          );
        }
        note(`stack was locked by a run that is gone (${holders.map(describeHolder).join("; ")}: a killed run): its lock removed with pulumi cancel`);
        await stack.cancel();
        again();
        continue;
      }
      if (command === "up" && /pending operations/i.test(text) && !/Attempting to deploy/.test(text)) {
        note("the stack has pending operations of an interrupted run, which this CLI will not run over: pulumi refresh --clear-pending-creates first");
        await stack.refresh({ clearPendingCreates: true, color: "never", signal });
        again();
        continue;
      }
      if (/failed to load checkpoint/.test(text) && repairChecksum(host, stack)) {
        note("the checkpoint's checksum file was left empty by a killed run: deleted it (the checkpoint itself is whole)");
        again();
        continue;
      }
      throw err;
    }
  }
}

async function operate(stack: Stack, command: MemberCommand, tally: EventTally, signal?: AbortSignal): Promise<void> {
  const common = { onEvent: tally.onEvent, color: "never" as const, signal };
  switch (command) {
    case "preview":
      await stack.preview(common);
      return;
    case "up":
      await stack.up(common);
      return;
    case "refresh":
      await stack.refresh(common);
      return;
    case "destroy":
      await stack.destroy(common);
      return;
    case "drift":
      await stack.previewRefresh(common);
      return;
  }
}

/** Notes the pending operations the engine warned about (what a killed run left). */
function notePending(tally: EventTally, note: (text: string) => void): void {
  const warning = tally.warnings.find((w) => /pending operations from previous deployment/.test(w));
  if (warning === undefined) return;
  const count = /with (\d+) pending operations/.exec(warning)?.[1] ?? "some";
  const resources = [...warning.matchAll(/\* \S+::(\S+), interrupted while (\w+)/g)].map((m) => `${m[1]} (${m[2]})`);
  note(
    `found ${count} pending operations of an interrupted run${resources.length > 0 ? `: ${resources.join(", ")}` : ""}; ` +
      "up made those resources again, each create taking the object the interrupted run had made (the provider's create journal)",
  );
  tally.warnings.splice(tally.warnings.indexOf(warning), 1);
}

/** Deletes an empty checksum file of the member's checkpoint (file backends); true when it did. */
function repairChecksum(host: StackHost, stack: Stack): boolean {
  const dir = fileBackendDir(host.backend);
  if (dir === undefined) return false;
  const attrs = path.join(dir, ".pulumi", "stacks", host.project, `${stack.name}.json.attrs`);
  if (fs.statSync(attrs, { throwIfNoEntry: false })?.size !== 0) return false;
  fs.rmSync(attrs);
  return true;
}

/** The member's error as shown: the engine's error diagnostics when it gave any, else the command's own words. */
function failureText(err: unknown, tally: EventTally): string {
  if (err instanceof MemberFailure || err instanceof StackConfigError) return redactSecrets(err.message);
  const diagnostics = tally.errors.filter((e) => !/^(update|preview|refresh|destroy) failed$/.test(e));
  if (diagnostics.length > 0) return redactSecrets(diagnostics.join("\n"));
  const message = err instanceof Error ? err.message : String(err);
  const said = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^error:/.test(line))
    .map((line) => line.replace(/^error:\s*/, ""));
  return redactSecrets(said.length > 0 ? said.join("\n") : message.trim());
}

import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { connection } from "../config";
import { canonical } from "../diff/normalize/canonical";
import type { Props } from "./json";
import { runId } from "./run";

export { startNewRun } from "./run";

/**
 * A journal of the creates in flight, on this machine's disk, for runs that are killed (SIGKILL, a
 * runner or machine that dies) between a POST and the moment Pulumi records its answer: the
 * object then exists but the state lacks it, and Chatwoot has no idempotency key to ask the
 * server which object a request made. Before its POST a create notes the highest id it listed
 * (its floor); once answered, the id it got. A create of a later run with the same inputs, on the
 * same server and project, that finds such a note takes the object that note points to as its own:
 * the answered id itself, or, when no answer came, the one matching object above the floor. Any
 * other existing object stays someone else's (see `createOnce`).
 *
 * The note is one file per create, named by a digest of the server URL, the Pulumi project and the
 * checked inputs, in `$CHATWOOT_CREATE_JOURNAL_DIR`, else `$PULUMI_HOME/chatwoot/creates` (Pulumi's
 * home, `~/.pulumi` by default). It holds request lines, ids and times only. A note is removed
 * when a later run shows Pulumi has the object (any operation on the resource), when a create
 * fails without having made anything, and after {@link TTL_MS}.
 */

/** How long a note counts: a killed run is usually followed within hours, a week covers a weekend. */
export const TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface Note {
  /** The highest id listed before the POST. */
  floor: number;
  /** The id the server answered with, once it did. */
  id?: number;
  /** The run that wrote it (see ./run.ts): a run never takes its own creates for lost ones. */
  run: string;
  /** When it was written (ms since the epoch). */
  at: number;
}
/** One journal file: a note per request (e.g. `POST /api/v1/accounts/1/teams`), should two types share a digest. */
type NoteFile = Record<string, Note>;

/** The journal's directory. */
export function journalDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHATWOOT_CREATE_JOURNAL_DIR) return path.resolve(env.CHATWOOT_CREATE_JOURNAL_DIR);
  return path.join(env.PULUMI_HOME || path.join(os.homedir(), ".pulumi"), "chatwoot", "creates");
}

/** The file of a create of these checked inputs against the configured server. */
function fileOf(inputs: Props): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([connection().url, process.env.PULUMI_PROJECT ?? "", canonical(inputs)]))
    .digest("hex");
  return path.join(journalDir(), `${digest.slice(0, 40)}.json`);
}

function readNotes(file: string): NoteFile {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as NoteFile;
  } catch {
    return {}; // none, or half-written by a run killed while writing it
  }
}

function writeNotes(file: string, notes: NoteFile): void {
  if (Object.keys(notes).length === 0) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${runId()}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(notes));
  fs.renameSync(temporary, file);
}

/** The files of earlier runs, listed once per run (expired ones removed then): most runs have none. */
let earlier: { dir: string; run: string; files: Set<string> } | undefined;
function filesOfEarlierRuns(): Set<string> {
  const dir = journalDir();
  if (earlier?.dir === dir && earlier.run === runId()) return earlier.files;
  earlier = { dir, run: runId(), files: new Set() };
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return earlier.files;
  }
  const now = Date.now();
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > TTL_MS) fs.rmSync(file, { force: true });
      else if (name.endsWith(".json")) earlier.files.add(file);
    } catch {
      // removed meanwhile
    }
  }
  return earlier.files;
}

/** The journal file of the create under way (set by the lifecycle around each resource's create). */
const current = new AsyncLocalStorage<string>();

/** Runs a resource's create with its journal: the file of these checked inputs. */
export function withCreateJournal<T>(inputs: Props, create: () => Promise<T>): Promise<T> {
  return current.run(fileOf(inputs), create);
}

/** What a create notes about itself; a no-op outside {@link withCreateJournal}. */
export interface CreateNotes {
  /** A note of an earlier run's create of the same request that may have made an object. */
  earlier?: { floor: number; id?: number };
  /** Before the POST. */
  sending(floor: number): void;
  /** The object the create made, or took as the one it made. */
  answered(id: number): void;
  /** The create failed having made nothing. */
  abandoned(): void;
}

export function createNotes(request: string): CreateNotes {
  const file = current.getStore();
  if (file === undefined) return { sending() {}, answered() {}, abandoned() {} };
  const write = (next: Note | undefined) =>
    bestEffort(() => {
      const notes = readNotes(file);
      if (next) notes[request] = next;
      else delete notes[request];
      writeNotes(file, notes);
    });
  const found = filesOfEarlierRuns().has(file) ? readNotes(file)[request] : undefined;
  const run = runId();
  const before = found && found.run !== run && Date.now() - found.at <= TTL_MS ? { floor: found.floor, id: found.id } : undefined;
  let floor: number | undefined;
  return {
    earlier: before,
    sending(listedFloor) {
      // A note of an earlier attempt that got no answer keeps its lower floor: its object may land yet.
      floor = before && before.id === undefined ? Math.min(before.floor, listedFloor) : listedFloor;
      write({ floor, run, at: Date.now() });
    },
    answered(id) {
      write({ floor: floor ?? id - 1, id, run, at: Date.now() });
    },
    abandoned() {
      write(undefined);
    },
  };
}

/**
 * The journal only adds a safety net: a disk it cannot write to (a read-only home, say) costs that
 * net, said once on stderr (Pulumi's log), never the operation.
 */
let warned = false;
function bestEffort(action: () => void): void {
  try {
    action();
  } catch (err) {
    if (warned) return;
    warned = true;
    const why = err instanceof Error ? err.message : String(err);
    process.stderr.write(`chatwoot: the create journal in ${journalDir()} cannot be written (${why}); a create killed in this run cannot be recognised by the next one\n`);
  }
}

/**
 * Removes the notes of earlier runs about the object `id`: Pulumi has it (the engine hands the
 * lifecycle a resource only from its state), so it can no longer be lost. `declared` are the inputs
 * its create was given (the resource's kept inputs).
 */
export function settleCreateNotes(declared: Props | undefined, id: string): void {
  if (declared === undefined || filesOfEarlierRuns().size === 0) return;
  bestEffort(() => {
    const file = fileOf(declared);
    if (!filesOfEarlierRuns().has(file)) return;
    const notes = readNotes(file);
    const kept = Object.fromEntries(Object.entries(notes).filter(([, note]) => String(note.id) !== id));
    if (Object.keys(kept).length !== Object.keys(notes).length) writeNotes(file, kept);
    if (Object.keys(kept).length === 0) filesOfEarlierRuns().delete(file);
  });
}

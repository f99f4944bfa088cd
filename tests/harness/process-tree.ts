/**
 * The processes a command started, read from /proc (Linux): Pulumi starts its plugins in process
 * groups of their own, so killing `pulumi` alone leaves them running. A test that kills a run
 * takes the tree first and ends exactly those processes afterwards.
 */
import * as fs from "node:fs";

/** `pid`'s descendants (children first), by their parent links in /proc/<pid>/stat. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/** Sends `signal` to each process that still runs; ended ones are skipped. */
export function signalEach(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already ended
    }
  }
}

/** Whether `pid` still runs (a zombie, ended but not yet reaped, does not). */
export function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Resolves once none of `pids` runs any more (a killed process may finish a write first), or after `timeoutMs`. */
export async function ended(pids: readonly number[], timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (pids.some(running) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The command line `pid` runs, its arguments joined by spaces (empty once it has ended). */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

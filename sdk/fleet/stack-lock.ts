/**
 * A stack's lock as Pulumi reports it when another run holds it (DIY backends: file, S3,
 * PostgreSQL): `the stack is currently locked by 1 lock(s) ... created by USER@HOST (pid N) at
 * TIME`. A lock whose process ran on this machine and is gone is what a killed run leaves: the
 * fleet removes it with `pulumi cancel`, as Pulumi's message says to. Any other is a run in
 * progress (or one on another machine, which the fleet cannot see): it is left alone.
 */
import * as os from "node:os";

/** The run holding a lock. */
export interface LockHolder {
  user: string;
  host: string;
  /** The `pulumi` process's id on its host. */
  pid: number;
  /** When it took the lock, as Pulumi wrote it. */
  since: string;
}

/** The holders of the locks `text` (a failed command's error) reports, or `undefined` when it reports no lock. */
export function lockHolders(text: string): LockHolder[] | undefined {
  if (!/currently locked/.test(text)) return undefined;
  const holders = new Map<string, LockHolder>();
  // Pulumi's message may come twice (its diagnostic and its error): each holder once.
  for (const m of text.matchAll(/created by (\S+?)@(\S+) \(pid (\d+)\) at (\S+)/g)) holders.set(m[0], { user: m[1] ?? "", host: m[2] ?? "", pid: Number(m[3]), since: m[4] ?? "" });
  return [...holders.values()];
}

/** Whether the holder ran on this machine and has ended: its lock is left over from a killed run. */
export function isGone(holder: LockHolder, hostname = os.hostname()): boolean {
  if (holder.host !== hostname) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** `pulumi (pid 4242) of ci@runner-7, since 2026-12-02T10:00:00Z`. */
export function describeHolder(holder: LockHolder): string {
  return `pulumi (pid ${holder.pid}) of ${holder.user}@${holder.host}, since ${holder.since}`;
}

/**
 * A stack's lock as Pulumi reports it: each holder once (the message may come twice), and whether
 * it is left over from a killed run (its process ran on this machine and is gone) or a run the
 * fleet must leave alone.
 */
import { spawnSync } from "node:child_process";
import * as os from "node:os";
import { describeHolder, isGone, lockHolders } from "../../../sdk/fleet/stack-lock";

/** A process id that ran and ended: a child that exited. */
const endedPid = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;

const message = (host: string, pid: number | string) =>
  "error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.\n" +
  `  postgres://****:****@127.0.0.1:5432/postgres/.pulumi/locks/organization/customer/acme/1b2c.json: created by ci@${host} (pid ${pid}) at 2026-12-02T10:00:00Z`;

test("each holder is read once, though Pulumi's message comes twice", () => {
  const text = `${message("runner-7", 4242)}\n${message("runner-7", 4242)}`;
  expect(lockHolders(text)).toEqual([{ user: "ci", host: "runner-7", pid: 4242, since: "2026-12-02T10:00:00Z" }]);
  expect(describeHolder({ user: "ci", host: "runner-7", pid: 4242, since: "2026-12-02T10:00:00Z" })).toBe("pulumi (pid 4242) of ci@runner-7, since 2026-12-02T10:00:00Z");
});

test("an error that is no lock's has no holders", () => {
  expect(lockHolders("error: update failed")).toBeUndefined();
});

test.each([
  ["a process of this machine that ended", os.hostname(), Number(endedPid), true],
  ["a process of this machine that runs (this one)", os.hostname(), process.pid, false],
  ["a process of another machine, whatever its id", "another-machine", Number(endedPid), false],
])("a lock of %s is gone: %s", (_what, host, pid, gone) => {
  expect(isGone({ user: "ci", host, pid, since: "" })).toBe(gone);
});
